
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS promote_float_int(cudapy::array<double> D, cudapy::array<float> F, int x, float y, short h, signed char c, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1, float cudapy_hoisted2, float cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/promote_float_int.py"
    D.data[0] = cudapy_hoisted0;
#line 4 "arith/promote_float_int.py"
    D.data[1] = cudapy_hoisted1;
#line 5 "arith/promote_float_int.py"
    F.data[0] = cudapy_hoisted2;
#line 6 "arith/promote_float_int.py"
    F.data[1] = cudapy_hoisted3;
}

