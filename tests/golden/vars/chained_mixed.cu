
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS chained(cudapy::array<int> I, cudapy::array<float> F, float v, cudapy::extent cudapy_extent) {
    float cudapy_t1{};
    float cudapy_t2{};
    float a{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/chained_mixed.py"
    cudapy_t1 = (v * 2.5f);
#line 3 "vars/chained_mixed.py"
    I.data[0] = ((int)cudapy_t1);
#line 3 "vars/chained_mixed.py"
    F.data[0] = cudapy_t1;
#line 4 "vars/chained_mixed.py"
    cudapy_t2 = (v + 0.5f);
#line 4 "vars/chained_mixed.py"
    I.data[1] = ((int)cudapy_t2);
#line 4 "vars/chained_mixed.py"
    a = cudapy_t2;
#line 5 "vars/chained_mixed.py"
    F.data[1] = a;
}

