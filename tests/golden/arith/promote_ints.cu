
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS promote_ints(cudapy::array<long long> L, cudapy::array<double> D, cudapy::array<unsigned int> U, int a, long long b, unsigned int n, unsigned long long m, unsigned char c, cudapy::extent cudapy_extent, double cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/promote_ints.py"
    L.data[0] = cudapy::add(((long long)a), b);
#line 4 "arith/promote_ints.py"
    L.data[1] = cudapy::add(((long long)n), ((long long)a));
#line 5 "arith/promote_ints.py"
    L.data[2] = cudapy::sub(((long long)n), b);
#line 6 "arith/promote_ints.py"
    D.data[0] = cudapy_hoisted0;
#line 7 "arith/promote_ints.py"
    U.data[0] = (n + ((unsigned int)c));
}

