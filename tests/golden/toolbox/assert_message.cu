
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS checked(cudapy::array<float> X, int n, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "toolbox/assert_message.py"
    CUDAPY_ASSERT((n > 0), 1, "toolbox/assert_message.py", 3, "n must be positive");
#line 4 "toolbox/assert_message.py"
    X.data[cudapy::idx()] = 1.0f;
}

