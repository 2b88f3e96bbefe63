
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_bitwise_shift_int8(cudapy::array<signed char> R, signed char x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/weak_bitwise_shift.py"
    R.data[0] = ((signed char)(x & ((signed char)1)));
#line 4 "promote/weak_bitwise_shift.py"
    R.data[1] = ((signed char)(((signed char)6) | x));
#line 5 "promote/weak_bitwise_shift.py"
    R.data[2] = ((signed char)(x ^ ((signed char)3)));
#line 6 "promote/weak_bitwise_shift.py"
    R.data[3] = cudapy::shl(x, ((signed char)1));
#line 7 "promote/weak_bitwise_shift.py"
    R.data[4] = cudapy::shl(((signed char)1), x);
#line 8 "promote/weak_bitwise_shift.py"
    R.data[5] = cudapy::shr(x, ((signed char)1));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_bitwise_shift_int16(cudapy::array<short> R, short x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 13 "promote/weak_bitwise_shift.py"
    R.data[0] = ((short)(x & ((short)1)));
#line 14 "promote/weak_bitwise_shift.py"
    R.data[1] = ((short)(((short)6) | x));
#line 15 "promote/weak_bitwise_shift.py"
    R.data[2] = ((short)(x ^ ((short)3)));
#line 16 "promote/weak_bitwise_shift.py"
    R.data[3] = cudapy::shl(x, ((short)1));
#line 17 "promote/weak_bitwise_shift.py"
    R.data[4] = cudapy::shl(((short)1), x);
#line 18 "promote/weak_bitwise_shift.py"
    R.data[5] = cudapy::shr(x, ((short)1));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_bitwise_shift_int32(cudapy::array<int> R, int x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 23 "promote/weak_bitwise_shift.py"
    R.data[0] = (x & 1);
#line 24 "promote/weak_bitwise_shift.py"
    R.data[1] = (6 | x);
#line 25 "promote/weak_bitwise_shift.py"
    R.data[2] = (x ^ 3);
#line 26 "promote/weak_bitwise_shift.py"
    R.data[3] = cudapy::shl(x, 1);
#line 27 "promote/weak_bitwise_shift.py"
    R.data[4] = cudapy::shl(1, x);
#line 28 "promote/weak_bitwise_shift.py"
    R.data[5] = cudapy::shr(x, 1);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_bitwise_shift_int64(cudapy::array<long long> R, long long x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/weak_bitwise_shift.py"
    R.data[0] = (x & 1LL);
#line 34 "promote/weak_bitwise_shift.py"
    R.data[1] = (6LL | x);
#line 35 "promote/weak_bitwise_shift.py"
    R.data[2] = (x ^ 3LL);
#line 36 "promote/weak_bitwise_shift.py"
    R.data[3] = cudapy::shl(x, 1LL);
#line 37 "promote/weak_bitwise_shift.py"
    R.data[4] = cudapy::shl(1LL, x);
#line 38 "promote/weak_bitwise_shift.py"
    R.data[5] = cudapy::shr(x, 1LL);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_bitwise_shift_uint8(cudapy::array<unsigned char> R, unsigned char x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/weak_bitwise_shift.py"
    R.data[0] = ((unsigned char)(x & ((unsigned char)1)));
#line 44 "promote/weak_bitwise_shift.py"
    R.data[1] = ((unsigned char)(((unsigned char)6) | x));
#line 45 "promote/weak_bitwise_shift.py"
    R.data[2] = ((unsigned char)(x ^ ((unsigned char)3)));
#line 46 "promote/weak_bitwise_shift.py"
    R.data[3] = cudapy::shl(x, ((unsigned char)1));
#line 47 "promote/weak_bitwise_shift.py"
    R.data[4] = cudapy::shl(((unsigned char)1), x);
#line 48 "promote/weak_bitwise_shift.py"
    R.data[5] = cudapy::shr(x, ((unsigned char)1));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_bitwise_shift_uint16(cudapy::array<unsigned short> R, unsigned short x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 53 "promote/weak_bitwise_shift.py"
    R.data[0] = ((unsigned short)(x & ((unsigned short)1)));
#line 54 "promote/weak_bitwise_shift.py"
    R.data[1] = ((unsigned short)(((unsigned short)6) | x));
#line 55 "promote/weak_bitwise_shift.py"
    R.data[2] = ((unsigned short)(x ^ ((unsigned short)3)));
#line 56 "promote/weak_bitwise_shift.py"
    R.data[3] = cudapy::shl(x, ((unsigned short)1));
#line 57 "promote/weak_bitwise_shift.py"
    R.data[4] = cudapy::shl(((unsigned short)1), x);
#line 58 "promote/weak_bitwise_shift.py"
    R.data[5] = cudapy::shr(x, ((unsigned short)1));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_bitwise_shift_uint32(cudapy::array<unsigned int> R, unsigned int x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 63 "promote/weak_bitwise_shift.py"
    R.data[0] = (x & 1u);
#line 64 "promote/weak_bitwise_shift.py"
    R.data[1] = (6u | x);
#line 65 "promote/weak_bitwise_shift.py"
    R.data[2] = (x ^ 3u);
#line 66 "promote/weak_bitwise_shift.py"
    R.data[3] = cudapy::shl(x, 1u);
#line 67 "promote/weak_bitwise_shift.py"
    R.data[4] = cudapy::shl(1u, x);
#line 68 "promote/weak_bitwise_shift.py"
    R.data[5] = cudapy::shr(x, 1u);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_bitwise_shift_uint64(cudapy::array<unsigned long long> R, unsigned long long x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 73 "promote/weak_bitwise_shift.py"
    R.data[0] = (x & 1ULL);
#line 74 "promote/weak_bitwise_shift.py"
    R.data[1] = (6ULL | x);
#line 75 "promote/weak_bitwise_shift.py"
    R.data[2] = (x ^ 3ULL);
#line 76 "promote/weak_bitwise_shift.py"
    R.data[3] = cudapy::shl(x, 1ULL);
#line 77 "promote/weak_bitwise_shift.py"
    R.data[4] = cudapy::shl(1ULL, x);
#line 78 "promote/weak_bitwise_shift.py"
    R.data[5] = cudapy::shr(x, 1ULL);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_bitwise_shift_bool(cudapy::array<int> R, bool x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 83 "promote/weak_bitwise_shift.py"
    R.data[0] = (((int)x) & 1);
#line 84 "promote/weak_bitwise_shift.py"
    R.data[1] = (6 | ((int)x));
#line 85 "promote/weak_bitwise_shift.py"
    R.data[2] = (((int)x) ^ 3);
#line 86 "promote/weak_bitwise_shift.py"
    R.data[3] = cudapy::shl(((int)x), 1);
#line 87 "promote/weak_bitwise_shift.py"
    R.data[4] = cudapy::shl(1, ((int)x));
#line 88 "promote/weak_bitwise_shift.py"
    R.data[5] = cudapy::shr(((int)x), 1);
}

