
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_i8_u8(cudapy::array<short> R, signed char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/sub_mixed.py"
    R.data[0] = cudapy::sub(((short)a), ((short)b));
#line 4 "promote/sub_mixed.py"
    R.data[1] = cudapy::sub(((short)b), ((short)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_i16_u16(cudapy::array<int> R, short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 9 "promote/sub_mixed.py"
    R.data[0] = cudapy::sub(((int)a), ((int)b));
#line 10 "promote/sub_mixed.py"
    R.data[1] = cudapy::sub(((int)b), ((int)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_i32_u32(cudapy::array<long long> R, int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 15 "promote/sub_mixed.py"
    R.data[0] = cudapy::sub(((long long)a), ((long long)b));
#line 16 "promote/sub_mixed.py"
    R.data[1] = cudapy::sub(((long long)b), ((long long)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_i64_u64(cudapy::array<double> R, long long a, unsigned long long b, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 21 "promote/sub_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 22 "promote/sub_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_i32_i64(cudapy::array<long long> R, int a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/sub_mixed.py"
    R.data[0] = cudapy::sub(((long long)a), b);
#line 28 "promote/sub_mixed.py"
    R.data[1] = cudapy::sub(b, ((long long)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_u8_i32(cudapy::array<int> R, unsigned char a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/sub_mixed.py"
    R.data[0] = cudapy::sub(((int)a), b);
#line 34 "promote/sub_mixed.py"
    R.data[1] = cudapy::sub(b, ((int)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_f32_i32(cudapy::array<double> R, float a, int b, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 39 "promote/sub_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 40 "promote/sub_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_f32_i16(cudapy::array<float> R, float a, short b, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 45 "promote/sub_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 46 "promote/sub_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_f32_f64(cudapy::array<double> R, float a, double b, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/sub_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 52 "promote/sub_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_b_i8(cudapy::array<signed char> R, bool a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 57 "promote/sub_mixed.py"
    R.data[0] = cudapy::sub(((signed char)a), b);
#line 58 "promote/sub_mixed.py"
    R.data[1] = cudapy::sub(b, ((signed char)a));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_b_f32(cudapy::array<float> R, bool a, float b, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 63 "promote/sub_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 64 "promote/sub_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

