
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i8(cudapy::array<bool> B, signed char a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 4 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 5 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 6 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i16(cudapy::array<bool> B, short a, short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 11 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 12 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 13 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 14 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i32(cudapy::array<bool> B, int a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 19 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 20 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 21 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 22 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i64(cudapy::array<bool> B, long long a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 28 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 29 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 30 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_u8(cudapy::array<bool> B, unsigned char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 35 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 36 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 37 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 38 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_u16(cudapy::array<bool> B, unsigned short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 44 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 45 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 46 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_u32(cudapy::array<bool> B, unsigned int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 52 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 53 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 54 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_u64(cudapy::array<bool> B, unsigned long long a, unsigned long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 59 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 60 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 61 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 62 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_f32(cudapy::array<bool> B, float a, float b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 67 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 68 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 69 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 70 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_f64(cudapy::array<bool> B, double a, double b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 75 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 76 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 77 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 78 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_b(cudapy::array<bool> B, bool a, bool b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 83 "promote/compare_order_same.py"
    B.data[0] = (a < b);
#line 84 "promote/compare_order_same.py"
    B.data[1] = (a <= b);
#line 85 "promote/compare_order_same.py"
    B.data[2] = (a > b);
#line 86 "promote/compare_order_same.py"
    B.data[3] = (a >= b);
}

