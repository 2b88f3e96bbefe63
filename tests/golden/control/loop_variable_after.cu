
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS last_index(cudapy::array<int> X, int n, cudapy::extent cudapy_extent) {
    int i{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/loop_variable_after.py"
    {
        const int cudapy_stop1 = n;
        for (int cudapy_i1 = 0; cudapy_i1 < cudapy_stop1; ++cudapy_i1) {
            i = cudapy_i1;
        }
    }
#line 5 "control/loop_variable_after.py"
    X.data[0] = i;
}

