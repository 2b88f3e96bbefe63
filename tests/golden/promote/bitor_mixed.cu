
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bitor_i8_u8(cudapy::array<short> R, signed char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/bitor_mixed.py"
    R.data[0] = ((short)(((short)a) | ((short)b)));
#line 4 "promote/bitor_mixed.py"
    R.data[1] = ((short)(((short)b) | ((short)a)));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bitor_i16_u16(cudapy::array<int> R, short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 9 "promote/bitor_mixed.py"
    R.data[0] = (((int)a) | ((int)b));
#line 10 "promote/bitor_mixed.py"
    R.data[1] = (((int)b) | ((int)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bitor_i32_u32(cudapy::array<long long> R, int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 15 "promote/bitor_mixed.py"
    R.data[0] = (((long long)a) | ((long long)b));
#line 16 "promote/bitor_mixed.py"
    R.data[1] = (((long long)b) | ((long long)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bitor_i32_i64(cudapy::array<long long> R, int a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 21 "promote/bitor_mixed.py"
    R.data[0] = (((long long)a) | b);
#line 22 "promote/bitor_mixed.py"
    R.data[1] = (b | ((long long)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bitor_u8_i32(cudapy::array<int> R, unsigned char a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/bitor_mixed.py"
    R.data[0] = (((int)a) | b);
#line 28 "promote/bitor_mixed.py"
    R.data[1] = (b | ((int)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bitor_b_i8(cudapy::array<signed char> R, bool a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/bitor_mixed.py"
    R.data[0] = ((signed char)(((signed char)a) | b));
#line 34 "promote/bitor_mixed.py"
    R.data[1] = ((signed char)(b | ((signed char)a)));
}

