#include <algorithm>
#include <string_view>

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

// One error of a failed compile, at a line of the caller's source or of a file it included.
struct CudaDiagnostic {
    std::string file, message, source_line;
    int line = 0, column = 0;
};

// Those of this thread's last compile of CUDA C++ (cudapy_cuda_diagnostic).
thread_local std::vector<CudaDiagnostic> last_diagnostics;

// Line `number` of `file` as `text` has it, counting lines as the compiler does: a
// `#line N` directive numbers the next line N, and one naming another file leaves it.
std::string_view line_of(std::string_view text, const std::string &file, int number) {
    int line = 1;
    bool in_file = true;
    while (!text.empty()) {
        std::size_t end = text.find('\n');
        std::string_view current = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        std::size_t at = current.find_first_not_of(" \t");
        if (at != std::string_view::npos && current.substr(at, 5) == "#line") {
            std::string_view rest = current.substr(at + 5);
            std::size_t digits = rest.find_first_not_of(" \t");
            std::size_t digits_end = std::min(rest.find_first_not_of("0123456789", digits), rest.size());
            if (digits != std::string_view::npos && digits_end != digits && digits_end - digits < 10) {
                line = std::stoi(std::string(rest.substr(digits, digits_end - digits)));
                std::size_t quote = rest.find('"', digits_end);
                if (quote != std::string_view::npos) {
                    std::size_t close = rest.find('"', quote + 1);
                    in_file = rest.substr(quote + 1, close - quote - 1) == file;
                }
                continue;
            }
        }
        if (in_file && line == number) return current;
        ++line;
    }
    return {};
}

std::size_t indent(std::string_view line) {
    std::size_t at = line.find_first_not_of(" \t");
    return at == std::string_view::npos ? line.size() : at;
}

// Runs a compile of `source`, keeping the errors of its log for cudapy_cuda_diagnostic.
template <typename Compile>
void compile_keeping_diagnostics(const char *source, const jit::CompileRequest &request, Compile &&compile) {
    std::vector<jit::LogEntry> entries;
    try {
        compile(&entries);
    } catch (const Error &error) {
        if (error.status() != Status::CudaCompilation) throw;
        std::string name = request.source_name.empty() ? "kernel.cu" : request.source_name;
        for (const auto &entry : entries) {
            if (!entry.is_error) continue;
            CudaDiagnostic d{entry.file, entry.message, entry.quoted_line, entry.line, entry.column};
            if (entry.file == name) {
                // The line as written; NVRTC's quote of it may be indented otherwise.
                std::string_view own = line_of(source, name, entry.line);
                if (d.column > 0 && !d.source_line.empty())
                    d.column += static_cast<int>(indent(own)) - static_cast<int>(indent(d.source_line));
                d.source_line = own;
                if (d.column < 0) d.column = 0;
            }
            last_diagnostics.push_back(std::move(d));
        }
        throw;
    }
}

}  // namespace

extern "C" {

size_t cudapy_cuda_diagnostic_count(void) { return last_diagnostics.size(); }

cudapy_status cudapy_cuda_diagnostic(size_t index, cudapy_diagnostic *out) {
    return guard([&] {
        require(out, "out");
        capi::require_size(out->size, sizeof(cudapy_diagnostic), "cudapy_diagnostic");
        if (index >= last_diagnostics.size())
            throw Error(Status::NotFound, "there is no diagnostic " + std::to_string(index));
        const CudaDiagnostic &d = last_diagnostics[index];
        out->kind = CUDAPY_DIAGNOSTIC_CUDA;
        out->file = d.file.c_str();
        out->line = out->end_line = d.line;
        out->column = out->end_column = d.column;
        out->message = d.message.c_str();
        out->source_line = d.source_line.c_str();
    });
}

cudapy_status cudapy_cuda_compile(const char *source, const cudapy_cuda_options *options, char **out,
                                  size_t *size) {
    if (out) *out = nullptr;
    if (size) *size = 0;
    last_diagnostics.clear();
    return guard([&] {
        require(source, "source");
        require(out, "out");
        require(size, "size");
        auto request = request_from(options);
        jit::CompiledCode code;
        compile_keeping_diagnostics(source, request, [&](std::vector<jit::LogEntry> *entries) {
            code = driver::compile_cuda_source(source, request, entries);
        });
        *out = capi::owned_string(code.binary);
        *size = code.binary.size();
    });
}

cudapy_status cudapy_cuda_module_new(const char *source, const cudapy_cuda_options *options,
                                     cudapy_cuda_module **out) {
    if (out) *out = nullptr;
    last_diagnostics.clear();
    return guard([&] {
        require(source, "source");
        require(out, "out");
        auto request = request_from(options);
        if (!request.arch.empty())
            throw Error(Status::InvalidArgument, "a module is compiled for the current GPU: leave arch unset "
                                                 "(cudapy_cuda_compile compiles for another)");
        auto module = std::make_unique<cudapy_cuda_module>();
        compile_keeping_diagnostics(source, request, [&](std::vector<jit::LogEntry> *entries) {
            module->module = std::make_unique<driver::CudaModule>(source, request, entries);
        });
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
        capi::copy_attributes(attributes, *out);
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
