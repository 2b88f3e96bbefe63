
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS saxpy(float alpha, cudapy::array<float> X, cudapy::array<float> Y, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "paper/saxpy.py"
    if (((long long)cudapy::idx()) < X.size) {
#line 4 "paper/saxpy.py"
        Y.data[cudapy::idx()] = ((alpha * X.data[cudapy::idx()]) + Y.data[cudapy::idx()]);
    }
}

