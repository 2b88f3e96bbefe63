
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS true_div(cudapy::array<float> F, cudapy::array<double> D, int a, int b, float x, float y, double u, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "arith/true_div.py"
    F.data[0] = (x / y);
#line 4 "arith/true_div.py"
    F.data[1] = (((float)a) / ((float)b));
#line 5 "arith/true_div.py"
    F.data[2] = (((float)a) / 2.0f);
#line 6 "arith/true_div.py"
    D.data[0] = (u / ((double)a));
#line 7 "arith/true_div.py"
    D.data[1] = (((double)x) / ((double)a));
#line 8 "arith/true_div.py"
    D.data[2] = (((double)x) / u);
#line 9 "arith/true_div.py"
    D.data[3] = (u / 3.0);
}

