
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_int8(cudapy::array<signed char> R, signed char a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/mul_same.py"
    R.data[0] = cudapy::mul(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_int16(cudapy::array<short> R, short a, short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 8 "promote/mul_same.py"
    R.data[0] = cudapy::mul(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_int32(cudapy::array<int> R, int a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 13 "promote/mul_same.py"
    R.data[0] = cudapy::mul(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_int64(cudapy::array<long long> R, long long a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 18 "promote/mul_same.py"
    R.data[0] = cudapy::mul(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_uint8(cudapy::array<unsigned char> R, unsigned char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 23 "promote/mul_same.py"
    R.data[0] = cudapy::mul(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_uint16(cudapy::array<unsigned short> R, unsigned short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 28 "promote/mul_same.py"
    R.data[0] = cudapy::mul(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_uint32(cudapy::array<unsigned int> R, unsigned int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/mul_same.py"
    R.data[0] = (a * b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_uint64(cudapy::array<unsigned long long> R, unsigned long long a, unsigned long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 38 "promote/mul_same.py"
    R.data[0] = (a * b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_float32(cudapy::array<float> R, float a, float b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/mul_same.py"
    R.data[0] = (a * b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_float64(cudapy::array<double> R, double a, double b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 48 "promote/mul_same.py"
    R.data[0] = (a * b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mul_bool(cudapy::array<int> R, bool a, bool b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 53 "promote/mul_same.py"
    R.data[0] = cudapy::mul(((int)a), ((int)b));
}

