
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS spread(cudapy::array<float> X, float a, float b, cudapy::extent cudapy_extent) {
    float total{};
    float scaled{};
    if (cudapy::outside(cudapy_extent)) return;
#line 6 "control/continuation_lines.py"
    total = (a + (b * 2.0f));
#line 9 "control/continuation_lines.py"
    scaled = (total * 3.0f);
#line 12 "control/continuation_lines.py"
    if ((((long long)cudapy::idx()) < X.size) && (cudapy::idx() > 0)) {
#line 14 "control/continuation_lines.py"
        X.data[cudapy::idx()] = cudapy::max(scaled, total);
    }
#line 16 "control/continuation_lines.py"
    X.data[0] = a;
}

