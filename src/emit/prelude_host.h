// The CPU's part of the run-time support, before the shared part: CUDA's names for the thread
// indices, the CUDA functions C++ lacks, and the loop that runs a launch's blocks.
#include <math.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

#define CUDAPY_FN inline

struct cudapy_uint3 {
    unsigned int x, y, z;
};

// CUDA's built-in index variables, set by the launch loop for the thread it runs. (Every loaded
// kernel library has its own; the static TLS block that a faster TLS model would use runs out
// after a few dozen libraries.)
static thread_local cudapy_uint3 threadIdx;
static thread_local cudapy_uint3 blockIdx;
static thread_local cudapy_uint3 blockDim;
static thread_local cudapy_uint3 gridDim;
static constexpr int warpSize = 32;

using std::isfinite;
using std::isinf;
using std::isnan;
using std::signbit;

inline float __int_as_float(int bits) {
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}
inline double __longlong_as_double(long long bits) {
    double value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// CUDA's math functions that C's library lacks and that follow from those it has.
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
inline double rcbrt(double x) { return 1.0 / cbrt(x); }
inline float sinpif(float x) { return (float)sin(M_PI * (double)x); }
inline double sinpi(double x) { return sin(M_PI * x); }
inline float cospif(float x) { return (float)cos(M_PI * (double)x); }
inline double cospi(double x) { return cos(M_PI * x); }
inline float rhypotf(float x, float y) { return 1.0f / hypotf(x, y); }
inline double rhypot(double x, double y) { return 1.0 / hypot(x, y); }
inline float norm3df(float a, float b, float c) { return (float)sqrt((double)a * a + (double)b * b + (double)c * c); }
inline double norm3d(double a, double b, double c) { return hypot(hypot(a, b), c); }
inline float rnorm3df(float a, float b, float c) { return 1.0f / norm3df(a, b, c); }
inline double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
inline float norm4df(float a, float b, float c, float d) { return (float)hypot(hypot(a, b), hypot(c, d)); }
inline double norm4d(double a, double b, double c, double d) { return hypot(hypot(a, b), hypot(c, d)); }
inline float rnorm4df(float a, float b, float c, float d) { return 1.0f / norm4df(a, b, c, d); }
inline double rnorm4d(double a, double b, double c, double d) { return 1.0 / norm4d(a, b, c, d); }
inline float normcdff(float x) { return 0.5f * erfcf(-x * (float)M_SQRT1_2); }
inline double normcdf(double x) { return 0.5 * erfc(-x * M_SQRT1_2); }

namespace cudapy {

// NumPy's float16: stored in 16 bits, computed in float32 and rounded back after each operation.
struct half {
    unsigned short bits;
    half() = default;
    half(float value) {
        _Float16 h = (_Float16)value;
        std::memcpy(&bits, &h, sizeof bits);
    }
    operator float() const {
        _Float16 h;
        std::memcpy(&h, &bits, sizeof h);
        return (float)h;
    }
};

// A Python exception the kernel cannot raise stops the launch, which then fails on the host.
[[noreturn]] inline void fail(const char *file, int line, const char *message) {
    throw std::runtime_error(std::string(file) + ":" + std::to_string(line) + ": " + message);
}

struct launch_shape {
    cudapy_uint3 grid, block;
};

// Runs blocks [first, last) of a launch on the calling thread, the threads of each block one
// after another. Returns 0, or 1 with the failure's message in `error`.
template <typename Kernel>
int run_blocks(const launch_shape &shape, unsigned long long first, unsigned long long last,
               char *error, unsigned long error_size, Kernel &&kernel) {
    try {
        gridDim = shape.grid;
        blockDim = shape.block;
        unsigned long long plane = (unsigned long long)shape.grid.x * shape.grid.y;
        for (unsigned long long block = first; block < last; ++block) {
            blockIdx = {(unsigned)(block % shape.grid.x), (unsigned)(block / shape.grid.x % shape.grid.y),
                        (unsigned)(block / plane)};
            for (unsigned z = 0; z < shape.block.z; ++z)
                for (unsigned y = 0; y < shape.block.y; ++y)
                    for (unsigned x = 0; x < shape.block.x; ++x) {
                        threadIdx = {x, y, z};
                        kernel();
                    }
        }
        return 0;
    } catch (const std::exception &failure) {
        std::snprintf(error, error_size, "%s", failure.what());
        return 1;
    }
}

}  // namespace cudapy
