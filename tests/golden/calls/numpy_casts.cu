
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS numpy_casts(cudapy::array<float> F, cudapy::array<long long> L, cudapy::array<unsigned char> U, double u, int a, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 6 "calls/numpy_casts.py"
    F.data[0] = cudapy_hoisted0;
#line 7 "calls/numpy_casts.py"
    L.data[0] = cudapy::mul(((long long)a), ((long long)a));
#line 8 "calls/numpy_casts.py"
    U.data[0] = ((unsigned char)a);
#line 9 "calls/numpy_casts.py"
    F.data[1] = cudapy_hoisted1;
}

