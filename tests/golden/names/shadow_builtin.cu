
static __device__ float max_py(float a, float b);

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS k(cudapy::array<float> X, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "names/shadow_builtin.py"
    X.data[2] = max_py(X.data[0], X.data[1]);
}

static __device__ float max_py(float a, float b) {
#line 8 "names/shadow_builtin.py"
    return (a + b);
}

