
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_int8(cudapy::array<float> F, signed char x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 4 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 5 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 6 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_int16(cudapy::array<float> F, short x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 11 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 12 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 13 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 14 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_int32(cudapy::array<float> F, int x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 19 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 20 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 21 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 22 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_int64(cudapy::array<float> F, long long x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 28 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 29 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 30 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_uint8(cudapy::array<float> F, unsigned char x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 35 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 36 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 37 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 38 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_uint16(cudapy::array<float> F, unsigned short x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 44 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 45 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 46 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_uint32(cudapy::array<float> F, unsigned int x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 52 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 53 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 54 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_uint64(cudapy::array<float> F, unsigned long long x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 59 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 60 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 61 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 62 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_float32(cudapy::array<float> F, float x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 67 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 68 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 69 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 70 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_float64(cudapy::array<double> F, double x, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1, double cudapy_hoisted2, double cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 75 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 76 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 77 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 78 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_bool(cudapy::array<float> F, bool x, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 83 "promote/weak_div.py"
    F.data[0] = cudapy_hoisted0;
#line 84 "promote/weak_div.py"
    F.data[1] = cudapy_hoisted1;
#line 85 "promote/weak_div.py"
    F.data[2] = cudapy_hoisted2;
#line 86 "promote/weak_div.py"
    F.data[3] = cudapy_hoisted3;
}

