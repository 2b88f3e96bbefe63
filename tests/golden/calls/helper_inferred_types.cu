
static __device__ bool both_positive(int a, int b);
static __device__ double scaled(double v, int k);
static __device__ float halved(int n);

static __device__ bool both_positive(int a, int b) {
#line 2 "calls/helper_inferred_types.py"
    return ((a > 0) && (b > 0));
}

static __device__ double scaled(double v, int k) {
#line 6 "calls/helper_inferred_types.py"
    return (v * ((double)k));
}

static __device__ float halved(int n) {
#line 10 "calls/helper_inferred_types.py"
    return (((float)n) / 2.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS use_inferred(cudapy::array<int> I, cudapy::array<double> D, cudapy::array<float> F, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 15 "calls/helper_inferred_types.py"
    if (both_positive(I.data[0], I.data[1])) {
#line 16 "calls/helper_inferred_types.py"
        D.data[0] = scaled(D.data[1], 3);
    }
#line 17 "calls/helper_inferred_types.py"
    F.data[0] = halved(I.data[2]);
}

