
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_i32_i8(cudapy::array<int> R, int x, signed char y, cudapy::extent cudapy_extent) {
    int v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/augmented_mixed.py"
    v = x;
#line 4 "promote/augmented_mixed.py"
    v = cudapy::add(v, ((int)y));
#line 5 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_i64_u32(cudapy::array<long long> R, long long x, unsigned int y, cudapy::extent cudapy_extent) {
    long long v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 10 "promote/augmented_mixed.py"
    v = x;
#line 11 "promote/augmented_mixed.py"
    v = cudapy::sub(v, ((long long)y));
#line 12 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_f64_f32(cudapy::array<double> R, double x, float y, cudapy::extent cudapy_extent, double cudapy_hoisted0) {
    double v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 17 "promote/augmented_mixed.py"
    v = x;
#line 18 "promote/augmented_mixed.py"
    v = (v * cudapy_hoisted0);
#line 19 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_f32_i16(cudapy::array<float> R, float x, short y, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    float v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 24 "promote/augmented_mixed.py"
    v = x;
#line 25 "promote/augmented_mixed.py"
    v = (v + cudapy_hoisted0);
#line 26 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_f64_i64(cudapy::array<double> R, double x, long long y, cudapy::extent cudapy_extent, double cudapy_hoisted0) {
    double v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 31 "promote/augmented_mixed.py"
    v = x;
#line 32 "promote/augmented_mixed.py"
    v = (v / cudapy_hoisted0);
#line 33 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_i16_u8(cudapy::array<short> R, short x, unsigned char y, cudapy::extent cudapy_extent) {
    short v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 38 "promote/augmented_mixed.py"
    v = x;
#line 39 "promote/augmented_mixed.py"
    v = ((short)(v | ((short)y)));
#line 40 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_u64_u8(cudapy::array<unsigned long long> R, unsigned long long x, unsigned char y, cudapy::extent cudapy_extent) {
    unsigned long long v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 45 "promote/augmented_mixed.py"
    v = x;
#line 46 "promote/augmented_mixed.py"
    v = cudapy::shl(v, ((unsigned long long)y));
#line 47 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_i32_b(cudapy::array<int> R, int x, bool y, cudapy::extent cudapy_extent) {
    int v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 52 "promote/augmented_mixed.py"
    v = x;
#line 53 "promote/augmented_mixed.py"
    v = (v & ((int)y));
#line 54 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_f32_b(cudapy::array<float> R, float x, bool y, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    float v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 59 "promote/augmented_mixed.py"
    v = x;
#line 60 "promote/augmented_mixed.py"
    v = (v - cudapy_hoisted0);
#line 61 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_i8_b(cudapy::array<signed char> R, signed char x, bool y, cudapy::extent cudapy_extent) {
    signed char v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 66 "promote/augmented_mixed.py"
    v = x;
#line 67 "promote/augmented_mixed.py"
    v = cudapy::mul(v, ((signed char)y));
#line 68 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_u32_u16(cudapy::array<unsigned int> R, unsigned int x, unsigned short y, cudapy::extent cudapy_extent) {
    unsigned int v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 73 "promote/augmented_mixed.py"
    v = x;
#line 74 "promote/augmented_mixed.py"
    v = (v / cudapy::nonzero(((unsigned int)y), 1, "promote/augmented_mixed.py", 74));
#line 75 "promote/augmented_mixed.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_i64_i32(cudapy::array<long long> R, long long x, int y, cudapy::extent cudapy_extent) {
    long long v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 80 "promote/augmented_mixed.py"
    v = x;
#line 81 "promote/augmented_mixed.py"
    v = cudapy::mod(v, cudapy::nonzero(((long long)y), 2, "promote/augmented_mixed.py", 81));
#line 82 "promote/augmented_mixed.py"
    R.data[0] = v;
}

