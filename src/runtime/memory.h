// Device memory.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cudapy::runtime {

class DeviceBuffer {
public:
    explicit DeviceBuffer(std::size_t bytes);
    // Device memory someone else owns (another library's array): never freed here.
    DeviceBuffer(void *borrowed, std::size_t bytes);
    ~DeviceBuffer();
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;

    void *pointer() const { return pointer_; }
    std::size_t size() const { return size_; }
    void upload(std::size_t offset, const void *host, std::size_t bytes);
    void download(std::size_t offset, void *host, std::size_t bytes) const;
    // Ordered on `stream` (a cudaStream_t); they return before the copy ends when the host
    // memory is page-locked.
    void upload_async(std::size_t offset, const void *host, std::size_t bytes,
                      std::uintptr_t stream);
    void download_async(std::size_t offset, void *host, std::size_t bytes,
                        std::uintptr_t stream) const;
    void check_range(std::size_t offset, std::size_t bytes) const;

private:
    int allocate(std::size_t bytes);  // a cudaError_t
    void *pointer_ = nullptr;
    std::size_t size_ = 0;
    bool owned_ = true;
    bool pooled_ = false;  // from the library's pool, freed in stream order
    int device_ = 0;       // of a pooled block
};

// Work on a stream other than the legacy default one, or memory handed to another library:
// from then on freed device memory waits for the device (see memory.cpp).
void note_stream(std::uintptr_t stream);
void share_memory();

// Copies `bytes` from `source` to `destination`, each in device or host memory, ordered on
// `stream`.
void copy_async(void *destination, const void *source, std::size_t bytes, std::uintptr_t stream);

}  // namespace cudapy::runtime
