
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS transpose(cudapy::array<float> A, cudapy::array<float> B, int rows, int cols, cudapy::extent cudapy_extent) {
    int r{};
    int c{};
    int t{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/nested_loops.py"
    {
        const int cudapy_stop1 = rows;
        for (int cudapy_i1 = 0; cudapy_i1 < cudapy_stop1; ++cudapy_i1) {
            r = cudapy_i1;
#line 4 "control/nested_loops.py"
            {
                const int cudapy_stop2 = cols;
                for (int cudapy_i2 = 0; cudapy_i2 < cudapy_stop2; ++cudapy_i2) {
                    c = cudapy_i2;
#line 5 "control/nested_loops.py"
                    if (c == r) {
#line 6 "control/nested_loops.py"
                        continue;
                    }
#line 7 "control/nested_loops.py"
                    B.data[((c * rows) + r)] = A.data[((r * cols) + c)];
#line 8 "control/nested_loops.py"
                    {
                        const int cudapy_stop3 = 2;
                        for (int cudapy_i3 = 0; cudapy_i3 < cudapy_stop3; ++cudapy_i3) {
                            t = cudapy_i3;
#line 9 "control/nested_loops.py"
                            if (t == 1) {
#line 10 "control/nested_loops.py"
                                break;
                            }
                        }
                    }
                }
            }
        }
    }
}

