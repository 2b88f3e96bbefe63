
static __device__ float sqrt_py(float v);
static __device__ float expf_py(float v);

static __device__ float sqrt_py(float v) {
#line 3 "names/cuda_function_names.py"
    return (v * v);
}

static __device__ float expf_py(float v) {
#line 8 "names/cuda_function_names.py"
    return (v + 1.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS use_names(cudapy::array<float> X, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 13 "names/cuda_function_names.py"
    X.data[cudapy::idx()] = (sqrt_py(X.data[cudapy::idx()]) + expf_py(X.data[cudapy::idx()]));
}

