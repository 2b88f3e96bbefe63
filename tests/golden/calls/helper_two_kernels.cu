
static __device__ float clamp(float v, float lo, float hi);

static __device__ float clamp(float v, float lo, float hi) {
#line 3 "calls/helper_two_kernels.py"
    return cudapy::min(cudapy::max(v, lo), hi);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS clamp_all(cudapy::array<float> X, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 8 "calls/helper_two_kernels.py"
    X.data[cudapy::idx()] = clamp(X.data[cudapy::idx()], 0.0f, 1.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS clamp_shifted(cudapy::array<float> X, float shift, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 13 "calls/helper_two_kernels.py"
    X.data[cudapy::idx()] = clamp((X.data[cudapy::idx()] + shift), (-1.0f), 1.0f);
}

