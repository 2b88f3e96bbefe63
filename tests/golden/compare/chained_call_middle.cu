
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS between(cudapy::array<bool> B, cudapy::array<float> X, int n, cudapy::extent cudapy_extent, double cudapy_hoisted0) {
    float cudapy_t1{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "compare/chained_call_middle.py"
    B.data[cudapy::idx()] = (((cudapy_t1 = X.data[cudapy::idx()]), (0.0f < cudapy_t1)) && (((double)cudapy_t1) < cudapy_hoisted0));
}

