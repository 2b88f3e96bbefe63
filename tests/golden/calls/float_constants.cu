
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS float_constants(cudapy::array<float> F, cudapy::array<double> D, float x, double u, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 6 "calls/float_constants.py"
    F.data[0] = __int_as_float(0x7f800000);
#line 7 "calls/float_constants.py"
    F.data[1] = __int_as_float((int)0xff800000);
#line 8 "calls/float_constants.py"
    F.data[2] = __int_as_float(0x7fffffff);
#line 9 "calls/float_constants.py"
    F.data[3] = (3.14159274f * x);
#line 10 "calls/float_constants.py"
    D.data[0] = (3.1415926535897931 * u);
#line 11 "calls/float_constants.py"
    D.data[1] = 2.7182818284590451;
#line 12 "calls/float_constants.py"
    D.data[2] = ((u < __longlong_as_double(0x7ff0000000000000LL)) ? u : 0.0);
#line 13 "calls/float_constants.py"
    F.data[4] = (x * 6.28318548f);
}

