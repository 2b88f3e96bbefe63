
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_int8(cudapy::array<float> R, signed char a, signed char b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_int16(cudapy::array<float> R, short a, short b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 8 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_int32(cudapy::array<float> R, int a, int b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 13 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_int64(cudapy::array<float> R, long long a, long long b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 18 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_uint8(cudapy::array<float> R, unsigned char a, unsigned char b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 23 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_uint16(cudapy::array<float> R, unsigned short a, unsigned short b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 28 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_uint32(cudapy::array<float> R, unsigned int a, unsigned int b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_uint64(cudapy::array<float> R, unsigned long long a, unsigned long long b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 38 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_float32(cudapy::array<float> R, float a, float b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_float64(cudapy::array<double> R, double a, double b, cudapy::extent cudapy_extent, double cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 48 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_bool(cudapy::array<float> R, bool a, bool b, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 53 "promote/truediv_same.py"
    R.data[0] = cudapy_hoisted0;
}

