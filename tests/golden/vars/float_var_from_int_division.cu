
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS ratios(cudapy::array<float> out, cudapy::array<int> A, cudapy::array<int> B, cudapy::extent cudapy_extent) {
    float r{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/float_var_from_int_division.py"
    r = (((float)A.data[cudapy::idx()]) / ((float)B.data[cudapy::idx()]));
#line 4 "vars/float_var_from_int_division.py"
    out.data[cudapy::idx()] = r;
}

