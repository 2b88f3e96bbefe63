#include "runtime/memory.h"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

#include "common/error.h"
#include "common/limits.h"
#include "runtime/cuda_error.h"
#include "runtime/kernel_error.h"

namespace cudapy::runtime {

namespace {

// Device memory comes from a pool of the library's own, allocated and freed in the order of the
// legacy default stream, while all the work that can touch it runs there: a free then costs no
// synchronization and its memory is reused at once, as CuPy's and PyTorch's pools reuse theirs.
// Once work may run elsewhere (a launch or copy on another stream, or memory handed to another
// library), the library waits for the device once, then frees as cudaFree does, waiting for the
// device, and allocates with cudaMalloc: a block is never reused while another stream may still
// read it.
//
// While it is not shared, a small freed block is also kept as it is, for the next allocation of
// its size on its device: stream-ordered as the pool's own reuse is, without the cost of
// cudaMallocFromPoolAsync and cudaFreeAsync (a few microseconds each, as much as the rest of an
// array operation's host time).
struct Pools {
    std::mutex mutex;
    bool shared = false;  // written under the mutex; read without it through `shared_hint`
    std::map<int, cudaMemPool_t> by_device;
    std::map<std::pair<int, std::size_t>, std::vector<void *>> recycled;  // (device, bytes)
    std::size_t recycled_bytes = 0;
    std::map<std::pair<int, int>, bool> peer_access;  // (device, peer) -> whether it reaches
};

// Makes `device` current for the scope, when it is not already.
class DeviceScope {
public:
    // -1: leaves the current device as it is.
    explicit DeviceScope(int device) {
        if (device >= 0 && cudaGetDevice(&previous_) == cudaSuccess && previous_ != device &&
            cudaSetDevice(device) == cudaSuccess)
            switched_ = true;
    }
    ~DeviceScope() {
        if (switched_) cudaSetDevice(previous_);
    }
    DeviceScope(const DeviceScope &) = delete;
    DeviceScope &operator=(const DeviceScope &) = delete;

private:
    int previous_ = 0;
    bool switched_ = false;
};

// Lets kernels of GPU `device` use blocks of `pool` (another GPU's).
void grant_pool_access(cudaMemPool_t pool, int device) {
    cudaMemAccessDesc access{};
    access.location.type = cudaMemLocationTypeDevice;
    access.location.id = device;
    access.flags = cudaMemAccessFlagsProtReadWrite;
    check_cuda(cudaMemPoolSetAccess(pool, &access, 1), "cudaMemPoolSetAccess");
}

constexpr std::size_t largest_recycled = std::size_t{1} << 20;
constexpr std::size_t most_recycled_bytes = std::size_t{64} << 20;

// Bytes a block is kept by: allocations round up to this much, so that near sizes share blocks.
std::size_t recycled_size(std::size_t bytes) { return (bytes + 255) & ~std::size_t{255}; }

// Frees every kept block in stream order (the pool's mutex held).
void free_recycled(Pools &all) {
    for (auto &[key, blocks] : all.recycled) {
        DeviceScope on_device(key.first);
        for (void *block : blocks) cudaFreeAsync(block, cudaStreamLegacy);
    }
    all.recycled.clear();
    all.recycled_bytes = 0;
}

Pools &pools() {
    static Pools *all = new Pools;  // outlives every buffer freed at exit
    return *all;
}

std::atomic<bool> shared_hint{false};

int current_device_or_first() {
    int device = 0;
    if (cudaGetDevice(&device) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return device;
}

cudaMemPool_t pool_of(int device) {
    auto &all = pools();
    auto found = all.by_device.find(device);
    if (found != all.by_device.end()) return found->second;
    cudaMemPoolProps props{};
    props.allocType = cudaMemAllocationTypePinned;
    props.handleTypes = cudaMemHandleTypeNone;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    cudaMemPool_t pool = nullptr;
    check_cuda(cudaMemPoolCreate(&pool, &props), "cudaMemPoolCreate");
    // Keep freed memory for reuse rather than hand it back at each synchronization.
    std::uint64_t keep_all = UINT64_MAX;
    check_cuda(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep_all),
               "cudaMemPoolSetAttribute");
    for (const auto &[pair, reaches] : all.peer_access)
        if (reaches && pair.second == device) grant_pool_access(pool, pair.first);
    all.by_device.emplace(device, pool);
    return pool;
}

void synchronize_pooled_devices() {
    for (const auto &[device, pool] : pools().by_device) {
        DeviceScope on_device(device);
        cudaDeviceSynchronize();
    }
}

}  // namespace

void share_memory() {
    if (shared_hint.load(std::memory_order_acquire)) return;
    auto &all = pools();
    std::lock_guard lock(all.mutex);
    if (all.shared) return;
    free_recycled(all);
    synchronize_pooled_devices();  // earlier uses of pooled blocks end before other streams run
    all.shared = true;
    shared_hint.store(true, std::memory_order_release);
}

void note_stream(std::uintptr_t stream) {
    if (stream != 0 && reinterpret_cast<cudaStream_t>(stream) != cudaStreamLegacy) share_memory();
}

DeviceBuffer::DeviceBuffer(std::size_t bytes) : size_(bytes) {
    // A zero-byte buffer is valid and has no device memory behind it.
    if (bytes == 0) return;
    if (bytes > max_allocation_bytes)
        throw Error(Status::DeviceOutOfMemory, "out of device memory: asked for " + std::to_string(bytes) +
                                                   " bytes, more than an address space holds");
    auto error = static_cast<cudaError_t>(allocate(bytes));
    if (error == cudaErrorMemoryAllocation) {
        cudaGetLastError();
        std::size_t free_bytes = 0, total_bytes = 0;
        cudaMemGetInfo(&free_bytes, &total_bytes);
        throw Error(Status::DeviceOutOfMemory,
                    "out of device memory: asked for " + std::to_string(bytes) + " bytes, " +
                        std::to_string(free_bytes) + " of " + std::to_string(total_bytes) +
                        " bytes are free");
    }
    check_cuda(error, "cudaMalloc");
}

DeviceBuffer::DeviceBuffer(void *borrowed, std::size_t bytes)
    : pointer_(borrowed), size_(bytes), owned_(false) {
    int device = borrowed ? device_of(borrowed) : -1;
    device_ = device >= 0 ? device : current_device_or_first();
}

int DeviceBuffer::allocate(std::size_t bytes) {
    cudaError_t error = cudaGetDevice(&device_);
    if (error != cudaSuccess) return static_cast<int>(error);
    int device = device_;
    if (!shared_hint.load(std::memory_order_acquire)) {
        auto &all = pools();
        std::lock_guard lock(all.mutex);
        if (!all.shared) {
            std::size_t kept = recycled_size(bytes);
            if (kept <= largest_recycled) {
                auto found = all.recycled.find({device, kept});
                if (found != all.recycled.end() && !found->second.empty()) {
                    pointer_ = found->second.back();
                    found->second.pop_back();
                    all.recycled_bytes -= kept;
                    pooled_ = true;
                    return static_cast<int>(cudaSuccess);
                }
                bytes = kept;  // so that the block, once freed, serves any size that rounds to it
            }
            cudaMemPool_t pool = pool_of(device);
            error = cudaMallocFromPoolAsync(&pointer_, bytes, pool, cudaStreamLegacy);
            if (error == cudaErrorMemoryAllocation) {
                // What the pool keeps may be what is missing: hand it back and try once more,
                // unless even the free memory is too little. A request that fails leaves the
                // pool holding what it reserved while trying (as much as the GPU has): that
                // goes back too, or other processes would find the GPU full.
                auto give_back = [&] {
                    cudaGetLastError();
                    free_recycled(all);
                    cudaStreamSynchronize(cudaStreamLegacy);
                    cudaMemPoolTrimTo(pool, 0);
                };
                give_back();
                std::size_t free = 0, total = 0;
                bool may_fit = cudaMemGetInfo(&free, &total) != cudaSuccess || bytes <= free;
                if (may_fit) error = cudaMallocFromPoolAsync(&pointer_, bytes, pool, cudaStreamLegacy);
                if (error == cudaErrorMemoryAllocation) give_back();
            }
            pooled_ = error == cudaSuccess;
            return static_cast<int>(error);
        }
    }
    return static_cast<int>(cudaMalloc(&pointer_, bytes));
}

DeviceBuffer::~DeviceBuffer() {
    if (!pointer_ || !owned_) return;
    // Freed on its own GPU: a pooled block in the order of that GPU's legacy stream.
    DeviceScope on_device(device_);
    if (!pooled_) {
        cudaFree(pointer_);
        return;
    }
    auto &all = pools();
    std::lock_guard lock(all.mutex);
    // Pooled memory freed after other streams came into use may still be read there.
    if (all.shared) {
        synchronize_pooled_devices();
    } else if (std::size_t kept = recycled_size(size_);
               kept <= largest_recycled && all.recycled_bytes + kept <= most_recycled_bytes) {
        all.recycled[{device_, kept}].push_back(pointer_);
        all.recycled_bytes += kept;
        return;
    }
    cudaFreeAsync(pointer_, cudaStreamLegacy);
}

void DeviceBuffer::check_range(std::size_t offset, std::size_t bytes) const {
    if (offset > size_ || bytes > size_ - offset)
        throw Error(Status::InvalidArgument,
                    "the copy of " + std::to_string(bytes) + " bytes at offset " +
                        std::to_string(offset) + " runs past the end of a " +
                        std::to_string(size_) + "-byte buffer");
}

void DeviceBuffer::upload(std::size_t offset, const void *host, std::size_t bytes) {
    check_range(offset, bytes);
    if (bytes == 0) return;
    DeviceScope on_device(device_);  // after the work queued on the buffer's own GPU
    check_cuda(cudaMemcpy(static_cast<char *>(pointer_) + offset, host, bytes,
                          cudaMemcpyHostToDevice),
               "copy to the device");
}

void DeviceBuffer::download(std::size_t offset, void *host, std::size_t bytes) const {
    check_range(offset, bytes);
    if (bytes == 0) return;
    DeviceScope on_device(device_);
    check_cuda(cudaMemcpy(host, static_cast<const char *>(pointer_) + offset, bytes,
                          cudaMemcpyDeviceToHost),
               "copy from the device");
    raise_kernel_error();
}

}  // namespace cudapy::runtime

