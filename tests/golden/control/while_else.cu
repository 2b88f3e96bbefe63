
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS search(cudapy::array<int> X, int n, cudapy::extent cudapy_extent) {
    int i{};
    bool cudapy_t1{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/while_else.py"
    i = 0;
#line 4 "control/while_else.py"
    cudapy_t1 = false;
#line 4 "control/while_else.py"
    while (i < n) {
#line 5 "control/while_else.py"
        i = cudapy::add(i, 1);
    }
#line 6 "control/while_else.py"
    if (!cudapy_t1) {
#line 7 "control/while_else.py"
        X.data[0] = i;
    }
}

