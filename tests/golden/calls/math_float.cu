
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS math_float(cudapy::array<float> F, float x, float y, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 6 "calls/math_float.py"
    F.data[0] = ::sqrtf(x);
#line 7 "calls/math_float.py"
    F.data[1] = ::sinf(x);
#line 8 "calls/math_float.py"
    F.data[2] = ::expf(x);
#line 9 "calls/math_float.py"
    F.data[3] = ::atan2f(y, x);
#line 10 "calls/math_float.py"
    F.data[4] = ::powf(x, y);
#line 11 "calls/math_float.py"
    F.data[5] = ::logf(x);
#line 12 "calls/math_float.py"
    F.data[6] = (::cosf(x) + ::tanf(y));
}

