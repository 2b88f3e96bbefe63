
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_int8(cudapy::array<signed char> R, signed char x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/weak_add_sub.py"
    R.data[0] = cudapy::add(x, ((signed char)1));
#line 4 "promote/weak_add_sub.py"
    R.data[1] = cudapy::add(((signed char)1), x);
#line 5 "promote/weak_add_sub.py"
    R.data[2] = cudapy::sub(x, ((signed char)1));
#line 6 "promote/weak_add_sub.py"
    R.data[3] = cudapy::sub(((signed char)1), x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_int16(cudapy::array<short> R, short x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 11 "promote/weak_add_sub.py"
    R.data[0] = cudapy::add(x, ((short)1));
#line 12 "promote/weak_add_sub.py"
    R.data[1] = cudapy::add(((short)1), x);
#line 13 "promote/weak_add_sub.py"
    R.data[2] = cudapy::sub(x, ((short)1));
#line 14 "promote/weak_add_sub.py"
    R.data[3] = cudapy::sub(((short)1), x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_int32(cudapy::array<int> R, int x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 19 "promote/weak_add_sub.py"
    R.data[0] = cudapy::add(x, 1);
#line 20 "promote/weak_add_sub.py"
    R.data[1] = cudapy::add(1, x);
#line 21 "promote/weak_add_sub.py"
    R.data[2] = cudapy::sub(x, 1);
#line 22 "promote/weak_add_sub.py"
    R.data[3] = cudapy::sub(1, x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_int64(cudapy::array<long long> R, long long x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/weak_add_sub.py"
    R.data[0] = cudapy::add(x, 1LL);
#line 28 "promote/weak_add_sub.py"
    R.data[1] = cudapy::add(1LL, x);
#line 29 "promote/weak_add_sub.py"
    R.data[2] = cudapy::sub(x, 1LL);
#line 30 "promote/weak_add_sub.py"
    R.data[3] = cudapy::sub(1LL, x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_uint8(cudapy::array<unsigned char> R, unsigned char x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 35 "promote/weak_add_sub.py"
    R.data[0] = cudapy::add(x, ((unsigned char)1));
#line 36 "promote/weak_add_sub.py"
    R.data[1] = cudapy::add(((unsigned char)1), x);
#line 37 "promote/weak_add_sub.py"
    R.data[2] = cudapy::sub(x, ((unsigned char)1));
#line 38 "promote/weak_add_sub.py"
    R.data[3] = cudapy::sub(((unsigned char)1), x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_uint16(cudapy::array<unsigned short> R, unsigned short x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/weak_add_sub.py"
    R.data[0] = cudapy::add(x, ((unsigned short)1));
#line 44 "promote/weak_add_sub.py"
    R.data[1] = cudapy::add(((unsigned short)1), x);
#line 45 "promote/weak_add_sub.py"
    R.data[2] = cudapy::sub(x, ((unsigned short)1));
#line 46 "promote/weak_add_sub.py"
    R.data[3] = cudapy::sub(((unsigned short)1), x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_uint32(cudapy::array<unsigned int> R, unsigned int x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/weak_add_sub.py"
    R.data[0] = (x + 1u);
#line 52 "promote/weak_add_sub.py"
    R.data[1] = (1u + x);
#line 53 "promote/weak_add_sub.py"
    R.data[2] = (x - 1u);
#line 54 "promote/weak_add_sub.py"
    R.data[3] = (1u - x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_uint64(cudapy::array<unsigned long long> R, unsigned long long x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 59 "promote/weak_add_sub.py"
    R.data[0] = (x + 1ULL);
#line 60 "promote/weak_add_sub.py"
    R.data[1] = (1ULL + x);
#line 61 "promote/weak_add_sub.py"
    R.data[2] = (x - 1ULL);
#line 62 "promote/weak_add_sub.py"
    R.data[3] = (1ULL - x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_float32(cudapy::array<float> R, float x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 67 "promote/weak_add_sub.py"
    R.data[0] = (x + 1.0f);
#line 68 "promote/weak_add_sub.py"
    R.data[1] = (1.0f + x);
#line 69 "promote/weak_add_sub.py"
    R.data[2] = (x - 1.0f);
#line 70 "promote/weak_add_sub.py"
    R.data[3] = (1.0f - x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_float64(cudapy::array<double> R, double x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 75 "promote/weak_add_sub.py"
    R.data[0] = (x + 1.0);
#line 76 "promote/weak_add_sub.py"
    R.data[1] = (1.0 + x);
#line 77 "promote/weak_add_sub.py"
    R.data[2] = (x - 1.0);
#line 78 "promote/weak_add_sub.py"
    R.data[3] = (1.0 - x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_add_sub_bool(cudapy::array<int> R, bool x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 83 "promote/weak_add_sub.py"
    R.data[0] = cudapy::add(((int)x), 1);
#line 84 "promote/weak_add_sub.py"
    R.data[1] = cudapy::add(1, ((int)x));
#line 85 "promote/weak_add_sub.py"
    R.data[2] = cudapy::sub(((int)x), 1);
#line 86 "promote/weak_add_sub.py"
    R.data[3] = cudapy::sub(1, ((int)x));
}

