
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS grid_stride(cudapy::array<float> X, float a, cudapy::extent cudapy_extent) {
    int stride{};
    long long i{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "index/grid_stride.py"
    stride = cudapy::mul(((int)blockDim.x), ((int)gridDim.x));
#line 4 "index/grid_stride.py"
    {
        const long long cudapy_start1 = ((long long)cudapy::idx());
        const long long cudapy_stop1 = X.size;
        const long long cudapy_step1 = ((long long)stride);
        if (cudapy_step1 == 0) cudapy::fail("index/grid_stride.py", 4, "ValueError: range() arg 3 must not be zero");
        if (cudapy_start1 < cudapy_stop1) {
            long long cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 5 "index/grid_stride.py"
                X.data[i] = (a * X.data[i]);
            } while ((cudapy_i1 += cudapy_step1, cudapy_i1 < cudapy_stop1));
            i = cudapy_i1 - cudapy_step1;
        }
    }
    cudapy_break1:;
}

