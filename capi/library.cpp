#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "ast/builtin.h"
#include "ast/libdevice.h"
#include "ast/source.h"
#include "common/warning.h"
#include "handles.h"

namespace cudapy::capi {

namespace {

thread_local std::string last_error;

using ast::BuiltinGroup;
static_assert(static_cast<int>(BuiltinGroup::BlockBarrier) == CUDAPY_BUILTIN_BLOCK_BARRIER &&
              static_cast<int>(BuiltinGroup::WarpCollective) == CUDAPY_BUILTIN_WARP_COLLECTIVE &&
              static_cast<int>(BuiltinGroup::WarpConvergence) == CUDAPY_BUILTIN_WARP_CONVERGENCE &&
              static_cast<int>(BuiltinGroup::Independent) == CUDAPY_BUILTIN_INDEPENDENT &&
              static_cast<int>(BuiltinGroup::Atomic) == CUDAPY_BUILTIN_ATOMIC &&
              static_cast<int>(BuiltinGroup::GridBarrier) == CUDAPY_BUILTIN_GRID_BARRIER &&
              static_cast<int>(BuiltinGroup::CacheHint) == CUDAPY_BUILTIN_CACHE_HINT);

}  // namespace

void set_last_error(std::string message) {
    try {
        last_error = std::move(message);
    } catch (...) {
        last_error.clear();
    }
}

std::string arch_from(const char *given) {
    if (!given || !*given) return {};
    std::string_view arch = given;
    if (arch.size() > 32 || !std::all_of(arch.begin(), arch.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
        }))
        throw Error(Status::InvalidArgument, "the architecture must be a word such as sm_90 or compute_90, got '" +
                                                 ast::printable(arch.substr(0, 64)) + "'");
    return std::string(arch);
}

jit::Compiler compiler_from(const cudapy_compiler &given) {
    int compiler = enum_value(given);
    if (compiler < CUDAPY_COMPILER_DEFAULT || compiler > CUDAPY_COMPILER_NVCC)
        throw Error(Status::InvalidArgument, "unknown compiler " + std::to_string(compiler) +
                                                 " (CUDAPY_COMPILER_DEFAULT, _NVRTC or _NVCC)");
    return static_cast<jit::Compiler>(compiler);
}

char *owned_string(const std::string &text) {
    char *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (!copy) throw std::bad_alloc();
    std::memcpy(copy, text.c_str(), text.size() + 1);
    return copy;
}

}  // namespace cudapy::capi

extern "C" {

cudapy_version_info cudapy_version(void) {
    return {CUDAPY_VERSION_MAJOR, CUDAPY_VERSION_MINOR, CUDAPY_VERSION_PATCH, CUDAPY_ABI_VERSION};
}

const char *cudapy_status_name(cudapy_status status) {
    switch (status) {
    case CUDAPY_OK: return "CUDAPY_OK";
    case CUDAPY_ERROR_INVALID_ARGUMENT: return "CUDAPY_ERROR_INVALID_ARGUMENT";
    case CUDAPY_ERROR_HOST_OUT_OF_MEMORY: return "CUDAPY_ERROR_HOST_OUT_OF_MEMORY";
    case CUDAPY_ERROR_TRANSLATION: return "CUDAPY_ERROR_TRANSLATION";
    case CUDAPY_ERROR_NVRTC_UNAVAILABLE: return "CUDAPY_ERROR_NVRTC_UNAVAILABLE";
    case CUDAPY_ERROR_CUDA_COMPILATION: return "CUDAPY_ERROR_CUDA_COMPILATION";
    case CUDAPY_ERROR_NO_DEVICE: return "CUDAPY_ERROR_NO_DEVICE";
    case CUDAPY_ERROR_DEVICE_OUT_OF_MEMORY: return "CUDAPY_ERROR_DEVICE_OUT_OF_MEMORY";
    case CUDAPY_ERROR_NOT_FOUND: return "CUDAPY_ERROR_NOT_FOUND";
    case CUDAPY_ERROR_LAUNCH_FAILED: return "CUDAPY_ERROR_LAUNCH_FAILED";
    case CUDAPY_ERROR_CUDA: return "CUDAPY_ERROR_CUDA";
    case CUDAPY_ERROR_UNSUPPORTED: return "CUDAPY_ERROR_UNSUPPORTED";
    case CUDAPY_ERROR_INTERNAL: return "CUDAPY_ERROR_INTERNAL";
    case CUDAPY_ERROR_ASSERTION: return "CUDAPY_ERROR_ASSERTION";
    case CUDAPY_ERROR_LIBRARY_UNAVAILABLE: return "CUDAPY_ERROR_LIBRARY_UNAVAILABLE";
    case CUDAPY_ERROR_LIBRARY: return "CUDAPY_ERROR_LIBRARY";
    }
    return "CUDAPY_UNKNOWN_STATUS";
}

const char *cudapy_last_error(void) { return cudapy::capi::last_error.c_str(); }

void cudapy_string_free(char *string) { std::free(string); }

void cudapy_warnings_capture(int capture) { cudapy::capture_warnings(capture != 0); }

cudapy_status cudapy_warnings_take(char **out) {
    if (out) *out = nullptr;
    return cudapy::capi::guard([&] {
        cudapy::capi::require(out, "out");
        std::string text = cudapy::take_warnings();
        if (!text.empty()) *out = cudapy::capi::owned_string(text);
    });
}

size_t cudapy_builtin_count(void) { return cudapy::ast::builtins().size(); }

size_t cudapy_libdevice_count(void) {
    try {
        return cudapy::ast::libdevice_functions().size();
    } catch (...) {  // the table is built on first use: nothing may throw across the ABI
        return 0;
    }
}

const char *cudapy_libdevice_name(size_t index) {
    try {
        auto table = cudapy::ast::libdevice_functions();
        return index < table.size() ? table[index].name.c_str() : nullptr;
    } catch (...) {
        return nullptr;
    }
}

cudapy_status cudapy_builtin_get(size_t index, cudapy_builtin_info *out) {
    return cudapy::capi::guard([&] {
        cudapy::capi::require(out, "out");
        cudapy::capi::require_size(out->size, sizeof(cudapy_builtin_info), "cudapy_builtin_info");
        auto table = cudapy::ast::builtins();
        if (index >= table.size())
            throw cudapy::Error(cudapy::Status::NotFound,
                                "there is no builtin " + std::to_string(index) + " (there are " +
                                    std::to_string(table.size()) + ")");
        const auto &info = table[index];
        out->name = info.name.data();  // a literal: NUL-terminated
        out->group = static_cast<cudapy_builtin_group>(info.group);
        out->min_args = info.min_args();
        out->max_args = info.max_args();
    });
}

}  // extern "C"
