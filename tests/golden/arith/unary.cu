
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS unary(cudapy::array<int> I, cudapy::array<float> F, cudapy::array<double> D, int a, float x, double u, bool p, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/unary.py"
    I.data[0] = cudapy::neg(a);
#line 4 "arith/unary.py"
    I.data[1] = (+a);
#line 5 "arith/unary.py"
    I.data[2] = (~a);
#line 6 "arith/unary.py"
    I.data[3] = cudapy::neg(((int)p));
#line 7 "arith/unary.py"
    I.data[4] = (~((int)p));
#line 8 "arith/unary.py"
    F.data[0] = (-x);
#line 9 "arith/unary.py"
    F.data[1] = (+x);
#line 10 "arith/unary.py"
    D.data[0] = (-u);
#line 11 "arith/unary.py"
    D.data[1] = (-(-u));
}

