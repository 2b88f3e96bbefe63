
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i8(cudapy::array<bool> B, signed char a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 4 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i16(cudapy::array<bool> B, short a, short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 9 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 10 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i32(cudapy::array<bool> B, int a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 15 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 16 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_i64(cudapy::array<bool> B, long long a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 21 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 22 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_u8(cudapy::array<bool> B, unsigned char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 28 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_u16(cudapy::array<bool> B, unsigned short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 34 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_u32(cudapy::array<bool> B, unsigned int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 39 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 40 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_u64(cudapy::array<bool> B, unsigned long long a, unsigned long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 45 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 46 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_f32(cudapy::array<bool> B, float a, float b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 52 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_f64(cudapy::array<bool> B, double a, double b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 57 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 58 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS cmp_b(cudapy::array<bool> B, bool a, bool b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 63 "promote/compare_eq_same.py"
    B.data[0] = (a == b);
#line 64 "promote/compare_eq_same.py"
    B.data[1] = (a != b);
}

