
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS mod(cudapy::array<int> I, cudapy::array<float> F, cudapy::array<double> D, int a, int b, unsigned int n, float x, float y, double u, cudapy::extent cudapy_extent, double cudapy_hoisted0) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/mod.py"
    I.data[0] = cudapy::mod(a, cudapy::nonzero(b, 1, "arith/mod.py", 3));
#line 4 "arith/mod.py"
    I.data[1] = cudapy::mod(a, 10);
#line 5 "arith/mod.py"
    I.data[2] = ((int)(n % 8u));
#line 6 "arith/mod.py"
    F.data[0] = cudapy::mod(x, y);
#line 7 "arith/mod.py"
    F.data[1] = cudapy::mod(x, 1.0f);
#line 8 "arith/mod.py"
    D.data[0] = cudapy::mod(u, cudapy_hoisted0);
}

