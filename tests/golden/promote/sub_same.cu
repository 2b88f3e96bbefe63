
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_int8(cudapy::array<signed char> R, signed char a, signed char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/sub_same.py"
    R.data[0] = cudapy::sub(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_int16(cudapy::array<short> R, short a, short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 8 "promote/sub_same.py"
    R.data[0] = cudapy::sub(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_int32(cudapy::array<int> R, int a, int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 13 "promote/sub_same.py"
    R.data[0] = cudapy::sub(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_int64(cudapy::array<long long> R, long long a, long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 18 "promote/sub_same.py"
    R.data[0] = cudapy::sub(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_uint8(cudapy::array<unsigned char> R, unsigned char a, unsigned char b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 23 "promote/sub_same.py"
    R.data[0] = cudapy::sub(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_uint16(cudapy::array<unsigned short> R, unsigned short a, unsigned short b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 28 "promote/sub_same.py"
    R.data[0] = cudapy::sub(a, b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_uint32(cudapy::array<unsigned int> R, unsigned int a, unsigned int b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 33 "promote/sub_same.py"
    R.data[0] = (a - b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_uint64(cudapy::array<unsigned long long> R, unsigned long long a, unsigned long long b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 38 "promote/sub_same.py"
    R.data[0] = (a - b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_float32(cudapy::array<float> R, float a, float b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 43 "promote/sub_same.py"
    R.data[0] = (a - b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_float64(cudapy::array<double> R, double a, double b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 48 "promote/sub_same.py"
    R.data[0] = (a - b);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS sub_bool(cudapy::array<int> R, bool a, bool b, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 53 "promote/sub_same.py"
    R.data[0] = cudapy::sub(((int)a), ((int)b));
}

