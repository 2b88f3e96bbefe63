
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_i8_u8(cudapy::array<float> R, signed char a, unsigned char b, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 4 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_i16_u16(cudapy::array<float> R, short a, unsigned short b, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 9 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 10 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_i32_u32(cudapy::array<float> R, int a, unsigned int b, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 15 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 16 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_i64_u64(cudapy::array<double> R, long long a, unsigned long long b, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 21 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 22 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_i32_i64(cudapy::array<float> R, int a, long long b, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 27 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 28 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_u8_i32(cudapy::array<float> R, unsigned char a, int b, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 34 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_f32_i32(cudapy::array<double> R, float a, int b, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 39 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 40 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_f32_i16(cudapy::array<float> R, float a, short b, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 45 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 46 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_f32_f64(cudapy::array<double> R, float a, double b, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 51 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 52 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_b_i8(cudapy::array<float> R, bool a, signed char b, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 57 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 58 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truediv_b_f32(cudapy::array<float> R, bool a, float b, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 63 "promote/truediv_mixed.py"
    R.data[0] = cudapy_hoisted0;
#line 64 "promote/truediv_mixed.py"
    R.data[1] = cudapy_hoisted1;
}

