
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS truthiness(cudapy::array<int> I, int a, float x, double u, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "compare/truthiness.py"
    while (a != 0) {
#line 4 "compare/truthiness.py"
        a = cudapy::sub(a, 1);
    }
#line 5 "compare/truthiness.py"
    if (x != 0) {
#line 6 "compare/truthiness.py"
        I.data[0] = 1;
    }
#line 7 "compare/truthiness.py"
    if ((u != 0) || (x != 0)) {
#line 8 "compare/truthiness.py"
        I.data[1] = 1;
    }
#line 9 "compare/truthiness.py"
    I.data[2] = ((x != 0) ? 3 : 4);
}

