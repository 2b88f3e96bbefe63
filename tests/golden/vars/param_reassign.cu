
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS halve(cudapy::array<int> out, int n, float x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/param_reassign.py"
    n = cudapy::floordiv(n, 2);
#line 4 "vars/param_reassign.py"
    x = (x * 0.5f);
#line 5 "vars/param_reassign.py"
    x = 3.0f;
#line 6 "vars/param_reassign.py"
    out.data[0] = cudapy::add(n, ((int)x));
}

