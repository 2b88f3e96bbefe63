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
// (the emitter converts every float16 result back to half), or in PTX's half instructions where
// they round the same.
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
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 530
    // Two halves add, subtract, multiply and compare in PTX's half instructions (a half is
    // negated by its sign bit): their one rounding gives what float's rounding and then half's
    // give, as float has more than twice half's precision. Rounded (.rn) each, so that no
    // product and sum fuse into one rounding. Templates, so that a half and another type still
    // meet in float.
    template <typename T>
    __device__ friend half operator+(T a, T b) {
        half sum;
        asm("add.rn.f16 %0, %1, %2;" : "=h"(sum.bits) : "h"(a.bits), "h"(b.bits));
        return sum;
    }
    template <typename T>
    __device__ friend half operator-(T a, T b) {
        half difference;
        asm("sub.rn.f16 %0, %1, %2;" : "=h"(difference.bits) : "h"(a.bits), "h"(b.bits));
        return difference;
    }
    template <typename T>
    __device__ friend half operator*(T a, T b) {
        half product;
        asm("mul.rn.f16 %0, %1, %2;" : "=h"(product.bits) : "h"(a.bits), "h"(b.bits));
        return product;
    }
    // Negation flips the sign bit: ptxas of CUDA 13.0 for sm_90 may turn neg.f16 into an
    // addition to +0, whose result for +0 is +0, not -0.
    template <typename T>
    __device__ friend half operator-(T a) {
        half negation;
        asm("xor.b16 %0, %1, 0x8000;" : "=h"(negation.bits) : "h"(a.bits));
        return negation;
    }
    // Python's comparisons: false with a NaN, except != (PTX's unordered "neu").
    template <typename T>
    __device__ friend bool operator<(T a, T b) {
        unsigned short holds;
        asm("{ .reg .pred p; setp.lt.f16 p, %1, %2; selp.u16 %0, 1, 0, p; }"
            : "=h"(holds) : "h"(a.bits), "h"(b.bits));
        return holds;
    }
    template <typename T>
    __device__ friend bool operator<=(T a, T b) {
        unsigned short holds;
        asm("{ .reg .pred p; setp.le.f16 p, %1, %2; selp.u16 %0, 1, 0, p; }"
            : "=h"(holds) : "h"(a.bits), "h"(b.bits));
        return holds;
    }
    template <typename T>
    __device__ friend bool operator>(T a, T b) {
        unsigned short holds;
        asm("{ .reg .pred p; setp.gt.f16 p, %1, %2; selp.u16 %0, 1, 0, p; }"
            : "=h"(holds) : "h"(a.bits), "h"(b.bits));
        return holds;
    }
    template <typename T>
    __device__ friend bool operator>=(T a, T b) {
        unsigned short holds;
        asm("{ .reg .pred p; setp.ge.f16 p, %1, %2; selp.u16 %0, 1, 0, p; }"
            : "=h"(holds) : "h"(a.bits), "h"(b.bits));
        return holds;
    }
    template <typename T>
    __device__ friend bool operator==(T a, T b) {
        unsigned short holds;
        asm("{ .reg .pred p; setp.eq.f16 p, %1, %2; selp.u16 %0, 1, 0, p; }"
            : "=h"(holds) : "h"(a.bits), "h"(b.bits));
        return holds;
    }
    template <typename T>
    __device__ friend bool operator!=(T a, T b) {
        unsigned short holds;
        asm("{ .reg .pred p; setp.neu.f16 p, %1, %2; selp.u16 %0, 1, 0, p; }"
            : "=h"(holds) : "h"(a.bits), "h"(b.bits));
        return holds;
    }
#endif
};

}  // namespace cudapy

#ifdef CUDAPY_RAISES
// The first Python exception of the process's kernels, in page-locked host memory every GPU
// maps; the library points each loaded module's cudapy_error_record at it and raises what it
// holds at its next wait for the GPU. `raised`: 0 none, 1 being written, 2 written.
struct cudapy_kernel_error {
    unsigned raised;
    char text[252];
};
extern "C" __device__ cudapy_kernel_error *cudapy_error_record;
__device__ cudapy_kernel_error *cudapy_error_record;

namespace cudapy {

// A Python exception the kernel cannot raise: recorded as "file:line: message" unless another
// thread's came first, then this thread ends; the others run on, so the launch finishes and the
// GPU stays usable (a trap would leave the process's CUDA context unusable).
static __device__ __noinline__ void fail(const char *file, int line, const char *message) {
    cudapy_kernel_error *record = cudapy_error_record;
    if (record == nullptr) {  // a module run without the library: stop the launch instead
        printf("%s:%d: %s\n", file, line, message);
        __trap();
    }
    if (atomicCAS_system(&record->raised, 0u, 1u) == 0u) {
        constexpr int room = sizeof(record->text) - 1;
        int n = 0;
        for (const char *c = file; *c && n < room; ++c) record->text[n++] = *c;
        char digits[10];
        int count = 0;
        for (unsigned value = static_cast<unsigned>(line); count == 0 || value; value /= 10)
            digits[count++] = static_cast<char>('0' + value % 10);
        if (n < room) record->text[n++] = ':';
        while (count && n < room) record->text[n++] = digits[--count];
        for (const char *c = ": "; *c && n < room; ++c) record->text[n++] = *c;
        for (const char *c = message; *c && n < room; ++c) record->text[n++] = *c;
        record->text[n] = '\0';
        __threadfence_system();
        atomicExch_system(&record->raised, 2u);
    }
    asm volatile("exit;");
}

}  // namespace cudapy
#endif

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
