#include "driver/memory.h"

#include <string>

#include "common/error.h"
#include "driver/backend.h"

namespace cudapy::driver {

std::unique_ptr<Buffer> allocate(Target target, std::size_t bytes) {
    return backend_for(target).allocate(bytes);
}

std::unique_ptr<Buffer> wrap(Target target, void *pointer, std::size_t bytes) {
    if (bytes > UINTPTR_MAX - reinterpret_cast<std::uintptr_t>(pointer))
        throw Error(Status::InvalidArgument, "the " + std::to_string(bytes) + " bytes at " +
                                                 std::to_string(reinterpret_cast<std::uintptr_t>(pointer)) +
                                                 " run past the end of the address space");
    return backend_for(target).wrap(pointer, bytes);
}

void copy(Buffer &destination, std::size_t destination_offset, const Buffer &source,
          std::size_t source_offset, std::size_t bytes, std::uintptr_t stream) {
    destination.check_range(destination_offset, bytes);
    source.check_range(source_offset, bytes);
    if (&destination == &source && destination_offset < source_offset + bytes &&
        source_offset < destination_offset + bytes)
        throw Error(Status::InvalidArgument,
                    "the copy of " + std::to_string(bytes) + " bytes from offset " +
                        std::to_string(source_offset) + " to offset " +
                        std::to_string(destination_offset) + " overlaps itself in one buffer");
    if (bytes == 0) return;
    // The host copies host memory; anything on a GPU is the GPU's to copy.
    bool on_host = destination.on_host() && source.on_host();
    const Backend &backend = on_host ? host_backend() : cuda_backend();
    backend.copy(static_cast<char *>(destination.pointer()) + destination_offset,
                 destination.on_host() ? -1 : destination.device(),
                 static_cast<const char *>(source.pointer()) + source_offset,
                 source.on_host() ? -1 : source.device(), bytes, stream);
}

}  // namespace cudapy::driver
