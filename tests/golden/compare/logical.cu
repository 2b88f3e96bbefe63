
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS logical(cudapy::array<int> X, int a, int b, bool p, bool q, cudapy::extent cudapy_extent) {
    bool r{};
    bool s{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "compare/logical.py"
    if ((a > 0) && (b > 0)) {
#line 4 "compare/logical.py"
        X.data[0] = 1;
    }
#line 5 "compare/logical.py"
    if ((a > 0) || (b > 0)) {
#line 6 "compare/logical.py"
        X.data[1] = 1;
    }
#line 7 "compare/logical.py"
    if (!p) {
#line 8 "compare/logical.py"
        X.data[2] = 1;
    }
#line 9 "compare/logical.py"
    if ((p && (!q)) || (a == b)) {
#line 10 "compare/logical.py"
        X.data[3] = 1;
    }
#line 11 "compare/logical.py"
    if ((a != 0) && (b != 0)) {
#line 12 "compare/logical.py"
        X.data[4] = 1;
    }
#line 13 "compare/logical.py"
    if (!(a != 0)) {
#line 14 "compare/logical.py"
        X.data[5] = 1;
    }
#line 15 "compare/logical.py"
    r = (p && q);
#line 16 "compare/logical.py"
    s = (!(a < b));
#line 17 "compare/logical.py"
    X.data[6] = ((int)r);
#line 18 "compare/logical.py"
    X.data[7] = ((int)s);
}