namespace cudapy::runtime {

namespace {

cudaStream_t as_stream(std::uintptr_t stream) { return reinterpret_cast<cudaStream_t>(stream); }

bool legacy(std::uintptr_t stream) { return stream == 0 || as_stream(stream) == cudaStreamLegacy; }

// The device to make current for a copy on `stream` that involves GPU `device`'s memory: on
// the legacy default stream, that GPU's, so that the copy is ordered with its work; another
// stream orders the copy itself.
int copy_device(std::uintptr_t stream, int device) { return legacy(stream) ? device : -1; }

}  // namespace

void DeviceBuffer::upload_async(std::size_t offset, const void *host, std::size_t bytes,
                                std::uintptr_t stream) {
    check_range(offset, bytes);
    if (bytes == 0) return;
    note_stream(stream);
    DeviceScope on_device(copy_device(stream, device_));
    check_cuda(cudaMemcpyAsync(static_cast<char *>(pointer_) + offset, host, bytes,
                               cudaMemcpyHostToDevice, as_stream(stream)),
               "asynchronous copy to the device");
}

void DeviceBuffer::download_async(std::size_t offset, void *host, std::size_t bytes,
                                  std::uintptr_t stream) const {
    check_range(offset, bytes);
    if (bytes == 0) return;
    note_stream(stream);
    DeviceScope on_device(copy_device(stream, device_));
    check_cuda(cudaMemcpyAsync(host, static_cast<const char *>(pointer_) + offset, bytes,
                               cudaMemcpyDeviceToHost, as_stream(stream)),
               "asynchronous copy from the device");
}

void copy_async(void *destination, const void *source, std::size_t bytes, std::uintptr_t stream,
                int device) {
    if (bytes == 0) return;
    note_stream(stream);
    DeviceScope on_device(copy_device(stream, device));
    // cudaMemcpyDefault: unified addressing tells device memory from host memory.
    check_cuda(cudaMemcpyAsync(destination, source, bytes, cudaMemcpyDefault, as_stream(stream)),
               "copy between buffers");
}

void copy_peer(void *destination, int destination_device, const void *source, int source_device,
               std::size_t bytes, std::uintptr_t stream) {
    if (bytes == 0) return;
    // Direct where the GPUs reach each other: the copy engines then read the other GPU's memory.
    enable_peer_access(destination_device, source_device);
    enable_peer_access(source_device, destination_device);
    if (legacy(stream)) {
        check_cuda(cudaMemcpyPeer(destination, destination_device, source, source_device, bytes),
                   "copy between GPUs");
        return;
    }
    note_stream(stream);
    check_cuda(cudaMemcpyPeerAsync(destination, destination_device, source, source_device, bytes,
                                   as_stream(stream)),
               "copy between GPUs");
}

bool enable_peer_access(int device, int peer) {
    if (device == peer) return true;
    auto &all = pools();
    std::lock_guard lock(all.mutex);
    auto known = all.peer_access.find({device, peer});
    if (known != all.peer_access.end()) return known->second;
    int can = 0;
    check_cuda(cudaDeviceCanAccessPeer(&can, device, peer), "cudaDeviceCanAccessPeer");
    if (can) {
        DeviceScope on_device(device);
        cudaError_t error = cudaDeviceEnablePeerAccess(peer, 0);
        if (error == cudaErrorPeerAccessAlreadyEnabled)  // by another library of the process
            cudaGetLastError();
        else
            check_cuda(error, "cudaDeviceEnablePeerAccess");
        auto pool = all.by_device.find(peer);
        if (pool != all.by_device.end()) grant_pool_access(pool->second, device);
    }
    all.peer_access[{device, peer}] = can != 0;
    return can != 0;
}

int device_of(const void *pointer) {
    cudaPointerAttributes attributes{};
    if (cudaPointerGetAttributes(&attributes, pointer) != cudaSuccess) {
        cudaGetLastError();
        return -1;
    }
    bool on_device = attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged;
    return on_device ? attributes.device : -1;
}

}  // namespace cudapy::runtime
