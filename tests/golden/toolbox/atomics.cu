
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS atomics(cudapy::array<int> I, cudapy::array<unsigned int> U, cudapy::ndarray<long long, 2, 0> L, cudapy::array<unsigned long long> Q, cudapy::array<float> F, cudapy::ndarray<double, 1, 2> D, cudapy::extent cudapy_extent) {
    int i{};
    int old{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "toolbox/atomics.py"
    i = cudapy::idx();
#line 4 "toolbox/atomics.py"
    old = cudapy::atomic_add(&I.data[0], 1);
#line 5 "toolbox/atomics.py"
    (void)cudapy::atomic_sub(&I.data[1], old);
#line 6 "toolbox/atomics.py"
    (void)cudapy::atomic_min(&U.data[0], ((unsigned int)i));
#line 7 "toolbox/atomics.py"
    (void)cudapy::atomic_max(&cudapy::at(L, 0, 1), ((long long)i));
#line 8 "toolbox/atomics.py"
    (void)cudapy::atomic_and(&Q.data[0], 3ULL);
#line 9 "toolbox/atomics.py"
    (void)cudapy::atomic_or(&U.data[1], 4u);
#line 10 "toolbox/atomics.py"
    (void)cudapy::atomic_xor(&cudapy::at(L, 1, 0), 5LL);
#line 11 "toolbox/atomics.py"
    (void)cudapy::atomic_exch(&cudapy::at(D, 0), 2.5);
#line 12 "toolbox/atomics.py"
    (void)cudapy::atomic_inc(&U.data[2], 10u);
#line 13 "toolbox/atomics.py"
    (void)cudapy::atomic_dec(&Q.data[1], 10ULL);
#line 14 "toolbox/atomics.py"
    (void)cudapy::atomic_add(&F.data[0], 0.5f);
#line 15 "toolbox/atomics.py"
    (void)cudapy::atomic_max(&F.data[1], 1.5f);
#line 16 "toolbox/atomics.py"
    (void)cudapy::atomic_cas(&I.data[2], 0, i);
#line 17 "toolbox/atomics.py"
    (void)cudapy::atomic_cas(&Q.data[0], 0ULL, 7ULL);
#line 18 "toolbox/atomics.py"
    cudapy::at(D, 1) = (cudapy::atomic_load(&cudapy::at(D, 0)) + ((double)cudapy::atomic_load(&cudapy::at(L, 1, 1))));
}

