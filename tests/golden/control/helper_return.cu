
static __device__ int sign(float v);
static __device__ float clamp01(float v);

static __device__ int sign(float v) {
#line 3 "control/helper_return.py"
    if (v > 0.0f) {
#line 4 "control/helper_return.py"
        return 1;
    } else {
#line 5 "control/helper_return.py"
        if (v < 0.0f) {
#line 6 "control/helper_return.py"
            return (-1);
        }
    }
#line 7 "control/helper_return.py"
    return 0;
}

static __device__ float clamp01(float v) {
#line 12 "control/helper_return.py"
    if (v < 0.0f) {
#line 13 "control/helper_return.py"
        return 0.0f;
    }
#line 14 "control/helper_return.py"
    if (v > 1.0f) {
#line 15 "control/helper_return.py"
        return 1.0f;
    }
#line 16 "control/helper_return.py"
    return v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS apply(cudapy::array<int> S, cudapy::array<float> V, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 21 "control/helper_return.py"
    S.data[cudapy::idx()] = sign(V.data[cudapy::idx()]);
#line 22 "control/helper_return.py"
    V.data[cudapy::idx()] = clamp01(V.data[cudapy::idx()]);
}

