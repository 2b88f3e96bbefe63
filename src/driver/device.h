// The GPU's services beyond compiling and launching: devices, streams, events, page-locked host
// memory and free memory. Built without CUDA, there is no device, and the rest says so
// (Error(Unsupported)).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "common/target.h"
// Declarations only, which any build may include: their definitions need CUDA.
#include "runtime/device.h"
#include "runtime/stream.h"

namespace cudapy::driver {

using runtime::DeviceInfo;
using runtime::MemoryInfo;

// 0 when there is no driver, no GPU, or no CUDA in this library.
int device_count();
DeviceInfo device_info(int ordinal);
int device_attribute(int ordinal, int attribute);
// 0 without a driver (or CUDA in this library).
int driver_version();
// Makes GPU `ordinal` the calling thread's current device; Error(NotFound) past the last.
void select_device(int ordinal);
// Waits for the current GPU's work, where there is a GPU.
void synchronize();

// The devices of a target's kernels: the GPUs for CUDA, the devices the CPU target simulates
// (see host/memory.h). The current one is the calling thread's; for CUDA without a GPU,
// Error(NoDevice).
int target_device_count(Target target);
int target_current_device(Target target);
void target_select_device(Target target, int ordinal);
void set_simulated_device_count(int count);
// Lets kernels on GPU `device` read and write GPU `peer`'s memory where the two can; whether
// they can. Error(NotFound) for an ordinal past the last GPU.
bool enable_peer_access(int device, int peer);

// A stream of the GPU; like the streams of numba, PyCUDA and CuPy it synchronizes with the
// legacy default stream.
class Stream {
public:
    Stream();
    ~Stream();
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;
    std::uintptr_t handle() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

void synchronize_stream(std::uintptr_t stream);
bool stream_done(std::uintptr_t stream);
// Later work on `consumer` waits for the work queued on `producer` so far.
void stream_wait_stream(std::uintptr_t consumer, std::uintptr_t producer);

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
    static float elapsed_ms(const Event &start, const Event &end);
    // Later work on `stream` waits for the work before the last record().
    void wait_on(std::uintptr_t stream) const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

// Page-locked host memory, which the GPU reads and writes asynchronously.
void *host_alloc(std::size_t bytes);
void host_free(void *pointer);
// Managed memory, one address for the host and every GPU.
void *managed_alloc(std::size_t bytes);
void managed_free(void *pointer);

MemoryInfo memory_info();

// Device memory of the library's is in use outside it (handed to another library): from now on
// freeing device memory waits for the device, as cudaFree does. Nothing without CUDA.
void share_device_memory();

}  // namespace cudapy::driver
