
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS chained(cudapy::array<bool> B, int a, int b, int c, float x, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "compare/chained.py"
    B.data[0] = ((a < b) && (b < c));
#line 4 "compare/chained.py"
    B.data[1] = ((0 <= a) && (a < 10));
#line 5 "compare/chained.py"
    B.data[2] = ((a == b) && (b == c));
#line 6 "compare/chained.py"
    B.data[3] = ((0.0f <= x) && (x <= 1.0f));
#line 7 "compare/chained.py"
    B.data[4] = (((a < b) && (b <= c)) && (c != 7));
}

