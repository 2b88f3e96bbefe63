
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS k(int new_py, int new_py_py, cudapy::array<int> X, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "names/rename_collision.py"
    X.data[0] = cudapy::add(new_py, new_py_py);
}

