// NVIDIA's libraries, cuBLAS, cuFFT and cuRAND, for the C ABI (runtime/nvidia_libraries.h has
// what they do). Built without CUDA, every call fails with Error(Unsupported).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

// Declarations only, which any build may include: their definitions need CUDA.
#include "runtime/nvidia_libraries.h"

namespace cudapy::driver {

using runtime::Distribution;
using runtime::Element;
using runtime::FftKind;
using runtime::Gemm;
using runtime::LibraryInfo;
using runtime::NvidiaLibrary;
using runtime::RandomKind;
using runtime::RandomOutput;
using runtime::Transpose;

LibraryInfo load_library(NvidiaLibrary library);

void gemm(const Gemm &gemm, std::uintptr_t stream);
void gemv(Element element, Transpose trans, std::int64_t m, std::int64_t n, const void *alpha,
          const void *a, std::int64_t lda, const void *x, std::int64_t incx, const void *beta,
          void *y, std::int64_t incy, std::uintptr_t stream);
void axpy(Element element, std::int64_t n, const void *alpha, const void *x, std::int64_t incx,
          void *y, std::int64_t incy, std::uintptr_t stream);
void scal(Element element, std::int64_t n, const void *alpha, void *x, std::int64_t incx,
          std::uintptr_t stream);
void dot(Element element, bool conjugate, std::int64_t n, const void *x, std::int64_t incx,
         const void *y, std::int64_t incy, void *result, std::uintptr_t stream);
void nrm2(Element element, std::int64_t n, const void *x, std::int64_t incx, void *result,
          std::uintptr_t stream);
std::int64_t iamax(Element element, bool smallest, std::int64_t n, const void *x,
                   std::int64_t incx, std::uintptr_t stream);

void fft(FftKind kind, bool double_precision, const std::vector<std::int64_t> &shape,
         std::int64_t batch, bool inverse, const void *input, void *output, std::uintptr_t stream);

class RandomGenerator {
public:
    explicit RandomGenerator(RandomKind kind);
    ~RandomGenerator();
    void seed(std::uint64_t seed);
    void offset(std::uint64_t offset);
    void dimensions(unsigned dimensions);
    void generate(Distribution distribution, RandomOutput type, void *output, std::uint64_t count,
                  double a, double b, std::uintptr_t stream);

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace cudapy::driver
