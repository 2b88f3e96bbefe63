
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS comparisons(cudapy::array<bool> B, int a, int b, float x, double u, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "compare/comparisons.py"
    B.data[0] = (a < b);
#line 4 "compare/comparisons.py"
    B.data[1] = (a <= b);
#line 5 "compare/comparisons.py"
    B.data[2] = (a > b);
#line 6 "compare/comparisons.py"
    B.data[3] = (a >= b);
#line 7 "compare/comparisons.py"
    B.data[4] = (a == b);
#line 8 "compare/comparisons.py"
    B.data[5] = (a != b);
#line 9 "compare/comparisons.py"
    B.data[6] = (cudapy_hoisted0 < cudapy_hoisted1);
#line 10 "compare/comparisons.py"
    B.data[7] = (x == 0.5f);
#line 11 "compare/comparisons.py"
    B.data[8] = (u >= cudapy_hoisted0);
}

