
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS each(cudapy::array<float> X, cudapy::extent cudapy_extent) {
    cudapy::array<float> cudapy_t1{};
    long long cudapy_t2{};
    float v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/for_over_array.py"
    cudapy_t1 = X;
#line 3 "control/for_over_array.py"
    {
        const long long cudapy_start1 = 0LL;
        const long long cudapy_stop1 = cudapy_t1.size;
        if (cudapy_start1 < cudapy_stop1) {
            long long cudapy_i1 = cudapy_start1;
            do {
                cudapy_t2 = cudapy_i1;
#line 3 "control/for_over_array.py"
                v = cudapy_t1.data[cudapy_t2];
#line 4 "control/for_over_array.py"
                X.data[0] = v;
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            cudapy_t2 = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
}

