
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS chained_assign(cudapy::array<int> X, cudapy::array<float> F, float v, cudapy::extent cudapy_extent) {
    int a{};
    int b{};
    float x{};
    float y{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/chained_assign.py"
    a = 0;
#line 3 "vars/chained_assign.py"
    b = 0;
#line 4 "vars/chained_assign.py"
    x = v;
#line 4 "vars/chained_assign.py"
    y = v;
#line 5 "vars/chained_assign.py"
    X.data[0] = a;
#line 6 "vars/chained_assign.py"
    X.data[1] = b;
#line 7 "vars/chained_assign.py"
    F.data[0] = (x + y);
}

