
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS casts(cudapy::array<int> I, cudapy::array<float> F, cudapy::array<double> D, cudapy::array<bool> B, int a, float x, double u, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, double cudapy_hoisted2, double cudapy_hoisted3) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "calls/casts.py"
    I.data[0] = ((int)x);
#line 4 "calls/casts.py"
    I.data[1] = ((int)u);
#line 5 "calls/casts.py"
    F.data[0] = cudapy_hoisted0;
#line 6 "calls/casts.py"
    F.data[1] = cudapy_hoisted1;
#line 7 "calls/casts.py"
    D.data[0] = cudapy_hoisted2;
#line 8 "calls/casts.py"
    D.data[1] = cudapy_hoisted3;
#line 9 "calls/casts.py"
    B.data[0] = (a != 0);
#line 10 "calls/casts.py"
    B.data[1] = (x != 0);
#line 11 "calls/casts.py"
    I.data[2] = ((int)B.data[2]);
}

