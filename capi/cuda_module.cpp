#include "handles.h"

using cudapy::Error;
using cudapy::Status;
using cudapy::capi::guard;
using cudapy::capi::require;

namespace {

using namespace cudapy;

std::vector<std::string> strings(const char *const *items, std::size_t count, const char *what) {
    std::vector<std::string> result;
    if (count == 0) return result;
    require(items, what);
    for (std::size_t i = 0; i < count; ++i) {
        if (!items[i]) throw Error(Status::InvalidArgument, std::string(what) + "[" + std::to_string(i) + "] is NULL");
        result.emplace_back(items[i]);
    }
    return result;
}

jit::CompileRequest request_from(const cudapy_cuda_options *options) {
    jit::CompileRequest request;
    if (!options) return request;
    capi::require_size(options->size, sizeof(cudapy_cuda_options), "cudapy_cuda_options");
    if (options->name) request.source_name = options->name;
    request.arch = capi::arch_from(options->arch);
    request.compiler = capi::compiler_from(options->compiler);
    request.user_options = strings(options->options, options->option_count, "options");
    request.include_dirs = strings(options->include_dirs, options->include_dir_count, "include_dirs");
    request.name_expressions = strings(options->name_expressions, options->name_expression_count, "name_expressions");
    return request;
}

}  // namespace

extern "C" {

cudapy_status cudapy_cuda_compile(const char *source, const cudapy_cuda_options *options, char **out,
                                  size_t *size) {
    if (out) *out = nullptr;
    if (size) *size = 0;
    return guard([&] {
        require(source, "source");
        require(out, "out");
        require(size, "size");
        auto code = driver::compile_cuda_source(source, request_from(options));
        *out = capi::owned_string(code.binary);
        *size = code.binary.size();
    });
}

cudapy_status cudapy_cuda_module_new(const char *source, const cudapy_cuda_options *options,
                                     cudapy_cuda_module **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(source, "source");
        require(out, "out");
        auto request = request_from(options);
        if (!request.arch.empty())
            throw Error(Status::InvalidArgument, "a module is compiled for the current GPU: leave arch unset "
                                                 "(cudapy_cuda_compile compiles for another)");
        auto module = std::make_unique<cudapy_cuda_module>();
        module->module = std::make_unique<driver::CudaModule>(source, std::move(request));
        *out = module.release();
    });
}

cudapy_status cudapy_cuda_module_load(const void *image, size_t size, cudapy_cuda_module **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(image, "image");
        require(out, "out");
        auto module = std::make_unique<cudapy_cuda_module>();
        module->module = std::make_unique<driver::CudaModule>(std::string(static_cast<const char *>(image), size));
        *out = module.release();
    });
}

void cudapy_cuda_module_delete(cudapy_cuda_module *module) { delete module; }

cudapy_status cudapy_cuda_module_function(cudapy_cuda_module *module, const char *name,
                                          cudapy_cuda_function **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(module, "module");
        require(name, "name");
        require(out, "out");
        auto &function = module->module->function(name);
        std::lock_guard<std::mutex> lock(module->mutex);
        auto &handle = module->functions[&function];
        if (!handle) handle = std::make_unique<cudapy_cuda_function>(cudapy_cuda_function{&function});
        *out = handle.get();
    });
}

cudapy_status cudapy_cuda_module_lowered_name(const cudapy_cuda_module *module, const char *expression,
                                              const char **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(module, "module");
        require(expression, "expression");
        require(out, "out");
        *out = module->module->lowered_name(expression).c_str();
    });
}

cudapy_status cudapy_cuda_module_global(const cudapy_cuda_module *module, const char *name, void **address,
                                        size_t *bytes) {
    if (address) *address = nullptr;
    if (bytes) *bytes = 0;
    return guard([&] {
        require(module, "module");
        require(name, "name");
        require(address, "address");
        std::size_t size = 0;
        *address = module->module->global(name, &size);
        if (bytes) *bytes = size;
    });
}

cudapy_status cudapy_cuda_function_info_get(const cudapy_cuda_function *function,
                                            cudapy_cuda_function_info *out) {
    return guard([&] {
        require(function, "function");
        require(out, "out");
        capi::require_size(out->size, sizeof(cudapy_cuda_function_info), "cudapy_cuda_function_info");
        const auto &called = *function->function;
        auto attributes = called.attributes();
        out->param_count = called.parameters().size();
        out->args_size = called.args_size();
        out->max_threads_per_block = attributes.max_threads_per_block;
        out->registers = attributes.registers;
        out->static_shared_bytes = attributes.static_shared_bytes;
        out->constant_bytes = attributes.constant_bytes;
        out->local_bytes = attributes.local_bytes;
        out->max_dynamic_shared_bytes = attributes.max_dynamic_shared_bytes;
        out->ptx_version = attributes.ptx_version;
        out->binary_version = attributes.binary_version;
    });
}

cudapy_status cudapy_cuda_function_param(const cudapy_cuda_function *function, size_t index, size_t *offset,
                                         size_t *bytes) {
    return guard([&] {
        require(function, "function");
        require(offset, "offset");
        require(bytes, "bytes");
        const auto &parameters = function->function->parameters();
        if (index >= parameters.size())
            throw Error(Status::NotFound, function->function->name() + " has " + std::to_string(parameters.size()) +
                                              " parameters; there is no parameter " + std::to_string(index));
        *offset = parameters[index].offset;
        *bytes = parameters[index].size;
    });
}

cudapy_status cudapy_cuda_function_set_max_dynamic_shared(cudapy_cuda_function *function, int bytes) {
    return guard([&] {
        require(function, "function");
        function->function->set_max_dynamic_shared_bytes(bytes);
    });
}

cudapy_status cudapy_cuda_function_launch(const cudapy_cuda_function *function, cudapy_dim3 grid,
                                          cudapy_dim3 block, size_t shared_bytes, uintptr_t stream,
                                          const void *args, size_t args_size) {
    return guard([&] {
        require(function, "function");
        const auto &called = *function->function;
        if (args_size != called.args_size())
            throw Error(Status::InvalidArgument, called.name() + " takes a " + std::to_string(called.args_size()) +
                                                     "-byte argument block, not " + std::to_string(args_size));
        if (args_size > 0) require(args, "args");
        called.launch({grid.x, grid.y, grid.z}, {block.x, block.y, block.z}, shared_bytes, stream, args);
    });
}

cudapy_status cudapy_cuda_function_launch_block(const cudapy_cuda_function *function, const void *block,
                                                size_t size) {
    return guard([&] {
        require(function, "function");
        require(block, "block");
        const auto &called = *function->function;
        constexpr std::size_t header_size = sizeof(cudapy_cuda_launch_header);
        static_assert(header_size == 48);
        if (size != header_size + called.args_size())
            throw Error(Status::InvalidArgument, called.name() + " takes a " +
                                                     std::to_string(header_size + called.args_size()) +
                                                     "-byte launch block, not " + std::to_string(size));
        cudapy_cuda_launch_header header;
        std::memcpy(&header, block, header_size);
        called.launch({header.grid[0], header.grid[1], header.grid[2]},
                      {header.block[0], header.block[1], header.block[2]}, header.shared_bytes,
                      header.stream, static_cast<const char *>(block) + header_size);
    });
}

}  // extern "C"
