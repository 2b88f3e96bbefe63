
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS literals(cudapy::array<int> I, cudapy::array<long long> L, cudapy::array<float> F, cudapy::array<double> D, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/literals.py"
    I.data[0] = 255;
#line 4 "arith/literals.py"
    I.data[1] = 15;
#line 5 "arith/literals.py"
    I.data[2] = 10;
#line 6 "arith/literals.py"
    I.data[3] = 1000000;
#line 7 "arith/literals.py"
    L.data[0] = 10000000000LL;
#line 8 "arith/literals.py"
    F.data[0] = 0.00100000005f;
#line 9 "arith/literals.py"
    F.data[1] = 0.5f;
#line 10 "arith/literals.py"
    F.data[2] = 2.0f;
#line 11 "arith/literals.py"
    D.data[0] = 1.5000000000000001e+300;
#line 12 "arith/literals.py"
    D.data[1] = 0.10000000000000001;
}

