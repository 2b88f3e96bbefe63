// A target's back end: how a translated program is compiled and loaded, and how its kernels
// are launched. CUDA (a compiler to CUBIN or PTX and the CUDA Runtime) and the host (the host's
// C++ compiler and a thread pool); the rest of the driver never asks which it has.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "common/launch_shape.h"
#include "common/target.h"
#include "driver/memory.h"
#include "driver/module.h"
#include "runtime/module.h"

namespace cudapy::driver {

class Program;
struct CompileOptions;

class Backend {
public:
    virtual ~Backend() = default;

    // The program compiled as `options` ask and loaded: a module with every kernel bound.
    virtual std::unique_ptr<Module> load(Program &program, const CompileOptions &options) const = 0;
    // The block size that gives `kernel` the most resident threads.
    virtual int auto_block_size(const Kernel &kernel) const = 0;
    // The kernel's registers, memory and largest block on the GPU it was loaded for; throws
    // Error(Unsupported) where the target's kernels have none (the CPU's).
    virtual runtime::KernelAttributes attributes(const Kernel &kernel) const = 0;
    // The largest grid of blocks of `block_threads` threads and `shared_bytes` of dynamic
    // shared memory that runs all at once (a cooperative launch's); throws Error(Unsupported)
    // where the target has no cooperative launches (the CPU).
    virtual int max_cooperative_blocks(const Kernel &kernel, int block_threads,
                                       std::size_t shared_bytes) const = 0;
    // Launches with one pointer per argument: the kernel's, then the extent and hoisted values.
    virtual void launch(const Kernel &kernel, const LaunchShape &shape, std::size_t shared_bytes,
                        std::uintptr_t stream, void **args) const = 0;
    // Memory for the target's kernels, and a buffer over memory someone else owns.
    virtual std::unique_ptr<Buffer> allocate(std::size_t bytes) const = 0;
    virtual std::unique_ptr<Buffer> wrap(void *pointer, std::size_t bytes) const = 0;
    // Copies between addresses the back end's kernels can read, ordered on `stream`: from
    // device `source_device`'s memory to device `destination_device`'s where both are the
    // target's, -1 for the host's memory.
    virtual void copy(void *destination, int destination_device, const void *source,
                      int source_device, std::size_t bytes, std::uintptr_t stream) const = 0;
    // The device a compile started now is for (-1 where the target has none); throws where
    // the back end cannot compile now (no GPU, no driver).
    virtual int current_device() const = 0;
    // Makes `device` current on the calling thread, as current_device() gave it.
    virtual void set_current_device(int device) const = 0;
};

const Backend &backend_for(Target target);
// Each target's back end (backend_cuda.cpp, backend_host.cpp).
const Backend &cuda_backend();
const Backend &host_backend();

// Compiles a small kernel so that the GPU compiler's first real compile is fast, and starts the
// background thread that compiles started ahead use. Does nothing without a GPU.
void warm_up_compiler();

// Throws Error(Unsupported): this library was built without CUDA.
[[noreturn]] void no_cuda();

}  // namespace cudapy::driver
