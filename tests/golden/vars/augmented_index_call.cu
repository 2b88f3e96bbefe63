
static __device__ int bump(cudapy::array<int> C);

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bumped(cudapy::array<float> X, cudapy::array<int> C, cudapy::extent cudapy_extent) {
    int cudapy_t1{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/augmented_index_call.py"
    cudapy_t1 = bump(C);
#line 3 "vars/augmented_index_call.py"
    X.data[cudapy_t1] = (X.data[cudapy_t1] + 1.0f);
}

static __device__ int bump(cudapy::array<int> C) {
#line 8 "vars/augmented_index_call.py"
    C.data[0] = cudapy::add(C.data[0], 1);
#line 9 "vars/augmented_index_call.py"
    return C.data[0];
}

