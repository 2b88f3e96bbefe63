#include <algorithm>
#include <array>
#include <cstring>

#include "handles.h"

using cudapy::Error;
using cudapy::Status;
using cudapy::capi::block_size_of;
using cudapy::capi::guard;
using cudapy::capi::require;

namespace {

using cudapy::Dim3;

Dim3 dim(cudapy_dim3 d) { return {d.x, d.y, d.z}; }

void require_positive(cudapy_dim3 d, const char *what) {
    if (d.x == 0 || d.y == 0 || d.z == 0)
        throw Error(Status::InvalidArgument,
                    std::string(what) + " must be at least 1 in every dimension, got (" +
                        std::to_string(d.x) + ", " + std::to_string(d.y) + ", " +
                        std::to_string(d.z) + ")");
}

std::uint32_t clamp_threads(std::uint64_t count) {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(count, UINT32_MAX));
}

// What a launch configuration comes to, worked out once: the grid, the block and the hidden
// extent that stops threads past the requested counts.
struct PreparedLaunch {
    cudapy::LaunchShape shape;
    Dim3 extent;
    std::size_t shared_bytes = 0;
    std::uintptr_t stream = 0;
};

PreparedLaunch prepare(cudapy_kernel &kernel, const cudapy_launch_config *config) {
    require(config, "config");
    cudapy::capi::require_size(config->size, sizeof(cudapy_launch_config), "cudapy_launch_config");
    PreparedLaunch prepared;
    if (config->block.x != 0) {
        require_positive(config->grid, "grid");
        require_positive(config->block, "block");
        prepared.shape = {dim(config->grid), dim(config->block)};
        const auto &[grid, block] = prepared.shape;
        prepared.extent = {clamp_threads(std::uint64_t{grid.x} * block.x),
                           clamp_threads(std::uint64_t{grid.y} * block.y),
                           clamp_threads(std::uint64_t{grid.z} * block.z)};
    } else {
        require_positive(config->threads, "threads");
        prepared.shape = cudapy::shape_for_threads(dim(config->threads), block_size_of(kernel));
        prepared.extent = dim(config->threads);
    }
    prepared.shared_bytes = config->shared_bytes;
    prepared.stream = config->stream;
    // Made for both targets alike: what the CPU runs, the GPU would too.
    cudapy::check_launch(prepared.shape, prepared.shared_bytes);
    return prepared;
}

// Launches with the kernel's parameters at `params` (one pointer per parameter), adding the
// hidden extent and the values hoisted out of the kernel.
void launch(cudapy_kernel &kernel, const PreparedLaunch &prepared, void *const *params) {
    const auto &interface = kernel.interface;
    std::size_t count = interface.params.size();
    constexpr std::size_t inline_count = 32;
    std::array<void *, inline_count + 1 + cudapy::max_hoisted_values> inline_args;
    std::vector<void *> heap_args;
    void **args = inline_args.data();
    if (count > inline_count) {
        heap_args.resize(count + 1 + interface.hoisted.size());
        args = heap_args.data();
    }
    std::copy(params, params + count, args);
    Dim3 extent = prepared.extent;
    args[count] = &extent;
    std::array<std::uint64_t, cudapy::max_hoisted_values> hoisted;
    for (std::size_t i = 0; i < interface.hoisted.size(); ++i) {
        cudapy::evaluate(interface.hoisted[i], params, &hoisted[i]);
        args[count + 1 + i] = &hoisted[i];
    }
    if (kernel.target == cudapy::Target::Cpu)
        return cudapy::host::launch(kernel.host_entry, args, prepared.shape, prepared.shared_bytes);
#if CUDAPY_HAVE_CUDA
    cudapy::runtime::launch(kernel.function, prepared.shape.grid, prepared.shape.block,
                            prepared.shared_bytes, prepared.stream, args);
    // A debug build's asserts are checked when the launch is over, as numba's are.
    if (kernel.assertion_record) {
        auto record = cudapy::runtime::take_assertion(kernel.assertion_record, prepared.stream);
        if (record.site > 0 && static_cast<std::size_t>(record.site) <= kernel.asserts->size()) {
            const auto &site = (*kernel.asserts)[static_cast<std::size_t>(record.site - 1)];
            auto triple = [](const unsigned (&v)[3]) {
                return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ")";
            };
            // A failed assert has a status of its own; other Python exceptions fail the launch.
            throw Error(site.exception == "AssertionError" ? Status::Assertion : Status::LaunchFailed,
                        site.file + ":" + std::to_string(site.line) + ": " + site.exception + ": " + site.message +
                            " (thread " + triple(record.thread) + " of block " + triple(record.block) + ")");
        }
    }
#else
    cudapy::capi::no_cuda();
#endif
}

