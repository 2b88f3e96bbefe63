// cuBLAS, cuFFT and cuRAND.
#include "handles.h"
#include "common/library_search.h"
#include "driver/nvidia_libraries.h"

using cudapy::capi::enum_value;
using cudapy::capi::guard;
using cudapy::capi::require;
using cudapy::driver::Distribution;
using cudapy::driver::Element;
using cudapy::driver::FftKind;
using cudapy::driver::Gemm;
using cudapy::driver::LibraryInfo;
using cudapy::driver::NvidiaLibrary;
using cudapy::driver::RandomGenerator;
using cudapy::driver::RandomKind;
using cudapy::driver::RandomOutput;
using cudapy::driver::Transpose;

struct cudapy_random_generator {
    explicit cudapy_random_generator(RandomKind kind) : generator(kind) {}
    RandomGenerator generator;
};

namespace {

// A caller's enum value checked to lie in [0, last].
template <typename To, typename From>
To checked_enum(const From &given, int last, const char *what) {
    int value = enum_value(given);
    if (value < 0 || value > last)
        throw cudapy::Error(cudapy::Status::InvalidArgument,
                            std::string("unknown ") + what + " " + std::to_string(value));
    return static_cast<To>(value);
}

Element element_from(const cudapy_element &given) { return checked_enum<Element>(given, 3, "element type"); }
Transpose transpose_from(const cudapy_transpose &given) { return checked_enum<Transpose>(given, 2, "transpose"); }

}  // namespace

