
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_int8(cudapy::array<signed char> R, signed char a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/lshift_same.py"
    R.data[0] = cudapy::shl(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_int16(cudapy::array<short> R, short a, short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 8 "promote/lshift_same.py"
    R.data[0] = cudapy::shl(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_int32(cudapy::array<int> R, int a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 13 "promote/lshift_same.py"
    R.data[0] = cudapy::shl(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_int64(cudapy::array<long long> R, long long a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 18 "promote/lshift_same.py"
    R.data[0] = cudapy::shl(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_uint8(cudapy::array<unsigned char> R, unsigned char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 23 "promote/lshift_same.py"
    R.data[0] = cudapy::shl(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_uint16(cudapy::array<unsigned short> R, unsigned short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 28 "promote/lshift_same.py"
    R.data[0] = cudapy::shl(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_uint32(cudapy::array<unsigned int> R, unsigned int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/lshift_same.py"
    R.data[0] = cudapy::shl(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_uint64(cudapy::array<unsigned long long> R, unsigned long long a, unsigned long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 38 "promote/lshift_same.py"
    R.data[0] = cudapy::shl(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS lshift_bool(cudapy::array<int> R, bool a, bool b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/lshift_same.py"
    R.data[0] = cudapy::shl(((int)a), ((int)b));
}

