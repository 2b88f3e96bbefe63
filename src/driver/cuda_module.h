// CUDA C++ of the caller's own (PyCUDA's SourceModule, CuPy's RawModule): compiled by the
// compilers and through the caches translated code uses, loaded, and its kernels launched with
// argument blocks laid out as the compiled kernel's parameters say, which also tells a wrong
// argument block from a right one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/launch_shape.h"
#include "jit/compiler.h"
#include "runtime/module.h"

namespace cudapy::driver {

// The code for request.arch, or for the current GPU when it names none (which needs a GPU).
// The request is checked first (jit::check_user_request); a source that does not compile throws
// Error(CudaCompilation) with the compiler's log, whose lines are the source's own;
// `log_entries` receives the parsed log of a compile that ran.
jit::CompiledCode compile_cuda_source(const std::string &source, jit::CompileRequest request,
                                      std::vector<jit::LogEntry> *log_entries = nullptr);

class CudaFunction {
public:
    // Reads the kernel's parameters and attributes; `entry` is the loaded kernel.
    CudaFunction(std::string name, const void *entry);

    const std::string &name() const { return name_; }
    const std::vector<runtime::KernelParameter> &parameters() const { return parameters_; }
    // The size of an argument block: the end of the last parameter.
    std::size_t args_size() const { return args_size_; }
    runtime::KernelAttributes attributes() const;
    void set_max_dynamic_shared_bytes(int bytes);

    // Launches asynchronously on `stream` with each parameter's value at its offset in `args`.
    // Throws Error(InvalidArgument) for a grid or block past CUDA's limits, a block larger
    // than this kernel allows, or more dynamic shared memory than it may use.
    void launch(Dim3 grid, Dim3 block, std::size_t shared_bytes, std::uintptr_t stream,
                const void *args) const;

private:
    std::string name_;
    const void *entry_;
    std::vector<runtime::KernelParameter> parameters_;
    std::size_t args_size_ = 0;
    mutable std::mutex mutex_;  // guards attributes_ against set_max_dynamic_shared_bytes
    runtime::KernelAttributes attributes_;
};

class CudaModule {
public:
    // Compiles as compile_cuda_source does, for the current GPU, and loads the result.
    CudaModule(const std::string &source, jit::CompileRequest request,
               std::vector<jit::LogEntry> *log_entries = nullptr);
    // Loads compiled code: CUBIN, PTX or a fat binary.
    explicit CudaModule(const std::string &image);
    ~CudaModule();

    // The kernel of C (or mangled) name `name`, made on first use and kept; throws
    // Error(NotFound) naming the module's kernels.
    CudaFunction &function(const std::string &name);
    // The mangled name of one of the compile's name expressions; Error(NotFound) otherwise.
    const std::string &lowered_name(const std::string &expression) const;
    // The device address and size of a __device__ or __constant__ variable; Error(NotFound)
    // naming it when the module has none of that name.
    void *global(const std::string &name, std::size_t *bytes) const;

private:
    std::unique_ptr<runtime::LoadedModule> module_;
    std::map<std::string, std::string> lowered_names_;
    std::mutex mutex_;
    std::map<std::string, std::unique_ptr<CudaFunction>> functions_;
};

}  // namespace cudapy::driver
