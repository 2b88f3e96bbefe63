
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS floordiv(cudapy::array<int> I, cudapy::array<long long> L, cudapy::array<float> F, cudapy::array<double> D, int a, int b, long long c, float x, float y, double u, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/floordiv.py"
    I.data[0] = cudapy::floordiv(a, cudapy::nonzero(b, 1, "arith/floordiv.py", 3));
#line 4 "arith/floordiv.py"
    I.data[1] = cudapy::floordiv(a, 4);
#line 5 "arith/floordiv.py"
    I.data[2] = (-4);
#line 6 "arith/floordiv.py"
    L.data[0] = cudapy::floordiv(c, cudapy::nonzero(((long long)a), 2, "arith/floordiv.py", 6));
#line 7 "arith/floordiv.py"
    F.data[0] = cudapy::floordiv(x, y);
#line 8 "arith/floordiv.py"
    F.data[1] = cudapy::floordiv(x, 2.0f);
#line 9 "arith/floordiv.py"
    D.data[0] = cudapy::floordiv(u, cudapy_hoisted0);
#line 10 "arith/floordiv.py"
    D.data[1] = cudapy::floordiv(u, cudapy_hoisted1);
}

