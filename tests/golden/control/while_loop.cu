
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS collatz(cudapy::array<int> steps, int start, cudapy::extent cudapy_extent) {
    int n{};
    int count{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/while_loop.py"
    n = start;
#line 4 "control/while_loop.py"
    count = 0;
#line 5 "control/while_loop.py"
    while (n != 1) {
#line 6 "control/while_loop.py"
        if (cudapy::mod(n, 2) == 0) {
#line 7 "control/while_loop.py"
            n = cudapy::floordiv(n, 2);
        } else {
#line 9 "control/while_loop.py"
            n = cudapy::add(cudapy::mul(3, n), 1);
        }
#line 10 "control/while_loop.py"
        count = cudapy::add(count, 1);
    }
#line 11 "control/while_loop.py"
    steps.data[cudapy::idx()] = count;
}

