#include "handles.h"

using cudapy::Error;
using cudapy::Status;
using cudapy::capi::guard;
using cudapy::capi::require;

namespace {

cudapy::Dim3 dim(cudapy_dim3 d) { return {d.x, d.y, d.z}; }

cudapy::driver::Launch launch_of(cudapy_kernel *kernel, const cudapy_launch_config *config) {
    require(config, "config");
    cudapy::capi::require_size(config->size, sizeof(cudapy_launch_config), "cudapy_launch_config");
    return cudapy::driver::Launch(*kernel->kernel, {dim(config->grid), dim(config->block),
                                                    dim(config->threads), config->shared_bytes,
                                                    config->stream});
}

}  // namespace

extern "C" {

void cudapy_module_delete(cudapy_module *module) { delete module; }

cudapy_status cudapy_module_kernel(cudapy_module *module, const char *name, cudapy_kernel **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(module, "module");
        require(name, "name");
        require(out, "out");
        const auto &kernel = module->module->kernel(name);
        for (auto &handle : module->kernels)
            if (handle.kernel == &kernel) *out = &handle;
    });
}

cudapy_status cudapy_kernel_auto_block_size(cudapy_kernel *kernel, int *out) {
    return guard([&] {
        require(kernel, "kernel");
        require(out, "out");
        *out = kernel->kernel->block_size();
    });
}

cudapy_status cudapy_kernel_info_get(const cudapy_kernel *kernel, cudapy_kernel_info *out) {
    return guard([&] {
        require(kernel, "kernel");
        require(out, "out");
        cudapy::capi::require_size(out->size, sizeof(cudapy_kernel_info), "cudapy_kernel_info");
        cudapy::capi::copy_attributes(kernel->kernel->attributes(), *out);
    });
}

cudapy_status cudapy_kernel_max_cooperative_blocks(const cudapy_kernel *kernel, int block_threads,
                                                   size_t shared_bytes, int *out) {
    if (out) *out = 0;
    return guard([&] {
        require(kernel, "kernel");
        require(out, "out");
        if (block_threads <= 0)
            throw Error(Status::InvalidArgument, "a block has at least one thread, not " + std::to_string(block_threads));
        *out = kernel->kernel->max_cooperative_blocks(block_threads, shared_bytes);
    });
}

cudapy_status cudapy_kernel_launch(cudapy_kernel *kernel, const cudapy_launch_config *config,
                                   void **args) {
    return guard([&] {
        require(kernel, "kernel");
        if (!kernel->kernel->interface.params.empty()) require(args, "args");
        launch_of(kernel, config).run(args);
    });
}

cudapy_status cudapy_kernel_launch_packed(cudapy_kernel *kernel, const cudapy_launch_config *config,
                                          const void *args, size_t args_size) {
    return guard([&] {
        require(kernel, "kernel");
        const auto &interface = kernel->kernel->interface;
        if (args_size != interface.args_size)
            throw Error(Status::InvalidArgument,
                        interface.name + " takes a " + std::to_string(interface.args_size) +
                            "-byte argument block, not " + std::to_string(args_size));
        if (args_size > 0) require(args, "args");
        launch_of(kernel, config).run_packed(args);
    });
}

cudapy_status cudapy_launch_new(cudapy_kernel *kernel, const cudapy_launch_config *config,
                                cudapy_launch **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(kernel, "kernel");
        require(out, "out");
        *out = new cudapy_launch{launch_of(kernel, config)};
    });
}

cudapy_status cudapy_launch_run(const cudapy_launch *launch, const void *args) {
    return guard([&] {
        require(launch, "launch");
        if (launch->launch.kernel().interface.args_size > 0) require(args, "args");
        launch->launch.run_packed(args);
    });
}

void cudapy_launch_delete(cudapy_launch *launch) { delete launch; }

}  // extern "C"
