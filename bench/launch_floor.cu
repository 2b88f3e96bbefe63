// The floor for launching SAXPY from Python: the hand-written kernel, launched from C.
// bench/launch.py builds this file into a shared library with nvcc at run time and calls
// launch_once through ctypes (the cost any ctypes wrapper pays) and run_loop (the C loop).
#include <cuda_runtime.h>

namespace {

__global__ void saxpy(float alpha, const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = alpha * x[i] + y[i];
}

constexpr int threads_per_block = 256;

}  // namespace

extern "C" {

// One launch; returns the cudaError_t of the launch, as a wrapper that checks errors would.
int launch_once(float alpha, const float *x, float *y, int n) {
    saxpy<<<(n + threads_per_block - 1) / threads_per_block, threads_per_block>>>(alpha, x, y, n);
    return static_cast<int>(cudaGetLastError());
}

// `launches` launches from a C loop; returns the first error.
int run_loop(int launches, float alpha, const float *x, float *y, int n) {
    for (int i = 0; i < launches; ++i) {
        int status = launch_once(alpha, x, y, n);
        if (status != 0) return status;
    }
    return 0;
}

float *device_floats(int n) {
    void *memory = nullptr;
    if (cudaMalloc(&memory, sizeof(float) * static_cast<size_t>(n)) != cudaSuccess) return nullptr;
    cudaMemset(memory, 0, sizeof(float) * static_cast<size_t>(n));
    return static_cast<float *>(memory);
}

void release(void *memory) { cudaFree(memory); }

int synchronize(void) { return static_cast<int>(cudaDeviceSynchronize()); }

}  // extern "C"
