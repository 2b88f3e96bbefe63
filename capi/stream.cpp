// Streams, events, asynchronous and buffer-to-buffer copies, page-locked host memory.
#include <cstring>

#include "handles.h"
#include "driver/backend.h"

#if CUDAPY_HAVE_CUDA
#include "runtime/stream.h"
#endif

using cudapy::Error;
using cudapy::Status;
using cudapy::capi::guard;
using cudapy::capi::require;

struct cudapy_stream {
#if CUDAPY_HAVE_CUDA
    cudapy::runtime::Stream stream;
#endif
};

struct cudapy_event {
#if CUDAPY_HAVE_CUDA
    explicit cudapy_event(bool timing) : event(timing) {}
    cudapy::runtime::Event event;
#endif
};

namespace {

// The address of `bytes` at `offset` in a buffer, after checking that they lie inside it.
char *range_of(const cudapy_buffer &buffer, std::size_t offset, std::size_t bytes) {
    if (buffer.host) {
        buffer.host->check_range(offset, bytes);
        return static_cast<char *>(buffer.host->pointer()) + offset;
    }
#if CUDAPY_HAVE_CUDA
    buffer.device->check_range(offset, bytes);
    return static_cast<char *>(buffer.device->pointer()) + offset;
#else
    cudapy::driver::no_cuda();
#endif
}

}  // namespace

extern "C" {

cudapy_status cudapy_stream_new(cudapy_stream **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
#if CUDAPY_HAVE_CUDA
        *out = new cudapy_stream{};
#else
        cudapy::driver::no_cuda();
#endif
    });
}

void cudapy_stream_delete(cudapy_stream *stream) { delete stream; }

uintptr_t cudapy_stream_handle(const cudapy_stream *stream) {
#if CUDAPY_HAVE_CUDA
    return stream ? stream->stream.handle() : 0;
#else
    (void)stream;
    return 0;
#endif
}

cudapy_status cudapy_stream_synchronize(uintptr_t stream) {
    return guard([&] {
#if CUDAPY_HAVE_CUDA
        cudapy::runtime::synchronize_stream(stream);
#else
        (void)stream;
        cudapy::driver::no_cuda();
#endif
    });
}

cudapy_status cudapy_stream_wait_event(uintptr_t stream, const cudapy_event *event) {
    return guard([&] {
        require(event, "event");
#if CUDAPY_HAVE_CUDA
        cudapy::runtime::stream_wait_event(stream, event->event);
#else
        (void)stream;
#endif
    });
}

cudapy_status cudapy_stream_wait_stream(uintptr_t consumer, uintptr_t producer) {
    return guard([&] {
#if CUDAPY_HAVE_CUDA
        cudapy::runtime::stream_wait_stream(consumer, producer);
#else
        (void)consumer;
        (void)producer;
        cudapy::driver::no_cuda();
#endif
    });
}

cudapy_status cudapy_event_new(int timing, cudapy_event **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
#if CUDAPY_HAVE_CUDA
        *out = new cudapy_event(timing != 0);
#else
        (void)timing;
        cudapy::driver::no_cuda();
#endif
    });
}

void cudapy_event_delete(cudapy_event *event) { delete event; }

// Without CUDA no event can exist, so the bodies below only check their arguments there.
cudapy_status cudapy_event_record(cudapy_event *event, uintptr_t stream) {
    return guard([&] {
        require(event, "event");
#if CUDAPY_HAVE_CUDA
        event->event.record(stream);
#else
        (void)stream;
#endif
    });
}

cudapy_status cudapy_event_synchronize(const cudapy_event *event) {
    return guard([&] {
        require(event, "event");
#if CUDAPY_HAVE_CUDA
        event->event.synchronize();
#endif
    });
}

cudapy_status cudapy_event_query(const cudapy_event *event, int *done) {
    return guard([&] {
        require(event, "event");
        require(done, "done");
#if CUDAPY_HAVE_CUDA
        *done = event->event.query() ? 1 : 0;
#endif
    });
}

cudapy_status cudapy_event_elapsed_ms(const cudapy_event *start, const cudapy_event *end,
                                      float *out) {
    return guard([&] {
        require(start, "start");
        require(end, "end");
        require(out, "out");
#if CUDAPY_HAVE_CUDA
        *out = cudapy::runtime::Event::elapsed_ms(start->event, end->event);
#endif
    });
}

