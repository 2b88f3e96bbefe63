#include "runtime/kernel_error.h"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <string>

#include "common/error.h"
#include "runtime/cuda_error.h"

namespace cudapy::runtime {

namespace {

// As the CUDA prelude lays it out: `raised` is 0 (none), 1 (being written) or 2 (written).
struct ErrorRecord {
    unsigned raised;
    char text[252];
};

std::atomic<ErrorRecord *> process_record{nullptr};

ErrorRecord *record() {
    if (ErrorRecord *found = process_record.load(std::memory_order_acquire)) return found;
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    if (ErrorRecord *found = process_record.load(std::memory_order_acquire)) return found;
    void *memory = nullptr;
    check_cuda(cudaHostAlloc(&memory, sizeof(ErrorRecord), cudaHostAllocPortable | cudaHostAllocMapped),
               "allocating the kernels' error record");
    std::memset(memory, 0, sizeof(ErrorRecord));
    auto *made = static_cast<ErrorRecord *>(memory);
    process_record.store(made, std::memory_order_release);
    return made;
}

}  // namespace

void attach_error_record(void *slot) {
    void *device = nullptr;
    check_cuda(cudaHostGetDevicePointer(&device, record(), 0), "mapping the kernels' error record");
    check_cuda(cudaMemcpy(slot, &device, sizeof device, cudaMemcpyHostToDevice),
               "giving a module the kernels' error record");
}

void raise_kernel_error() {
    ErrorRecord *found = process_record.load(std::memory_order_acquire);
    if (found == nullptr) return;
    // Written by the GPU: read through volatile, after the wait that finished the kernel.
    volatile unsigned *raised = &found->raised;
    if (*raised != 2) return;
    std::string text(found->text, strnlen(found->text, sizeof found->text));
    *raised = 0;
    throw Error(Status::LaunchFailed, text);
}

}  // namespace cudapy::runtime
