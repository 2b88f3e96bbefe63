// Streams, events, asynchronous and buffer-to-buffer copies, page-locked host memory.
#include "handles.h"
#include "driver/device.h"

using cudapy::capi::guard;
using cudapy::capi::require;

struct cudapy_stream {
    cudapy::driver::Stream stream;
};

struct cudapy_event {
    explicit cudapy_event(bool timing) : event(timing) {}
    cudapy::driver::Event event;
};

extern "C" {

cudapy_status cudapy_stream_new(cudapy_stream **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
        *out = new cudapy_stream{};
    });
}

void cudapy_stream_delete(cudapy_stream *stream) { delete stream; }

uintptr_t cudapy_stream_handle(const cudapy_stream *stream) {
    return stream ? stream->stream.handle() : 0;
}

cudapy_status cudapy_stream_synchronize(uintptr_t stream) {
    return guard([&] { cudapy::driver::synchronize_stream(stream); });
}

cudapy_status cudapy_stream_query(uintptr_t stream, int *done) {
    return guard([&] {
        require(done, "done");
        *done = cudapy::driver::stream_done(stream) ? 1 : 0;
    });
}

cudapy_status cudapy_stream_wait_event(uintptr_t stream, const cudapy_event *event) {
    return guard([&] {
        require(event, "event");
        event->event.wait_on(stream);
    });
}

cudapy_status cudapy_stream_wait_stream(uintptr_t consumer, uintptr_t producer) {
    return guard([&] { cudapy::driver::stream_wait_stream(consumer, producer); });
}

cudapy_status cudapy_event_new(int timing, cudapy_event **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
        *out = new cudapy_event(timing != 0);
    });
}

void cudapy_event_delete(cudapy_event *event) { delete event; }

cudapy_status cudapy_event_record(cudapy_event *event, uintptr_t stream) {
    return guard([&] {
        require(event, "event");
        event->event.record(stream);
    });
}

cudapy_status cudapy_event_synchronize(const cudapy_event *event) {
    return guard([&] {
        require(event, "event");
        event->event.synchronize();
    });
}

cudapy_status cudapy_event_query(const cudapy_event *event, int *done) {
    return guard([&] {
        require(event, "event");
        require(done, "done");
        *done = event->event.query() ? 1 : 0;
    });
}

cudapy_status cudapy_event_elapsed_ms(const cudapy_event *start, const cudapy_event *end,
                                      float *out) {
    return guard([&] {
        require(start, "start");
        require(end, "end");
        require(out, "out");
        *out = cudapy::driver::Event::elapsed_ms(start->event, end->event);
    });
}

cudapy_status cudapy_buffer_upload_async(cudapy_buffer *buffer, size_t offset, const void *host,
                                         size_t bytes, uintptr_t stream) {
    return guard([&] {
        require(buffer, "buffer");
        if (bytes) require(host, "host");
        buffer->buffer->upload_async(offset, host, bytes, stream);
    });
}

cudapy_status cudapy_buffer_download_async(const cudapy_buffer *buffer, size_t offset,
                                           void *host, size_t bytes, uintptr_t stream) {
    return guard([&] {
        require(buffer, "buffer");
        if (bytes) require(host, "host");
        buffer->buffer->download_async(offset, host, bytes, stream);
    });
}

cudapy_status cudapy_buffer_copy(cudapy_buffer *dst, size_t dst_offset, const cudapy_buffer *src,
                                 size_t src_offset, size_t bytes, uintptr_t stream) {
    return guard([&] {
        require(dst, "dst");
        require(src, "src");
        cudapy::driver::copy(*dst->buffer, dst_offset, *src->buffer, src_offset, bytes, stream);
    });
}

cudapy_status cudapy_buffer_wrap(cudapy_target target, void *pointer, size_t bytes,
                                 cudapy_buffer **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
        if (bytes) require(pointer, "pointer");
        *out = new cudapy_buffer{cudapy::driver::wrap(cudapy::capi::target_from(target), pointer, bytes)};
    });
}

cudapy_status cudapy_host_alloc(size_t bytes, void **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
        *out = cudapy::driver::host_alloc(bytes);
    });
}

void cudapy_host_free(void *pointer) { cudapy::driver::host_free(pointer); }

cudapy_status cudapy_managed_alloc(size_t bytes, void **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
        *out = cudapy::driver::managed_alloc(bytes);
    });
}

void cudapy_managed_free(void *pointer) { cudapy::driver::managed_free(pointer); }

cudapy_status cudapy_memory_info(size_t *free_bytes, size_t *total_bytes) {
    return guard([&] {
        require(free_bytes, "free_bytes");
        require(total_bytes, "total_bytes");
        auto info = cudapy::driver::memory_info();
        *free_bytes = info.free;
        *total_bytes = info.total;
    });
}

cudapy_status cudapy_memory_share(void) {
    return guard([] { cudapy::driver::share_device_memory(); });
}

}  // extern "C"
