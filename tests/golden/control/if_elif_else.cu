
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS classify(cudapy::array<int> X, cudapy::array<float> V, cudapy::extent cudapy_extent) {
    float v{};
    if (cudapy::outside(cudapy_extent)) return;
#line 3 "control/if_elif_else.py"
    v = V.data[cudapy::idx()];
#line 4 "control/if_elif_else.py"
    if (v < 0.0f) {
#line 5 "control/if_elif_else.py"
        X.data[cudapy::idx()] = (-1);
    } else {
#line 6 "control/if_elif_else.py"
        if (v == 0.0f) {
#line 7 "control/if_elif_else.py"
            X.data[cudapy::idx()] = 0;
        } else {
#line 8 "control/if_elif_else.py"
            if (v < 1.0f) {
#line 9 "control/if_elif_else.py"
                X.data[cudapy::idx()] = 1;
            } else {
#line 11 "control/if_elif_else.py"
                X.data[cudapy::idx()] = 2;
            }
        }
    }
}

