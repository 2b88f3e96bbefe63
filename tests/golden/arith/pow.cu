
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS pow_ops(cudapy::array<int> I, cudapy::array<float> F, cudapy::array<double> D, int a, int b, float x, float y, double u, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/pow.py"
    I.data[0] = cudapy::ipow(a, b);
#line 4 "arith/pow.py"
    I.data[1] = cudapy::ipow(a, 2);
#line 5 "arith/pow.py"
    F.data[0] = ::powf(x, y);
#line 6 "arith/pow.py"
    F.data[1] = ::powf(x, 2.0f);
#line 7 "arith/pow.py"
    F.data[2] = ::powf(x, 0.5f);
#line 8 "arith/pow.py"
    D.data[0] = ::pow(u, 3.0);
#line 9 "arith/pow.py"
    D.data[1] = ::pow(u, cudapy_hoisted0);
#line 10 "arith/pow.py"
    D.data[2] = ::pow(u, cudapy_hoisted1);
}

