
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS rshift_i8_u8(cudapy::array<short> R, signed char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/rshift_mixed.py"
    R.data[0] = cudapy::shr(((short)a), ((short)b));
#line 4 "promote/rshift_mixed.py"
    R.data[1] = cudapy::shr(((short)b), ((short)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS rshift_i16_u16(cudapy::array<int> R, short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 9 "promote/rshift_mixed.py"
    R.data[0] = cudapy::shr(((int)a), ((int)b));
#line 10 "promote/rshift_mixed.py"
    R.data[1] = cudapy::shr(((int)b), ((int)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS rshift_i32_u32(cudapy::array<long long> R, int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 15 "promote/rshift_mixed.py"
    R.data[0] = cudapy::shr(((long long)a), ((long long)b));
#line 16 "promote/rshift_mixed.py"
    R.data[1] = cudapy::shr(((long long)b), ((long long)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS rshift_i32_i64(cudapy::array<long long> R, int a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 21 "promote/rshift_mixed.py"
    R.data[0] = cudapy::shr(((long long)a), b);
#line 22 "promote/rshift_mixed.py"
    R.data[1] = cudapy::shr(b, ((long long)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS rshift_u8_i32(cudapy::array<int> R, unsigned char a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/rshift_mixed.py"
    R.data[0] = cudapy::shr(((int)a), b);
#line 28 "promote/rshift_mixed.py"
    R.data[1] = cudapy::shr(b, ((int)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS rshift_b_i8(cudapy::array<signed char> R, bool a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/rshift_mixed.py"
    R.data[0] = cudapy::shr(((signed char)a), b);
#line 34 "promote/rshift_mixed.py"
    R.data[1] = cudapy::shr(b, ((signed char)a));
}

