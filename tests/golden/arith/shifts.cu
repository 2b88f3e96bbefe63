
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS shifts(cudapy::array<int> I, cudapy::array<long long> L, cudapy::array<unsigned int> U, int a, int b, long long c, unsigned int n, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/shifts.py"
    I.data[0] = cudapy::shl(a, b);
#line 4 "arith/shifts.py"
    I.data[1] = cudapy::shr(a, b);
#line 5 "arith/shifts.py"
    I.data[2] = cudapy::shl(a, 3);
#line 6 "arith/shifts.py"
    I.data[3] = cudapy::shr(1, a);
#line 7 "arith/shifts.py"
    L.data[0] = cudapy::shl(c, ((long long)a));
#line 8 "arith/shifts.py"
    L.data[1] = cudapy::shr(c, 1LL);
#line 9 "arith/shifts.py"
    U.data[0] = cudapy::shl(n, 4u);
#line 10 "arith/shifts.py"
    U.data[1] = cudapy::shr(n, 31u);
}

