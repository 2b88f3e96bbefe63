
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS gather(cudapy::array<float> out, cudapy::array<float> X, cudapy::array<int> I, cudapy::array<long long> L, cudapy::array<unsigned int> U, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "index/index_types.py"
    out.data[cudapy::idx()] = ((X.data[I.data[cudapy::idx()]] + X.data[L.data[cudapy::idx()]]) + X.data[U.data[cudapy::idx()]]);
}

