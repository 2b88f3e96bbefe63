// Memory a target's kernels read and write: device memory for the GPU, host memory for the CPU
// target. A buffer is made by its target's back end; copies between buffers of any targets go
// through copy().
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "common/target.h"

namespace cudapy::driver {

class Buffer {
public:
    virtual ~Buffer() = default;

    virtual void *pointer() const = 0;
    virtual std::size_t size() const = 0;
    // Throws Error(InvalidArgument) unless `bytes` at `offset` lie inside the buffer.
    virtual void check_range(std::size_t offset, std::size_t bytes) const = 0;
    virtual void upload(std::size_t offset, const void *host, std::size_t bytes) = 0;
    virtual void download(std::size_t offset, void *host, std::size_t bytes) const = 0;
    // Ordered on `stream`: they may return before the copy ends (GPU memory and page-locked
    // host memory); host memory is copied at once.
    virtual void upload_async(std::size_t offset, const void *host, std::size_t bytes,
                              std::uintptr_t stream) = 0;
    virtual void download_async(std::size_t offset, void *host, std::size_t bytes,
                                std::uintptr_t stream) const = 0;
    // Whether the buffer is the host's memory, which the host copies itself.
    virtual bool on_host() const = 0;
    // The device it lies on: a GPU's ordinal, or the CPU target's simulated device.
    virtual int device() const = 0;
};

// A Buffer over a back end's own memory class (the host's HostBuffer, the GPU's DeviceBuffer),
// which has the same members; host memory is copied at once where the GPU's is ordered on a
// stream.
template <typename Memory, bool OnHost>
class BufferOf final : public Buffer {
public:
    explicit BufferOf(std::size_t bytes) : memory_(bytes) {}
    BufferOf(void *borrowed, std::size_t bytes) : memory_(borrowed, bytes) {}

    void *pointer() const override { return memory_.pointer(); }
    std::size_t size() const override { return memory_.size(); }
    void check_range(std::size_t offset, std::size_t bytes) const override {
        memory_.check_range(offset, bytes);
    }
    void upload(std::size_t offset, const void *host, std::size_t bytes) override {
        memory_.upload(offset, host, bytes);
    }
    void download(std::size_t offset, void *host, std::size_t bytes) const override {
        memory_.download(offset, host, bytes);
    }
    void upload_async(std::size_t offset, const void *host, std::size_t bytes,
                      std::uintptr_t stream) override {
        if constexpr (OnHost)
            memory_.upload(offset, host, bytes);
        else
            memory_.upload_async(offset, host, bytes, stream);
    }
    void download_async(std::size_t offset, void *host, std::size_t bytes,
                        std::uintptr_t stream) const override {
        if constexpr (OnHost)
            memory_.download(offset, host, bytes);
        else
            memory_.download_async(offset, host, bytes, stream);
    }
    bool on_host() const override { return OnHost; }
    int device() const override { return memory_.device(); }

private:
    Memory memory_;
};

// A buffer of `bytes` for `target`'s kernels, and one over memory someone else owns (another
// library's array), never freed here.
std::unique_ptr<Buffer> allocate(Target target, std::size_t bytes);
std::unique_ptr<Buffer> wrap(Target target, void *pointer, std::size_t bytes);

// Copies `bytes` from `source` at `source_offset` to `destination` at `destination_offset`,
// ordered on `stream` where the GPU copies; the ranges are checked, and may not overlap in one
// buffer.
void copy(Buffer &destination, std::size_t destination_offset, const Buffer &source,
          std::size_t source_offset, std::size_t bytes, std::uintptr_t stream);

}  // namespace cudapy::driver