extern "C" {

cudapy_status cudapy_nvidia_library_load(cudapy_nvidia_library library, int *version, char **path) {
    if (path) *path = nullptr;
    return guard([&] {
        require(version, "version");
        LibraryInfo info = cudapy::driver::load_library(checked_enum<NvidiaLibrary>(library, 2, "NVIDIA library"));
        *version = info.version;
        if (path) *path = cudapy::capi::owned_string(info.path);
    });
}

cudapy_status cudapy_library_folder_add(const char *folder) {
    return guard([&] {
        require(folder, "folder");
        cudapy::add_library_folder(folder);
    });
}

cudapy_status cudapy_blas_gemm(const cudapy_gemm *gemm, uintptr_t stream) {
    return guard([&] {
        require(gemm, "gemm");
        cudapy::capi::require_size(gemm->size, sizeof(cudapy_gemm), "cudapy_gemm");
        Gemm request;
        request.element = element_from(gemm->element);
        request.transa = transpose_from(gemm->transa);
        request.transb = transpose_from(gemm->transb);
        request.m = gemm->m;
        request.n = gemm->n;
        request.k = gemm->k;
        request.alpha = gemm->alpha;
        request.beta = gemm->beta;
        require(gemm->alpha, "gemm->alpha");
        require(gemm->beta, "gemm->beta");
        request.a = gemm->a;
        request.b = gemm->b;
        request.c = gemm->c;
        request.lda = gemm->lda;
        request.ldb = gemm->ldb;
        request.ldc = gemm->ldc;
        request.stride_a = gemm->stride_a;
        request.stride_b = gemm->stride_b;
        request.stride_c = gemm->stride_c;
        request.batch = gemm->batch;
        request.pointer_arrays = gemm->pointer_arrays != 0;
        cudapy::driver::gemm(request, stream);
    });
}

cudapy_status cudapy_blas_gemv(cudapy_element element, cudapy_transpose trans, int64_t m, int64_t n, const void *alpha,
                               const void *a, int64_t lda, const void *x, int64_t incx, const void *beta, void *y,
                               int64_t incy, uintptr_t stream) {
    return guard([&] {
        require(alpha, "alpha");
        require(beta, "beta");
        cudapy::driver::gemv(element_from(element), transpose_from(trans), m, n, alpha, a, lda, x, incx, beta, y, incy,
                             stream);
    });
}

cudapy_status cudapy_blas_axpy(cudapy_element element, int64_t n, const void *alpha, const void *x, int64_t incx,
                               void *y, int64_t incy, uintptr_t stream) {
    return guard([&] {
        require(alpha, "alpha");
        cudapy::driver::axpy(element_from(element), n, alpha, x, incx, y, incy, stream);
    });
}

cudapy_status cudapy_blas_scal(cudapy_element element, int64_t n, const void *alpha, void *x, int64_t incx,
                               uintptr_t stream) {
    return guard([&] {
        require(alpha, "alpha");
        cudapy::driver::scal(element_from(element), n, alpha, x, incx, stream);
    });
}

cudapy_status cudapy_blas_dot(cudapy_element element, int conjugate, int64_t n, const void *x, int64_t incx,
                              const void *y, int64_t incy, void *result, uintptr_t stream) {
    return guard([&] {
        require(result, "result");
        cudapy::driver::dot(element_from(element), conjugate != 0, n, x, incx, y, incy, result, stream);
    });
}

cudapy_status cudapy_blas_nrm2(cudapy_element element, int64_t n, const void *x, int64_t incx, void *result,
                               uintptr_t stream) {
    return guard([&] {
        require(result, "result");
        cudapy::driver::nrm2(element_from(element), n, x, incx, result, stream);
    });
}

cudapy_status cudapy_blas_iamax(cudapy_element element, int smallest, int64_t n, const void *x, int64_t incx,
                                int64_t *out, uintptr_t stream) {
    return guard([&] {
        require(out, "out");
        *out = cudapy::driver::iamax(element_from(element), smallest != 0, n, x, incx, stream);
    });
}

cudapy_status cudapy_fft(cudapy_fft_kind kind, int double_precision, int rank, const int64_t *shape, int64_t batch,
                         int inverse, const void *input, void *output, uintptr_t stream) {
    return guard([&] {
        require(shape, "shape");
        if (rank < 1 || rank > 3)
            throw cudapy::Error(cudapy::Status::InvalidArgument,
                                "an FFT has 1, 2 or 3 dimensions, not " + std::to_string(rank));
        auto fft_kind = checked_enum<FftKind>(kind, 2, "FFT kind");
        if ((fft_kind == FftKind::RealToComplex && inverse) || (fft_kind == FftKind::ComplexToReal && !inverse))
            throw cudapy::Error(cudapy::Status::InvalidArgument,
                                "a real-to-complex FFT is forward and a complex-to-real one inverse");
        cudapy::driver::fft(fft_kind, double_precision != 0, std::vector<std::int64_t>(shape, shape + rank), batch,
                            inverse != 0, input, output, stream);
    });
}

cudapy_status cudapy_random_generator_new(cudapy_random_kind kind, cudapy_random_generator **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
        *out = new cudapy_random_generator(checked_enum<RandomKind>(kind, 8, "random generator kind"));
    });
}

void cudapy_random_generator_delete(cudapy_random_generator *generator) { delete generator; }

cudapy_status cudapy_random_generator_seed(cudapy_random_generator *generator, uint64_t seed) {
    return guard([&] {
        require(generator, "generator");
        generator->generator.seed(seed);
    });
}

cudapy_status cudapy_random_generator_offset(cudapy_random_generator *generator, uint64_t offset) {
    return guard([&] {
        require(generator, "generator");
        generator->generator.offset(offset);
    });
}

cudapy_status cudapy_random_generator_dimensions(cudapy_random_generator *generator, unsigned dimensions) {
    return guard([&] {
        require(generator, "generator");
        generator->generator.dimensions(dimensions);
    });
}

cudapy_status cudapy_random_generate(cudapy_random_generator *generator, cudapy_distribution distribution,
                                     cudapy_random_output type, void *output, uint64_t count, double a, double b,
                                     uintptr_t stream) {
    return guard([&] {
        require(generator, "generator");
        if (count) require(output, "output");
        generator->generator.generate(checked_enum<Distribution>(distribution, 4, "distribution"),
                                      checked_enum<RandomOutput>(type, 3, "random output type"), output, count, a, b,
                                      stream);
    });
}

}  // extern "C"
