
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bucket(cudapy::array<int> X, int n, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/elif_without_else.py"
    if (n < 10) {
#line 4 "control/elif_without_else.py"
        X.data[0] = 1;
    } else {
#line 5 "control/elif_without_else.py"
        if (n < 100) {
#line 6 "control/elif_without_else.py"
            X.data[0] = 2;
        }
    }
}

