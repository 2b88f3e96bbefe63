#include <algorithm>
#include <cstring>

#include "handles.h"

#if CUDAPY_HAVE_CUDA
#include "runtime/device.h"
#endif

using cudapy::Error;
using cudapy::Status;
using cudapy::capi::guard;
using cudapy::capi::require;

extern "C" {

cudapy_status cudapy_device_count(int *out) {
    return guard([&] {
        require(out, "out");
#if CUDAPY_HAVE_CUDA
        *out = cudapy::runtime::device_count();
#else
        *out = 0;
#endif
    });
}

cudapy_status cudapy_device_info_get(int ordinal, cudapy_device_info *out) {
    return guard([&] {
        require(out, "out");
        cudapy::capi::require_size(out->size, sizeof(cudapy_device_info), "cudapy_device_info");
#if CUDAPY_HAVE_CUDA
        auto info = cudapy::runtime::device_info(ordinal);
        std::memset(out->name, 0, sizeof out->name);
        std::memcpy(out->name, info.name.c_str(), std::min(info.name.size(), sizeof out->name - 1));
        out->major = info.major;
        out->minor = info.minor;
        out->multiprocessors = info.multiprocessors;
        out->total_memory = info.total_memory;
#else
        (void)ordinal;
        cudapy::capi::no_cuda();
#endif
    });
}

cudapy_status cudapy_synchronize(void) {
    return guard([&] {
#if CUDAPY_HAVE_CUDA
        cudapy::runtime::synchronize();
#else
        cudapy::capi::no_cuda();
#endif
    });
}

cudapy_status cudapy_buffer_new(size_t bytes, cudapy_buffer **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
#if CUDAPY_HAVE_CUDA
        auto buffer = std::make_unique<cudapy_buffer>();
        buffer->memory = std::make_unique<cudapy::runtime::DeviceBuffer>(bytes);
        *out = buffer.release();
#else
        (void)bytes;
        cudapy::capi::no_cuda();
#endif
    });
}

void cudapy_buffer_delete(cudapy_buffer *buffer) { delete buffer; }

void *cudapy_buffer_pointer(const cudapy_buffer *buffer) {
#if CUDAPY_HAVE_CUDA
    return buffer ? buffer->memory->pointer() : nullptr;
#else
    (void)buffer;
    return nullptr;
#endif
}

size_t cudapy_buffer_size(const cudapy_buffer *buffer) {
#if CUDAPY_HAVE_CUDA
    return buffer ? buffer->memory->size() : 0;
#else
    (void)buffer;
    return 0;
#endif
}

cudapy_status cudapy_buffer_upload(cudapy_buffer *buffer, size_t offset, const void *host,
                                   size_t bytes) {
    return guard([&] {
        require(buffer, "buffer");
        if (bytes) require(host, "host");
#if CUDAPY_HAVE_CUDA
        buffer->memory->upload(offset, host, bytes);
#else
        (void)offset;
        cudapy::capi::no_cuda();
#endif
    });
}

cudapy_status cudapy_buffer_download(const cudapy_buffer *buffer, size_t offset, void *host,
                                     size_t bytes) {
    return guard([&] {
        require(buffer, "buffer");
        if (bytes) require(host, "host");
#if CUDAPY_HAVE_CUDA
        buffer->memory->download(offset, host, bytes);
#else
        (void)offset;
        cudapy::capi::no_cuda();
#endif
    });
}

}  // extern "C"
