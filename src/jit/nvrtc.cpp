#include "jit/nvrtc.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

#include "common/error.h"
#include "common/library_search.h"

namespace cudapy::jit {

namespace {

using Program = struct NvrtcProgramHandle *;

}  // namespace

// NVRTC's C API, declared here rather than included so that no CUDA header is needed.
struct Nvrtc::Api {
    const char *(*get_error_string)(int);
    int (*version)(int *, int *);
    int (*num_supported_archs)(int *);
    int (*supported_archs)(int *);
    int (*create_program)(Program *, const char *, const char *, int, const char *const *,
                          const char *const *);
    int (*destroy_program)(Program *);
    int (*compile_program)(Program, int, const char *const *);
    int (*ptx_size)(Program, std::size_t *);
    int (*ptx)(Program, char *);
    int (*cubin_size)(Program, std::size_t *);
    int (*cubin)(Program, char *);
    int (*log_size)(Program, std::size_t *);
    int (*log)(Program, char *);
    int (*add_name_expression)(Program, const char *);
    int (*get_lowered_name)(Program, const char *, const char **);
};

namespace {

// The C and C++ library headers CUDA C++ written for nvcc includes and NVRTC does not ship.
// NVRTC's builtins hold their device functions (math, printf, assert), so these hold only the
// fixed-width integer types.
constexpr const char *fixed_width_types =
    "#pragma once\n"
    "typedef signed char int8_t; typedef unsigned char uint8_t;\n"
    "typedef short int16_t; typedef unsigned short uint16_t;\n"
    "typedef int int32_t; typedef unsigned int uint32_t;\n"
    "typedef long long int64_t; typedef unsigned long long uint64_t;\n"
    "typedef long long intptr_t; typedef unsigned long long uintptr_t;\n";
constexpr const char *library_header_names[] = {"math.h", "cmath", "stdio.h", "cstdio", "assert.h",
                                                "cassert", "stdint.h", "cstdint"};
constexpr const char *library_headers[] = {"", "", "", "", "", "", fixed_width_types,
                                           fixed_width_types};

std::vector<std::string> candidate_paths() {
    return library_candidates("CUDAPY_NVRTC", {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"});
}

// The file `status` describes (stat follows links: the library itself) by its device, inode,
// size and modification time: what changes when NVRTC is replaced, without reading 100 MB or
// resolving the path's links.
std::string file_identity(const struct stat &status) {
    std::int64_t mtime_ns =
        static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 + status.st_mtim.tv_nsec;
    return "nvrtc file " + std::to_string(status.st_dev) + ":" + std::to_string(status.st_ino) + " " +
           std::to_string(status.st_size) + " bytes " + std::to_string(mtime_ns) + " ns";
}

template <typename F>
void bind(void *library, const char *name, F &target, std::string &missing) {
    void *symbol = dlsym(library, name);
    if (!symbol) missing += std::string(missing.empty() ? "" : ", ") + name;
    target = reinterpret_cast<F>(symbol);
}

std::mutex load_mutex;
std::mutex location_mutex;

}  // namespace

Nvrtc &Nvrtc::instance() {
    static Nvrtc nvrtc;
    return nvrtc;
}

Nvrtc &Nvrtc::get() {
    Nvrtc &nvrtc = instance();
    std::lock_guard<std::mutex> lock(load_mutex);
    if (!nvrtc.api_) nvrtc.load();
    return nvrtc;
}

// A file's identity needs no load: a first compile from the disk cache names NVRTC while the
// warm-up thread may still be loading it.
std::string Nvrtc::identity() {
    std::string file = instance().location().identity;
    if (!file.empty()) return file;
    const Nvrtc &loaded = get();  // found by the loader's search: named by its version
    return "nvrtc " + std::to_string(loaded.version_.first) + "." + std::to_string(loaded.version_.second);
}

Nvrtc::Location Nvrtc::location() {
    std::lock_guard<std::mutex> lock(location_mutex);
    if (!location_) location_ = locate();
    return *location_;
}

Nvrtc::Location Nvrtc::locate() {
    Location location;
    for (const auto &candidate : candidate_paths()) {
        // dlopen searches for a name without a slash itself; a path it opens as given.
        if (candidate.find('/') == std::string::npos) {
            location.to_open.push_back(candidate);
            continue;
        }
        struct stat status {};
        if (stat(candidate.c_str(), &status) != 0) {
            location.skipped += "\n  " + candidate + ": " + std::strerror(errno);
        } else if (!S_ISREG(status.st_mode)) {
            location.skipped += "\n  " + candidate + ": not a file";
        } else {
            location.to_open = {candidate};
            location.identity = file_identity(status);
            return location;
        }
    }
    return location;
}

void Nvrtc::load() {
    Location location = this->location();
    std::string tried = location.skipped;
    void *library = nullptr;
    for (const auto &path : location.to_open) {
        library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (library) {
            path_ = path;
            break;
        }
        tried += "\n  " + path + ": " + dlerror();
    }
    if (!library) {
        forget_location();
        throw Error(Status::NvrtcUnavailable,
                    "NVRTC (the CUDA run-time compiler) was not found. Install the CUDA "
                    "toolkit's NVRTC (e.g. the cuda-nvrtc package or pip install "
                    "nvidia-cuda-nvrtc), or set CUDAPY_NVRTC to the path of libnvrtc.so. "
                    "Tried:" + tried);
    }
    auto api = std::make_unique<Api>();
    std::string missing;
    bind(library, "nvrtcGetErrorString", api->get_error_string, missing);
    bind(library, "nvrtcVersion", api->version, missing);
    bind(library, "nvrtcGetNumSupportedArchs", api->num_supported_archs, missing);
    bind(library, "nvrtcGetSupportedArchs", api->supported_archs, missing);
    bind(library, "nvrtcCreateProgram", api->create_program, missing);
    bind(library, "nvrtcDestroyProgram", api->destroy_program, missing);
    bind(library, "nvrtcCompileProgram", api->compile_program, missing);
    bind(library, "nvrtcGetPTXSize", api->ptx_size, missing);
    bind(library, "nvrtcGetPTX", api->ptx, missing);
    bind(library, "nvrtcGetCUBINSize", api->cubin_size, missing);
    bind(library, "nvrtcGetCUBIN", api->cubin, missing);
    bind(library, "nvrtcGetProgramLogSize", api->log_size, missing);
    bind(library, "nvrtcGetProgramLog", api->log, missing);
    bind(library, "nvrtcAddNameExpression", api->add_name_expression, missing);
    bind(library, "nvrtcGetLoweredName", api->get_lowered_name, missing);
    if (!missing.empty()) {
        dlclose(library);
        forget_location();
        throw Error(Status::NvrtcUnavailable,
                    path_ + " is not a usable NVRTC (CUDA 12 or newer is needed): missing " + missing);
    }
    api->version(&version_.first, &version_.second);
    int count = 0;
    if (api->num_supported_archs(&count) == 0 && count > 0) {
        architectures_.resize(static_cast<std::size_t>(count));
        api->supported_archs(architectures_.data());
    }
    api_ = api.release();  // lives as long as the process, like the dlopen'ed library
}

void Nvrtc::forget_location() {
    std::lock_guard<std::mutex> lock(location_mutex);
    location_.reset();
}

NvrtcOutput Nvrtc::compile(const std::string &source, const std::string &name,
                           const std::string &arch, const std::vector<std::string> &options,
                           bool translated, const std::vector<std::string> &name_expressions) const {
    Program program = nullptr;
    int status = translated ? api_->create_program(&program, source.c_str(), name.c_str(), 0, nullptr, nullptr)
                            : api_->create_program(&program, source.c_str(), name.c_str(),
                                                   static_cast<int>(std::size(library_headers)),
                                                   library_headers, library_header_names);
    if (status != 0)
        throw Error(Status::Internal,
                    std::string("nvrtcCreateProgram failed: ") + api_->get_error_string(status));
    std::vector<std::string> all_options{"--gpu-architecture=" + arch};
    // Translated kernels use none of what -minimal leaves out (textures, the device runtime,
    // launches from the GPU), and it saves a third of NVRTC's time on a small kernel. The cache
    // key names this NVRTC, so its version decides the option for every entry alike.
    if (translated && version_ >= std::pair{12, 4}) all_options.emplace_back("-minimal");
    for (const auto &expression : name_expressions) {
        status = api_->add_name_expression(program, expression.c_str());
        if (status != 0) {
            api_->destroy_program(&program);
            throw Error(Status::InvalidArgument, "NVRTC refused the name expression '" + expression +
                                                     "': " + api_->get_error_string(status));
        }
    }
    all_options.insert(all_options.end(), options.begin(), options.end());
    std::vector<const char *> option_pointers;
    for (const auto &option : all_options) option_pointers.push_back(option.c_str());

    NvrtcOutput output;
    status = api_->compile_program(program, static_cast<int>(option_pointers.size()),
                                   option_pointers.data());
    std::size_t log_size = 0;
    api_->log_size(program, &log_size);
    if (log_size > 1) {
        output.log.resize(log_size);
        api_->log(program, output.log.data());
        output.log.resize(log_size - 1);
    }
    output.ok = status == 0;
    if (output.ok) {
        bool cubin = arch.rfind("sm_", 0) == 0;
        std::size_t size = 0;
        (cubin ? api_->cubin_size : api_->ptx_size)(program, &size);
        output.binary.resize(size);
        (cubin ? api_->cubin : api_->ptx)(program, output.binary.data());
        if (!cubin && !output.binary.empty() && output.binary.back() == '\0') output.binary.pop_back();
        for (const auto &expression : name_expressions) {
            const char *lowered = nullptr;
            if (api_->get_lowered_name(program, expression.c_str(), &lowered) != 0 || !lowered) {
                output.ok = false;
                output.log += "the name expression '" + expression + "' names no function or variable of the source\n";
                break;
            }
            output.lowered_names.emplace_back(lowered);
        }
    } else if (output.log.empty()) {
        output.log = api_->get_error_string(status);
    }
    api_->destroy_program(&program);
    return output;
}

}  // namespace cudapy::jit
