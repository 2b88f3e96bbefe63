#include "runtime/stream.h"

#include <cuda_runtime_api.h>

#include <string>

#include "common/error.h"
#include "common/limits.h"
#include "runtime/cuda_error.h"
#include "runtime/device.h"
#include "runtime/kernel_error.h"

namespace cudapy::runtime {

namespace {

cudaStream_t as_stream(std::uintptr_t stream) { return reinterpret_cast<cudaStream_t>(stream); }

}  // namespace

void require_device(const char *what) {
    if (device_count() == 0)
        throw Error(Status::NoDevice, std::string(what) +
                                          " needs a CUDA GPU, and none was found (no NVIDIA "
                                          "driver, or no GPU)");
}

Stream::Stream() {
    require_device("a stream");
    cudaStream_t stream = nullptr;
    // A blocking stream, as numba's, PyCUDA's and CuPy's are by default: work given no stream
    // (the legacy default stream) waits for it and it for that work, so an array copied on a
    // stream is whole when a launch without one reads it.
    check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamDefault), "cudaStreamCreate");
    stream_ = stream;
}

Stream::~Stream() { cudaStreamDestroy(static_cast<cudaStream_t>(stream_)); }

void synchronize_stream(std::uintptr_t stream) {
    require_device("synchronizing a stream");
    check_cuda(cudaStreamSynchronize(as_stream(stream)), "cudaStreamSynchronize");
    raise_kernel_error();
}

bool stream_done(std::uintptr_t stream) {
    require_device("querying a stream");
    cudaError_t status = cudaStreamQuery(as_stream(stream));
    if (status == cudaErrorNotReady) {
        cudaGetLastError();  // not an error: the work is still running
        return false;
    }
    check_cuda(status, "cudaStreamQuery");
    return true;
}

Event::Event(bool timing) : timing_(timing) {
    require_device("an event");
    cudaEvent_t event = nullptr;
    check_cuda(cudaEventCreateWithFlags(&event, timing ? cudaEventDefault : cudaEventDisableTiming),
               "cudaEventCreate");
    event_ = event;
}

Event::~Event() { cudaEventDestroy(static_cast<cudaEvent_t>(event_)); }

void Event::record(std::uintptr_t stream) {
    check_cuda(cudaEventRecord(static_cast<cudaEvent_t>(event_), as_stream(stream)),
               "cudaEventRecord");
    recorded_ = true;
}

void Event::synchronize() const {
    check_cuda(cudaEventSynchronize(static_cast<cudaEvent_t>(event_)), "cudaEventSynchronize");
    raise_kernel_error();
}

bool Event::query() const {
    cudaError_t status = cudaEventQuery(static_cast<cudaEvent_t>(event_));
    if (status == cudaErrorNotReady) {
        cudaGetLastError();  // not an error: the work is still running
        return false;
    }
    check_cuda(status, "cudaEventQuery");
    return true;
}

float Event::elapsed_ms(const Event &start, const Event &end) {
    // CUDA answers these with a bare "invalid resource handle"; say what is wrong instead.
    if (!start.timing_ || !end.timing_)
        throw Error(Status::InvalidArgument,
                    "elapsed time needs two timing events; an event created without timing "
                    "only orders work");
    if (!start.recorded_ || !end.recorded_)
        throw Error(Status::InvalidArgument,
                    std::string("elapsed time needs both events recorded; the ") +
                        (start.recorded_ ? "end" : "start") + " event was never recorded");
    float milliseconds = 0;
    cudaError_t status = cudaEventElapsedTime(&milliseconds, static_cast<cudaEvent_t>(start.event_),
                                              static_cast<cudaEvent_t>(end.event_));
    if (status == cudaErrorNotReady) {
        cudaGetLastError();
        throw Error(Status::InvalidArgument,
                    "elapsed time of events whose work has not finished; synchronize the end "
                    "event first");
    }
    check_cuda(status, "cudaEventElapsedTime");
    return milliseconds;
}

void stream_wait_event(std::uintptr_t stream, const Event &event) {
    check_cuda(cudaStreamWaitEvent(as_stream(stream), static_cast<cudaEvent_t>(event.native()), 0),
               "cudaStreamWaitEvent");
}

void stream_wait_stream(std::uintptr_t consumer, std::uintptr_t producer) {
    // One event per thread serves every call: a wait takes the event's state when it is queued,
    // so recording it again afterwards changes nothing for earlier waits.
    thread_local Event marker(false);
    marker.record(producer);
    stream_wait_event(consumer, marker);
}

void *host_alloc(std::size_t bytes) {
    require_device("page-locked host memory");
    if (bytes > max_allocation_bytes)
        throw Error(Status::HostOutOfMemory, "could not page-lock " + std::to_string(bytes) +
                                                 " bytes of host memory: more than an address space holds");
    void *pointer = nullptr;
    // Mapped: kernels may use the memory in place through its address (unified addressing
    // makes the device address the host one), as numba's mapped arrays do.
    cudaError_t status = cudaHostAlloc(&pointer, bytes, cudaHostAllocPortable | cudaHostAllocMapped);
    if (status == cudaErrorMemoryAllocation) {
        cudaGetLastError();
        throw Error(Status::HostOutOfMemory, "could not page-lock " + std::to_string(bytes) +
                                                 " bytes of host memory");
    }
    check_cuda(status, "cudaHostAlloc");
    return pointer;
}

void host_free(void *pointer) { cudaFreeHost(pointer); }

void *managed_alloc(std::size_t bytes) {
    require_device("managed memory");
    if (bytes > max_allocation_bytes)
        throw Error(Status::DeviceOutOfMemory, "could not allocate " + std::to_string(bytes) +
                                             " bytes of managed memory: more than an address space holds");
    void *pointer = nullptr;
    cudaError_t status = cudaMallocManaged(&pointer, bytes, cudaMemAttachGlobal);
    if (status == cudaErrorMemoryAllocation) {
        cudaGetLastError();
        throw Error(Status::DeviceOutOfMemory, "could not allocate " + std::to_string(bytes) +
                                             " bytes of managed memory");
    }
    check_cuda(status, "cudaMallocManaged");
    return pointer;
}

void managed_free(void *pointer) { cudaFree(pointer); }

MemoryInfo memory_info() {
    require_device("the device's memory information");
    MemoryInfo info;
    check_cuda(cudaMemGetInfo(&info.free, &info.total), "cudaMemGetInfo");
    return info;
}

}  // namespace cudapy::runtime
