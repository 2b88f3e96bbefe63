
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS countdown(cudapy::array<int> X, int n, cudapy::extent cudapy_extent) {
    int i{};
    int j{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/range_negative_step.py"
    {
        const int cudapy_start1 = cudapy::sub(n, 1);
        const int cudapy_stop1 = (-1);
        if (cudapy_start1 > cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 4 "control/range_negative_step.py"
                X.data[i] = cudapy::sub(n, i);
            } while ((cudapy_i1 += (-1), cudapy_i1 > cudapy_stop1));
            i = cudapy_stop1 + 1;
        }
    }
    cudapy_break1:;
#line 5 "control/range_negative_step.py"
    {
        const long long cudapy_start1 = 10LL;
        const long long cudapy_stop1 = 0LL;
        if (cudapy_start1 > cudapy_stop1) {
            long long cudapy_i1 = cudapy_start1;
            do {
                j = ((int)(cudapy_i1));
#line 6 "control/range_negative_step.py"
                X.data[j] = j;
            } while ((cudapy_i1 += ((long long)(-2)), cudapy_i1 > cudapy_stop1));
            j = ((int)(cudapy_i1 - ((long long)(-2))));
        }
    }
    cudapy_break2:;
}

