
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_int8(cudapy::array<signed char> R, signed char a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/floordiv_same.py"
    R.data[0] = cudapy::floordiv(a, cudapy::nonzero(b, 1, "promote/floordiv_same.py", 3));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_int16(cudapy::array<short> R, short a, short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 8 "promote/floordiv_same.py"
    R.data[0] = cudapy::floordiv(a, cudapy::nonzero(b, 2, "promote/floordiv_same.py", 8));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_int32(cudapy::array<int> R, int a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 13 "promote/floordiv_same.py"
    R.data[0] = cudapy::floordiv(a, cudapy::nonzero(b, 3, "promote/floordiv_same.py", 13));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_int64(cudapy::array<long long> R, long long a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 18 "promote/floordiv_same.py"
    R.data[0] = cudapy::floordiv(a, cudapy::nonzero(b, 4, "promote/floordiv_same.py", 18));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_uint8(cudapy::array<unsigned char> R, unsigned char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 23 "promote/floordiv_same.py"
    R.data[0] = ((unsigned char)(a / cudapy::nonzero(b, 5, "promote/floordiv_same.py", 23)));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_uint16(cudapy::array<unsigned short> R, unsigned short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 28 "promote/floordiv_same.py"
    R.data[0] = ((unsigned short)(a / cudapy::nonzero(b, 6, "promote/floordiv_same.py", 28)));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_uint32(cudapy::array<unsigned int> R, unsigned int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/floordiv_same.py"
    R.data[0] = (a / cudapy::nonzero(b, 7, "promote/floordiv_same.py", 33));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_uint64(cudapy::array<unsigned long long> R, unsigned long long a, unsigned long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 38 "promote/floordiv_same.py"
    R.data[0] = (a / cudapy::nonzero(b, 8, "promote/floordiv_same.py", 38));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_float32(cudapy::array<float> R, float a, float b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/floordiv_same.py"
    R.data[0] = cudapy::floordiv(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_float64(cudapy::array<double> R, double a, double b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 48 "promote/floordiv_same.py"
    R.data[0] = cudapy::floordiv(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv_bool(cudapy::array<int> R, bool a, bool b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 53 "promote/floordiv_same.py"
    R.data[0] = (((int)a) / cudapy::nonzero(((int)b), 9, "promote/floordiv_same.py", 53));
}

