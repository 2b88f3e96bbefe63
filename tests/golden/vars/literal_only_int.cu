
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS counts(cudapy::array<int> out, cudapy::extent cudapy_extent) {
    int c{};
    long long big{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "vars/literal_only_int.py"
    c = 0;
#line 4 "vars/literal_only_int.py"
    c = cudapy::add(c, 5);
#line 5 "vars/literal_only_int.py"
    big = 3000000000LL;
#line 6 "vars/literal_only_int.py"
    out.data[0] = c;
#line 7 "vars/literal_only_int.py"
    out.data[1] = ((int)big);
}

