
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
        const int cudapy_stop1 = n;
        for (int cudapy_i1 = 0; cudapy_i1 < cudapy_stop1; ++cudapy_i1) {
            i = cudapy_i1;
#line 5 "control/range_forms.py"
            total = cudapy::add(total, i);
        }
    }
#line 6 "control/range_forms.py"
    {
        const int cudapy_stop1 = n;
        for (int cudapy_i1 = 2; cudapy_i1 < cudapy_stop1; ++cudapy_i1) {
            j = cudapy_i1;
#line 7 "control/range_forms.py"
            total = cudapy::add(total, j);
        }
    }
#line 8 "control/range_forms.py"
    {
        const long long cudapy_stop1 = ((long long)n);
        for (long long cudapy_i1 = 0LL; cudapy_i1 < cudapy_stop1; cudapy_i1 += 3LL) {
            k = ((int)cudapy_i1);
#line 9 "control/range_forms.py"
            total = cudapy::add(total, k);
        }
    }
#line 10 "control/range_forms.py"
    X.data[0] = total;
}

