#include <algorithm>
#include <cstring>

#include "handles.h"
#include "driver/backend.h"

#if CUDAPY_HAVE_CUDA
#include "runtime/device.h"
#endif

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
        cudapy::driver::no_cuda();
#endif
    });
}

cudapy_status cudapy_synchronize(void) {
    return guard([&] {
#if CUDAPY_HAVE_CUDA
        if (cudapy::runtime::device_count() > 0) cudapy::runtime::synchronize();
#endif
    });
}

cudapy_status cudapy_buffer_new(size_t bytes, cudapy_buffer **out) {
    return cudapy_buffer_new_on(CUDAPY_TARGET_CUDA, bytes, out);
}

cudapy_status cudapy_buffer_new_on(cudapy_target target, size_t bytes, cudapy_buffer **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
        auto buffer = std::make_unique<cudapy_buffer>();
        if (cudapy::capi::target_from(target) == cudapy::Target::Cpu) {
            buffer->host = std::make_unique<cudapy::host::HostBuffer>(bytes);
        } else {
#if CUDAPY_HAVE_CUDA
            buffer->device = std::make_unique<cudapy::runtime::DeviceBuffer>(bytes);
#else
            cudapy::driver::no_cuda();
#endif
        }
        *out = buffer.release();
    });
}

void cudapy_buffer_delete(cudapy_buffer *buffer) { delete buffer; }

void *cudapy_buffer_pointer(const cudapy_buffer *buffer) {
    if (!buffer) return nullptr;
    if (buffer->host) return buffer->host->pointer();
#if CUDAPY_HAVE_CUDA
    return buffer->device->pointer();
#else
    return nullptr;
#endif
}

size_t cudapy_buffer_size(const cudapy_buffer *buffer) {
    if (!buffer) return 0;
    if (buffer->host) return buffer->host->size();
#if CUDAPY_HAVE_CUDA
    return buffer->device->size();
#else
    return 0;
#endif
}

cudapy_status cudapy_buffer_upload(cudapy_buffer *buffer, size_t offset, const void *host,
                                   size_t bytes) {
    return guard([&] {
        require(buffer, "buffer");
        if (bytes) require(host, "host");
        if (buffer->host) return buffer->host->upload(offset, host, bytes);
#if CUDAPY_HAVE_CUDA
        buffer->device->upload(offset, host, bytes);
#endif
    });
}

cudapy_status cudapy_buffer_download(const cudapy_buffer *buffer, size_t offset, void *host,
                                     size_t bytes) {
    return guard([&] {
        require(buffer, "buffer");
        if (bytes) require(host, "host");
        if (buffer->host) return buffer->host->download(offset, host, bytes);
#if CUDAPY_HAVE_CUDA
        buffer->device->download(offset, host, bytes);
#endif
    });
}

}  // extern "C"
