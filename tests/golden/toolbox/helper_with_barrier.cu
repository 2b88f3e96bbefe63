
static __device__ void stage(cudapy::array<float> X, cudapy::array<float> S);

static __device__ void stage(cudapy::array<float> X, cudapy::array<float> S) {
    int t{};
#line 3 "toolbox/helper_with_barrier.py"
    t = ((int)threadIdx.x);
#line 4 "toolbox/helper_with_barrier.py"
    S.data[t] = X.data[t];
#line 5 "toolbox/helper_with_barrier.py"
    (void)cudapy::syncthreads();
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS shift(cudapy::array<float> X, cudapy::extent cudapy_extent) {
    CUDAPY_SHARED float cudapy_shared1[32];
    cudapy::array<float> tile{};
    int t{};
#line 10 "toolbox/helper_with_barrier.py"
    tile = cudapy::array<float>{(float *)cudapy_shared1, 32LL};
#line 11 "toolbox/helper_with_barrier.py"
    t = ((int)threadIdx.x);
#line 12 "toolbox/helper_with_barrier.py"
    (void)stage(X, tile);
#line 13 "toolbox/helper_with_barrier.py"
    X.data[t] = tile.data[(cudapy::add(t, 1) % 32)];
}