cudapy_status cudapy_buffer_upload_async(cudapy_buffer *buffer, size_t offset, const void *host,
                                         size_t bytes, uintptr_t stream) {
    return guard([&] {
        require(buffer, "buffer");
        if (bytes) require(host, "host");
        if (buffer->host) return buffer->host->upload(offset, host, bytes);
#if CUDAPY_HAVE_CUDA
        buffer->device->upload_async(offset, host, bytes, stream);
#else
        (void)stream;
#endif
    });
}

cudapy_status cudapy_buffer_download_async(const cudapy_buffer *buffer, size_t offset,
                                           void *host, size_t bytes, uintptr_t stream) {
    return guard([&] {
        require(buffer, "buffer");
        if (bytes) require(host, "host");
        if (buffer->host) return buffer->host->download(offset, host, bytes);
#if CUDAPY_HAVE_CUDA
        buffer->device->download_async(offset, host, bytes, stream);
#else
        (void)stream;
#endif
    });
}

cudapy_status cudapy_buffer_copy(cudapy_buffer *dst, size_t dst_offset, const cudapy_buffer *src,
                                 size_t src_offset, size_t bytes, uintptr_t stream) {
    return guard([&] {
        require(dst, "dst");
        require(src, "src");
        char *destination = range_of(*dst, dst_offset, bytes);
        const char *source = range_of(*src, src_offset, bytes);
        if (dst == src && dst_offset < src_offset + bytes && src_offset < dst_offset + bytes)
            throw Error(Status::InvalidArgument,
                        "the copy of " + std::to_string(bytes) + " bytes from offset " +
                            std::to_string(src_offset) + " to offset " +
                            std::to_string(dst_offset) + " overlaps itself in one buffer");
        if (bytes == 0) return;
        if (dst->host && src->host) {
            std::memcpy(destination, source, bytes);
            return;
        }
#if CUDAPY_HAVE_CUDA
        cudapy::runtime::copy_async(destination, source, bytes, stream);
#else
        (void)stream;
#endif
    });
}

cudapy_status cudapy_buffer_wrap(cudapy_target target, void *pointer, size_t bytes,
                                 cudapy_buffer **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
        if (bytes) require(pointer, "pointer");
        if (bytes > UINTPTR_MAX - reinterpret_cast<std::uintptr_t>(pointer))
            throw Error(Status::InvalidArgument, "the " + std::to_string(bytes) + " bytes at " +
                                                     std::to_string(reinterpret_cast<std::uintptr_t>(pointer)) +
                                                     " run past the end of the address space");
        auto buffer = std::make_unique<cudapy_buffer>();
        if (cudapy::capi::target_from(target) == cudapy::Target::Cpu) {
            buffer->host = std::make_unique<cudapy::host::HostBuffer>(pointer, bytes);
        } else {
#if CUDAPY_HAVE_CUDA
            cudapy::runtime::require_device("a buffer over device memory");
            buffer->device = std::make_unique<cudapy::runtime::DeviceBuffer>(pointer, bytes);
#else
            cudapy::driver::no_cuda();
#endif
        }
        *out = buffer.release();
    });
}

cudapy_status cudapy_host_alloc(size_t bytes, void **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
#if CUDAPY_HAVE_CUDA
        *out = cudapy::runtime::host_alloc(bytes);
#else
        (void)bytes;
        cudapy::driver::no_cuda();
#endif
    });
}

void cudapy_host_free(void *pointer) {
#if CUDAPY_HAVE_CUDA
    if (pointer) cudapy::runtime::host_free(pointer);
#else
    (void)pointer;
#endif
}

cudapy_status cudapy_memory_info(size_t *free_bytes, size_t *total_bytes) {
    return guard([&] {
        require(free_bytes, "free_bytes");
        require(total_bytes, "total_bytes");
#if CUDAPY_HAVE_CUDA
        auto info = cudapy::runtime::memory_info();
        *free_bytes = info.free;
        *total_bytes = info.total;
#else
        cudapy::driver::no_cuda();
#endif
    });
}

}  // extern "C"
