
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS last_index(cudapy::array<int> X, int n, cudapy::extent cudapy_extent) {
    int i{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/loop_variable_after.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = n;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 5 "control/loop_variable_after.py"
    X.data[0] = i;
}

