
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS total(cudapy::array<float> out, cudapy::array<float> X, int n, cudapy::extent cudapy_extent) {
    float s{};
    int i{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/accumulate_float.py"
    s = 0.0f;
#line 4 "vars/accumulate_float.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = n;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 5 "vars/accumulate_float.py"
                s = (s + X.data[i]);
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 6 "vars/accumulate_float.py"
    out.data[0] = s;
}

