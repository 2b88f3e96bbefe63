
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS first_negative(cudapy::array<int> out, cudapy::array<float> X, int n, cudapy::extent cudapy_extent) {
    int found{};
    int i{};
    int k{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/break_continue.py"
    found = (-1);
#line 4 "control/break_continue.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = n;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 5 "control/break_continue.py"
                if (X.data[i] == 0.0f) {
#line 6 "control/break_continue.py"
                    continue;
                }
#line 7 "control/break_continue.py"
                if (X.data[i] < 0.0f) {
#line 8 "control/break_continue.py"
                    found = i;
#line 9 "control/break_continue.py"
                    goto cudapy_break1;
                }
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 10 "control/break_continue.py"
    k = 0;
#line 11 "control/break_continue.py"
    while (true) {
#line 12 "control/break_continue.py"
        k = cudapy::add(k, 1);
#line 13 "control/break_continue.py"
        if (k > n) {
#line 14 "control/break_continue.py"
            break;
        }
#line 15 "control/break_continue.py"
        if (cudapy::mod(k, 2) == 1) {
#line 16 "control/break_continue.py"
            continue;
        }
#line 17 "control/break_continue.py"
        out.data[k] = k;
    }
#line 18 "control/break_continue.py"
    out.data[0] = found;
}

