#include "host/memory.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

#include "common/error.h"
#include "common/limits.h"

namespace cudapy::host {

namespace {

constexpr std::size_t alignment = 64;

std::atomic<int> simulated_devices{1};
thread_local int current_device = 0;

}  // namespace

int simulated_device_count() { return simulated_devices.load(std::memory_order_relaxed); }

void set_simulated_device_count(int count) {
    if (count < 1 || count > max_simulated_devices)
        throw Error(Status::InvalidArgument, "the CPU target simulates 1 to " +
                                                 std::to_string(max_simulated_devices) +
                                                 " devices, not " + std::to_string(count));
    simulated_devices.store(count, std::memory_order_relaxed);
}

int current_simulated_device() {
    // A thread that selected a device past a count since lowered is back on the first.
    return current_device < simulated_device_count() ? current_device : 0;
}

void select_simulated_device(int ordinal) {
    int count = simulated_device_count();
    if (ordinal < 0 || ordinal >= count)
        throw Error(Status::NotFound, "there is no device " + std::to_string(ordinal) +
                                          " on the CPU target; it simulates " + std::to_string(count));
    current_device = ordinal;
}

void HostBuffer::check_range(std::size_t offset, std::size_t bytes) const {
    if (offset > size_ || bytes > size_ - offset)
        throw Error(Status::InvalidArgument,
                    "the copy of " + std::to_string(bytes) + " bytes at offset " + std::to_string(offset) +
                        " runs past the end of a " + std::to_string(size_) + "-byte buffer");
}

HostBuffer::HostBuffer(std::size_t bytes) : size_(bytes) {
    if (bytes == 0) return;
    if (bytes > max_allocation_bytes)
        throw Error(Status::HostOutOfMemory, "out of host memory: asked for " + std::to_string(bytes) +
                                                 " bytes for a CPU array, more than an address space holds");
    pointer_ = std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment);
    if (!pointer_)
        throw Error(Status::HostOutOfMemory,
                    "out of host memory: asked for " + std::to_string(bytes) + " bytes for a CPU array");
}

HostBuffer::HostBuffer(void *borrowed, std::size_t bytes)
    : pointer_(borrowed), size_(bytes), owned_(false) {}

HostBuffer::~HostBuffer() {
    if (owned_) std::free(pointer_);
}

void HostBuffer::upload(std::size_t offset, const void *source, std::size_t bytes) {
    check_range(offset, bytes);
    if (bytes) std::memcpy(static_cast<char *>(pointer_) + offset, source, bytes);
}

void HostBuffer::download(std::size_t offset, void *destination, std::size_t bytes) const {
    check_range(offset, bytes);
    if (bytes) std::memcpy(destination, static_cast<const char *>(pointer_) + offset, bytes);
}

}  // namespace cudapy::host
