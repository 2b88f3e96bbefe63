
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_int8(cudapy::array<float> F, signed char x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/weak_div.py"
    F.data[0] = (1.0f / ((float)x));
#line 4 "promote/weak_div.py"
    F.data[1] = (((float)x) / 2.0f);
#line 5 "promote/weak_div.py"
    F.data[2] = (1.0f / ((float)x));
#line 6 "promote/weak_div.py"
    F.data[3] = (((float)x) / 2.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_int16(cudapy::array<float> F, short x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 11 "promote/weak_div.py"
    F.data[0] = (1.0f / ((float)x));
#line 12 "promote/weak_div.py"
    F.data[1] = (((float)x) / 2.0f);
#line 13 "promote/weak_div.py"
    F.data[2] = (1.0f / ((float)x));
#line 14 "promote/weak_div.py"
    F.data[3] = (((float)x) / 2.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_int32(cudapy::array<float> F, int x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 19 "promote/weak_div.py"
    F.data[0] = (1.0f / ((float)x));
#line 20 "promote/weak_div.py"
    F.data[1] = (((float)x) / 2.0f);
#line 21 "promote/weak_div.py"
    F.data[2] = (1.0f / ((float)x));
#line 22 "promote/weak_div.py"
    F.data[3] = (((float)x) / 2.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_int64(cudapy::array<float> F, long long x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/weak_div.py"
    F.data[0] = (1.0f / ((float)x));
#line 28 "promote/weak_div.py"
    F.data[1] = (((float)x) / 2.0f);
#line 29 "promote/weak_div.py"
    F.data[2] = (1.0f / ((float)x));
#line 30 "promote/weak_div.py"
    F.data[3] = (((float)x) / 2.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_uint8(cudapy::array<float> F, unsigned char x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 35 "promote/weak_div.py"
    F.data[0] = (1.0f / ((float)x));
#line 36 "promote/weak_div.py"
    F.data[1] = (((float)x) / 2.0f);
#line 37 "promote/weak_div.py"
    F.data[2] = (1.0f / ((float)x));
#line 38 "promote/weak_div.py"
    F.data[3] = (((float)x) / 2.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_uint16(cudapy::array<float> F, unsigned short x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/weak_div.py"
    F.data[0] = (1.0f / ((float)x));
#line 44 "promote/weak_div.py"
    F.data[1] = (((float)x) / 2.0f);
#line 45 "promote/weak_div.py"
    F.data[2] = (1.0f / ((float)x));
#line 46 "promote/weak_div.py"
    F.data[3] = (((float)x) / 2.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_uint32(cudapy::array<float> F, unsigned int x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/weak_div.py"
    F.data[0] = (1.0f / ((float)x));
#line 52 "promote/weak_div.py"
    F.data[1] = (((float)x) / 2.0f);
#line 53 "promote/weak_div.py"
    F.data[2] = (1.0f / ((float)x));
#line 54 "promote/weak_div.py"
    F.data[3] = (((float)x) / 2.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_uint64(cudapy::array<float> F, unsigned long long x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 59 "promote/weak_div.py"
    F.data[0] = (1.0f / ((float)x));
#line 60 "promote/weak_div.py"
    F.data[1] = (((float)x) / 2.0f);
#line 61 "promote/weak_div.py"
    F.data[2] = (1.0f / ((float)x));
#line 62 "promote/weak_div.py"
    F.data[3] = (((float)x) / 2.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_float32(cudapy::array<float> F, float x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 67 "promote/weak_div.py"
    F.data[0] = (1.0f / x);
#line 68 "promote/weak_div.py"
    F.data[1] = (x / 2.0f);
#line 69 "promote/weak_div.py"
    F.data[2] = (1.0f / x);
#line 70 "promote/weak_div.py"
    F.data[3] = (x / 2.0f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_float64(cudapy::array<double> F, double x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 75 "promote/weak_div.py"
    F.data[0] = (1.0 / x);
#line 76 "promote/weak_div.py"
    F.data[1] = (x / 2.0);
#line 77 "promote/weak_div.py"
    F.data[2] = (1.0 / x);
#line 78 "promote/weak_div.py"
    F.data[3] = (x / 2.0);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_div_bool(cudapy::array<float> F, bool x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 83 "promote/weak_div.py"
    F.data[0] = (1.0f / ((float)x));
#line 84 "promote/weak_div.py"
    F.data[1] = (((float)x) / 2.0f);
#line 85 "promote/weak_div.py"
    F.data[2] = (1.0f / ((float)x));
#line 86 "promote/weak_div.py"
    F.data[3] = (((float)x) / 2.0f);
}

