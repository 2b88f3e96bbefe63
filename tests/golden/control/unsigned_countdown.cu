
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS countdown(unsigned int n, cudapy::array<int> X, cudapy::extent cudapy_extent) {
    int c{};
    unsigned int i{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/unsigned_countdown.py"
    c = 0;
#line 4 "control/unsigned_countdown.py"
    {
        const long long cudapy_start1 = ((long long)n);
        const long long cudapy_stop1 = ((long long)(-1));
        if (cudapy_start1 > cudapy_stop1) {
            long long cudapy_i1 = cudapy_start1;
            do {
                i = ((unsigned int)(cudapy_i1));
#line 5 "control/unsigned_countdown.py"
                c = cudapy::add(c, 1);
            } while ((cudapy_i1 += ((long long)(-1)), cudapy_i1 > cudapy_stop1));
            i = ((unsigned int)(cudapy_stop1 + 1));
        }
    }
    cudapy_break1:;
#line 6 "control/unsigned_countdown.py"
    X.data[0] = c;
}

