// Devices and buffers.
#include <algorithm>
#include <cstring>

#include "handles.h"
#include "driver/device.h"

using cudapy::capi::guard;
using cudapy::capi::require;

extern "C" {

cudapy_status cudapy_device_count(int *out) {
    return guard([&] {
        require(out, "out");
        *out = cudapy::driver::device_count();
    });
}

cudapy_status cudapy_device_info_get(int ordinal, cudapy_device_info *out) {
    return guard([&] {
        require(out, "out");
        cudapy::capi::require_size(out->size, sizeof(cudapy_device_info), "cudapy_device_info");
        auto info = cudapy::driver::device_info(ordinal);
        std::memset(out->name, 0, sizeof out->name);
        std::memcpy(out->name, info.name.c_str(), std::min(info.name.size(), sizeof out->name - 1));
        out->major = info.major;
        out->minor = info.minor;
        out->multiprocessors = info.multiprocessors;
        out->total_memory = info.total_memory;
    });
}

cudapy_status cudapy_device_attribute(int ordinal, int attribute, int *out) {
    return guard([&] {
        require(out, "out");
        *out = cudapy::driver::device_attribute(ordinal, attribute);
    });
}

cudapy_status cudapy_driver_version(int *out) {
    return guard([&] {
        require(out, "out");
        *out = cudapy::driver::driver_version();
    });
}

cudapy_status cudapy_device_select(int ordinal) {
    return guard([&] { cudapy::driver::select_device(ordinal); });
}

cudapy_status cudapy_target_device_count(cudapy_target target, int *out) {
    return guard([&] {
        require(out, "out");
        *out = cudapy::driver::target_device_count(cudapy::capi::target_from(target));
    });
}

cudapy_status cudapy_target_device_current(cudapy_target target, int *out) {
    return guard([&] {
        require(out, "out");
        *out = cudapy::driver::target_current_device(cudapy::capi::target_from(target));
    });
}

cudapy_status cudapy_target_device_select(cudapy_target target, int ordinal) {
    return guard([&] {
        cudapy::driver::target_select_device(cudapy::capi::target_from(target), ordinal);
    });
}

cudapy_status cudapy_host_device_count_set(int count) {
    return guard([&] { cudapy::driver::set_simulated_device_count(count); });
}

cudapy_status cudapy_device_peer_access(int device, int peer, int *out) {
    return guard([&] {
        require(out, "out");
        *out = cudapy::driver::enable_peer_access(device, peer) ? 1 : 0;
    });
}

cudapy_status cudapy_synchronize(void) {
    return guard([&] { cudapy::driver::synchronize(); });
}

cudapy_status cudapy_buffer_new(size_t bytes, cudapy_buffer **out) {
    return cudapy_buffer_new_on(CUDAPY_TARGET_CUDA, bytes, out);
}

cudapy_status cudapy_buffer_new_on(cudapy_target target, size_t bytes, cudapy_buffer **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
        *out = new cudapy_buffer{cudapy::driver::allocate(cudapy::capi::target_from(target), bytes)};
    });
}

void cudapy_buffer_delete(cudapy_buffer *buffer) { delete buffer; }

void *cudapy_buffer_pointer(const cudapy_buffer *buffer) {
    return buffer ? buffer->buffer->pointer() : nullptr;
}

size_t cudapy_buffer_size(const cudapy_buffer *buffer) {
    return buffer ? buffer->buffer->size() : 0;
}

int cudapy_buffer_device(const cudapy_buffer *buffer) {
    return buffer ? buffer->buffer->device() : -1;
}

cudapy_status cudapy_buffer_upload(cudapy_buffer *buffer, size_t offset, const void *host,
                                   size_t bytes) {
    return guard([&] {
        require(buffer, "buffer");
        if (bytes) require(host, "host");
        buffer->buffer->upload(offset, host, bytes);
    });
}

cudapy_status cudapy_buffer_download(const cudapy_buffer *buffer, size_t offset, void *host,
                                     size_t bytes) {
    return guard([&] {
        require(buffer, "buffer");
        if (bytes) require(host, "host");
        buffer->buffer->download(offset, host, bytes);
    });
}

}  // extern "C"
