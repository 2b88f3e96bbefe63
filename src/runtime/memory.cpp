#include "runtime/memory.h"

#include <cuda_runtime_api.h>

#include "common/error.h"
#include "common/limits.h"
#include "runtime/cuda_error.h"

namespace cudapy::runtime {

DeviceBuffer::DeviceBuffer(std::size_t bytes) : size_(bytes) {
    // A zero-byte buffer is valid and has no device memory behind it.
    if (bytes == 0) return;
    if (bytes > max_allocation_bytes)
        throw Error(Status::DeviceOutOfMemory, "out of device memory: asked for " + std::to_string(bytes) +
                                                   " bytes, more than an address space holds");
    cudaError_t error = cudaMalloc(&pointer_, bytes);
    if (error == cudaErrorMemoryAllocation) {
        cudaGetLastError();
        std::size_t free_bytes = 0, total_bytes = 0;
        cudaMemGetInfo(&free_bytes, &total_bytes);
        throw Error(Status::DeviceOutOfMemory,
                    "out of device memory: asked for " + std::to_string(bytes) + " bytes, " +
                        std::to_string(free_bytes) + " of " + std::to_string(total_bytes) +
                        " bytes are free");
    }
    check_cuda(error, "cudaMalloc");
}

DeviceBuffer::DeviceBuffer(void *borrowed, std::size_t bytes)
    : pointer_(borrowed), size_(bytes), owned_(false) {}

DeviceBuffer::~DeviceBuffer() {
    if (pointer_ && owned_) cudaFree(pointer_);
}

void DeviceBuffer::check_range(std::size_t offset, std::size_t bytes) const {
    if (offset > size_ || bytes > size_ - offset)
        throw Error(Status::InvalidArgument,
                    "the copy of " + std::to_string(bytes) + " bytes at offset " +
                        std::to_string(offset) + " runs past the end of a " +
                        std::to_string(size_) + "-byte buffer");
}

void DeviceBuffer::upload(std::size_t offset, const void *host, std::size_t bytes) {
    check_range(offset, bytes);
    if (bytes == 0) return;
    check_cuda(cudaMemcpy(static_cast<char *>(pointer_) + offset, host, bytes,
                          cudaMemcpyHostToDevice),
               "copy to the device");
}

void DeviceBuffer::download(std::size_t offset, void *host, std::size_t bytes) const {
    check_range(offset, bytes);
    if (bytes == 0) return;
    check_cuda(cudaMemcpy(host, static_cast<const char *>(pointer_) + offset, bytes,
                          cudaMemcpyDeviceToHost),
               "copy from the device");
}

}  // namespace cudapy::runtime

namespace cudapy::runtime {

namespace {

cudaStream_t as_stream(std::uintptr_t stream) { return reinterpret_cast<cudaStream_t>(stream); }

}  // namespace

void DeviceBuffer::upload_async(std::size_t offset, const void *host, std::size_t bytes,
                                std::uintptr_t stream) {
    check_range(offset, bytes);
    if (bytes == 0) return;
    check_cuda(cudaMemcpyAsync(static_cast<char *>(pointer_) + offset, host, bytes,
                               cudaMemcpyHostToDevice, as_stream(stream)),
               "asynchronous copy to the device");
}

void DeviceBuffer::download_async(std::size_t offset, void *host, std::size_t bytes,
                                  std::uintptr_t stream) const {
    check_range(offset, bytes);
    if (bytes == 0) return;
    check_cuda(cudaMemcpyAsync(host, static_cast<const char *>(pointer_) + offset, bytes,
                               cudaMemcpyDeviceToHost, as_stream(stream)),
               "asynchronous copy from the device");
}

void copy_async(void *destination, const void *source, std::size_t bytes,
                std::uintptr_t stream) {
    if (bytes == 0) return;
    // cudaMemcpyDefault: unified addressing tells device memory from host memory.
    check_cuda(cudaMemcpyAsync(destination, source, bytes, cudaMemcpyDefault, as_stream(stream)),
               "copy between buffers");
}

}  // namespace cudapy::runtime
