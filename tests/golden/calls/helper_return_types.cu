
static __device__ bool is_inside(float x, float y);
static __device__ float half(float v);
static __device__ double precise(double v);
static __device__ int count_to(int n);

static __device__ bool is_inside(float x, float y) {
#line 3 "calls/helper_return_types.py"
    return (((x * x) + (y * y)) <= 1.0f);
}

static __device__ float half(float v) {
#line 8 "calls/helper_return_types.py"
    return (v / 2.0f);
}

static __device__ double precise(double v) {
#line 13 "calls/helper_return_types.py"
    return (v * 0.10000000000000001);
}

static __device__ int count_to(int n) {
    int c{};
    int i{};
#line 18 "calls/helper_return_types.py"
    c = 0;
#line 19 "calls/helper_return_types.py"
    {
        const int cudapy_start1 = 0;
        const int cudapy_stop1 = n;
        if (cudapy_start1 < cudapy_stop1) {
            int cudapy_i1 = cudapy_start1;
            do {
                i = cudapy_i1;
#line 20 "calls/helper_return_types.py"
                c = cudapy::add(c, 1);
            } while ((++cudapy_i1, cudapy_i1 < cudapy_stop1));
            i = cudapy_stop1 - 1;
        }
    }
    cudapy_break1:;
#line 21 "calls/helper_return_types.py"
    return c;
}

extern "C" __global__ void CUDAPY_LAUNCH_BOUNDS use_all(cudapy::array<int> I, cudapy::array<float> F, cudapy::array<double> D, cudapy::extent cudapy_extent) {
    if (cudapy::outside(cudapy_extent)) return;
#line 26 "calls/helper_return_types.py"
    if (is_inside(F.data[0], F.data[1])) {
#line 27 "calls/helper_return_types.py"
        I.data[0] = count_to(I.data[1]);
    }
#line 28 "calls/helper_return_types.py"
    F.data[2] = half(F.data[3]);
#line 29 "calls/helper_return_types.py"
    D.data[0] = precise(D.data[1]);
}

