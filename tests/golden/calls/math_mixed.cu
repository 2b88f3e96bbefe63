
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS math_mixed(cudapy::array<float> F, cudapy::array<double> D, int n, float x, double u, cudapy::extent cudapy_extent, float cudapy_hoisted0, double cudapy_hoisted1, double cudapy_hoisted2) {
    if (cudapy::outside(cudapy_extent)) return;
#line 6 "calls/math_mixed.py"
    F.data[0] = ::sqrtf(cudapy_hoisted0);
#line 7 "calls/math_mixed.py"
    F.data[1] = ::sqrtf(2.0f);
#line 8 "calls/math_mixed.py"
    D.data[0] = ::sqrt(cudapy_hoisted1);
#line 9 "calls/math_mixed.py"
    D.data[1] = ::atan2(cudapy_hoisted2, u);
#line 10 "calls/math_mixed.py"
    F.data[2] = ::expf((x * 2.0f));
}

