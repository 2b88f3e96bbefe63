
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS layouts(cudapy::ndarray<float, 3, 0> C, cudapy::ndarray<float, 2, 1> F, cudapy::ndarray<double, 2, 2> S, cudapy::array<long long> V, cudapy::ndarray<signed char, 1, 2> A, cudapy::extent cudapy_extent) {
    int i{};
    long long n{};
    long long m{};
    long long k{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "index/nd_layouts.py"
    i = cudapy::idx();
#line 4 "index/nd_layouts.py"
    n = C.shape[0];
#line 4 "index/nd_layouts.py"
    m = C.shape[1];
#line 4 "index/nd_layouts.py"
    k = C.shape[2];
#line 5 "index/nd_layouts.py"
    cudapy::at(C, i, 1, 2) = ((float)((((double)cudapy::at(F, i, 0)) + cudapy::at(S, 0, i)) + ((double)C.shape[2])));
#line 6 "index/nd_layouts.py"
    cudapy::at(F, 1, i) = ((float)cudapy::add(cudapy::add(cudapy::add(cudapy::add(cudapy::add(cudapy::add(n, m), k), cudapy::size(C)), 3LL), F.shape[0]), F.shape[1]));
#line 7 "index/nd_layouts.py"
    cudapy::at(S, i, i) = ((double)cudapy::add(cudapy::add(((long long)cudapy::at(A, i)), cudapy::size(A)), A.shape[0]));
#line 8 "index/nd_layouts.py"
    V.data[i] = cudapy::add(cudapy::add(2LL, V.size), V.size);
}

