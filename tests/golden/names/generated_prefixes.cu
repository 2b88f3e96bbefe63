
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS prefixes(cudapy::array<int> X, int n, cudapy::extent cudapy_extent) {
    int cudapy_i1_py{};
    int cudapy_stop1_py{};
    int i{};
    int x__y_py{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "names/generated_prefixes.py"
    cudapy_i1_py = 0;
#line 4 "names/generated_prefixes.py"
    cudapy_stop1_py = n;
#line 5 "names/generated_prefixes.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = n;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 6 "names/generated_prefixes.py"
                cudapy_i1_py = cudapy::add(cudapy_i1_py, i);
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 7 "names/generated_prefixes.py"
    x__y_py = cudapy_stop1_py;
#line 8 "names/generated_prefixes.py"
    X.data[0] = cudapy::add(cudapy_i1_py, x__y_py);
}

