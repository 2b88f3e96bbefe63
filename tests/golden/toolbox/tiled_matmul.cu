
extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS matmul(cudapy::ndarray<float, 2, 0> A, cudapy::ndarray<float, 2, 0> B, cudapy::ndarray<float, 2, 0> C, cudapy::extent cudapy_extent) {
    CUDAPY_SHARED float cudapy_shared1[256];
    CUDAPY_SHARED float cudapy_shared2[256];
    cudapy::ndarray<float, 2, 0> sA{};
    cudapy::ndarray<float, 2, 0> sB{};
    int x{};
    int y{};
    int tx{};
    int ty{};
    float tmp{};
    int i{};
    int j{};
#line 9 "toolbox/tiled_matmul.py"
    sA = cudapy::ndarray<float, 2, 0>{(float *)cudapy_shared1, {16LL, 16LL}};
#line 10 "toolbox/tiled_matmul.py"
    sB = cudapy::ndarray<float, 2, 0>{(float *)cudapy_shared2, {16LL, 16LL}};
#line 11 "toolbox/tiled_matmul.py"
    x = cudapy::idx();
#line 11 "toolbox/tiled_matmul.py"
    y = cudapy::idy();
#line 12 "toolbox/tiled_matmul.py"
    tx = ((int)threadIdx.x);
#line 13 "toolbox/tiled_matmul.py"
    ty = ((int)threadIdx.y);
#line 14 "toolbox/tiled_matmul.py"
    tmp = 0.0f;
#line 15 "toolbox/tiled_matmul.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = ((int)gridDim.x);
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 16 "toolbox/tiled_matmul.py"
                cudapy::at(sA, ty, tx) = 0.0f;
#line 17 "toolbox/tiled_matmul.py"
                cudapy::at(sB, ty, tx) = 0.0f;
#line 18 "toolbox/tiled_matmul.py"
                if ((((long long)y) < A.shape[0]) && (((long long)cudapy::add(tx, cudapy::mul(i, 16))) < A.shape[1])) {
#line 19 "toolbox/tiled_matmul.py"
                    cudapy::at(sA, ty, tx) = cudapy::at(A, y, (tx + (i * 16)));
                }
#line 20 "toolbox/tiled_matmul.py"
                if ((((long long)x) < B.shape[1]) && (((long long)cudapy::add(ty, cudapy::mul(i, 16))) < B.shape[0])) {
#line 21 "toolbox/tiled_matmul.py"
                    cudapy::at(sB, ty, tx) = cudapy::at(B, (ty + (i * 16)), x);
                }
#line 22 "toolbox/tiled_matmul.py"
                (void)cudapy::syncthreads();
#line 23 "toolbox/tiled_matmul.py"
                {
                    const int cudapy_start2 = 0;
                    const int cudapy_stop2 = 16;
                    if (cudapy_start2 < cudapy_stop2) {
                        int cudapy_i2 = cudapy_start2;
                        do {
                            j = cudapy_i2;
#line 24 "toolbox/tiled_matmul.py"
                            tmp = (tmp + (cudapy::at(sA, ty, j) * cudapy::at(sB, j, tx)));
                        } while ((++cudapy_i2, cudapy_i2 < cudapy_stop2));
                        j = cudapy_stop2 - 1;
                    }
                }
                cudapy_break2:;
#line 25 "toolbox/tiled_matmul.py"
                (void)cudapy::syncthreads();
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 26 "toolbox/tiled_matmul.py"
    if ((((long long)y) < C.shape[0]) && (((long long)x) < C.shape[1])) {
#line 27 "toolbox/tiled_matmul.py"
        cudapy::at(C, y, x) = tmp;
    }
}

