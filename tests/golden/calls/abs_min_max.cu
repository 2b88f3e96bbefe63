
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS abs_min_max(cudapy::array<int> I, cudapy::array<float> F, cudapy::array<double> D, int a, int b, int c, float x, float y, double u, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "calls/abs_min_max.py"
    I.data[0] = cudapy::abs(a);
#line 4 "calls/abs_min_max.py"
    F.data[0] = cudapy::abs(x);
#line 5 "calls/abs_min_max.py"
    D.data[0] = cudapy::abs(u);
#line 6 "calls/abs_min_max.py"
    I.data[1] = cudapy::min(a, b);
#line 7 "calls/abs_min_max.py"
    I.data[2] = cudapy::max(cudapy::max(a, b), c);
#line 8 "calls/abs_min_max.py"
    F.data[1] = cudapy::min(cudapy::min(x, y), 0.0f);
#line 9 "calls/abs_min_max.py"
    F.data[2] = cudapy::max(x, 1.0f);
#line 10 "calls/abs_min_max.py"
    D.data[1] = cudapy::max(cudapy_hoisted0, u);
#line 11 "calls/abs_min_max.py"
    D.data[2] = cudapy::min(cudapy_hoisted1, u);
}

