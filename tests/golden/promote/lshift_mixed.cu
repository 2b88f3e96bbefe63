
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_i8_u8(cudapy::array<short> R, signed char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/lshift_mixed.py"
    R.data[0] = cudapy::shl(((short)a), ((short)b));
#line 4 "promote/lshift_mixed.py"
    R.data[1] = cudapy::shl(((short)b), ((short)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_i16_u16(cudapy::array<int> R, short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 9 "promote/lshift_mixed.py"
    R.data[0] = cudapy::shl(((int)a), ((int)b));
#line 10 "promote/lshift_mixed.py"
    R.data[1] = cudapy::shl(((int)b), ((int)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_i32_u32(cudapy::array<long long> R, int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 15 "promote/lshift_mixed.py"
    R.data[0] = cudapy::shl(((long long)a), ((long long)b));
#line 16 "promote/lshift_mixed.py"
    R.data[1] = cudapy::shl(((long long)b), ((long long)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_i32_i64(cudapy::array<long long> R, int a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 21 "promote/lshift_mixed.py"
    R.data[0] = cudapy::shl(((long long)a), b);
#line 22 "promote/lshift_mixed.py"
    R.data[1] = cudapy::shl(b, ((long long)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_u8_i32(cudapy::array<int> R, unsigned char a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/lshift_mixed.py"
    R.data[0] = cudapy::shl(((int)a), b);
#line 28 "promote/lshift_mixed.py"
    R.data[1] = cudapy::shl(b, ((int)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_b_i8(cudapy::array<signed char> R, bool a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/lshift_mixed.py"
    R.data[0] = cudapy::shl(((signed char)a), b);
#line 34 "promote/lshift_mixed.py"
    R.data[1] = cudapy::shl(b, ((signed char)a));
}

