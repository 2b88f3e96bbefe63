
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS weak_then_strong(cudapy::array<double> out, double v, cudapy::extent cudapy_extent) {
    double acc{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/weak_then_strong.py"
    acc = 0.0;
#line 4 "vars/weak_then_strong.py"
    acc = (acc + v);
#line 5 "vars/weak_then_strong.py"
    out.data[0] = acc;
}

