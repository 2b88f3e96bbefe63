
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS narrow_loop(signed char m, cudapy::array<int> X, cudapy::extent cudapy_extent) {
    signed char j{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/narrow_loop.py"
    {
        const long long cudapy_stop1 = ((long long)m);
        for (long long cudapy_i1 = 0LL; cudapy_i1 < cudapy_stop1; cudapy_i1 += 2LL) {
            j = ((signed char)cudapy_i1);
#line 4 "control/narrow_loop.py"
            X.data[j] = ((int)j);
        }
    }
}

