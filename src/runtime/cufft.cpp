// cuFFT: plans made once per device, kind and shape, kept in a small cache and reused.
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "common/error.h"
#include "runtime/device.h"
#include "runtime/memory.h"
#include "runtime/nvidia_libraries.h"
#include "runtime/shared_library.h"
#include "runtime/stream.h"

namespace cudapy::runtime {

namespace {

using Result = int;
using PlanHandle = int;

// cuFFT's C API, declared here so that no cuFFT header is needed; enums are ints.
struct Cufft {
    Result (*create)(PlanHandle *);
    Result (*destroy)(PlanHandle);
    Result (*make_plan_many)(PlanHandle, int, long long *, long long *, long long, long long, long long *, long long,
                             long long, int, long long, std::size_t *);
    Result (*set_stream)(PlanHandle, void *);
    Result (*get_version)(int *);
    // C2C and Z2Z; R2C and D2Z; C2R and Z2D: each pair shares a shape once pointers are void.
    Result (*complex_to_complex[2])(PlanHandle, const void *, void *, int);
    Result (*real_to_complex[2])(PlanHandle, const void *, void *);
    Result (*complex_to_real[2])(PlanHandle, const void *, void *);
    int version = 0;
    std::unique_ptr<SharedLibrary> library;
};

const char *result_name(Result result) {
    switch (result) {
        case 0x0:
            return "CUFFT_SUCCESS";
        case 0x1:
            return "CUFFT_INVALID_PLAN";
        case 0x2:
            return "CUFFT_ALLOC_FAILED";
        case 0x3:
            return "CUFFT_INVALID_TYPE";
        case 0x4:
            return "CUFFT_INVALID_VALUE";
        case 0x5:
            return "CUFFT_INTERNAL_ERROR";
        case 0x6:
            return "CUFFT_EXEC_FAILED";
        case 0x7:
            return "CUFFT_SETUP_FAILED";
        case 0x8:
            return "CUFFT_INVALID_SIZE";
        case 0x9:
            return "CUFFT_UNALIGNED_DATA";
        case 0xB:
            return "CUFFT_INVALID_DEVICE";
        case 0xD:
            return "CUFFT_NO_WORKSPACE";
        case 0xE:
            return "CUFFT_NOT_IMPLEMENTED";
        case 0x10:
            return "CUFFT_NOT_SUPPORTED";
        case 0x11:
            return "CUFFT_MISSING_DEPENDENCY";
        case 0x12:
            return "CUFFT_NVRTC_FAILURE";
        case 0x13:
            return "CUFFT_NVJITLINK_FAILURE";
    }
    return "an unknown cuFFT result";
}

void check(Result result, const char *call) {
    if (result != 0) throw_library_error("cuFFT", call, result, result_name(result), result == 0x2);
}

std::mutex load_mutex;
std::unique_ptr<Cufft> loaded;

const Cufft &api() {
    std::lock_guard<std::mutex> lock(load_mutex);
    if (loaded) return *loaded;
    auto cufft = std::make_unique<Cufft>();
    cufft->library = std::make_unique<SharedLibrary>(
        "cuFFT", "CUDAPY_CUFFT", std::vector<std::string>{"libcufft.so.12", "libcufft.so.11"},
        "Install the CUDA toolkit's cuFFT (the libcufft package) or `pip install nvidia-cufft`");
    const SharedLibrary &library = *cufft->library;
    library.bind("cufftCreate", cufft->create);
    library.bind("cufftDestroy", cufft->destroy);
    library.bind("cufftMakePlanMany64", cufft->make_plan_many);
    library.bind("cufftSetStream", cufft->set_stream);
    library.bind("cufftGetVersion", cufft->get_version);
    library.bind("cufftExecC2C", cufft->complex_to_complex[0]);
    library.bind("cufftExecZ2Z", cufft->complex_to_complex[1]);
    library.bind("cufftExecR2C", cufft->real_to_complex[0]);
    library.bind("cufftExecD2Z", cufft->real_to_complex[1]);
    library.bind("cufftExecC2R", cufft->complex_to_real[0]);
    library.bind("cufftExecZ2D", cufft->complex_to_real[1]);
    check(cufft->get_version(&cufft->version), "cufftGetVersion");
    loaded = std::move(cufft);
    return *loaded;
}

// cufftType's numbers: C2C, R2C, C2R in single, then double precision.
constexpr int plan_types[2][3] = {{0x29, 0x2a, 0x2c}, {0x69, 0x6a, 0x6c}};

struct Plan {
    Plan(const Cufft &cufft, PlanHandle handle) : cufft(cufft), handle(handle) {}
    ~Plan() { cufft.destroy(handle); }
    Plan(const Plan &) = delete;
    Plan &operator=(const Plan &) = delete;
    const Cufft &cufft;
    PlanHandle handle;
    std::mutex mutex;  // held from setting the stream to the execution
};

using PlanKey =
    std::tuple<int, int, bool, std::vector<std::int64_t>, std::int64_t>;  // device, kind, double, shape, batch

// The plans last used, newest first: each holds work memory, so only so many are kept.
constexpr std::size_t kept_plans = 32;
std::mutex plans_mutex;
using Plans = std::list<std::pair<PlanKey, std::shared_ptr<Plan>>>;
Plans &kept() {
    static Plans *plans = new Plans;  // never destroyed: no cuFFT call after CUDA's teardown at exit
    return *plans;
}

std::shared_ptr<Plan> plan_for(const Cufft &cufft, const PlanKey &key, FftKind kind, bool double_precision,
                               const std::vector<std::int64_t> &shape, std::int64_t batch) {
    std::lock_guard<std::mutex> lock(plans_mutex);
    Plans &plans = kept();
    for (auto entry = plans.begin(); entry != plans.end(); ++entry)
        if (entry->first == key) {
            plans.splice(plans.begin(), plans, entry);
            return entry->second;
        }
    PlanHandle handle = 0;
    check(cufft.create(&handle), "cufftCreate");
    auto plan = std::make_shared<Plan>(cufft, handle);
    std::vector<long long> lengths(shape.begin(), shape.end());
    std::size_t work_bytes = 0;
    check(cufft.make_plan_many(handle, static_cast<int>(lengths.size()), lengths.data(), nullptr, 1, 0, nullptr, 1, 0,
                               plan_types[double_precision][static_cast<int>(kind)], batch, &work_bytes),
          "cufftMakePlanMany64");
    plans.emplace_front(key, plan);
    if (plans.size() > kept_plans) plans.pop_back();  // a plan in use lives on in its caller
    return plan;
}

}  // namespace

LibraryInfo cufft_library() { return {api().version, api().library->path()}; }

void fft(FftKind kind, bool double_precision, const std::vector<std::int64_t> &shape, std::int64_t batch, bool inverse,
         const void *input, void *output, std::uintptr_t stream) {
    int kind_index = static_cast<int>(kind);
    if (kind_index < 0 || kind_index > 2)
        throw Error(Status::InvalidArgument, "unknown FFT kind " + std::to_string(kind_index));
    if (shape.empty() || shape.size() > 3)
        throw Error(Status::InvalidArgument, "an FFT has 1, 2 or 3 dimensions, not " + std::to_string(shape.size()));
    for (std::int64_t length : shape)
        if (length < 1) throw Error(Status::InvalidArgument, "an FFT's lengths must be positive");
    if (batch < 1) throw Error(Status::InvalidArgument, "an FFT's batch must be at least 1");
    if (kind != FftKind::ComplexToComplex && input == output)
        throw Error(Status::InvalidArgument, "a real FFT cannot be done in place");
    const Cufft &cufft = api();
    require_device("cuFFT");
    PlanKey key{current_device(), kind_index, double_precision, shape, batch};
    auto plan = plan_for(cufft, key, kind, double_precision, shape, batch);
    std::lock_guard<std::mutex> lock(plan->mutex);
    note_stream(stream);
    check(cufft.set_stream(plan->handle, reinterpret_cast<void *>(stream)), "cufftSetStream");
    switch (kind) {
        case FftKind::ComplexToComplex:
            check(cufft.complex_to_complex[double_precision](plan->handle, input, output, inverse ? 1 : -1),
                  double_precision ? "cufftExecZ2Z" : "cufftExecC2C");
            break;
        case FftKind::RealToComplex:
            check(cufft.real_to_complex[double_precision](plan->handle, input, output),
                  double_precision ? "cufftExecD2Z" : "cufftExecR2C");
            break;
        case FftKind::ComplexToReal:
            check(cufft.complex_to_real[double_precision](plan->handle, input, output),
                  double_precision ? "cufftExecZ2D" : "cufftExecC2R");
            break;
    }
}

}  // namespace cudapy::runtime
