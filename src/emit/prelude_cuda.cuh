// The GPU's part of the run-time support, before the shared part. No includes, so NVRTC
// compiles it in milliseconds.
#define CUDAPY_FN __device__ __forceinline__
#define CUDAPY_SHARED __shared__
// __launch_bounds__ of every kernel, when the compile options give them.
#ifndef CUDAPY_LAUNCH_BOUNDS
#define CUDAPY_LAUNCH_BOUNDS
#endif

namespace cudapy {

// NumPy's float16: stored in 16 bits, computed in float32 and rounded back after each operation
// (the emitter converts every float16 result back to half).
struct half {
    unsigned short bits;
    half() = default;
    __device__ half(float value) { asm("cvt.rn.f16.f32 %0, %1;" : "=h"(bits) : "f"(value)); }
    // A double rounds once, as NumPy rounds it, not through float.
    __device__ half(double value) { asm("cvt.rn.f16.f64 %0, %1;" : "=h"(bits) : "d"(value)); }
    // Integers through float, which holds every integer that does not overflow a half.
    template <typename T>
    __device__ half(T value) : half(static_cast<float>(value)) {}
    __device__ static half from_bits(unsigned short value) {
        half h;
        h.bits = value;
        return h;
    }
    __device__ operator float() const {
        float value;
        asm("cvt.f32.f16 %0, %1;" : "=f"(value) : "h"(bits));
        return value;
    }
};

// A Python exception the kernel cannot raise: say where, then stop the launch, which then
// fails on the host rather than computing garbage or hanging.
static __device__ __noinline__ void fail(const char *file, int line, const char *message) {
    printf("%s:%d: %s\n", file, line, message);
    __trap();
}

}  // namespace cudapy

#ifdef CUDAPY_DEBUG
// The first failed check of a launch (an assert, or a division by zero), which the host reads
// after it: the check's number in the translation (0: none failed) and the thread that failed it.
// Only in debug builds, which the preprocessor alone reads otherwise.
struct cudapy_assertion_record {
    int site;
    unsigned thread[3], block[3];
};
extern "C" __device__ cudapy_assertion_record cudapy_assertion;
__device__ cudapy_assertion_record cudapy_assertion;

namespace cudapy {

// Records the failure unless another thread did first, then ends this thread; the others run
// on, as after a failed assert in numba's debug mode.
static __device__ __noinline__ void assert_failed(int site) {
    if (atomicCAS(&cudapy_assertion.site, 0, site) == 0) {
        cudapy_assertion.thread[0] = threadIdx.x;
        cudapy_assertion.thread[1] = threadIdx.y;
        cudapy_assertion.thread[2] = threadIdx.z;
        cudapy_assertion.block[0] = blockIdx.x;
        cudapy_assertion.block[1] = blockIdx.y;
        cudapy_assertion.block[2] = blockIdx.z;
        __threadfence_system();
    }
    asm volatile("exit;");
}

}  // namespace cudapy
#define CUDAPY_ASSERT_FAILED(site, file, line, message) cudapy::assert_failed(site)
#define CUDAPY_ZERO_DIVISION(site, file, line) cudapy::assert_failed(site)
#endif
