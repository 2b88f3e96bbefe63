
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS bitwise(cudapy::array<int> I, cudapy::array<long long> L, cudapy::array<bool> B, int a, int b, long long c, bool p, bool q, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/bitwise.py"
    I.data[0] = (a & b);
#line 4 "arith/bitwise.py"
    I.data[1] = (a | b);
#line 5 "arith/bitwise.py"
    I.data[2] = (a ^ b);
#line 6 "arith/bitwise.py"
    I.data[3] = (a & 255);
#line 7 "arith/bitwise.py"
    L.data[0] = (c | ((long long)a));
#line 8 "arith/bitwise.py"
    L.data[1] = (c ^ ((long long)(-1)));
#line 9 "arith/bitwise.py"
    B.data[0] = (p & q);
#line 10 "arith/bitwise.py"
    B.data[1] = (p | q);
#line 11 "arith/bitwise.py"
    B.data[2] = (p ^ q);
}

