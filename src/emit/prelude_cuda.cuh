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
