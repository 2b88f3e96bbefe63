// The CUDA back end: the GPU translation compiled to CUBIN (or PTX for another architecture) by
// NVRTC or nvcc, loaded and launched through the CUDA Runtime. Built without CUDA, it says so.
#include "driver/backend.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "common/background.h"
#include "common/error.h"
#include "driver/program.h"

#if CUDAPY_HAVE_CUDA
#include "runtime/device.h"
#include "runtime/kernel_error.h"
#include "runtime/memory.h"
#include "runtime/module.h"
#include "runtime/stream.h"
#endif

namespace cudapy::driver {

namespace {

#if CUDAPY_HAVE_CUDA

using DeviceMemory = BufferOf<runtime::DeviceBuffer, false>;

struct DeviceCode : LoadedCode {
    explicit DeviceCode(const std::string &binary) : module(binary) {}
    runtime::LoadedModule module;
    // The GPUs (bit d: device d) whose copy of the module has the error record's address.
    std::atomic<std::uint64_t> error_record_devices{0};

    // The module's cooperative launches share its grid barrier (prelude_cuda_toolbox.cuh): on
    // each GPU, each waits for the one before, whatever their streams.
    std::mutex cooperative_mutex;
    std::map<int, std::unique_ptr<runtime::Event>> last_cooperative;  // by device

    void launch_cooperative(const Kernel &kernel, const LaunchShape &shape, std::size_t shared_bytes,
                            std::uintptr_t stream, void **args) {
        std::lock_guard<std::mutex> lock(cooperative_mutex);
        auto &last = last_cooperative[runtime::current_device()];
        if (last)
            runtime::stream_wait_event(stream, *last);
        else
            last = std::make_unique<runtime::Event>(false);
        runtime::launch_cooperative(kernel.entry, shape.grid, shape.block, shared_bytes, stream, args);
        last->record(stream);
    }

    void attach_error_record() {
        int device = runtime::current_device();
        std::uint64_t bit = device < 64 ? std::uint64_t{1} << device : 0;
        if (bit && (error_record_devices.load(std::memory_order_acquire) & bit)) return;
        runtime::attach_error_record(module.global("cudapy_error_record"));
        error_record_devices.fetch_or(bit, std::memory_order_acq_rel);
    }
};

// The code for the current GPU unless the options name an architecture. The GPU's own CUBIN,
// when cached, is found without NVRTC; choosing another target needs NVRTC's architectures.
// Where the GPUs differ, PTX for the oldest, which each GPU's driver compiles for itself when
// the module first runs there (a module is loaded once and runs on every GPU).
jit::CompiledCode compile_for_device(Program &program, jit::CompileRequest request) {
    if (request.arch.empty()) {
        if (runtime::device_count() == 0)
            throw Error(Status::NoDevice,
                        "no CUDA GPU was found: kernels cannot be compiled for it or run. "
                        "Translation (cp.translate), PTX (cp.ptx) and the CPU target "
                        "(target=\"cpu\") work without a GPU.");
        if (auto [major, minor] = runtime::lowest_capability_if_mixed(); major > 0) {
            request.arch = jit::arch_for_device(major, minor);
            if (request.arch.rfind("sm_", 0) == 0) request.arch = "compute_" + request.arch.substr(3);
            return program.compile_translation(request);
        }
        auto [major, minor] = runtime::current_compute_capability();
        request.arch = jit::cubin_arch(major, minor);
        if (auto code = jit::cached(program.translated().source, program.compile_request(request))) return *code;
        request.arch = jit::arch_for_device(major, minor);
    }
    return program.compile_translation(request);
}

std::string triple(const unsigned (&v)[3]) {
    return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ")";
}

class CudaBackend final : public Backend {
public:
    std::unique_ptr<Module> load(Program &program, const CompileOptions &options) const override {
        const auto &translation = program.translated();
        auto code = std::make_unique<DeviceCode>(compile_for_device(program, options).binary);
        auto module = std::make_unique<Module>();
        bool with_asserts = options.debug && !translation.asserts.empty();
        if (with_asserts) module->asserts = translation.asserts;
        bool raises = code->module.global("cudapy_error_record") != nullptr;
        for (const auto &kernel : translation.kernels) {
            auto bound = std::make_unique<Kernel>(*this, kernel, code->module.kernel(kernel.symbol));
            if (options.shared_memory_carveout >= 0)
                runtime::set_shared_memory_carveout(bound->entry, options.shared_memory_carveout);
            if (with_asserts) bound->assertion_code = code.get();
            if (raises) bound->raising_code = code.get();
            if (kernel.cooperative) bound->cooperative_code = code.get();
            bound->asserts = &module->asserts;
            module->kernels.push_back(std::move(bound));
        }
        module->code = std::move(code);
        return module;
    }

