// Memory of the CPU target's arrays: ordinary host memory, aligned for vector loads. The CPU
// target simulates several devices, so that programs for several GPUs run and are tested
// without them: each buffer belongs to the device current on its thread when it was made.
#pragma once

#include <cstddef>

namespace cudapy::host {

// How many devices the CPU target simulates (1 unless set, at most max_simulated_devices).
int simulated_device_count();
// Throws Error(InvalidArgument) for a count outside 1..max_simulated_devices.
void set_simulated_device_count(int count);
constexpr int max_simulated_devices = 64;
// The calling thread's current simulated device (0 until it selects one), and selecting one:
// Error(NotFound) past the last.
int current_simulated_device();
void select_simulated_device(int ordinal);

class HostBuffer {
public:
    explicit HostBuffer(std::size_t bytes);
    // Host memory someone else owns (another library's array): never freed here.
    HostBuffer(void *borrowed, std::size_t bytes);
    ~HostBuffer();
    HostBuffer(const HostBuffer &) = delete;
    HostBuffer &operator=(const HostBuffer &) = delete;

    void *pointer() const { return pointer_; }
    std::size_t size() const { return size_; }
    // The simulated device it belongs to.
    int device() const { return device_; }
    void upload(std::size_t offset, const void *source, std::size_t bytes);
    void download(std::size_t offset, void *destination, std::size_t bytes) const;
    void check_range(std::size_t offset, std::size_t bytes) const;

private:
    void *pointer_ = nullptr;
    std::size_t size_ = 0;
    bool owned_ = true;
    int device_ = current_simulated_device();
};

}  // namespace cudapy::host
