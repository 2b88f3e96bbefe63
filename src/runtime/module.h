// Loading compiled code and launching its kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/launch_shape.h"

namespace cudapy::runtime {

using cudapy::Dim3;

class LoadedModule {
public:
    // Loads CUBIN or PTX (which the driver compiles for the current GPU).
    explicit LoadedModule(const std::string &binary);
    ~LoadedModule();
    LoadedModule(const LoadedModule &) = delete;
    LoadedModule &operator=(const LoadedModule &) = delete;

    // The kernel with C name `symbol`, as the handle cudaLaunchKernel takes.
    const void *kernel(const std::string &symbol) const;
    // The device address of the module's global variable `symbol` (and its size in `bytes`);
    // null when it has none.
    void *global(const std::string &symbol, std::size_t *bytes = nullptr) const;
    // The C names of the module's kernels.
    std::vector<std::string> kernel_names() const;

private:
    void *library_ = nullptr;  // cudaLibrary_t
};

// Where each of a kernel's parameters lies in its argument block.
struct KernelParameter {
    std::size_t offset = 0, size = 0;
};
std::vector<KernelParameter> kernel_parameters(const void *kernel);

// What the compiled kernel needs and allows (cudaFuncAttributes).
struct KernelAttributes {
    int max_threads_per_block = 0;
    int registers = 0;
    std::size_t static_shared_bytes = 0, constant_bytes = 0, local_bytes = 0;
    int max_dynamic_shared_bytes = 0;
    int ptx_version = 0, binary_version = 0;
};
KernelAttributes kernel_attributes(const void *kernel);
// Lets launches of the kernel ask for up to `bytes` of dynamic shared memory.
void set_max_dynamic_shared_bytes(const void *kernel, int bytes);
// Makes the kernel prefer `percent` (0 to 100) of the unified L1 and shared memory as shared.
void set_shared_memory_carveout(const void *kernel, int percent);

// The block size the occupancy calculator picks for the kernel.
int auto_block_size(const void *kernel);

void launch(const void *kernel, Dim3 grid, Dim3 block, std::size_t shared_bytes,
            std::uintptr_t stream, void **args);
// A cooperative launch: every block resident at once, or an error saying how many can be.
void launch_cooperative(const void *kernel, Dim3 grid, Dim3 block, std::size_t shared_bytes,
                        std::uintptr_t stream, void **args);
// The most blocks of `block_threads` threads and `shared_bytes` of dynamic shared memory that
// the current GPU runs at once: a cooperative launch's largest grid.
int max_cooperative_blocks(const void *kernel, int block_threads, std::size_t shared_bytes);

// The record a debug build's failed assert leaves (cudapy_assertion in the CUDA prelude).
struct AssertionRecord {
    int site = 0;  // the assert's number; 0 when none failed
    unsigned thread[3] = {}, block[3] = {};
};

// Waits for the stream, then reads and clears the assertion record at `record`.
AssertionRecord take_assertion(void *record, std::uintptr_t stream);

}  // namespace cudapy::runtime