// Launches with the arguments packed in `block` as cudapy_program_param() lays them out.
void launch_packed(cudapy_kernel &kernel, const PreparedLaunch &prepared, const void *block) {
    const auto &params = kernel.interface.params;
    constexpr std::size_t inline_count = 32;
    std::array<void *, inline_count> inline_pointers;
    std::vector<void *> heap_pointers;
    void **pointers = inline_pointers.data();
    if (params.size() > inline_count) {
        heap_pointers.resize(params.size());
        pointers = heap_pointers.data();
    }
    auto *bytes = static_cast<char *>(const_cast<void *>(block));
    for (std::size_t i = 0; i < params.size(); ++i) pointers[i] = bytes + params[i].offset;
    launch(kernel, prepared, pointers);
}

}  // namespace

int cudapy::capi::block_size_of(cudapy_kernel &kernel) {
    if (kernel.target == cudapy::Target::Cpu) return cudapy::host::block_size;
    int size = kernel.block_size.load(std::memory_order_relaxed);
    if (size == 0) {
#if CUDAPY_HAVE_CUDA
        size = cudapy::runtime::auto_block_size(kernel.function);
#else
        cudapy::capi::no_cuda();
#endif
        kernel.block_size.store(size, std::memory_order_relaxed);
    }
    return size;
}

struct cudapy_launch {
    cudapy_kernel *kernel;  // borrowed from its module, which outlives the launch
    PreparedLaunch prepared;
};

extern "C" {

void cudapy_module_delete(cudapy_module *module) { delete module; }

cudapy_status cudapy_module_kernel(cudapy_module *module, const char *name, cudapy_kernel **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(module, "module");
        require(name, "name");
        require(out, "out");
        for (auto &kernel : module->kernels) {
            if (kernel->interface.name == name) {
                *out = kernel.get();
                return;
            }
        }
        std::string known;
        for (const auto &kernel : module->kernels)
            known += (known.empty() ? "" : ", ") + kernel->interface.name;
        throw Error(Status::NotFound, std::string("the module has no kernel '") + name +
                                          "'; its kernels: " + (known.empty() ? "none" : known));
    });
}

cudapy_status cudapy_kernel_auto_block_size(cudapy_kernel *kernel, int *out) {
    return guard([&] {
        require(kernel, "kernel");
        require(out, "out");
        *out = block_size_of(*kernel);
    });
}

cudapy_status cudapy_kernel_launch(cudapy_kernel *kernel, const cudapy_launch_config *config,
                                   void **args) {
    return guard([&] {
        require(kernel, "kernel");
        if (!kernel->interface.params.empty()) require(args, "args");
        launch(*kernel, prepare(*kernel, config), args);
    });
}

cudapy_status cudapy_kernel_launch_packed(cudapy_kernel *kernel, const cudapy_launch_config *config,
                                          const void *args, size_t args_size) {
    return guard([&] {
        require(kernel, "kernel");
        const auto &interface = kernel->interface;
        if (args_size != interface.args_size)
            throw Error(Status::InvalidArgument,
                        interface.name + " takes a " + std::to_string(interface.args_size) +
                            "-byte argument block, not " + std::to_string(args_size));
        if (args_size > 0) require(args, "args");
        launch_packed(*kernel, prepare(*kernel, config), args);
    });
}

cudapy_status cudapy_launch_new(cudapy_kernel *kernel, const cudapy_launch_config *config,
                                cudapy_launch **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(kernel, "kernel");
        require(out, "out");
        *out = new cudapy_launch{kernel, prepare(*kernel, config)};
    });
}

cudapy_status cudapy_launch_run(const cudapy_launch *launch, const void *args) {
    return guard([&] {
        require(launch, "launch");
        if (launch->kernel->interface.args_size > 0) require(args, "args");
        launch_packed(*launch->kernel, launch->prepared, args);
    });
}

void cudapy_launch_delete(cudapy_launch *launch) { delete launch; }

}  // extern "C"
