// The host back end: the CPU translation compiled by the host's C++ compiler into a shared
// library, and kernels run by the host's thread pool.
#include "driver/backend.h"

#include <cstring>

#include "driver/program.h"
#include "emit/cuda.h"
#include "host/launch.h"
#include "host/memory.h"
#include "jit/host_compiler.h"

namespace cudapy::driver {

namespace {

using HostMemory = BufferOf<host::HostBuffer, true>;

struct HostCode : LoadedCode {
    std::shared_ptr<jit::HostLibrary> library;
};

class HostBackend final : public Backend {
public:
    std::unique_ptr<Module> load(Program &program, const CompileOptions &options) const override {
        const auto &kernels = program.translated().kernels;
        auto code = std::make_unique<HostCode>();
        code->library = program.compile_for_host(options);
        auto module = std::make_unique<Module>();
        for (const auto &kernel : kernels) {
            const void *entry = code->library->symbol(emit::host_entry_name(kernel.symbol));
            module->kernels.push_back(std::make_unique<Kernel>(*this, kernel, entry));
        }
        module->code = std::move(code);
        return module;
    }

    int auto_block_size(const Kernel &) const override { return host::block_size; }

    runtime::KernelAttributes attributes(const Kernel &kernel) const override {
        throw Error(Status::Unsupported, "'" + kernel.interface.name +
                                             "' runs on the CPU target, whose kernels have no GPU "
                                             "attributes (registers, shared, local and constant memory)");
    }

    int max_cooperative_blocks(const Kernel &kernel, int, std::size_t) const override {
        throw Error(Status::Unsupported, "'" + kernel.interface.name +
                                             "' runs on the CPU target, which has no cooperative "
                                             "launches (a grid group's sync() needs the GPU)");
    }

    void launch(const Kernel &kernel, const LaunchShape &shape, std::size_t shared_bytes,
                std::uintptr_t, void **args) const override {
        host::launch(reinterpret_cast<host::Entry>(const_cast<void *>(kernel.entry)), args, shape, shared_bytes);
    }

    std::unique_ptr<Buffer> allocate(std::size_t bytes) const override {
        return std::make_unique<HostMemory>(bytes);
    }
    std::unique_ptr<Buffer> wrap(void *pointer, std::size_t bytes) const override {
        return std::make_unique<HostMemory>(pointer, bytes);
    }
    void copy(void *destination, int, const void *source, int, std::size_t bytes,
              std::uintptr_t) const override {
        std::memcpy(destination, source, bytes);
    }

    int current_device() const override { return -1; }
    void set_current_device(int) const override {}
};

}  // namespace

const Backend &host_backend() {
    static const HostBackend backend;
    return backend;
}

}  // namespace cudapy::driver
