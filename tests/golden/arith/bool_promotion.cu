
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bools(bool p, float x, signed char s, cudapy::array<float> F, cudapy::array<int> I, cudapy::extent cudapy_extent, float cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/bool_promotion.py"
    F.data[0] = cudapy_hoisted0;
#line 4 "arith/bool_promotion.py"
    I.data[0] = ((int)cudapy::add(((signed char)p), s));
#line 5 "arith/bool_promotion.py"
    I.data[1] = cudapy::add(((int)p), ((int)p));
#line 6 "arith/bool_promotion.py"
    I.data[2] = cudapy::add(((int)true), 1);
}