    int auto_block_size(const Kernel &kernel) const override {
        return runtime::auto_block_size(kernel.entry);
    }
    runtime::KernelAttributes attributes(const Kernel &kernel) const override {
        return runtime::kernel_attributes(kernel.entry);
    }
    int max_cooperative_blocks(const Kernel &kernel, int block_threads,
                               std::size_t shared_bytes) const override {
        return runtime::max_cooperative_blocks(kernel.entry, block_threads, shared_bytes);
    }

    void launch(const Kernel &kernel, const LaunchShape &shape, std::size_t shared_bytes,
                std::uintptr_t stream, void **args) const override {
        if (kernel.raising_code) static_cast<DeviceCode *>(kernel.raising_code)->attach_error_record();
        if (kernel.interface.cooperative)
            static_cast<DeviceCode &>(*kernel.cooperative_code).launch_cooperative(kernel, shape, shared_bytes, stream, args);
        else
            runtime::launch(kernel.entry, shape.grid, shape.block, shared_bytes, stream, args);
        // A debug build's asserts are checked when the launch is over, as numba's are.
        if (!kernel.assertion_code) return;
        // The record of the GPU the kernel ran on: each GPU has its own copy of the module.
        const auto &code = static_cast<const DeviceCode &>(*kernel.assertion_code);
        auto record = runtime::take_assertion(code.module.global("cudapy_assertion"), stream);
        if (record.site <= 0 || static_cast<std::size_t>(record.site) > kernel.asserts->size()) return;
        const auto &site = (*kernel.asserts)[static_cast<std::size_t>(record.site - 1)];
        // A failed assert has a status of its own; other Python exceptions fail the launch.
        throw Error(site.exception == "AssertionError" ? Status::Assertion : Status::LaunchFailed,
                    site.file + ":" + std::to_string(site.line) + ": " + site.exception + ": " +
                        site.message + " (thread " + triple(record.thread) + " of block " +
                        triple(record.block) + ")");
    }

    std::unique_ptr<Buffer> allocate(std::size_t bytes) const override {
        return std::make_unique<DeviceMemory>(bytes);
    }
    std::unique_ptr<Buffer> wrap(void *pointer, std::size_t bytes) const override {
        runtime::require_device("a buffer over device memory");
        return std::make_unique<DeviceMemory>(pointer, bytes);
    }
    void copy(void *destination, int destination_device, const void *source, int source_device,
              std::size_t bytes, std::uintptr_t stream) const override {
        if (destination_device >= 0 && source_device >= 0 && destination_device != source_device)
            runtime::copy_peer(destination, destination_device, source, source_device, bytes, stream);
        else
            runtime::copy_async(destination, source, bytes, stream,
                                destination_device >= 0 ? destination_device : source_device);
    }

    int current_device() const override { return runtime::current_device(); }
    void set_current_device(int device) const override { runtime::set_current_device(device); }
};

#else

class CudaBackend final : public Backend {
public:
    std::unique_ptr<Module> load(Program &, const CompileOptions &) const override { no_cuda(); }
    int auto_block_size(const Kernel &) const override { no_cuda(); }
    runtime::KernelAttributes attributes(const Kernel &) const override { no_cuda(); }
    int max_cooperative_blocks(const Kernel &, int, std::size_t) const override { no_cuda(); }
    void launch(const Kernel &, const LaunchShape &, std::size_t, std::uintptr_t, void **) const override {
        no_cuda();
    }
    std::unique_ptr<Buffer> allocate(std::size_t) const override { no_cuda(); }
    std::unique_ptr<Buffer> wrap(void *, std::size_t) const override { no_cuda(); }
    void copy(void *, int, const void *, int, std::size_t, std::uintptr_t) const override {
        no_cuda();
    }
    int current_device() const override { no_cuda(); }
    void set_current_device(int) const override { no_cuda(); }
};

#endif

}  // namespace

const Backend &cuda_backend() {
    static const CudaBackend backend;
    return backend;
}

void warm_up_compiler() {
#if CUDAPY_HAVE_CUDA
    if (runtime::device_count() == 0) return;
    auto [major, minor] = runtime::current_compute_capability();
    // A kernel as the translator writes them, whose run-time support NVRTC then has seen;
    // translating it also warms up the translator's code for the caller's first kernel.
    jit::warm_up_nvrtc(jit::cubin_arch(major, minor), [] {
        static const char text[] =
            "def cudapy_warm_up(alpha, X, Y):\n"
            "    if idx < len(X):\n"
            "        Y[idx] = alpha * X[idx] + Y[idx]\n";
        auto translation = pipeline::translate({{text, "<cudapy warm-up>"}},
                                               {{"cudapy_warm_up", "void (float alpha, float* X, float* Y)"}});
        return translation.source;
    });
    start_background_thread();  // for Program::compile_start
#endif
}

}  // namespace cudapy::driver
