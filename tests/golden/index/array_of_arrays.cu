
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS rows(cudapy::array<cudapy::array<float>> M, cudapy::array<float> out, cudapy::extent cudapy_extent) {
    cudapy::array<float> row{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "index/array_of_arrays.py"
    if (((long long)cudapy::idx()) < M.size) {
#line 4 "index/array_of_arrays.py"
        row = M.data[cudapy::idx()];
#line 5 "index/array_of_arrays.py"
        out.data[cudapy::idx()] = (row.data[0] + M.data[cudapy::idx()].data[1]);
#line 6 "index/array_of_arrays.py"
        M.data[cudapy::idx()].data[0] = 0.0f;
    }
}

