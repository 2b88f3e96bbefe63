
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i8_u8(cudapy::array<bool> B, signed char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/compare_order_mixed.py"
    B.data[0] = (((short)a) < ((short)b));
#line 4 "promote/compare_order_mixed.py"
    B.data[1] = (((short)a) <= ((short)b));
#line 5 "promote/compare_order_mixed.py"
    B.data[2] = (((short)a) > ((short)b));
#line 6 "promote/compare_order_mixed.py"
    B.data[3] = (((short)a) >= ((short)b));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i16_u16(cudapy::array<bool> B, short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 11 "promote/compare_order_mixed.py"
    B.data[0] = (((int)a) < ((int)b));
#line 12 "promote/compare_order_mixed.py"
    B.data[1] = (((int)a) <= ((int)b));
#line 13 "promote/compare_order_mixed.py"
    B.data[2] = (((int)a) > ((int)b));
#line 14 "promote/compare_order_mixed.py"
    B.data[3] = (((int)a) >= ((int)b));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i32_u32(cudapy::array<bool> B, int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 19 "promote/compare_order_mixed.py"
    B.data[0] = (((long long)a) < ((long long)b));
#line 20 "promote/compare_order_mixed.py"
    B.data[1] = (((long long)a) <= ((long long)b));
#line 21 "promote/compare_order_mixed.py"
    B.data[2] = (((long long)a) > ((long long)b));
#line 22 "promote/compare_order_mixed.py"
    B.data[3] = (((long long)a) >= ((long long)b));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i32_i64(cudapy::array<bool> B, int a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/compare_order_mixed.py"
    B.data[0] = (((long long)a) < b);
#line 28 "promote/compare_order_mixed.py"
    B.data[1] = (((long long)a) <= b);
#line 29 "promote/compare_order_mixed.py"
    B.data[2] = (((long long)a) > b);
#line 30 "promote/compare_order_mixed.py"
    B.data[3] = (((long long)a) >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_u8_i32(cudapy::array<bool> B, unsigned char a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 35 "promote/compare_order_mixed.py"
    B.data[0] = (((int)a) < b);
#line 36 "promote/compare_order_mixed.py"
    B.data[1] = (((int)a) <= b);
#line 37 "promote/compare_order_mixed.py"
    B.data[2] = (((int)a) > b);
#line 38 "promote/compare_order_mixed.py"
    B.data[3] = (((int)a) >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_f32_i32(cudapy::array<bool> B, float a, int b, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/compare_order_mixed.py"
    B.data[0] = (cudapy_hoisted0 < cudapy_hoisted1);
#line 44 "promote/compare_order_mixed.py"
    B.data[1] = (cudapy_hoisted0 <= cudapy_hoisted1);
#line 45 "promote/compare_order_mixed.py"
    B.data[2] = (cudapy_hoisted0 > cudapy_hoisted1);
#line 46 "promote/compare_order_mixed.py"
    B.data[3] = (cudapy_hoisted0 >= cudapy_hoisted1);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_f32_i16(cudapy::array<bool> B, float a, short b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/compare_order_mixed.py"
    B.data[0] = (a < cudapy_hoisted0);
#line 52 "promote/compare_order_mixed.py"
    B.data[1] = (a <= cudapy_hoisted0);
#line 53 "promote/compare_order_mixed.py"
    B.data[2] = (a > cudapy_hoisted0);
#line 54 "promote/compare_order_mixed.py"
    B.data[3] = (a >= cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_f32_f64(cudapy::array<bool> B, float a, double b, cudapy::extent cudapy_extent, double cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 59 "promote/compare_order_mixed.py"
    B.data[0] = (cudapy_hoisted0 < b);
#line 60 "promote/compare_order_mixed.py"
    B.data[1] = (cudapy_hoisted0 <= b);
#line 61 "promote/compare_order_mixed.py"
    B.data[2] = (cudapy_hoisted0 > b);
#line 62 "promote/compare_order_mixed.py"
    B.data[3] = (cudapy_hoisted0 >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_b_i8(cudapy::array<bool> B, bool a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 67 "promote/compare_order_mixed.py"
    B.data[0] = (((signed char)a) < b);
#line 68 "promote/compare_order_mixed.py"
    B.data[1] = (((signed char)a) <= b);
#line 69 "promote/compare_order_mixed.py"
    B.data[2] = (((signed char)a) > b);
#line 70 "promote/compare_order_mixed.py"
    B.data[3] = (((signed char)a) >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_b_f32(cudapy::array<bool> B, bool a, float b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 75 "promote/compare_order_mixed.py"
    B.data[0] = (cudapy_hoisted0 < b);
#line 76 "promote/compare_order_mixed.py"
    B.data[1] = (cudapy_hoisted0 <= b);
#line 77 "promote/compare_order_mixed.py"
    B.data[2] = (cudapy_hoisted0 > b);
#line 78 "promote/compare_order_mixed.py"
    B.data[3] = (cudapy_hoisted0 >= b);
}

