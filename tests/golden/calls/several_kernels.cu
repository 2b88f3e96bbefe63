
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS fill(cudapy::array<int> X, int value, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "calls/several_kernels.py"
    if (((long long)cudapy::idx()) < X.size) {
#line 4 "calls/several_kernels.py"
        X.data[cudapy::idx()] = value;
    }
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS scale(cudapy::array<float> X, float factor, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 9 "calls/several_kernels.py"
    if (((long long)cudapy::idx()) < X.size) {
#line 10 "calls/several_kernels.py"
        X.data[cudapy::idx()] = (X.data[cudapy::idx()] * factor);
    }
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS copy(cudapy::array<double> dst, cudapy::array<double> src, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 15 "calls/several_kernels.py"
    if (((long long)cudapy::idx()) < dst.size) {
#line 16 "calls/several_kernels.py"
        dst.data[cudapy::idx()] = src.data[cudapy::idx()];
    }
}

