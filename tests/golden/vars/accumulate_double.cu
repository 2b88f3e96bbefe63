
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS total64(cudapy::array<double> out, cudapy::array<double> X, cudapy::extent cudapy_extent) {
    double s{};
    int i{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/accumulate_double.py"
    s = 0.0;
#line 4 "vars/accumulate_double.py"
    i = 0;
#line 5 "vars/accumulate_double.py"
    while (((long long)i) < X.size) {
#line 6 "vars/accumulate_double.py"
        s = (s + X.data[i]);
#line 7 "vars/accumulate_double.py"
        i = cudapy::add(i, 1);
    }
#line 8 "vars/accumulate_double.py"
    out.data[0] = s;
}

