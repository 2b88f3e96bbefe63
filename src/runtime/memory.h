// Device memory.
#pragma once

#include <cstddef>

namespace cudapy::runtime {

class DeviceBuffer {
public:
    explicit DeviceBuffer(std::size_t bytes);
    ~DeviceBuffer();
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;

    void *pointer() const { return pointer_; }
    std::size_t size() const { return size_; }
    void upload(std::size_t offset, const void *host, std::size_t bytes);
    void download(std::size_t offset, void *host, std::size_t bytes) const;

private:
    void check_range(std::size_t offset, std::size_t bytes) const;

    void *pointer_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace cudapy::runtime
