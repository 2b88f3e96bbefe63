
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS transpose(cudapy::array<float> A, cudapy::array<float> B, int rows, int cols, cudapy::extent cudapy_extent) {
    int r{};
    int c{};
    int t{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/nested_loops.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = rows;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                r = cudapy_i1;
#line 4 "control/nested_loops.py"
                {
                    const int cudapy_start2 = 0;
                    const int cudapy_stop2 = cols;
                    if (cudapy_start2 < cudapy_stop2) {
                        int cudapy_i2 = cudapy_start2;
                        do {
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
                                const int cudapy_start3 = 0;
                                const int cudapy_stop3 = 2;
                                if (cudapy_start3 < cudapy_stop3) {
                                    int cudapy_i3 = cudapy_start3;
                                    do {
                                        t = cudapy_i3;
#line 9 "control/nested_loops.py"
                                        if (t == 1) {
#line 10 "control/nested_loops.py"
                                            goto cudapy_break3;
                                        }
                                    } while ((++cudapy_i3, cudapy_i3 < cudapy_stop3));
                                    t = cudapy_stop3 - 1;
                                }
                            }
                            cudapy_break3:;
                        } while ((++cudapy_i2, cudapy_i2 < cudapy_stop2));
                        c = cudapy_stop2 - 1;
                    }
                }
                cudapy_break2:;
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            r = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
}

