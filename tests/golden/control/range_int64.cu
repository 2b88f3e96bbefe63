
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS fill64(cudapy::array<long long> X, long long n, cudapy::extent cudapy_extent) {
    long long i{};
    long long j{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/range_int64.py"
    {
        const long long cudapy_start1 = 0LL;
        const long long cudapy_stop1 = n;
        if (cudapy_start1 < cudapy_stop1) {
            long long cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 4 "control/range_int64.py"
                X.data[i] = i;
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 5 "control/range_int64.py"
    {
        const long long cudapy_start1 = 0LL;
        const long long cudapy_stop1 = X.size;
        if (cudapy_start1 < cudapy_stop1) {
            long long cudapy_i1 = cudapy_start1;
            do {
                j = cudapy_i1;
#line 6 "control/range_int64.py"
                X.data[j] = cudapy::add(X.data[j], 1LL);
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            j = cudapy_stop1 - 1;
        }
    }
    cudapy_break2:;
}

