
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS barriers(cudapy::array<int> X, cudapy::extent cudapy_extent) {
    int t{};
#line 3 "toolbox/barriers.py"
    t = ((int)threadIdx.x);
#line 4 "toolbox/barriers.py"
    (void)cudapy::syncthreads();
#line 5 "toolbox/barriers.py"
    X.data[0] = cudapy::syncthreads_count(((int)(t > 3)));
#line 6 "toolbox/barriers.py"
    X.data[1] = cudapy::syncthreads_and(((int)(t >= 0)));
#line 7 "toolbox/barriers.py"
    X.data[2] = cudapy::syncthreads_or(((int)(t == 7)));
#line 8 "toolbox/barriers.py"
    (void)cudapy::threadfence();
#line 9 "toolbox/barriers.py"
    (void)cudapy::threadfence_block();
#line 10 "toolbox/barriers.py"
    (void)cudapy::threadfence_system();
}

