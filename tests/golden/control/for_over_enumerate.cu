
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS each(cudapy::array<int> X, int n, cudapy::extent cudapy_extent) {
    cudapy::array<int> cudapy_t1{};
    long long cudapy_t2{};
    long long i{};
    int v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/for_over_enumerate.py"
    cudapy_t1 = X;
#line 3 "control/for_over_enumerate.py"
    {
        const long long cudapy_start1 = 0LL;
        const long long cudapy_stop1 = cudapy_t1.size;
        if (cudapy_start1 < cudapy_stop1) {
            long long cudapy_i1 = cudapy_start1;
            do {
                cudapy_t2 = cudapy_i1;
#line 3 "control/for_over_enumerate.py"
                i = cudapy_t2;
#line 3 "control/for_over_enumerate.py"
                v = cudapy_t1.data[cudapy_t2];
#line 4 "control/for_over_enumerate.py"
                X.data[i] = cudapy::add(v, 1);
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            cudapy_t2 = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
}

