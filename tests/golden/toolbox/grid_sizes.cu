
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS strided(cudapy::array<float> X, cudapy::extent cudapy_extent) {
    int start{};
    int stride{};
    long long i{};
    int x{};
    int y{};
    int z{};
    int w{};
    int h{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "toolbox/grid_sizes.py"
    start = cudapy::idx();
#line 4 "toolbox/grid_sizes.py"
    stride = ((int)(blockDim.x * gridDim.x));
#line 5 "toolbox/grid_sizes.py"
    {
        const long long cudapy_start1 = ((long long)start);
        const long long cudapy_stop1 = X.size;
        const long long cudapy_step1 = ((long long)stride);
        if (cudapy_step1 == 0) cudapy::fail("toolbox/grid_sizes.py", 5, "ValueError: range() arg 3 must not be zero");
        if (cudapy_start1 < cudapy_stop1) {
            long long cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 6 "toolbox/grid_sizes.py"
                X.data[i] = (X.data[i] * 2.0f);
            } while ((cudapy_i1 += cudapy_step1, cudapy_i1 < cudapy_stop1));
            i = cudapy_i1 - cudapy_step1;
        }
    }
    cudapy_break1:;
#line 7 "toolbox/grid_sizes.py"
    x = cudapy::idx();
#line 7 "toolbox/grid_sizes.py"
    y = cudapy::idy();
#line 7 "toolbox/grid_sizes.py"
    z = cudapy::idz();
#line 8 "toolbox/grid_sizes.py"
    w = ((int)(blockDim.x * gridDim.x));
#line 8 "toolbox/grid_sizes.py"
    h = ((int)(blockDim.y * gridDim.y));
#line 9 "toolbox/grid_sizes.py"
    X.data[0] = ((float)cudapy::add(cudapy::add(cudapy::add(cudapy::add(cudapy::add(cudapy::add(cudapy::add(x, y), z), w), h), warpSize), ((int)blockDim.x)), ((int)blockIdx.y)));
}

