
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS math_double(cudapy::array<double> D, double u, double v, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 6 "calls/math_double.py"
    D.data[0] = ::sqrt(u);
#line 7 "calls/math_double.py"
    D.data[1] = ::sin(u);
#line 8 "calls/math_double.py"
    D.data[2] = ::exp(u);
#line 9 "calls/math_double.py"
    D.data[3] = ::atan2(u, v);
#line 10 "calls/math_double.py"
    D.data[4] = ::pow(u, v);
#line 11 "calls/math_double.py"
    D.data[5] = ::hypot(u, v);
}

