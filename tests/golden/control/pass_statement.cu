
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS noop(cudapy::array<int> X, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mostly_noop(cudapy::array<int> X, int n, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 8 "control/pass_statement.py"
    if (n > 0) {
    } else {
#line 11 "control/pass_statement.py"
        X.data[0] = 0;
    }
#line 12 "control/pass_statement.py"
    while (n > 100) {
    }
}

