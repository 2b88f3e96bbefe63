
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS add_sub_mul(cudapy::array<int> I, cudapy::array<float> F, cudapy::array<double> D, int a, int b, float x, float y, double u, double v, cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/add_sub_mul.py"
    I.data[0] = cudapy::add(a, b);
#line 4 "arith/add_sub_mul.py"
    I.data[1] = cudapy::sub(a, b);
#line 5 "arith/add_sub_mul.py"
    I.data[2] = cudapy::mul(a, b);
#line 6 "arith/add_sub_mul.py"
    F.data[0] = (x + y);
#line 7 "arith/add_sub_mul.py"
    F.data[1] = (x - y);
#line 8 "arith/add_sub_mul.py"
    F.data[2] = (x * y);
#line 9 "arith/add_sub_mul.py"
    D.data[0] = (u + v);
#line 10 "arith/add_sub_mul.py"
    D.data[1] = (u - v);
#line 11 "arith/add_sub_mul.py"
    D.data[2] = (u * v);
#line 12 "arith/add_sub_mul.py"
    D.data[3] = cudapy_hoisted0;
#line 13 "arith/add_sub_mul.py"
    D.data[4] = cudapy_hoisted1;
}

