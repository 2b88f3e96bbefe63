
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_int8(cudapy::array<signed char> R, signed char x, cudapy::extent cudapy_extent) {
    signed char v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/augmented_weak.py"
    v = x;
#line 4 "promote/augmented_weak.py"
    v = cudapy::add(v, ((signed char)1));
#line 5 "promote/augmented_weak.py"
    v = cudapy::sub(v, ((signed char)2));
#line 6 "promote/augmented_weak.py"
    v = cudapy::mul(v, ((signed char)3));
#line 7 "promote/augmented_weak.py"
    v = cudapy::floordiv(v, ((signed char)2));
#line 8 "promote/augmented_weak.py"
    v = cudapy::mod(v, ((signed char)7));
#line 9 "promote/augmented_weak.py"
    v = cudapy::ipow(v, ((signed char)2));
#line 10 "promote/augmented_weak.py"
    v = cudapy::shl(v, ((signed char)1));
#line 11 "promote/augmented_weak.py"
    v = cudapy::shr(v, ((signed char)1));
#line 12 "promote/augmented_weak.py"
    v = ((signed char)(v & ((signed char)127)));
#line 13 "promote/augmented_weak.py"
    v = ((signed char)(v | ((signed char)1)));
#line 14 "promote/augmented_weak.py"
    v = ((signed char)(v ^ ((signed char)3)));
#line 15 "promote/augmented_weak.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_int16(cudapy::array<short> R, short x, cudapy::extent cudapy_extent) {
    short v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 20 "promote/augmented_weak.py"
    v = x;
#line 21 "promote/augmented_weak.py"
    v = cudapy::add(v, ((short)1));
#line 22 "promote/augmented_weak.py"
    v = cudapy::sub(v, ((short)2));
#line 23 "promote/augmented_weak.py"
    v = cudapy::mul(v, ((short)3));
#line 24 "promote/augmented_weak.py"
    v = cudapy::floordiv(v, ((short)2));
#line 25 "promote/augmented_weak.py"
    v = cudapy::mod(v, ((short)7));
#line 26 "promote/augmented_weak.py"
    v = cudapy::ipow(v, ((short)2));
#line 27 "promote/augmented_weak.py"
    v = cudapy::shl(v, ((short)1));
#line 28 "promote/augmented_weak.py"
    v = cudapy::shr(v, ((short)1));
#line 29 "promote/augmented_weak.py"
    v = ((short)(v & ((short)127)));
#line 30 "promote/augmented_weak.py"
    v = ((short)(v | ((short)1)));
#line 31 "promote/augmented_weak.py"
    v = ((short)(v ^ ((short)3)));
#line 32 "promote/augmented_weak.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_int32(cudapy::array<int> R, int x, cudapy::extent cudapy_extent) {
    int v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 37 "promote/augmented_weak.py"
    v = x;
#line 38 "promote/augmented_weak.py"
    v = cudapy::add(v, 1);
#line 39 "promote/augmented_weak.py"
    v = cudapy::sub(v, 2);
#line 40 "promote/augmented_weak.py"
    v = cudapy::mul(v, 3);
#line 41 "promote/augmented_weak.py"
    v = cudapy::floordiv(v, 2);
#line 42 "promote/augmented_weak.py"
    v = cudapy::mod(v, 7);
#line 43 "promote/augmented_weak.py"
    v = cudapy::ipow(v, 2);
#line 44 "promote/augmented_weak.py"
    v = cudapy::shl(v, 1);
#line 45 "promote/augmented_weak.py"
    v = cudapy::shr(v, 1);
#line 46 "promote/augmented_weak.py"
    v = (v & 127);
#line 47 "promote/augmented_weak.py"
    v = (v | 1);
#line 48 "promote/augmented_weak.py"
    v = (v ^ 3);
#line 49 "promote/augmented_weak.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_int64(cudapy::array<long long> R, long long x, cudapy::extent cudapy_extent) {
    long long v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 54 "promote/augmented_weak.py"
    v = x;
#line 55 "promote/augmented_weak.py"
    v = cudapy::add(v, 1LL);
#line 56 "promote/augmented_weak.py"
    v = cudapy::sub(v, 2LL);
#line 57 "promote/augmented_weak.py"
    v = cudapy::mul(v, 3LL);
#line 58 "promote/augmented_weak.py"
    v = cudapy::floordiv(v, 2LL);
#line 59 "promote/augmented_weak.py"
    v = cudapy::mod(v, 7LL);
#line 60 "promote/augmented_weak.py"
    v = cudapy::ipow(v, 2LL);
#line 61 "promote/augmented_weak.py"
    v = cudapy::shl(v, 1LL);
#line 62 "promote/augmented_weak.py"
    v = cudapy::shr(v, 1LL);
#line 63 "promote/augmented_weak.py"
    v = (v & 127LL);
#line 64 "promote/augmented_weak.py"
    v = (v | 1LL);
#line 65 "promote/augmented_weak.py"
    v = (v ^ 3LL);
#line 66 "promote/augmented_weak.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_uint8(cudapy::array<unsigned char> R, unsigned char x, cudapy::extent cudapy_extent) {
    unsigned char v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 71 "promote/augmented_weak.py"
    v = x;
#line 72 "promote/augmented_weak.py"
    v = cudapy::add(v, ((unsigned char)1));
#line 73 "promote/augmented_weak.py"
    v = cudapy::sub(v, ((unsigned char)2));
#line 74 "promote/augmented_weak.py"
    v = cudapy::mul(v, ((unsigned char)3));
#line 75 "promote/augmented_weak.py"
    v = ((unsigned char)(v / ((unsigned char)2)));
#line 76 "promote/augmented_weak.py"
    v = ((unsigned char)(v % ((unsigned char)7)));
#line 77 "promote/augmented_weak.py"
    v = cudapy::ipow(v, ((unsigned char)2));
#line 78 "promote/augmented_weak.py"
    v = cudapy::shl(v, ((unsigned char)1));
#line 79 "promote/augmented_weak.py"
    v = cudapy::shr(v, ((unsigned char)1));
#line 80 "promote/augmented_weak.py"
    v = ((unsigned char)(v & ((unsigned char)127)));
#line 81 "promote/augmented_weak.py"
    v = ((unsigned char)(v | ((unsigned char)1)));
#line 82 "promote/augmented_weak.py"
    v = ((unsigned char)(v ^ ((unsigned char)3)));
#line 83 "promote/augmented_weak.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_uint16(cudapy::array<unsigned short> R, unsigned short x, cudapy::extent cudapy_extent) {
    unsigned short v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 88 "promote/augmented_weak.py"
    v = x;
#line 89 "promote/augmented_weak.py"
    v = cudapy::add(v, ((unsigned short)1));
#line 90 "promote/augmented_weak.py"
    v = cudapy::sub(v, ((unsigned short)2));
#line 91 "promote/augmented_weak.py"
    v = cudapy::mul(v, ((unsigned short)3));
#line 92 "promote/augmented_weak.py"
    v = ((unsigned short)(v / ((unsigned short)2)));
#line 93 "promote/augmented_weak.py"
    v = ((unsigned short)(v % ((unsigned short)7)));
#line 94 "promote/augmented_weak.py"
    v = cudapy::ipow(v, ((unsigned short)2));
#line 95 "promote/augmented_weak.py"
    v = cudapy::shl(v, ((unsigned short)1));
#line 96 "promote/augmented_weak.py"
    v = cudapy::shr(v, ((unsigned short)1));
#line 97 "promote/augmented_weak.py"
    v = ((unsigned short)(v & ((unsigned short)127)));
#line 98 "promote/augmented_weak.py"
    v = ((unsigned short)(v | ((unsigned short)1)));
#line 99 "promote/augmented_weak.py"
    v = ((unsigned short)(v ^ ((unsigned short)3)));
#line 100 "promote/augmented_weak.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_uint32(cudapy::array<unsigned int> R, unsigned int x, cudapy::extent cudapy_extent) {
    unsigned int v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 105 "promote/augmented_weak.py"
    v = x;
#line 106 "promote/augmented_weak.py"
    v = (v + 1u);
#line 107 "promote/augmented_weak.py"
    v = (v - 2u);
#line 108 "promote/augmented_weak.py"
    v = (v * 3u);
#line 109 "promote/augmented_weak.py"
    v = (v / 2u);
#line 110 "promote/augmented_weak.py"
    v = (v % 7u);
#line 111 "promote/augmented_weak.py"
    v = cudapy::ipow(v, 2u);
#line 112 "promote/augmented_weak.py"
    v = cudapy::shl(v, 1u);
#line 113 "promote/augmented_weak.py"
    v = cudapy::shr(v, 1u);
#line 114 "promote/augmented_weak.py"
    v = (v & 127u);
#line 115 "promote/augmented_weak.py"
    v = (v | 1u);
#line 116 "promote/augmented_weak.py"
    v = (v ^ 3u);
#line 117 "promote/augmented_weak.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_uint64(cudapy::array<unsigned long long> R, unsigned long long x, cudapy::extent cudapy_extent) {
    unsigned long long v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 122 "promote/augmented_weak.py"
    v = x;
#line 123 "promote/augmented_weak.py"
    v = (v + 1ULL);
#line 124 "promote/augmented_weak.py"
    v = (v - 2ULL);
#line 125 "promote/augmented_weak.py"
    v = (v * 3ULL);
#line 126 "promote/augmented_weak.py"
    v = (v / 2ULL);
#line 127 "promote/augmented_weak.py"
    v = (v % 7ULL);
#line 128 "promote/augmented_weak.py"
    v = cudapy::ipow(v, 2ULL);
#line 129 "promote/augmented_weak.py"
    v = cudapy::shl(v, 1ULL);
#line 130 "promote/augmented_weak.py"
    v = cudapy::shr(v, 1ULL);
#line 131 "promote/augmented_weak.py"
    v = (v & 127ULL);
#line 132 "promote/augmented_weak.py"
    v = (v | 1ULL);
#line 133 "promote/augmented_weak.py"
    v = (v ^ 3ULL);
#line 134 "promote/augmented_weak.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_float32(cudapy::array<float> R, float x, cudapy::extent cudapy_extent) {
    float v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 139 "promote/augmented_weak.py"
    v = x;
#line 140 "promote/augmented_weak.py"
    v = (v + 1.0f);
#line 141 "promote/augmented_weak.py"
    v = (v - 2.0f);
#line 142 "promote/augmented_weak.py"
    v = (v * 3.0f);
#line 143 "promote/augmented_weak.py"
    v = cudapy::floordiv(v, 2.0f);
#line 144 "promote/augmented_weak.py"
    v = cudapy::mod(v, 7.0f);
#line 145 "promote/augmented_weak.py"
    v = ::powf(v, 2.0f);
#line 146 "promote/augmented_weak.py"
    v = (v / 2.0f);
#line 147 "promote/augmented_weak.py"
    v = (v + 0.5f);
#line 148 "promote/augmented_weak.py"
    R.data[0] = v;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS augmented_float64(cudapy::array<double> R, double x, cudapy::extent cudapy_extent) {
    double v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 153 "promote/augmented_weak.py"
    v = x;
#line 154 "promote/augmented_weak.py"
    v = (v + 1.0);
#line 155 "promote/augmented_weak.py"
    v = (v - 2.0);
#line 156 "promote/augmented_weak.py"
    v = (v * 3.0);
#line 157 "promote/augmented_weak.py"
    v = cudapy::floordiv(v, 2.0);
#line 158 "promote/augmented_weak.py"
    v = cudapy::mod(v, 7.0);
#line 159 "promote/augmented_weak.py"
    v = ::pow(v, 2.0);
#line 160 "promote/augmented_weak.py"
    v = (v / 2.0);
#line 161 "promote/augmented_weak.py"
    v = (v + 0.5);
#line 162 "promote/augmented_weak.py"
    R.data[0] = v;
}

