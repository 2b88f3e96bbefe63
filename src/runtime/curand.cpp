// cuRAND's host API: generators that fill device memory.
#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <mutex>

#include "common/error.h"
#include "runtime/cuda_error.h"
#include "runtime/memory.h"
#include "runtime/nvidia_libraries.h"
#include "runtime/shared_library.h"
#include "runtime/stream.h"

namespace cudapy::runtime {

namespace {

using CurandStatus = int;
using Generator = struct CurandGenerator *;

// cuRAND's C API, declared here so that no cuRAND header is needed; enums are ints.
struct Curand {
    CurandStatus (*create)(Generator *, int);
    CurandStatus (*destroy)(Generator);
    CurandStatus (*set_stream)(Generator, void *);
    CurandStatus (*set_seed)(Generator, unsigned long long);
    CurandStatus (*set_offset)(Generator, unsigned long long);
    CurandStatus (*set_dimensions)(Generator, unsigned int);
    CurandStatus (*get_version)(int *);
    CurandStatus (*bits32)(Generator, unsigned int *, std::size_t);
    CurandStatus (*bits64)(Generator, unsigned long long *, std::size_t);
    CurandStatus (*uniform)(Generator, float *, std::size_t);
    CurandStatus (*uniform_double)(Generator, double *, std::size_t);
    CurandStatus (*normal)(Generator, float *, std::size_t, float, float);
    CurandStatus (*normal_double)(Generator, double *, std::size_t, double, double);
    CurandStatus (*log_normal)(Generator, float *, std::size_t, float, float);
    CurandStatus (*log_normal_double)(Generator, double *, std::size_t, double, double);
    CurandStatus (*poisson)(Generator, unsigned int *, std::size_t, double);
    int version = 0;
    std::unique_ptr<SharedLibrary> library;
};

const char *status_name(CurandStatus status) {
    switch (status) {
        case 0:
            return "CURAND_STATUS_SUCCESS";
        case 100:
            return "CURAND_STATUS_VERSION_MISMATCH";
        case 101:
            return "CURAND_STATUS_NOT_INITIALIZED";
        case 102:
            return "CURAND_STATUS_ALLOCATION_FAILED";
        case 103:
            return "CURAND_STATUS_TYPE_ERROR";
        case 104:
            return "CURAND_STATUS_OUT_OF_RANGE";
        case 105:
            return "CURAND_STATUS_LENGTH_NOT_MULTIPLE";
        case 106:
            return "CURAND_STATUS_DOUBLE_PRECISION_REQUIRED";
        case 201:
            return "CURAND_STATUS_LAUNCH_FAILURE";
        case 202:
            return "CURAND_STATUS_PREEXISTING_FAILURE";
        case 203:
            return "CURAND_STATUS_INITIALIZATION_FAILED";
        case 204:
            return "CURAND_STATUS_ARCH_MISMATCH";
        case 999:
            return "CURAND_STATUS_INTERNAL_ERROR";
    }
    return "an unknown cuRAND status";
}

void check(CurandStatus status, const char *call) {
    if (status != 0) throw_library_error("cuRAND", call, status, status_name(status), status == 102);
}

std::mutex load_mutex;
std::unique_ptr<Curand> loaded;

const Curand &api() {
    std::lock_guard<std::mutex> lock(load_mutex);
    if (loaded) return *loaded;
    auto curand = std::make_unique<Curand>();
    curand->library = std::make_unique<SharedLibrary>(
        "cuRAND", "CUDAPY_CURAND", std::vector<std::string>{"libcurand.so.10"},
        "Install the CUDA toolkit's cuRAND (the libcurand package) or `pip install nvidia-curand`");
    const SharedLibrary &library = *curand->library;
    library.bind("curandCreateGenerator", curand->create);
    library.bind("curandDestroyGenerator", curand->destroy);
    library.bind("curandSetStream", curand->set_stream);
    library.bind("curandSetPseudoRandomGeneratorSeed", curand->set_seed);
    library.bind("curandSetGeneratorOffset", curand->set_offset);
    library.bind("curandSetQuasiRandomGeneratorDimensions", curand->set_dimensions);
    library.bind("curandGetVersion", curand->get_version);
    library.bind("curandGenerate", curand->bits32);
    library.bind("curandGenerateLongLong", curand->bits64);
    library.bind("curandGenerateUniform", curand->uniform);
    library.bind("curandGenerateUniformDouble", curand->uniform_double);
    library.bind("curandGenerateNormal", curand->normal);
    library.bind("curandGenerateNormalDouble", curand->normal_double);
    library.bind("curandGenerateLogNormal", curand->log_normal);
    library.bind("curandGenerateLogNormalDouble", curand->log_normal_double);
    library.bind("curandGeneratePoisson", curand->poisson);
    check(curand->get_version(&curand->version), "curandGetVersion");
    loaded = std::move(curand);
    return *loaded;
}

// curandRngType's numbers, in RandomKind's order.
constexpr int generator_types[] = {101, 161, 121, 141, 142, 201, 202, 203, 204};

}  // namespace

LibraryInfo curand_library() { return {api().version, api().library->path()}; }

struct RandomGenerator::State {
    const Curand *curand = nullptr;
    Generator generator = nullptr;
    RandomKind kind = RandomKind::Xorwow;
    // Two values of scratch for the last of an odd count of normals, which cuRAND's pseudo
    // generators make only in pairs.
    std::unique_ptr<DeviceBuffer> pair;
};

RandomGenerator::RandomGenerator(RandomKind kind) : state_(std::make_unique<State>()) {
    int index = static_cast<int>(kind);
    if (index < 0 || index >= static_cast<int>(std::size(generator_types)))
        throw Error(Status::InvalidArgument, "unknown random generator kind " + std::to_string(index));
    state_->curand = &api();
    require_device("cuRAND");
    state_->kind = kind;
    check(state_->curand->create(&state_->generator, generator_types[index]), "curandCreateGenerator");
}

RandomGenerator::~RandomGenerator() {
    if (state_ && state_->generator) state_->curand->destroy(state_->generator);
}

bool RandomGenerator::quasi() const { return state_->kind >= RandomKind::Sobol32; }

void RandomGenerator::seed(std::uint64_t seed) {
    if (quasi()) throw Error(Status::InvalidArgument, "a quasi-random (Sobol) generator takes no seed");
    // cuRAND keeps its position in the sequence across a new seed: a seed starts it afresh, so
    // that the same seed gives the same numbers. The Mersenne twisters have no offset to set
    // back: they start afresh as a new generator.
    bool twister = state_->kind == RandomKind::Mtgp32 || state_->kind == RandomKind::Mt19937;
    if (twister) {
        Generator fresh = nullptr;
        check(state_->curand->create(&fresh, generator_types[static_cast<int>(state_->kind)]),
              "curandCreateGenerator");
        state_->curand->destroy(state_->generator);
        state_->generator = fresh;
    }
    check(state_->curand->set_seed(state_->generator, seed), "curandSetPseudoRandomGeneratorSeed");
    if (!twister) check(state_->curand->set_offset(state_->generator, 0), "curandSetGeneratorOffset");
}

void RandomGenerator::offset(std::uint64_t offset) {
    check(state_->curand->set_offset(state_->generator, offset), "curandSetGeneratorOffset");
}

void RandomGenerator::dimensions(unsigned dimensions) {
    if (!quasi()) throw Error(Status::InvalidArgument, "only a quasi-random (Sobol) generator has dimensions");
    check(state_->curand->set_dimensions(state_->generator, dimensions), "curandSetQuasiRandomGeneratorDimensions");
}

void RandomGenerator::generate(Distribution distribution, RandomOutput type, void *output, std::uint64_t count,
                               double a, double b, std::uintptr_t stream) {
    const Curand &curand = *state_->curand;
    Generator generator = state_->generator;
    note_stream(stream);
    check(curand.set_stream(generator, reinterpret_cast<void *>(stream)), "curandSetStream");
    if (count == 0) return;
    bool single = type == RandomOutput::Float32, real = single || type == RandomOutput::Float64;
    auto need = [&](bool ok, const char *what) {
        if (!ok) throw Error(Status::InvalidArgument, std::string("cuRAND's ") + what);
    };
    switch (distribution) {
        case Distribution::Uniform:
            need(real, "uniform numbers are float32 or float64");
            if (single)
                check(curand.uniform(generator, static_cast<float *>(output), count), "curandGenerateUniform");
            else
                check(curand.uniform_double(generator, static_cast<double *>(output), count),
                      "curandGenerateUniformDouble");
            return;
        case Distribution::Normal:
        case Distribution::LogNormal: {
            need(real, "normal and log-normal numbers are float32 or float64");
            bool log = distribution == Distribution::LogNormal;
            std::size_t element = single ? 4 : 8;
            // Pseudo generators make normals in pairs: an odd count takes its last from a pair
            // made into scratch memory.
            std::uint64_t whole = quasi() ? count : count & ~std::uint64_t{1};
            auto fill = [&](void *into, std::uint64_t n) {
                if (n == 0) return;
                if (single) {
                    auto function = log ? curand.log_normal : curand.normal;
                    check(function(generator, static_cast<float *>(into), n, static_cast<float>(a),
                                   static_cast<float>(b)),
                          log ? "curandGenerateLogNormal" : "curandGenerateNormal");
                } else {
                    auto function = log ? curand.log_normal_double : curand.normal_double;
                    check(function(generator, static_cast<double *>(into), n, a, b),
                          log ? "curandGenerateLogNormalDouble" : "curandGenerateNormalDouble");
                }
            };
            fill(output, whole);
            if (whole < count) {
                if (!state_->pair) state_->pair = std::make_unique<DeviceBuffer>(2 * sizeof(double));
                fill(state_->pair->pointer(), 2);
                copy_async(static_cast<char *>(output) + whole * element, state_->pair->pointer(), element, stream, -1);
            }
            return;
        }
        case Distribution::Poisson:
            need(type == RandomOutput::Uint32, "Poisson numbers are uint32");
            check(curand.poisson(generator, static_cast<unsigned int *>(output), count, a), "curandGeneratePoisson");
            return;
        case Distribution::Bits:
            if (type == RandomOutput::Uint32) {
                check(curand.bits32(generator, static_cast<unsigned int *>(output), count), "curandGenerate");
            } else {
                need(type == RandomOutput::Uint64, "raw bits are uint32 or uint64");
                check(curand.bits64(generator, static_cast<unsigned long long *>(output), count),
                      "curandGenerateLongLong");
            }
            return;
    }
    throw Error(Status::InvalidArgument, "unknown distribution " + std::to_string(static_cast<int>(distribution)));
}

}  // namespace cudapy::runtime
