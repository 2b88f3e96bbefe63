
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS running_max(cudapy::array<float> out, cudapy::array<float> X, int n, cudapy::extent cudapy_extent) {
    int i{};
    float best{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/used_before_assignment.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = n;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 4 "vars/used_before_assignment.py"
                if (i > 0) {
#line 5 "vars/used_before_assignment.py"
                    out.data[i] = best;
                }
#line 6 "vars/used_before_assignment.py"
                if ((i == 0) || (X.data[i] > best)) {
#line 7 "vars/used_before_assignment.py"
                    best = X.data[i];
                }
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
}

