
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS narrow_loop(signed char m, cudapy::array<int> X, cudapy::extent cudapy_extent) {
    signed char j{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/narrow_loop.py"
    {
        const long long cudapy_start1 = 0LL;
        const long long cudapy_stop1 = ((long long)m);
        if (cudapy_start1 < cudapy_stop1) {
            long long cudapy_i1 = cudapy_start1;
            do {
                j = ((signed char)(cudapy_i1));
#line 4 "control/narrow_loop.py"
                X.data[j] = ((int)j);
            } while ((cudapy_i1 += 2LL, cudapy_i1 < cudapy_stop1));
            j = ((signed char)(cudapy_i1 - 2LL));
        }
    }
    cudapy_break1:;
}

