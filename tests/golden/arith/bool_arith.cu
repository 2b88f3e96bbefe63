
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bool_arith(cudapy::array<int> I, bool p, bool q, int a, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/bool_arith.py"
    I.data[0] = cudapy::add(((int)p), ((int)q));
#line 4 "arith/bool_arith.py"
    I.data[1] = cudapy::mul(((int)p), a);
#line 5 "arith/bool_arith.py"
    I.data[2] = cudapy::add(((int)true), ((int)true));
#line 6 "arith/bool_arith.py"
    I.data[3] = cudapy::sub(((int)p), 1);
#line 7 "arith/bool_arith.py"
    I.data[4] = cudapy::add(a, ((int)(a > 0)));
}

