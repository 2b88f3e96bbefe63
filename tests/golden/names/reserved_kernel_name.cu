
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS new_py(cudapy::array<int> X, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "names/reserved_kernel_name.py"
    X.data[cudapy::idx()] = 0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS main_py(cudapy::array<int> X, int threadIdx_, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 8 "names/reserved_kernel_name.py"
    X.data[cudapy::idx()] = threadIdx_;
}

