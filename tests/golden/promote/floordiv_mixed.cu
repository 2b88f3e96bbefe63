
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_i8_u8(cudapy::array<short> R, signed char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(((short)a), cudapy::nonzero(((short)b), 1, "promote/floordiv_mixed.py", 3));
#line 4 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(((short)b), cudapy::nonzero(((short)a), 2, "promote/floordiv_mixed.py", 4));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_i16_u16(cudapy::array<int> R, short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 9 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(((int)a), cudapy::nonzero(((int)b), 3, "promote/floordiv_mixed.py", 9));
#line 10 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(((int)b), cudapy::nonzero(((int)a), 4, "promote/floordiv_mixed.py", 10));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_i32_u32(cudapy::array<long long> R, int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 15 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(((long long)a), cudapy::nonzero(((long long)b), 5, "promote/floordiv_mixed.py", 15));
#line 16 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(((long long)b), cudapy::nonzero(((long long)a), 6, "promote/floordiv_mixed.py", 16));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_i64_u64(cudapy::array<double> R, long long a, unsigned long long b, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 21 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(cudapy_hoisted0, cudapy_hoisted1);
#line 22 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(cudapy_hoisted1, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_i32_i64(cudapy::array<long long> R, int a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(((long long)a), cudapy::nonzero(b, 7, "promote/floordiv_mixed.py", 27));
#line 28 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(b, cudapy::nonzero(((long long)a), 8, "promote/floordiv_mixed.py", 28));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_u8_i32(cudapy::array<int> R, unsigned char a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(((int)a), cudapy::nonzero(b, 9, "promote/floordiv_mixed.py", 33));
#line 34 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(b, cudapy::nonzero(((int)a), 10, "promote/floordiv_mixed.py", 34));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_f32_i32(cudapy::array<double> R, float a, int b, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 39 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(cudapy_hoisted0, cudapy_hoisted1);
#line 40 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(cudapy_hoisted1, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_f32_i16(cudapy::array<float> R, float a, short b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 45 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(a, cudapy_hoisted0);
#line 46 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(cudapy_hoisted0, a);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_f32_f64(cudapy::array<double> R, float a, double b, cudapy::extent cudapy_extent, double cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(cudapy_hoisted0, b);
#line 52 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(b, cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_b_i8(cudapy::array<signed char> R, bool a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 57 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(((signed char)a), cudapy::nonzero(b, 11, "promote/floordiv_mixed.py", 57));
#line 58 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(b, cudapy::nonzero(((signed char)a), 12, "promote/floordiv_mixed.py", 58));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_b_f32(cudapy::array<float> R, bool a, float b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 63 "promote/floordiv_mixed.py"
    R.data[0] = cudapy::floordiv(cudapy_hoisted0, b);
#line 64 "promote/floordiv_mixed.py"
    R.data[1] = cudapy::floordiv(b, cudapy_hoisted0);
}

