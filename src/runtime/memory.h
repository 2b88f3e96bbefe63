// Device memory.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cudapy::runtime {

class DeviceBuffer {
public:
    explicit DeviceBuffer(std::size_t bytes);
    // Device memory someone else owns (another library's array): never freed here. Its device
    // is the one the memory lies on.
    DeviceBuffer(void *borrowed, std::size_t bytes);
    ~DeviceBuffer();
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;

    void *pointer() const { return pointer_; }
    std::size_t size() const { return size_; }
    // The ordinal of the GPU whose memory it is.
    int device() const { return device_; }
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
    int device_ = 0;
};

// Work on a stream other than the legacy default one, or memory handed to another library:
// from then on freed device memory waits for the device (see memory.cpp).
void note_stream(std::uintptr_t stream);
void share_memory();

// Copies `bytes` from `source` to `destination`, each in GPU `device`'s memory or the host's,
// ordered on `stream` (on the legacy default stream, that GPU's).
void copy_async(void *destination, const void *source, std::size_t bytes, std::uintptr_t stream,
                int device);
// Copies `bytes` from GPU `source_device`'s memory to GPU `destination_device`'s: directly
// where the GPUs reach each other, staged through the host otherwise. On the legacy default
// stream (0) the copy comes after the work queued on either GPU and before any queued later,
// as cudaMemcpyPeer orders it; on another stream, after that stream's work.
void copy_peer(void *destination, int destination_device, const void *source, int source_device,
               std::size_t bytes, std::uintptr_t stream);
// Lets kernels on GPU `device` read and write GPU `peer`'s memory (the library's pooled
// memory included), where the two can; whether they can. Asked once per pair.
bool enable_peer_access(int device, int peer);
// The ordinal of the GPU whose memory `pointer` is; -1 for host memory.
int device_of(const void *pointer);

}  // namespace cudapy::runtime
