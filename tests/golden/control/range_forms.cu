
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS range_forms(cudapy::array<int> X, int n, cudapy::extent cudapy_extent) {
    int total{};
    int i{};
    int j{};
    int k{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/range_forms.py"
    total = 0;
#line 4 "control/range_forms.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = n;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 5 "control/range_forms.py"
                total = cudapy::add(total, i);
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 6 "control/range_forms.py"
    {
        const int cudapy_start1 = 2;
        const int cudapy_stop1 = n;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                j = cudapy_i1;
#line 7 "control/range_forms.py"
                total = cudapy::add(total, j);
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            j = cudapy_stop1 - 1;
        }
    }
    cudapy_break2:;
#line 8 "control/range_forms.py"
    {
        const long long cudapy_start1 = 0LL;
        const long long cudapy_stop1 = ((long long)n);
        if (cudapy_start1 < cudapy_stop1) {
            long long cudapy_i1 = cudapy_start1;
            do {
                k = ((int)(cudapy_i1));
#line 9 "control/range_forms.py"
                total = cudapy::add(total, k);
            } while ((cudapy_i1 += 3LL, cudapy_i1 < cudapy_stop1));
            k = ((int)(cudapy_i1 - 3LL));
        }
    }
    cudapy_break3:;
#line 10 "control/range_forms.py"
    X.data[0] = total;
}

