
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_int8(cudapy::array<signed char> R, signed char x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "promote/unary.py"
    R.data[0] = cudapy::neg(x);
#line 4 "promote/unary.py"
    R.data[1] = ((signed char)(+x));
#line 5 "promote/unary.py"
    R.data[2] = ((signed char)(~x));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_int16(cudapy::array<short> R, short x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 10 "promote/unary.py"
    R.data[0] = cudapy::neg(x);
#line 11 "promote/unary.py"
    R.data[1] = ((short)(+x));
#line 12 "promote/unary.py"
    R.data[2] = ((short)(~x));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_int32(cudapy::array<int> R, int x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 17 "promote/unary.py"
    R.data[0] = cudapy::neg(x);
#line 18 "promote/unary.py"
    R.data[1] = (+x);
#line 19 "promote/unary.py"
    R.data[2] = (~x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_int64(cudapy::array<long long> R, long long x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 24 "promote/unary.py"
    R.data[0] = cudapy::neg(x);
#line 25 "promote/unary.py"
    R.data[1] = (+x);
#line 26 "promote/unary.py"
    R.data[2] = (~x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_uint8(cudapy::array<unsigned char> R, unsigned char x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 31 "promote/unary.py"
    R.data[0] = ((unsigned char)(-x));
#line 32 "promote/unary.py"
    R.data[1] = ((unsigned char)(+x));
#line 33 "promote/unary.py"
    R.data[2] = ((unsigned char)(~x));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_uint16(cudapy::array<unsigned short> R, unsigned short x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 38 "promote/unary.py"
    R.data[0] = ((unsigned short)(-x));
#line 39 "promote/unary.py"
    R.data[1] = ((unsigned short)(+x));
#line 40 "promote/unary.py"
    R.data[2] = ((unsigned short)(~x));
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_uint32(cudapy::array<unsigned int> R, unsigned int x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 45 "promote/unary.py"
    R.data[0] = (-x);
#line 46 "promote/unary.py"
    R.data[1] = (+x);
#line 47 "promote/unary.py"
    R.data[2] = (~x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_uint64(cudapy::array<unsigned long long> R, unsigned long long x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 52 "promote/unary.py"
    R.data[0] = (-x);
#line 53 "promote/unary.py"
    R.data[1] = (+x);
#line 54 "promote/unary.py"
    R.data[2] = (~x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_float32(cudapy::array<float> R, float x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 59 "promote/unary.py"
    R.data[0] = (-x);
#line 60 "promote/unary.py"
    R.data[1] = (+x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_float64(cudapy::array<double> R, double x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 65 "promote/unary.py"
    R.data[0] = (-x);
#line 66 "promote/unary.py"
    R.data[1] = (+x);
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary_bool(cudapy::array<int> R, bool x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 71 "promote/unary.py"
    R.data[0] = cudapy::neg(((int)x));
#line 72 "promote/unary.py"
    R.data[1] = (+((int)x));
#line 73 "promote/unary.py"
    R.data[2] = (~((int)x));
}

