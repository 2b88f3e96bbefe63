
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_int8(cudapy::array<signed char> R, cudapy::array<float> F, signed char x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/weak_mul.py"
    R.data[0] = cudapy::mul(x, ((signed char)2));
#line 4 "promote/weak_mul.py"
    R.data[1] = cudapy::mul(((signed char)2), x);
#line 5 "promote/weak_mul.py"
    F.data[0] = cudapy_hoisted0;
#line 6 "promote/weak_mul.py"
    F.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_int16(cudapy::array<short> R, cudapy::array<float> F, short x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 11 "promote/weak_mul.py"
    R.data[0] = cudapy::mul(x, ((short)2));
#line 12 "promote/weak_mul.py"
    R.data[1] = cudapy::mul(((short)2), x);
#line 13 "promote/weak_mul.py"
    F.data[0] = cudapy_hoisted0;
#line 14 "promote/weak_mul.py"
    F.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_int32(cudapy::array<int> R, cudapy::array<float> F, int x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 19 "promote/weak_mul.py"
    R.data[0] = cudapy::mul(x, 2);
#line 20 "promote/weak_mul.py"
    R.data[1] = cudapy::mul(2, x);
#line 21 "promote/weak_mul.py"
    F.data[0] = cudapy_hoisted0;
#line 22 "promote/weak_mul.py"
    F.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_int64(cudapy::array<long long> R, cudapy::array<float> F, long long x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/weak_mul.py"
    R.data[0] = cudapy::mul(x, 2LL);
#line 28 "promote/weak_mul.py"
    R.data[1] = cudapy::mul(2LL, x);
#line 29 "promote/weak_mul.py"
    F.data[0] = cudapy_hoisted0;
#line 30 "promote/weak_mul.py"
    F.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_uint8(cudapy::array<unsigned char> R, cudapy::array<float> F, unsigned char x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 35 "promote/weak_mul.py"
    R.data[0] = cudapy::mul(x, ((unsigned char)2));
#line 36 "promote/weak_mul.py"
    R.data[1] = cudapy::mul(((unsigned char)2), x);
#line 37 "promote/weak_mul.py"
    F.data[0] = cudapy_hoisted0;
#line 38 "promote/weak_mul.py"
    F.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_uint16(cudapy::array<unsigned short> R, cudapy::array<float> F, unsigned short x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/weak_mul.py"
    R.data[0] = cudapy::mul(x, ((unsigned short)2));
#line 44 "promote/weak_mul.py"
    R.data[1] = cudapy::mul(((unsigned short)2), x);
#line 45 "promote/weak_mul.py"
    F.data[0] = cudapy_hoisted0;
#line 46 "promote/weak_mul.py"
    F.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_uint32(cudapy::array<unsigned int> R, cudapy::array<float> F, unsigned int x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/weak_mul.py"
    R.data[0] = (x * 2u);
#line 52 "promote/weak_mul.py"
    R.data[1] = (2u * x);
#line 53 "promote/weak_mul.py"
    F.data[0] = cudapy_hoisted0;
#line 54 "promote/weak_mul.py"
    F.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_uint64(cudapy::array<unsigned long long> R, cudapy::array<float> F, unsigned long long x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 59 "promote/weak_mul.py"
    R.data[0] = (x * 2ULL);
#line 60 "promote/weak_mul.py"
    R.data[1] = (2ULL * x);
#line 61 "promote/weak_mul.py"
    F.data[0] = cudapy_hoisted0;
#line 62 "promote/weak_mul.py"
    F.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_float32(cudapy::array<float> R, cudapy::array<float> F, float x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 67 "promote/weak_mul.py"
    R.data[0] = (x * 2.0f);
#line 68 "promote/weak_mul.py"
    R.data[1] = (2.0f * x);
#line 69 "promote/weak_mul.py"
    F.data[0] = (x * 2.0f);
#line 70 "promote/weak_mul.py"
    F.data[1] = (2.0f * x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_float64(cudapy::array<double> R, cudapy::array<double> F, double x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 75 "promote/weak_mul.py"
    R.data[0] = (x * 2.0);
#line 76 "promote/weak_mul.py"
    R.data[1] = (2.0 * x);
#line 77 "promote/weak_mul.py"
    F.data[0] = (x * 2.0);
#line 78 "promote/weak_mul.py"
    F.data[1] = (2.0 * x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_mul_bool(cudapy::array<int> R, cudapy::array<float> F, bool x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 83 "promote/weak_mul.py"
    R.data[0] = cudapy::mul(((int)x), 2);
#line 84 "promote/weak_mul.py"
    R.data[1] = cudapy::mul(2, ((int)x));
#line 85 "promote/weak_mul.py"
    F.data[0] = cudapy_hoisted0;
#line 86 "promote/weak_mul.py"
    F.data[1] = cudapy_hoisted1;
}

