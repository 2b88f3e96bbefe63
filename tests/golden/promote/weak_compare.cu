
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_int8(cudapy::array<bool> B, signed char x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/weak_compare.py"
    B.data[0] = (x < ((signed char)1));
#line 4 "promote/weak_compare.py"
    B.data[1] = (((signed char)1) == x);
#line 5 "promote/weak_compare.py"
    B.data[2] = (cudapy_hoisted0 >= 0.5f);
#line 6 "promote/weak_compare.py"
    B.data[3] = (0.5f != cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_int16(cudapy::array<bool> B, short x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 11 "promote/weak_compare.py"
    B.data[0] = (x < ((short)1));
#line 12 "promote/weak_compare.py"
    B.data[1] = (((short)1) == x);
#line 13 "promote/weak_compare.py"
    B.data[2] = (cudapy_hoisted0 >= 0.5f);
#line 14 "promote/weak_compare.py"
    B.data[3] = (0.5f != cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_int32(cudapy::array<bool> B, int x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 19 "promote/weak_compare.py"
    B.data[0] = (x < 1);
#line 20 "promote/weak_compare.py"
    B.data[1] = (1 == x);
#line 21 "promote/weak_compare.py"
    B.data[2] = (cudapy_hoisted0 >= 0.5f);
#line 22 "promote/weak_compare.py"
    B.data[3] = (0.5f != cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_int64(cudapy::array<bool> B, long long x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/weak_compare.py"
    B.data[0] = (x < 1LL);
#line 28 "promote/weak_compare.py"
    B.data[1] = (1LL == x);
#line 29 "promote/weak_compare.py"
    B.data[2] = (cudapy_hoisted0 >= 0.5f);
#line 30 "promote/weak_compare.py"
    B.data[3] = (0.5f != cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_uint8(cudapy::array<bool> B, unsigned char x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 35 "promote/weak_compare.py"
    B.data[0] = (x < ((unsigned char)1));
#line 36 "promote/weak_compare.py"
    B.data[1] = (((unsigned char)1) == x);
#line 37 "promote/weak_compare.py"
    B.data[2] = (cudapy_hoisted0 >= 0.5f);
#line 38 "promote/weak_compare.py"
    B.data[3] = (0.5f != cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_uint16(cudapy::array<bool> B, unsigned short x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/weak_compare.py"
    B.data[0] = (x < ((unsigned short)1));
#line 44 "promote/weak_compare.py"
    B.data[1] = (((unsigned short)1) == x);
#line 45 "promote/weak_compare.py"
    B.data[2] = (cudapy_hoisted0 >= 0.5f);
#line 46 "promote/weak_compare.py"
    B.data[3] = (0.5f != cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_uint32(cudapy::array<bool> B, unsigned int x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/weak_compare.py"
    B.data[0] = (x < 1u);
#line 52 "promote/weak_compare.py"
    B.data[1] = (1u == x);
#line 53 "promote/weak_compare.py"
    B.data[2] = (cudapy_hoisted0 >= 0.5f);
#line 54 "promote/weak_compare.py"
    B.data[3] = (0.5f != cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_uint64(cudapy::array<bool> B, unsigned long long x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 59 "promote/weak_compare.py"
    B.data[0] = (x < 1ULL);
#line 60 "promote/weak_compare.py"
    B.data[1] = (1ULL == x);
#line 61 "promote/weak_compare.py"
    B.data[2] = (cudapy_hoisted0 >= 0.5f);
#line 62 "promote/weak_compare.py"
    B.data[3] = (0.5f != cudapy_hoisted0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_float32(cudapy::array<bool> B, float x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 67 "promote/weak_compare.py"
    B.data[0] = (x < 1.0f);
#line 68 "promote/weak_compare.py"
    B.data[1] = (1.0f == x);
#line 69 "promote/weak_compare.py"
    B.data[2] = (x >= 0.5f);
#line 70 "promote/weak_compare.py"
    B.data[3] = (0.5f != x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_float64(cudapy::array<bool> B, double x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 75 "promote/weak_compare.py"
    B.data[0] = (x < 1.0);
#line 76 "promote/weak_compare.py"
    B.data[1] = (1.0 == x);
#line 77 "promote/weak_compare.py"
    B.data[2] = (x >= 0.5);
#line 78 "promote/weak_compare.py"
    B.data[3] = (0.5 != x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_compare_bool(cudapy::array<bool> B, bool x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 83 "promote/weak_compare.py"
    B.data[0] = (((int)x) < 1);
#line 84 "promote/weak_compare.py"
    B.data[1] = (1 == ((int)x));
#line 85 "promote/weak_compare.py"
    B.data[2] = (cudapy_hoisted0 >= 0.5f);
#line 86 "promote/weak_compare.py"
    B.data[3] = (0.5f != cudapy_hoisted0);
}

