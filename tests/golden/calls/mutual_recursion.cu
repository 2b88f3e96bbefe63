
static __device__ bool is_even(int n);
static __device__ bool is_odd(int n);

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS parity(cudapy::array<int> N, cudapy::array<bool> Even, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "calls/mutual_recursion.py"
    Even.data[cudapy::idx()] = is_even(N.data[cudapy::idx()]);
}

static __device__ bool is_even(int n) {
#line 8 "calls/mutual_recursion.py"
    if (n == 0) {
#line 9 "calls/mutual_recursion.py"
        return true;
    }
#line 10 "calls/mutual_recursion.py"
    return is_odd(cudapy::sub(n, 1));
}

static __device__ bool is_odd(int n) {
#line 15 "calls/mutual_recursion.py"
    if (n == 0) {
#line 16 "calls/mutual_recursion.py"
        return false;
    }
#line 17 "calls/mutual_recursion.py"
    return is_even(cudapy::sub(n, 1));
}

__device__ decltype(&is_even) cudapy_keep_is_even = is_even;
__device__ decltype(&is_odd) cudapy_keep_is_odd = is_odd;
