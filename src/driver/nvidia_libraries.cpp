#include "driver/nvidia_libraries.h"

#include "driver/backend.h"

namespace cudapy::driver {

#if CUDAPY_HAVE_CUDA

LibraryInfo load_library(NvidiaLibrary library) { return runtime::load_library(library); }

void gemm(const Gemm &gemm, std::uintptr_t stream) { runtime::gemm(gemm, stream); }
void gemv(Element element, Transpose trans, std::int64_t m, std::int64_t n, const void *alpha, const void *a,
          std::int64_t lda, const void *x, std::int64_t incx, const void *beta, void *y, std::int64_t incy,
          std::uintptr_t stream) {
    runtime::gemv(element, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, stream);
}
void axpy(Element element, std::int64_t n, const void *alpha, const void *x, std::int64_t incx, void *y,
          std::int64_t incy, std::uintptr_t stream) {
    runtime::axpy(element, n, alpha, x, incx, y, incy, stream);
}
void scal(Element element, std::int64_t n, const void *alpha, void *x, std::int64_t incx, std::uintptr_t stream) {
    runtime::scal(element, n, alpha, x, incx, stream);
}
void dot(Element element, bool conjugate, std::int64_t n, const void *x, std::int64_t incx, const void *y,
         std::int64_t incy, void *result, std::uintptr_t stream) {
    runtime::dot(element, conjugate, n, x, incx, y, incy, result, stream);
}
void nrm2(Element element, std::int64_t n, const void *x, std::int64_t incx, void *result, std::uintptr_t stream) {
    runtime::nrm2(element, n, x, incx, result, stream);
}
std::int64_t iamax(Element element, bool smallest, std::int64_t n, const void *x, std::int64_t incx,
                   std::uintptr_t stream) {
    return runtime::iamax(element, smallest, n, x, incx, stream);
}

void fft(FftKind kind, bool double_precision, const std::vector<std::int64_t> &shape, std::int64_t batch, bool inverse,
         const void *input, void *output, std::uintptr_t stream) {
    runtime::fft(kind, double_precision, shape, batch, inverse, input, output, stream);
}

struct RandomGenerator::State {
    explicit State(RandomKind kind) : generator(kind) {}
    runtime::RandomGenerator generator;
};
RandomGenerator::RandomGenerator(RandomKind kind) : state_(std::make_unique<State>(kind)) {}
void RandomGenerator::seed(std::uint64_t seed) { state_->generator.seed(seed); }
void RandomGenerator::offset(std::uint64_t offset) { state_->generator.offset(offset); }
void RandomGenerator::dimensions(unsigned dimensions) { state_->generator.dimensions(dimensions); }
void RandomGenerator::generate(Distribution distribution, RandomOutput type, void *output, std::uint64_t count,
                               double a, double b, std::uintptr_t stream) {
    state_->generator.generate(distribution, type, output, count, a, b, stream);
}

#else

LibraryInfo load_library(NvidiaLibrary) { no_cuda(); }
void gemm(const Gemm &, std::uintptr_t) { no_cuda(); }
void gemv(Element, Transpose, std::int64_t, std::int64_t, const void *, const void *, std::int64_t, const void *,
          std::int64_t, const void *, void *, std::int64_t, std::uintptr_t) {
    no_cuda();
}
void axpy(Element, std::int64_t, const void *, const void *, std::int64_t, void *, std::int64_t, std::uintptr_t) {
    no_cuda();
}
void scal(Element, std::int64_t, const void *, void *, std::int64_t, std::uintptr_t) { no_cuda(); }
void dot(Element, bool, std::int64_t, const void *, std::int64_t, const void *, std::int64_t, void *, std::uintptr_t) {
    no_cuda();
}
void nrm2(Element, std::int64_t, const void *, std::int64_t, void *, std::uintptr_t) { no_cuda(); }
std::int64_t iamax(Element, bool, std::int64_t, const void *, std::int64_t, std::uintptr_t) { no_cuda(); }
void fft(FftKind, bool, const std::vector<std::int64_t> &, std::int64_t, bool, const void *, void *, std::uintptr_t) {
    no_cuda();
}
struct RandomGenerator::State {};
RandomGenerator::RandomGenerator(RandomKind) { no_cuda(); }
void RandomGenerator::seed(std::uint64_t) { no_cuda(); }
void RandomGenerator::offset(std::uint64_t) { no_cuda(); }
void RandomGenerator::dimensions(unsigned) { no_cuda(); }
void RandomGenerator::generate(Distribution, RandomOutput, void *, std::uint64_t, double, double, std::uintptr_t) {
    no_cuda();
}

#endif

RandomGenerator::~RandomGenerator() = default;

}  // namespace cudapy::driver
