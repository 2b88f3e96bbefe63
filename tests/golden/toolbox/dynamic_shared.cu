
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS two_arrays(cudapy::array<float> X, int n, cudapy::extent cudapy_extent) {
    cudapy::array<float> memory{};
    cudapy::array<float> first{};
    cudapy::array<float> second{};
    cudapy::array<int> counts{};
    int t{};
#line 3 "toolbox/dynamic_shared.py"
    memory = cudapy::array<float>{(float *)cudapy::dynamic_shared(), (long long)(cudapy::dynamic_shared_bytes() / sizeof(float))};
#line 4 "toolbox/dynamic_shared.py"
    first = cudapy::slice(memory, 0LL, ((long long)n));
#line 5 "toolbox/dynamic_shared.py"
    second = cudapy::slice(memory, ((long long)n), ((long long)cudapy::mul(2, n)));
#line 6 "toolbox/dynamic_shared.py"
    counts = cudapy::array<int>{(int *)cudapy::dynamic_shared(), (long long)(cudapy::dynamic_shared_bytes() / sizeof(int))};
#line 7 "toolbox/dynamic_shared.py"
    t = ((int)threadIdx.x);
#line 8 "toolbox/dynamic_shared.py"
    first.data[t] = X.data[t];
#line 9 "toolbox/dynamic_shared.py"
    second.data[t] = (2.0f * X.data[t]);
#line 10 "toolbox/dynamic_shared.py"
    (void)cudapy::syncthreads();
#line 11 "toolbox/dynamic_shared.py"
    X.data[t] = ((float)((((double)(first.data[((n - 1) - t)] + second.data[t])) + ((double)memory.size)) + ((double)counts.size)));
}

