
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS matrixMultiply(cudapy::array<float> A, cudapy::array<float> B, cudapy::array<float> C, int n, cudapy::extent cudapy_extent) {
    int row{};
    int col{};
    float total{};
    int k{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "paper/matmul.py"
    row = cudapy::idy();
#line 4 "paper/matmul.py"
    col = cudapy::idx();
#line 5 "paper/matmul.py"
    if ((row < n) && (col < n)) {
#line 6 "paper/matmul.py"
        total = 0.0f;
#line 7 "paper/matmul.py"
        {
            const int cudapy_start1 = 0;
            const int cudapy_stop1 = n;
            if (cudapy_start1 < cudapy_stop1) {
                int cudapy_i1 = cudapy_start1;
                do {
                    k = cudapy_i1;
#line 8 "paper/matmul.py"
                    total = (total + (A.data[((row * n) + k)] * B.data[((k * n) + col)]));
                } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
                k = cudapy_stop1 - 1;
            }
        }
        cudapy_break1:;
#line 9 "paper/matmul.py"
        C.data[((row * n) + col)] = total;
    }
}

