
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS reverse_local(cudapy::ndarray<double, 2, 0> X, cudapy::extent cudapy_extent) {
    double cudapy_local1[8];
    double cudapy_local2[8];
    cudapy::array<double> row{};
    cudapy::ndarray<double, 2, 0> grid2{};
    int i{};
    int j{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "toolbox/local_array.py"
    row = cudapy::array<double>{(double *)cudapy_local1, 8LL};
#line 4 "toolbox/local_array.py"
    grid2 = cudapy::ndarray<double, 2, 0>{(double *)cudapy_local2, {2LL, 4LL}};
#line 5 "toolbox/local_array.py"
    i = cudapy::idx();
#line 6 "toolbox/local_array.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = 8;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                j = cudapy_i1;
#line 7 "toolbox/local_array.py"
                row.data[j] = cudapy::at(X, i, j);
#line 8 "toolbox/local_array.py"
                cudapy::at(grid2, (j / 4), (j % 4)) = cudapy::at(X, i, j);
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            j = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 9 "toolbox/local_array.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = 8;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                j = cudapy_i1;
#line 10 "toolbox/local_array.py"
                cudapy::at(X, i, j) = (row.data[(7 - j)] + cudapy::at(grid2, 1, 3));
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            j = cudapy_stop1 - 1;
        }
    }
    cudapy_break2:;
}

