#include "driver/module.h"

#include "common/error.h"
#include "driver/backend.h"

namespace cudapy::driver {

runtime::KernelAttributes Kernel::attributes() const { return backend.attributes(*this); }

int Kernel::max_cooperative_blocks(int block_threads, std::size_t shared_bytes) const {
    return backend.max_cooperative_blocks(*this, block_threads, shared_bytes);
}

int Kernel::block_size() {
    int size = block_size_.load(std::memory_order_relaxed);
    if (size == 0) {
        size = backend.auto_block_size(*this);
        block_size_.store(size, std::memory_order_relaxed);
    }
    return size;
}

Kernel &Module::kernel(const std::string &name) {
    for (auto &kernel : kernels)
        if (kernel->interface.name == name) return *kernel;
    std::string known;
    for (const auto &kernel : kernels) known += (known.empty() ? "" : ", ") + kernel->interface.name;
    throw Error(Status::NotFound, "the module has no kernel '" + name +
                                      "'; its kernels: " + (known.empty() ? "none" : known));
}

}  // namespace cudapy::driver
