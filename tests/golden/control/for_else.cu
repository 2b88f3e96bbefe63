
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS search(cudapy::array<int> X, int n, cudapy::extent cudapy_extent) {
    bool cudapy_t1{};
    int i{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/for_else.py"
    cudapy_t1 = false;
#line 3 "control/for_else.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = n;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 4 "control/for_else.py"
                if (X.data[i] == 0) {
#line 5 "control/for_else.py"
                    cudapy_t1 = true;
#line 5 "control/for_else.py"
                    goto cudapy_break1;
                }
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 6 "control/for_else.py"
    if (!cudapy_t1) {
#line 7 "control/for_else.py"
        X.data[0] = (-1);
    }
}

