
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS promote_float_int(cudapy::array<double> D, cudapy::array<float> F, int x, float y, short h, signed char c, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/promote_float_int.py"
    D.data[0] = (((double)y) + ((double)x));
#line 4 "arith/promote_float_int.py"
    D.data[1] = (((double)x) * ((double)y));
#line 5 "arith/promote_float_int.py"
    F.data[0] = (y + ((float)h));
#line 6 "arith/promote_float_int.py"
    F.data[1] = (y * ((float)c));
}

