// cuBLAS through its _64 entry points (any length an int64 holds), one handle per device.
#include <cuda_runtime_api.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "common/error.h"
#include "runtime/device.h"
#include "runtime/memory.h"
#include "runtime/nvidia_libraries.h"
#include "runtime/shared_library.h"
#include "runtime/stream.h"

namespace cudapy::runtime {

namespace {

using Handle = struct CublasContext *;
using CublasStatus = int;

// cuBLAS's C API, declared here so that no cuBLAS header is needed; enums are ints.
struct Cublas {
    CublasStatus (*create)(Handle *);
    CublasStatus (*destroy)(Handle);
    CublasStatus (*set_stream)(Handle, void *);
    CublasStatus (*get_version)(Handle, int *);
    CublasStatus (*gemm)(Handle, int, int, std::int64_t, std::int64_t, std::int64_t, const void *, const void *, int,
                         std::int64_t, const void *, int, std::int64_t, const void *, void *, int, std::int64_t, int,
                         int);
    CublasStatus (*gemm_strided)(Handle, int, int, std::int64_t, std::int64_t, std::int64_t, const void *, const void *,
                                 int, std::int64_t, long long, const void *, int, std::int64_t, long long, const void *,
                                 void *, int, std::int64_t, long long, std::int64_t, int, int);
    CublasStatus (*gemm_batched)(Handle, int, int, std::int64_t, std::int64_t, std::int64_t, const void *,
                                 const void *const *, int, std::int64_t, const void *const *, int, std::int64_t,
                                 const void *, void *const *, int, std::int64_t, std::int64_t, int, int);
    // S, D, C and Z gemv share a shape once their pointers are void.
    CublasStatus (*gemv[4])(Handle, int, std::int64_t, std::int64_t, const void *, const void *, std::int64_t,
                            const void *, std::int64_t, const void *, void *, std::int64_t);
    CublasStatus (*axpy)(Handle, std::int64_t, const void *, int, const void *, int, std::int64_t, void *, int,
                         std::int64_t, int);
    CublasStatus (*scal)(Handle, std::int64_t, const void *, int, void *, int, std::int64_t, int);
    CublasStatus (*dot)(Handle, std::int64_t, const void *, int, std::int64_t, const void *, int, std::int64_t, void *,
                        int, int);
    CublasStatus (*dotc)(Handle, std::int64_t, const void *, int, std::int64_t, const void *, int, std::int64_t, void *,
                         int, int);
    CublasStatus (*nrm2)(Handle, std::int64_t, const void *, int, std::int64_t, void *, int, int);
    CublasStatus (*iamax)(Handle, std::int64_t, const void *, int, std::int64_t, std::int64_t *);
    CublasStatus (*iamin)(Handle, std::int64_t, const void *, int, std::int64_t, std::int64_t *);
    int version = 0;
    std::unique_ptr<SharedLibrary> library;
};

const char *status_name(CublasStatus status) {
    switch (status) {
        case 0:
            return "CUBLAS_STATUS_SUCCESS";
        case 1:
            return "CUBLAS_STATUS_NOT_INITIALIZED";
        case 3:
            return "CUBLAS_STATUS_ALLOC_FAILED";
        case 7:
            return "CUBLAS_STATUS_INVALID_VALUE";
        case 8:
            return "CUBLAS_STATUS_ARCH_MISMATCH";
        case 11:
            return "CUBLAS_STATUS_MAPPING_ERROR";
        case 13:
            return "CUBLAS_STATUS_EXECUTION_FAILED";
        case 14:
            return "CUBLAS_STATUS_INTERNAL_ERROR";
        case 15:
            return "CUBLAS_STATUS_NOT_SUPPORTED";
        case 16:
            return "CUBLAS_STATUS_LICENSE_ERROR";
    }
    return "an unknown cuBLAS status";
}

void check(CublasStatus status, const char *call) {
    if (status != 0) throw_library_error("cuBLAS", call, status, status_name(status), status == 3);
}

std::mutex load_mutex;
std::unique_ptr<Cublas> loaded;

const Cublas &api() {
    std::lock_guard<std::mutex> lock(load_mutex);
    if (loaded) return *loaded;
    auto cublas = std::make_unique<Cublas>();
    cublas->library = std::make_unique<SharedLibrary>(
        "cuBLAS", "CUDAPY_CUBLAS", std::vector<std::string>{"libcublas.so.13", "libcublas.so.12"},
        "Install the CUDA toolkit's cuBLAS (the libcublas package) or `pip install nvidia-cublas`");
    const SharedLibrary &library = *cublas->library;
    library.bind("cublasCreate_v2", cublas->create);
    library.bind("cublasDestroy_v2", cublas->destroy);
    library.bind("cublasSetStream_v2", cublas->set_stream);
    library.bind("cublasGetVersion_v2", cublas->get_version);
    library.bind("cublasGemmEx_64", cublas->gemm);
    library.bind("cublasGemmStridedBatchedEx_64", cublas->gemm_strided);
    library.bind("cublasGemmBatchedEx_64", cublas->gemm_batched);
    library.bind("cublasSgemv_v2_64", cublas->gemv[0]);
    library.bind("cublasDgemv_v2_64", cublas->gemv[1]);
    library.bind("cublasCgemv_v2_64", cublas->gemv[2]);
    library.bind("cublasZgemv_v2_64", cublas->gemv[3]);
    library.bind("cublasAxpyEx_64", cublas->axpy);
    library.bind("cublasScalEx_64", cublas->scal);
    library.bind("cublasDotEx_64", cublas->dot);
    library.bind("cublasDotcEx_64", cublas->dotc);
    library.bind("cublasNrm2Ex_64", cublas->nrm2);
    library.bind("cublasIamaxEx_64", cublas->iamax);
    library.bind("cublasIaminEx_64", cublas->iamin);
    // cublasGetProperty needs no handle, and so no GPU.
    int (*get_property)(int, int *) = nullptr;
    library.bind("cublasGetProperty", get_property);
    int major = 0, minor = 0, patch = 0;
    get_property(0, &major);
    get_property(1, &minor);
    get_property(2, &patch);
    cublas->version = major * 10000 + minor * 100 + patch;
    loaded = std::move(cublas);
    return *loaded;
}

// A device's handle; its mutex held from setting the stream to the call that uses it.
struct DeviceHandle {
    Handle handle = nullptr;
    std::mutex mutex;
};

std::mutex handles_mutex;
std::map<int, std::unique_ptr<DeviceHandle>> handles;  // never destroyed: in use until exit

// The current device's handle, locked and set to `stream`.
class Session {
public:
    explicit Session(std::uintptr_t stream) : cublas_(api()) {
        require_device("cuBLAS");
        int device = current_device();
        {
            std::lock_guard<std::mutex> lock(handles_mutex);
            auto &slot = handles[device];
            if (!slot) {
                auto created = std::make_unique<DeviceHandle>();
                check(cublas_.create(&created->handle), "cublasCreate");
                slot = std::move(created);
            }
            handle_ = slot.get();
        }
        lock_ = std::unique_lock<std::mutex>(handle_->mutex);
        note_stream(stream);
        check(cublas_.set_stream(handle_->handle, reinterpret_cast<void *>(stream)), "cublasSetStream");
    }
    const Cublas &functions() const { return cublas_; }
    Handle handle() const { return handle_->handle; }

private:
    const Cublas &cublas_;
    DeviceHandle *handle_ = nullptr;
    std::unique_lock<std::mutex> lock_;
};

// cudaDataType's numbers.
constexpr int data_types[] = {0 /* CUDA_R_32F */, 1 /* CUDA_R_64F */, 4 /* CUDA_C_32F */, 5 /* CUDA_C_64F */};
constexpr int real_types[] = {0, 1, 0, 1};
constexpr int compute_types[] = {68 /* CUBLAS_COMPUTE_32F */, 70 /* CUBLAS_COMPUTE_64F */, 68, 70};
constexpr int gemm_default_algorithm = -1;

int index_of(Element element) {
    int index = static_cast<int>(element);
    if (index < 0 || index > 3) throw Error(Status::InvalidArgument, "unknown element type " + std::to_string(index));
    return index;
}

int operation(Transpose transpose) {
    int value = static_cast<int>(transpose);
    if (value < 0 || value > 2) throw Error(Status::InvalidArgument, "unknown transpose " + std::to_string(value));
    return value;
}

}  // namespace

LibraryInfo cublas_library() { return {api().version, api().library->path()}; }

void gemm(const Gemm &gemm, std::uintptr_t stream) {
    int type = data_types[index_of(gemm.element)];
    int compute = compute_types[index_of(gemm.element)];
    int transa = operation(gemm.transa), transb = operation(gemm.transb);
    if (gemm.batch < 1) throw Error(Status::InvalidArgument, "gemm's batch must be at least 1");
    Session session(stream);
    const Cublas &cublas = session.functions();
    if (gemm.pointer_arrays) {
        check(cublas.gemm_batched(session.handle(), transa, transb, gemm.m, gemm.n, gemm.k, gemm.alpha,
                                  static_cast<const void *const *>(gemm.a), type, gemm.lda,
                                  static_cast<const void *const *>(gemm.b), type, gemm.ldb, gemm.beta,
                                  static_cast<void *const *>(gemm.c), type, gemm.ldc, gemm.batch, compute,
                                  gemm_default_algorithm),
              "cublasGemmBatchedEx");
    } else if (gemm.batch > 1) {
        check(cublas.gemm_strided(session.handle(), transa, transb, gemm.m, gemm.n, gemm.k, gemm.alpha, gemm.a, type,
                                  gemm.lda, gemm.stride_a, gemm.b, type, gemm.ldb, gemm.stride_b, gemm.beta, gemm.c,
                                  type, gemm.ldc, gemm.stride_c, gemm.batch, compute, gemm_default_algorithm),
              "cublasGemmStridedBatchedEx");
    } else {
        check(cublas.gemm(session.handle(), transa, transb, gemm.m, gemm.n, gemm.k, gemm.alpha, gemm.a, type, gemm.lda,
                          gemm.b, type, gemm.ldb, gemm.beta, gemm.c, type, gemm.ldc, compute, gemm_default_algorithm),
              "cublasGemmEx");
    }
}

void gemv(Element element, Transpose trans, std::int64_t m, std::int64_t n, const void *alpha, const void *a,
          std::int64_t lda, const void *x, std::int64_t incx, const void *beta, void *y, std::int64_t incy,
          std::uintptr_t stream) {
    int index = index_of(element);
    int operation_code = operation(trans);
    Session session(stream);
    check(session.functions().gemv[index](session.handle(), operation_code, m, n, alpha, a, lda, x, incx, beta, y, incy),
          "cublas<t>gemv");
}

void axpy(Element element, std::int64_t n, const void *alpha, const void *x, std::int64_t incx, void *y,
          std::int64_t incy, std::uintptr_t stream) {
    int type = data_types[index_of(element)];
    Session session(stream);
    check(session.functions().axpy(session.handle(), n, alpha, type, x, type, incx, y, type, incy, type), "cublasAxpyEx");
}

void scal(Element element, std::int64_t n, const void *alpha, void *x, std::int64_t incx, std::uintptr_t stream) {
    int type = data_types[index_of(element)];
    Session session(stream);
    check(session.functions().scal(session.handle(), n, alpha, type, x, type, incx, type), "cublasScalEx");
}

void dot(Element element, bool conjugate, std::int64_t n, const void *x, std::int64_t incx, const void *y,
         std::int64_t incy, void *result, std::uintptr_t stream) {
    int type = data_types[index_of(element)];
    Session session(stream);
    auto function = conjugate ? session.functions().dotc : session.functions().dot;
    check(function(session.handle(), n, x, type, incx, y, type, incy, result, type, type),
          conjugate ? "cublasDotcEx" : "cublasDotEx");
}

void nrm2(Element element, std::int64_t n, const void *x, std::int64_t incx, void *result, std::uintptr_t stream) {
    int index = index_of(element);
    Session session(stream);
    check(session.functions().nrm2(session.handle(), n, x, data_types[index], incx, result, real_types[index],
                             real_types[index]),
          "cublasNrm2Ex");
}

std::int64_t iamax(Element element, bool smallest, std::int64_t n, const void *x, std::int64_t incx,
                   std::uintptr_t stream) {
    int type = data_types[index_of(element)];
    Session session(stream);
    std::int64_t position = 0;  // 1-based, as BLAS counts; 0 for an empty vector
    auto function = smallest ? session.functions().iamin : session.functions().iamax;
    check(function(session.handle(), n, x, type, incx, &position), smallest ? "cublasIaminEx" : "cublasIamaxEx");
    return position - 1;
}

}  // namespace cudapy::runtime
