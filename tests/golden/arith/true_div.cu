
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS true_div(cudapy::array<float> F, cudapy::array<double> D, int a, int b, float x, float y, double u, cudapy::extent cudapy_extent, float cudapy_hoisted0, float cudapy_hoisted1, float cudapy_hoisted2, double cudapy_hoisted3, double cudapy_hoisted4, double cudapy_hoisted5, double cudapy_hoisted6) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/true_div.py"
    F.data[0] = cudapy_hoisted0;
#line 4 "arith/true_div.py"
    F.data[1] = cudapy_hoisted1;
#line 5 "arith/true_div.py"
    F.data[2] = cudapy_hoisted2;
#line 6 "arith/true_div.py"
    D.data[0] = cudapy_hoisted3;
#line 7 "arith/true_div.py"
    D.data[1] = cudapy_hoisted4;
#line 8 "arith/true_div.py"
    D.data[2] = cudapy_hoisted5;
#line 9 "arith/true_div.py"
    D.data[3] = cudapy_hoisted6;
}

