// The toolbox benchmark's kernels hand-written in CUDA C++: the same algorithms as the Python
// kernels in examples/tiled_matmul.py, block_reduction.py and histogram.py and the paper's
// matrixMultiply in examples/matmul.py, with the same tile and block sizes and the same loops,
// written as a CUDA programmer would (int indices where the sizes allow, no __restrict__).
// bench/toolbox.py compiles this file with NVRTC through CuPy and defines the sizes from the
// Python examples' constants: MATMUL_TPB, REDUCTION_TPB, REDUCTION_ITEMS, HISTOGRAM_BINS.

// C = A @ B for row-major A (M x K), B (K x N), C (M x N); TPB x TPB blocks, x along columns.
extern "C" __global__ void tiled_matmul(const float *A, const float *B, float *C, int M, int K,
                                        int N) {
    __shared__ float sA[MATMUL_TPB][MATMUL_TPB];
    __shared__ float sB[MATMUL_TPB][MATMUL_TPB];
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    float acc = 0.0f;
    for (int start = 0; start < K; start += MATMUL_TPB) {
        if (y < M && start + tx < K)
            sA[ty][tx] = A[y * K + start + tx];
        else
            sA[ty][tx] = 0.0f;
        if (x < N && start + ty < K)
            sB[ty][tx] = B[(start + ty) * N + x];
        else
            sB[ty][tx] = 0.0f;
        __syncthreads();
        for (int k = 0; k < MATMUL_TPB; ++k)
            acc += sA[ty][k] * sB[k][tx];
        __syncthreads();
    }
    if (y < M && x < N)
        C[y * N + x] = acc;
}

// The CudaPy paper's naive multiply of n x n matrices: one thread per element of C.
extern "C" __global__ void naive_matmul(const float *A, const float *B, float *C, int n) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < n && col < n) {
        float total = 0.0f;
        for (int k = 0; k < n; ++k)
            total += A[row * n + k] * B[k * n + col];
        C[row * n + col] = total;
    }
}

// Adds the sum of values[0, n) to *total: strided per-thread sums, REDUCTION_ITEMS loads in
// flight per step, a shared-memory tree down to one warp, shuffles, one atomic add per block.
extern "C" __global__ void block_sum(const float *values, float *total, long long n) {
    __shared__ float partial[REDUCTION_TPB];
    int tid = threadIdx.x;
    long long stride = (long long)blockDim.x * gridDim.x;
    float acc = 0.0f;
    for (long long base = (long long)blockIdx.x * blockDim.x + tid; base < n;
         base += stride * REDUCTION_ITEMS) {
        for (int k = 0; k < REDUCTION_ITEMS; ++k) {
            long long i = base + k * stride;
            if (i < n)
                acc += values[i];
        }
    }
    partial[tid] = acc;
    __syncthreads();
    for (int half = REDUCTION_TPB / 2; half >= 32; half /= 2) {
        if (tid < half)
            partial[tid] += partial[tid + half];
        __syncthreads();
    }
    if (tid < 32) {
        acc = partial[tid];
        for (int offset = 16; offset > 0; offset /= 2)
            acc += __shfl_down_sync(0xFFFFFFFFu, acc, offset);
        if (tid == 0)
            atomicAdd(total, acc);
    }
}

// Adds the occurrences of each byte value in data[0, n) to counts: a per-block histogram in
// shared memory, then one atomic add per bin into the global one.
extern "C" __global__ void histogram(const unsigned char *data, unsigned int *counts,
                                     long long n) {
    __shared__ unsigned int block_counts[HISTOGRAM_BINS];
    int tid = threadIdx.x;
    for (int bin = tid; bin < HISTOGRAM_BINS; bin += blockDim.x)
        block_counts[bin] = 0;
    __syncthreads();
    long long stride = (long long)blockDim.x * gridDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + tid; i < n; i += stride)
        atomicAdd(&block_counts[data[i]], 1u);
    __syncthreads();
    for (int bin = tid; bin < HISTOGRAM_BINS; bin += blockDim.x)
        atomicAdd(&counts[bin], block_counts[bin]);
}
