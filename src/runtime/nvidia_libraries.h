// cuBLAS, cuFFT and cuRAND as the C ABI offers them: each loaded on first use
// (runtime/shared_library.h), its handles and plans cached per device. Declarations only, with
// no CUDA header, so that the driver includes them with or without CUDA. Pointers are device
// memory of the current device; streams are cudaStream_t as integers, 0 the legacy default.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cudapy::runtime {

// The element types the libraries compute with; numbered as cudapy_element.
enum class Element { Float32 = 0, Float64 = 1, Complex64 = 2, Complex128 = 3 };

enum class NvidiaLibrary { Cublas = 0, Cufft = 1, Curand = 2 };

struct LibraryInfo {
    int version = 0;
    std::string path;
};

// Loads `library` if it is not yet loaded; its version as the library numbers it (cuBLAS
// 130100 for 13.1.0) and the path it was loaded from.
LibraryInfo load_library(NvidiaLibrary library);
LibraryInfo cublas_library();
LibraryInfo cufft_library();
LibraryInfo curand_library();

// ---- cuBLAS: column-major, as BLAS; scalars in host memory -------------------------------

enum class Transpose { None = 0, Transpose = 1, ConjugateTranspose = 2 };

struct Gemm {
    Element element = Element::Float32;
    Transpose transa = Transpose::None, transb = Transpose::None;
    std::int64_t m = 0, n = 0, k = 0;
    const void *alpha = nullptr, *beta = nullptr;
    const void *a = nullptr, *b = nullptr;
    void *c = nullptr;
    std::int64_t lda = 0, ldb = 0, ldc = 0;
    std::int64_t stride_a = 0, stride_b = 0, stride_c = 0;  // elements between a batch's matrices
    std::int64_t batch = 1;
    bool pointer_arrays = false;  // a, b, c are device arrays of `batch` matrix addresses
};
void gemm(const Gemm &gemm, std::uintptr_t stream);

void gemv(Element element, Transpose trans, std::int64_t m, std::int64_t n, const void *alpha,
          const void *a, std::int64_t lda, const void *x, std::int64_t incx, const void *beta,
          void *y, std::int64_t incy, std::uintptr_t stream);
void axpy(Element element, std::int64_t n, const void *alpha, const void *x, std::int64_t incx,
          void *y, std::int64_t incy, std::uintptr_t stream);
void scal(Element element, std::int64_t n, const void *alpha, void *x, std::int64_t incx,
          std::uintptr_t stream);
// These write their result to host memory and so wait for the stream.
void dot(Element element, bool conjugate, std::int64_t n, const void *x, std::int64_t incx,
         const void *y, std::int64_t incy, void *result, std::uintptr_t stream);
void nrm2(Element element, std::int64_t n, const void *x, std::int64_t incx, void *result,
          std::uintptr_t stream);
// The 0-based index of the first element of largest (or smallest) magnitude; -1 when n is 0.
std::int64_t iamax(Element element, bool smallest, std::int64_t n, const void *x, std::int64_t incx,
                   std::uintptr_t stream);

// ---- cuFFT ---------------------------------------------------------------------------------

enum class FftKind { ComplexToComplex = 0, RealToComplex = 1, ComplexToReal = 2 };

// `batch` transforms of the `shape` (1 to 3 lengths; the real data's for real transforms), each
// after the last in C order, unnormalized as cuFFT's are. Complex to complex may be in place.
void fft(FftKind kind, bool double_precision, const std::vector<std::int64_t> &shape,
         std::int64_t batch, bool inverse, const void *input, void *output, std::uintptr_t stream);

// ---- cuRAND --------------------------------------------------------------------------------

enum class RandomKind {
    Xorwow = 0, Philox = 1, Mrg32k3a = 2, Mtgp32 = 3, Mt19937 = 4,
    Sobol32 = 5, ScrambledSobol32 = 6, Sobol64 = 7, ScrambledSobol64 = 8,
};
enum class Distribution { Uniform = 0, Normal = 1, LogNormal = 2, Poisson = 3, Bits = 4 };
// What a generator writes; numbered as cudapy_random_output.
enum class RandomOutput { Float32 = 0, Float64 = 1, Uint32 = 2, Uint64 = 3 };

class RandomGenerator {
public:
    explicit RandomGenerator(RandomKind kind);  // on the current device
    ~RandomGenerator();
    RandomGenerator(const RandomGenerator &) = delete;
    RandomGenerator &operator=(const RandomGenerator &) = delete;

    bool quasi() const;
    void seed(std::uint64_t seed);  // and the offset back to 0: the sequence starts afresh
    void offset(std::uint64_t offset);
    void dimensions(unsigned dimensions);
    // `count` values of `distribution` into `output`: uniform in (0, 1]; normal and log-normal
    // with mean and standard deviation `a`, `b`; Poisson with mean `a` (uint32); raw bits
    // (uint32, or uint64 for the 64-bit Sobol generators).
    void generate(Distribution distribution, RandomOutput type, void *output, std::uint64_t count,
                  double a, double b, std::uintptr_t stream);

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace cudapy::runtime
