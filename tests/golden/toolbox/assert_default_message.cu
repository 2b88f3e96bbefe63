
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS positive(cudapy::array<float> X, cudapy::extent cudapy_extent) {
    int i{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "toolbox/assert_default_message.py"
    i = cudapy::idx();
#line 4 "toolbox/assert_default_message.py"
    CUDAPY_ASSERT((X.data[i] > 0.0f), 1, "toolbox/assert_default_message.py", 4, "X[i] > 0");
#line 5 "toolbox/assert_default_message.py"
    X.data[i] = ::sqrtf(X.data[i]);
}

