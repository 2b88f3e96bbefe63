
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS conditional_expr(cudapy::array<int> I, cudapy::array<float> F, cudapy::array<double> D, int a, int b, float x, double u, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "compare/conditional_expr.py"
    I.data[0] = ((a > b) ? a : b);
#line 4 "compare/conditional_expr.py"
    I.data[1] = ((a != 0) ? 1 : 0);
#line 5 "compare/conditional_expr.py"
    F.data[0] = ((x > 0.0f) ? x : 0.0f);
#line 6 "compare/conditional_expr.py"
    F.data[1] = ((a < b) ? 1.0f : 2.0f);
#line 7 "compare/conditional_expr.py"
    D.data[0] = ((a > 0) ? u : cudapy_hoisted0);
#line 8 "compare/conditional_expr.py"
    D.data[1] = ((a > 0) ? cudapy_hoisted1 : u);
}

