
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_literals(cudapy::array<float> F, cudapy::array<double> D, cudapy::array<long long> L, float x, double u, long long c, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/weak_literals.py"
    F.data[0] = (x * 2.0f);
#line 4 "arith/weak_literals.py"
    F.data[1] = ((2.0f * x) + 1.0f);
#line 5 "arith/weak_literals.py"
    F.data[2] = (x - 0.100000001f);
#line 6 "arith/weak_literals.py"
    D.data[0] = (u * 2.0);
#line 7 "arith/weak_literals.py"
    D.data[1] = (3.0 + u);
#line 8 "arith/weak_literals.py"
    L.data[0] = cudapy::add(c, 1LL);
#line 9 "arith/weak_literals.py"
    L.data[1] = cudapy::mul(2LL, c);
}

