// Streams, events, page-locked host memory and the device's free memory, through the CUDA
// Runtime. Streams are named by their cudaStream_t as an integer, so that streams of other
// libraries (CuPy, PyTorch) are used the same way as cudapy's own.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cudapy::runtime {

// Throws Error(NoDevice) when there is no driver or no GPU, before a CUDA call would fail less
// clearly.
void require_device(const char *what);

// A blocking stream: the legacy default stream waits for it, and it for that stream.
class Stream {
public:
    Stream();
    ~Stream();
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;

    std::uintptr_t handle() const { return reinterpret_cast<std::uintptr_t>(stream_); }

private:
    void *stream_ = nullptr;  // cudaStream_t
};

void synchronize_stream(std::uintptr_t stream);
// Whether the work queued on `stream` has finished (a fault is thrown, as synchronizing does).
bool stream_done(std::uintptr_t stream);

class Event {
public:
    // `timing`: the event records a time, for elapsed_ms(); without it, it only orders work.
    explicit Event(bool timing);
    ~Event();
    Event(const Event &) = delete;
    Event &operator=(const Event &) = delete;

    void record(std::uintptr_t stream);
    void synchronize() const;
    // Whether the work before the last record() has finished.
    bool query() const;
    // Milliseconds from `start`'s record to `end`'s; both must be timing events, recorded and
    // finished.
    static float elapsed_ms(const Event &start, const Event &end);
    void *native() const { return event_; }

private:
    void *event_ = nullptr;  // cudaEvent_t
    bool timing_ = false;
    bool recorded_ = false;
};

// Later work on `stream` waits for the work before `event`'s last record.
void stream_wait_event(std::uintptr_t stream, const Event &event);

// Later work on `consumer` waits for the work queued on `producer` so far, without blocking
// the host (an event recorded on `producer`, waited for on `consumer`).
void stream_wait_stream(std::uintptr_t consumer, std::uintptr_t producer);

// Page-locked host memory, which the GPU reads and writes asynchronously.
void *host_alloc(std::size_t bytes);
void host_free(void *pointer);
// Managed memory: one address that the host and every GPU use, migrated on demand.
void *managed_alloc(std::size_t bytes);
void managed_free(void *pointer);

struct MemoryInfo {
    std::size_t free = 0, total = 0;
};
MemoryInfo memory_info();

}  // namespace cudapy::runtime
