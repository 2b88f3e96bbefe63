// Memory of the CPU target's arrays: ordinary host memory, aligned for vector loads.
#pragma once

#include <cstddef>

namespace cudapy::host {

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
    void upload(std::size_t offset, const void *source, std::size_t bytes);
    void download(std::size_t offset, void *destination, std::size_t bytes) const;
    void check_range(std::size_t offset, std::size_t bytes) const;

private:
    void *pointer_ = nullptr;
    std::size_t size_ = 0;
    bool owned_ = true;
};

}  // namespace cudapy::host
