// ptxas of CUDA 13.0 (sm_90 and later, NVRTC or the driver's JIT) drops the negation of y when
// it folds min(x, -y) and a further min into one VIMNMX3: with x = 889, y = -574 this writes
// -574 where the right value is 574.
extern "C" __global__ void min3(const int *x, const int *y, int *out) {
    int a = x[threadIdx.x], b = y[threadIdx.x];
    int m = -b < a ? -b : a;
    int d = a - b < 0 ? b - a : a - b;
    out[threadIdx.x] = d < m ? d : m;
}
