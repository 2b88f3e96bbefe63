
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_int8(cudapy::array<signed char> R, cudapy::array<float> F, signed char x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/weak_pow.py"
    R.data[0] = cudapy::ipow(x, ((signed char)2));
#line 4 "promote/weak_pow.py"
    R.data[1] = cudapy::ipow(((signed char)2), x);
#line 5 "promote/weak_pow.py"
    F.data[0] = ::powf(cudapy_hoisted0, 0.5f);
#line 6 "promote/weak_pow.py"
    F.data[1] = ::powf(2.0f, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_int16(cudapy::array<short> R, cudapy::array<float> F, short x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 11 "promote/weak_pow.py"
    R.data[0] = cudapy::ipow(x, ((short)2));
#line 12 "promote/weak_pow.py"
    R.data[1] = cudapy::ipow(((short)2), x);
#line 13 "promote/weak_pow.py"
    F.data[0] = ::powf(cudapy_hoisted0, 0.5f);
#line 14 "promote/weak_pow.py"
    F.data[1] = ::powf(2.0f, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_int32(cudapy::array<int> R, cudapy::array<float> F, int x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 19 "promote/weak_pow.py"
    R.data[0] = cudapy::ipow(x, 2);
#line 20 "promote/weak_pow.py"
    R.data[1] = cudapy::ipow(2, x);
#line 21 "promote/weak_pow.py"
    F.data[0] = ::powf(cudapy_hoisted0, 0.5f);
#line 22 "promote/weak_pow.py"
    F.data[1] = ::powf(2.0f, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_int64(cudapy::array<long long> R, cudapy::array<float> F, long long x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/weak_pow.py"
    R.data[0] = cudapy::ipow(x, 2LL);
#line 28 "promote/weak_pow.py"
    R.data[1] = cudapy::ipow(2LL, x);
#line 29 "promote/weak_pow.py"
    F.data[0] = ::powf(cudapy_hoisted0, 0.5f);
#line 30 "promote/weak_pow.py"
    F.data[1] = ::powf(2.0f, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_uint8(cudapy::array<unsigned char> R, cudapy::array<float> F, unsigned char x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 35 "promote/weak_pow.py"
    R.data[0] = cudapy::ipow(x, ((unsigned char)2));
#line 36 "promote/weak_pow.py"
    R.data[1] = cudapy::ipow(((unsigned char)2), x);
#line 37 "promote/weak_pow.py"
    F.data[0] = ::powf(cudapy_hoisted0, 0.5f);
#line 38 "promote/weak_pow.py"
    F.data[1] = ::powf(2.0f, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_uint16(cudapy::array<unsigned short> R, cudapy::array<float> F, unsigned short x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/weak_pow.py"
    R.data[0] = cudapy::ipow(x, ((unsigned short)2));
#line 44 "promote/weak_pow.py"
    R.data[1] = cudapy::ipow(((unsigned short)2), x);
#line 45 "promote/weak_pow.py"
    F.data[0] = ::powf(cudapy_hoisted0, 0.5f);
#line 46 "promote/weak_pow.py"
    F.data[1] = ::powf(2.0f, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_uint32(cudapy::array<unsigned int> R, cudapy::array<float> F, unsigned int x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/weak_pow.py"
    R.data[0] = cudapy::ipow(x, 2u);
#line 52 "promote/weak_pow.py"
    R.data[1] = cudapy::ipow(2u, x);
#line 53 "promote/weak_pow.py"
    F.data[0] = ::powf(cudapy_hoisted0, 0.5f);
#line 54 "promote/weak_pow.py"
    F.data[1] = ::powf(2.0f, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_uint64(cudapy::array<unsigned long long> R, cudapy::array<float> F, unsigned long long x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 59 "promote/weak_pow.py"
    R.data[0] = cudapy::ipow(x, 2ULL);
#line 60 "promote/weak_pow.py"
    R.data[1] = cudapy::ipow(2ULL, x);
#line 61 "promote/weak_pow.py"
    F.data[0] = ::powf(cudapy_hoisted0, 0.5f);
#line 62 "promote/weak_pow.py"
    F.data[1] = ::powf(2.0f, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_float32(cudapy::array<float> R, cudapy::array<float> F, float x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 67 "promote/weak_pow.py"
    R.data[0] = ::powf(x, 2.0f);
#line 68 "promote/weak_pow.py"
    R.data[1] = ::powf(2.0f, x);
#line 69 "promote/weak_pow.py"
    F.data[0] = ::powf(x, 0.5f);
#line 70 "promote/weak_pow.py"
    F.data[1] = ::powf(2.0f, x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_float64(cudapy::array<double> R, cudapy::array<double> F, double x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 75 "promote/weak_pow.py"
    R.data[0] = ::pow(x, 2.0);
#line 76 "promote/weak_pow.py"
    R.data[1] = ::pow(2.0, x);
#line 77 "promote/weak_pow.py"
    F.data[0] = ::pow(x, 0.5);
#line 78 "promote/weak_pow.py"
    F.data[1] = ::pow(2.0, x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_pow_bool(cudapy::array<int> R, cudapy::array<float> F, bool x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 83 "promote/weak_pow.py"
    R.data[0] = cudapy::ipow(((int)x), 2);
#line 84 "promote/weak_pow.py"
    R.data[1] = cudapy::ipow(2, ((int)x));
#line 85 "promote/weak_pow.py"
    F.data[0] = ::powf(cudapy_hoisted0, 0.5f);
#line 86 "promote/weak_pow.py"
    F.data[1] = ::powf(2.0f, cudapy_hoisted0);
}

