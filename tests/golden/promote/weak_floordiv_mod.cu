
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_int8(cudapy::array<signed char> R, cudapy::array<float> F, signed char x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/weak_floordiv_mod.py"
    R.data[0] = cudapy::floordiv(x, ((signed char)2));
#line 4 "promote/weak_floordiv_mod.py"
    R.data[1] = cudapy::floordiv(((signed char)7), cudapy::nonzero(x, 1, "promote/weak_floordiv_mod.py", 4));
#line 5 "promote/weak_floordiv_mod.py"
    R.data[2] = cudapy::mod(x, ((signed char)3));
#line 6 "promote/weak_floordiv_mod.py"
    R.data[3] = cudapy::mod(((signed char)7), cudapy::nonzero(x, 2, "promote/weak_floordiv_mod.py", 6));
#line 7 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(cudapy_hoisted0, 2.0f);
#line 8 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(cudapy_hoisted0, 2.5f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_int16(cudapy::array<short> R, cudapy::array<float> F, short x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 13 "promote/weak_floordiv_mod.py"
    R.data[0] = cudapy::floordiv(x, ((short)2));
#line 14 "promote/weak_floordiv_mod.py"
    R.data[1] = cudapy::floordiv(((short)7), cudapy::nonzero(x, 3, "promote/weak_floordiv_mod.py", 14));
#line 15 "promote/weak_floordiv_mod.py"
    R.data[2] = cudapy::mod(x, ((short)3));
#line 16 "promote/weak_floordiv_mod.py"
    R.data[3] = cudapy::mod(((short)7), cudapy::nonzero(x, 4, "promote/weak_floordiv_mod.py", 16));
#line 17 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(cudapy_hoisted0, 2.0f);
#line 18 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(cudapy_hoisted0, 2.5f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_int32(cudapy::array<int> R, cudapy::array<float> F, int x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 23 "promote/weak_floordiv_mod.py"
    R.data[0] = cudapy::floordiv(x, 2);
#line 24 "promote/weak_floordiv_mod.py"
    R.data[1] = cudapy::floordiv(7, cudapy::nonzero(x, 5, "promote/weak_floordiv_mod.py", 24));
#line 25 "promote/weak_floordiv_mod.py"
    R.data[2] = cudapy::mod(x, 3);
#line 26 "promote/weak_floordiv_mod.py"
    R.data[3] = cudapy::mod(7, cudapy::nonzero(x, 6, "promote/weak_floordiv_mod.py", 26));
#line 27 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(cudapy_hoisted0, 2.0f);
#line 28 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(cudapy_hoisted0, 2.5f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_int64(cudapy::array<long long> R, cudapy::array<float> F, long long x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/weak_floordiv_mod.py"
    R.data[0] = cudapy::floordiv(x, 2LL);
#line 34 "promote/weak_floordiv_mod.py"
    R.data[1] = cudapy::floordiv(7LL, cudapy::nonzero(x, 7, "promote/weak_floordiv_mod.py", 34));
#line 35 "promote/weak_floordiv_mod.py"
    R.data[2] = cudapy::mod(x, 3LL);
#line 36 "promote/weak_floordiv_mod.py"
    R.data[3] = cudapy::mod(7LL, cudapy::nonzero(x, 8, "promote/weak_floordiv_mod.py", 36));
#line 37 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(cudapy_hoisted0, 2.0f);
#line 38 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(cudapy_hoisted0, 2.5f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_uint8(cudapy::array<unsigned char> R, cudapy::array<float> F, unsigned char x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/weak_floordiv_mod.py"
    R.data[0] = ((unsigned char)(x / ((unsigned char)2)));
#line 44 "promote/weak_floordiv_mod.py"
    R.data[1] = ((unsigned char)(((unsigned char)7) / cudapy::nonzero(x, 9, "promote/weak_floordiv_mod.py", 44)));
#line 45 "promote/weak_floordiv_mod.py"
    R.data[2] = ((unsigned char)(x % ((unsigned char)3)));
#line 46 "promote/weak_floordiv_mod.py"
    R.data[3] = ((unsigned char)(((unsigned char)7) % cudapy::nonzero(x, 10, "promote/weak_floordiv_mod.py", 46)));
#line 47 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(cudapy_hoisted0, 2.0f);
#line 48 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(cudapy_hoisted0, 2.5f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_uint16(cudapy::array<unsigned short> R, cudapy::array<float> F, unsigned short x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 53 "promote/weak_floordiv_mod.py"
    R.data[0] = ((unsigned short)(x / ((unsigned short)2)));
#line 54 "promote/weak_floordiv_mod.py"
    R.data[1] = ((unsigned short)(((unsigned short)7) / cudapy::nonzero(x, 11, "promote/weak_floordiv_mod.py", 54)));
#line 55 "promote/weak_floordiv_mod.py"
    R.data[2] = ((unsigned short)(x % ((unsigned short)3)));
#line 56 "promote/weak_floordiv_mod.py"
    R.data[3] = ((unsigned short)(((unsigned short)7) % cudapy::nonzero(x, 12, "promote/weak_floordiv_mod.py", 56)));
#line 57 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(cudapy_hoisted0, 2.0f);
#line 58 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(cudapy_hoisted0, 2.5f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_uint32(cudapy::array<unsigned int> R, cudapy::array<float> F, unsigned int x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 63 "promote/weak_floordiv_mod.py"
    R.data[0] = (x / 2u);
#line 64 "promote/weak_floordiv_mod.py"
    R.data[1] = (7u / cudapy::nonzero(x, 13, "promote/weak_floordiv_mod.py", 64));
#line 65 "promote/weak_floordiv_mod.py"
    R.data[2] = (x % 3u);
#line 66 "promote/weak_floordiv_mod.py"
    R.data[3] = (7u % cudapy::nonzero(x, 14, "promote/weak_floordiv_mod.py", 66));
#line 67 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(cudapy_hoisted0, 2.0f);
#line 68 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(cudapy_hoisted0, 2.5f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_uint64(cudapy::array<unsigned long long> R, cudapy::array<float> F, unsigned long long x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 73 "promote/weak_floordiv_mod.py"
    R.data[0] = (x / 2ULL);
#line 74 "promote/weak_floordiv_mod.py"
    R.data[1] = (7ULL / cudapy::nonzero(x, 15, "promote/weak_floordiv_mod.py", 74));
#line 75 "promote/weak_floordiv_mod.py"
    R.data[2] = (x % 3ULL);
#line 76 "promote/weak_floordiv_mod.py"
    R.data[3] = (7ULL % cudapy::nonzero(x, 16, "promote/weak_floordiv_mod.py", 76));
#line 77 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(cudapy_hoisted0, 2.0f);
#line 78 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(cudapy_hoisted0, 2.5f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_float32(cudapy::array<float> R, cudapy::array<float> F, float x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 83 "promote/weak_floordiv_mod.py"
    R.data[0] = cudapy::floordiv(x, 2.0f);
#line 84 "promote/weak_floordiv_mod.py"
    R.data[1] = cudapy::floordiv(7.0f, x);
#line 85 "promote/weak_floordiv_mod.py"
    R.data[2] = cudapy::mod(x, 3.0f);
#line 86 "promote/weak_floordiv_mod.py"
    R.data[3] = cudapy::mod(7.0f, x);
#line 87 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(x, 2.0f);
#line 88 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(x, 2.5f);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_float64(cudapy::array<double> R, cudapy::array<double> F, double x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 93 "promote/weak_floordiv_mod.py"
    R.data[0] = cudapy::floordiv(x, 2.0);
#line 94 "promote/weak_floordiv_mod.py"
    R.data[1] = cudapy::floordiv(7.0, x);
#line 95 "promote/weak_floordiv_mod.py"
    R.data[2] = cudapy::mod(x, 3.0);
#line 96 "promote/weak_floordiv_mod.py"
    R.data[3] = cudapy::mod(7.0, x);
#line 97 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(x, 2.0);
#line 98 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(x, 2.5);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_floordiv_mod_bool(cudapy::array<int> R, cudapy::array<float> F, bool x, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 103 "promote/weak_floordiv_mod.py"
    R.data[0] = (((int)x) / 2);
#line 104 "promote/weak_floordiv_mod.py"
    R.data[1] = (7 / cudapy::nonzero(((int)x), 17, "promote/weak_floordiv_mod.py", 104));
#line 105 "promote/weak_floordiv_mod.py"
    R.data[2] = (((int)x) % 3);
#line 106 "promote/weak_floordiv_mod.py"
    R.data[3] = (7 % cudapy::nonzero(((int)x), 18, "promote/weak_floordiv_mod.py", 106));
#line 107 "promote/weak_floordiv_mod.py"
    F.data[0] = cudapy::floordiv(cudapy_hoisted0, 2.0f);
#line 108 "promote/weak_floordiv_mod.py"
    F.data[1] = cudapy::mod(cudapy_hoisted0, 2.5f);
}

