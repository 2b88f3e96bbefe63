
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS strided(cudapy::array<float> X, int start, int stop, int step, cudapy::extent cudapy_extent) {
    int i{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/range_runtime_step.py"
    {
        const long long cudapy_start1 = ((long long)start);
        const long long cudapy_stop1 = ((long long)stop);
        const long long cudapy_step1 = ((long long)step);
        if (cudapy_step1 == 0) cudapy::fail("control/range_runtime_step.py", 3, "ValueError: range() arg 3 must not be zero");
        if ((cudapy_step1 > 0) ? (cudapy_start1 < cudapy_stop1) : (cudapy_start1 > cudapy_stop1)) {
            long long cudapy_i1 = cudapy_start1;
            do {
                i = ((int)(cudapy_i1));
#line 4 "control/range_runtime_step.py"
                X.data[i] = 0.0f;
            } while ((cudapy_i1 += cudapy_step1, (cudapy_step1 > 0) ? (cudapy_i1 < cudapy_stop1) : (cudapy_i1 > cudapy_stop1)));
            i = ((int)(cudapy_i1 - cudapy_step1));
        }
    }
    cudapy_break1:;
}

