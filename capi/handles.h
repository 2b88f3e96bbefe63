// The structs behind the opaque handles of the public header, and the guard every exported
// function runs its body in.
#pragma once

#include <cstddef>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "common/error.h"
#include "common/target.h"
#include "cudapy/cudapy.h"
#include "driver/cuda_module.h"
#include "driver/launch.h"
#include "driver/memory.h"
#include "driver/program.h"

struct cudapy_program {
    cudapy::driver::Program program;
};

struct cudapy_kernel {
    cudapy::driver::Kernel *kernel;  // owned by its module
};

struct cudapy_module {
    std::unique_ptr<cudapy::driver::Module> module;
    std::vector<cudapy_kernel> kernels;  // a handle for each of the module's kernels
};

struct cudapy_launch {
    cudapy::driver::Launch launch;  // its kernel borrowed from the module, which outlives it
};

struct cudapy_cuda_function {
    cudapy::driver::CudaFunction *function;  // owned by its module
};

struct cudapy_cuda_module {
    std::unique_ptr<cudapy::driver::CudaModule> module;
    std::mutex mutex;  // guards `functions`
    std::map<const cudapy::driver::CudaFunction *, std::unique_ptr<cudapy_cuda_function>> functions;
};

struct cudapy_buffer {
    std::unique_ptr<cudapy::driver::Buffer> buffer;
};

namespace cudapy::capi {

void set_last_error(std::string message);

// Runs `body`, mapping every exception to a status and the last-error message, so that
// nothing is thrown across the ABI.
template <typename Body>
cudapy_status guard(Body &&body) noexcept {
    try {
        body();
        return CUDAPY_OK;
    } catch (...) {
        Error error = error_in_flight();
        set_last_error(error.what());
        return static_cast<cudapy_status>(error.status());
    }
}

// Throws Error(InvalidArgument) naming `what` when `pointer` is null.
inline void require(const void *pointer, const char *what) {
    if (!pointer) throw Error(Status::InvalidArgument, std::string(what) + " is NULL");
}

// Whether a caller's option struct, whose `size` says how much of it the caller knows, has
// `member`: members added after the first release are read only when it does.
#define CUDAPY_HAS_MEMBER(pointer, member)                                                  \
    (offsetof(std::remove_pointer_t<decltype(pointer)>, member) + sizeof((pointer)->member) <= \
     (pointer)->size)

// Throws Error(InvalidArgument) unless an option struct's leading size field covers `needed`.
inline void require_size(std::size_t given, std::size_t needed, const char *what) {
    if (given < needed)
        throw Error(Status::InvalidArgument,
                    std::string(what) + ".size is " + std::to_string(given) + "; set it to sizeof(" +
                        what + ")");
}

// A kernel's attributes into either info struct of the C ABI (cudapy_kernel_info,
// cudapy_cuda_function_info), which name them alike.
template <typename Info>
void copy_attributes(const cudapy::runtime::KernelAttributes &attributes, Info &out) {
    out.max_threads_per_block = attributes.max_threads_per_block;
    out.registers = attributes.registers;
    out.static_shared_bytes = attributes.static_shared_bytes;
    out.constant_bytes = attributes.constant_bytes;
    out.local_bytes = attributes.local_bytes;
    out.max_dynamic_shared_bytes = attributes.max_dynamic_shared_bytes;
}

// Copies `text` into a string the caller frees with cudapy_string_free.
char *owned_string(const std::string &text);

// A C caller may pass any integer as an enum, which C++ may not hold in it: its bytes are
// read as an integer, never loaded as the enum.
template <typename Enum>
int enum_value(const Enum &given) {
    int value = 0;
    static_assert(sizeof value == sizeof given);
    std::memcpy(&value, &given, sizeof value);
    return value;
}

// A caller's architecture ("" and NULL: the default). Checked against the compiler's
// architectures before a compile; here only that it is a single word, as it becomes one option
// of a compiler's command line.
std::string arch_from(const char *given);
jit::Compiler compiler_from(const cudapy_compiler &given);

inline Target target_from(const cudapy_target &given) {
    int target = enum_value(given);
    if (target != CUDAPY_TARGET_CUDA && target != CUDAPY_TARGET_CPU)
        throw Error(Status::InvalidArgument, "unknown target " + std::to_string(target));
    return static_cast<Target>(target);
}

}  // namespace cudapy::capi
