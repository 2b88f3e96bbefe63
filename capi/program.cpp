#include "handles.h"
#include "common/background.h"
#include "driver/backend.h"

using cudapy::Error;
using cudapy::Status;
using cudapy::capi::guard;
using cudapy::capi::require;

namespace {

using namespace cudapy;

driver::CompileOptions request_from(const cudapy_compile_options *options) {
    driver::CompileOptions request;
    if (!options) return request;
    // `target` came after the first members; callers built before it get the GPU.
    capi::require_size(options->size, offsetof(cudapy_compile_options, target), "cudapy_compile_options");
    request.arch = capi::arch_from(options->arch);
    request.fast_math = options->fast_math != 0;
    request.line_info = options->line_info != 0;
    if (CUDAPY_HAS_MEMBER(options, launch_bounds_min_blocks)) {
        request.debug = options->debug != 0;
        if (options->max_registers < 0 || options->launch_bounds_max_threads < 0 ||
            options->launch_bounds_min_blocks < 0)
            throw Error(Status::InvalidArgument,
                        "max_registers and launch bounds must not be negative (0 leaves them unset)");
        if (options->launch_bounds_min_blocks > 0 && options->launch_bounds_max_threads == 0)
            throw Error(Status::InvalidArgument, "launch bounds give a minimum of blocks only with a maximum of threads");
        request.max_registers = options->max_registers;
        request.launch_bounds_max_threads = options->launch_bounds_max_threads;
        request.launch_bounds_min_blocks = options->launch_bounds_min_blocks;
    }
    if (!CUDAPY_HAS_MEMBER(options, target)) return request;
    request.target = capi::target_from(options->target);
    if (CUDAPY_HAS_MEMBER(options, compiler)) request.compiler = capi::compiler_from(options->compiler);
    if (CUDAPY_HAS_MEMBER(options, shared_memory_carveout)) {
        if (options->shared_memory_carveout < 0 || options->shared_memory_carveout > 101)
            throw Error(Status::InvalidArgument,
                        "shared_memory_carveout is 0 (the driver's choice) or 1 + a percent from 0 to 100, got " +
                            std::to_string(options->shared_memory_carveout));
        request.shared_memory_carveout = options->shared_memory_carveout - 1;
    }
    if (CUDAPY_HAS_MEMBER(options, launch_bounds_max_cluster_blocks)) {
        if (options->launch_bounds_max_cluster_blocks < 0)
            throw Error(Status::InvalidArgument, "launch bounds must not be negative (0 leaves them unset)");
        if (options->launch_bounds_max_cluster_blocks > 0 && options->launch_bounds_min_blocks == 0)
            throw Error(Status::InvalidArgument,
                        "launch bounds give a maximum of blocks per cluster only with a minimum of blocks "
                        "per multiprocessor");
        request.launch_bounds_max_cluster_blocks = options->launch_bounds_max_cluster_blocks;
    }
    return request;
}

const pipeline::KernelInterface *kernel_at(const cudapy_program *program, std::size_t kernel) {
    if (!program) return nullptr;
    const auto *translation = program->program.translation();
    if (!translation || kernel >= translation->kernels.size()) return nullptr;
    return &translation->kernels[kernel];
}

}  // namespace

extern "C" {

cudapy_status cudapy_program_new(cudapy_program **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(out, "out");
        *out = new cudapy_program();
    });
}

void cudapy_program_delete(cudapy_program *program) { delete program; }

cudapy_status cudapy_program_add_source(cudapy_program *program, const char *text, size_t length,
                                        const char *file, int first_line, int column_offset) {
    return guard([&] {
        require(program, "program");
        require(text, "text");
        program->program.add_source(std::string_view(text, length), file ? file : "<string>", first_line,
                                    column_offset);
    });
}

cudapy_status cudapy_program_set_signature(cudapy_program *program, const char *name,
                                           const char *signature) {
    return guard([&] {
        require(program, "program");
        require(name, "name");
        require(signature, "signature");
        program->program.set_signature(name, signature);
    });
}

cudapy_status cudapy_program_add_overload(cudapy_program *program, const char *name, const char *signature) {
    return guard([&] {
        require(program, "program");
        require(name, "name");
        require(signature, "signature");
        program->program.add_overload(name, signature);
    });
}

cudapy_status cudapy_program_set_typing(cudapy_program *program, cudapy_typing typing) {
    return guard([&] {
        require(program, "program");
        int value = cudapy::capi::enum_value(typing);
        if (value != CUDAPY_TYPING_CUDAPY && value != CUDAPY_TYPING_NUMBA)
            throw Error(Status::InvalidArgument, "unknown typing " + std::to_string(value) +
                                                     " (CUDAPY_TYPING_CUDAPY or CUDAPY_TYPING_NUMBA)");
        program->program.set_typing(value == CUDAPY_TYPING_NUMBA ? ast::Typing::Numba : ast::Typing::CudaPy);
    });
}

cudapy_status cudapy_program_declare_device(cudapy_program *program, const char *name, const char *symbol,
                                           const char *signature, cudapy_calling_convention convention) {
    return guard([&] {
        require(program, "program");
        require(name, "name");
        require(signature, "signature");
        int value = cudapy::capi::enum_value(convention);
        if (value != CUDAPY_CALL_NUMBA && value != CUDAPY_CALL_C)
            throw Error(Status::InvalidArgument, "unknown calling convention " + std::to_string(value) +
                                                     " (CUDAPY_CALL_NUMBA or CUDAPY_CALL_C)");
        program->program.declare_device(name, symbol ? symbol : name, signature,
                                        value == CUDAPY_CALL_C ? ast::CallingConvention::C
                                                               : ast::CallingConvention::Numba);
    });
}

cudapy_status cudapy_program_link_source(cudapy_program *program, const char *text, size_t length,
                                         const char *file) {
    return guard([&] {
        require(program, "program");
        require(text, "text");
        program->program.link_source(std::string_view(text, length), file ? file : "");
    });
}

cudapy_status cudapy_program_add_constant_array(cudapy_program *program, const char *name,
                                                cudapy_scalar_type element, int ndim,
                                                const int64_t *shape, const void *data, size_t bytes) {
    return guard([&] {
        require(program, "program");
        require(name, "name");
        int type = cudapy::capi::enum_value(element);
        if (type < CUDAPY_BOOL || type > CUDAPY_FLOAT64)
            throw Error(Status::InvalidArgument, "unknown element type " + std::to_string(type));
        if (ndim < 1 || ndim > 8) throw Error(Status::InvalidArgument, "a constant array has 1 to 8 dimensions");
        require(shape, "shape");
        program->program.add_constant_array(name, static_cast<ast::Scalar>(type),
                                            std::vector<std::int64_t>(shape, shape + ndim), data, bytes);
    });
}

cudapy_status cudapy_program_translate(cudapy_program *program, char **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(program, "program");
        const auto &translation = program->program.translated();
        if (out) *out = cudapy::capi::owned_string(translation.source);
    });
}

size_t cudapy_program_diagnostic_count(const cudapy_program *program) {
    return program ? program->program.diagnostics().size() : 0;
}

cudapy_status cudapy_program_diagnostic(const cudapy_program *program, size_t index,
                                        cudapy_diagnostic *out) {
    return guard([&] {
        require(program, "program");
        require(out, "out");
        cudapy::capi::require_size(out->size, sizeof(cudapy_diagnostic), "cudapy_diagnostic");
        const auto &diagnostics = program->program.diagnostics();
        if (index >= diagnostics.size())
            throw Error(Status::NotFound, "there is no diagnostic " + std::to_string(index));
        const auto &d = diagnostics[index];
        const auto &units = program->program.units();
        bool has_unit = d.span.unit >= 0 && static_cast<std::size_t>(d.span.unit) < units.size();
        out->kind = static_cast<cudapy_diagnostic_kind>(d.kind);
        out->file = has_unit ? units[static_cast<std::size_t>(d.span.unit)].file.c_str() : "";
        out->line = d.span.line;
        out->column = d.span.column;
        out->end_line = d.span.end_line;
        out->end_column = d.span.end_column;
        out->message = d.message.c_str();
        out->source_line = program->program.diagnostic_lines()[index].c_str();
    });
}

size_t cudapy_program_kernel_count(const cudapy_program *program) {
    const auto *translation = program ? program->program.translation() : nullptr;
    return translation ? translation->kernels.size() : 0;
}

const char *cudapy_program_kernel_name(const cudapy_program *program, size_t kernel) {
    const auto *found = kernel_at(program, kernel);
    return found ? found->name.c_str() : nullptr;
}

size_t cudapy_program_param_count(const cudapy_program *program, size_t kernel) {
    const auto *found = kernel_at(program, kernel);
    return found ? found->params.size() : 0;
}

cudapy_status cudapy_program_helper_result(const cudapy_program *program, const char *name,
                                          cudapy_scalar_type *out) {
    return guard([&] {
        require(program, "program");
        require(name, "name");
        require(out, "out");
        const auto *translation = program->program.translation();
        if (!translation) throw Error(Status::NotFound, "translate the program first");
        for (const auto &helper : translation->helpers) {
            if (helper.name != name) continue;
            if (helper.type == cudapy::ast::Scalar::Void)
                throw Error(Status::Unsupported, helper.name + "() returns no number");
            *out = static_cast<cudapy_scalar_type>(helper.type);
            return;
        }
        throw Error(Status::NotFound, std::string("the program has no helper '") + name + "'");
    });
}

cudapy_status cudapy_program_param(const cudapy_program *program, size_t kernel, size_t index,
                                   cudapy_param_info *out) {
    return guard([&] {
        require(program, "program");
        require(out, "out");
        // `ndim` and `layout` came after the first members; older callers do without them.
        cudapy::capi::require_size(out->size, offsetof(cudapy_param_info, ndim), "cudapy_param_info");
        const auto *found = kernel_at(program, kernel);
        if (!found)
            throw Error(Status::NotFound, "there is no kernel " + std::to_string(kernel) +
                                              " (translate the program first)");
        if (index >= found->params.size())
            throw Error(Status::NotFound, found->name + " has no parameter " + std::to_string(index));
        const auto &param = found->params[index];
        out->name = param.name.c_str();
        out->kind = param.is_array ? CUDAPY_PARAM_ARRAY : CUDAPY_PARAM_SCALAR;
        out->element = static_cast<cudapy_scalar_type>(param.element);
        out->written = param.written ? 1 : 0;
        out->offset = param.offset;
        out->bytes = param.bytes;
        out->array_depth = param.array_depth;
        if (CUDAPY_HAS_MEMBER(out, layout)) {
            out->ndim = param.ndim;
            out->layout = static_cast<cudapy_layout>(param.layout);
        }
    });
}

int cudapy_program_kernel_cooperative(const cudapy_program *program, size_t kernel) {
    const auto *found = kernel_at(program, kernel);
    return found && found->cooperative ? 1 : 0;
}

size_t cudapy_program_args_size(const cudapy_program *program, size_t kernel) {
    const auto *found = kernel_at(program, kernel);
    return found ? found->args_size : 0;
}

cudapy_status cudapy_program_ptx(cudapy_program *program, const cudapy_compile_options *options,
                                 char **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(program, "program");
        require(out, "out");
        *out = cudapy::capi::owned_string(program->program.ptx(request_from(options)));
    });
}

cudapy_status cudapy_program_compile(cudapy_program *program, const cudapy_compile_options *options,
                                     cudapy_module **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(program, "program");
        require(out, "out");
        auto handle = std::make_unique<cudapy_module>();
        handle->module = program->program.compile(request_from(options));
        for (auto &kernel : handle->module->kernels) handle->kernels.push_back({kernel.get()});
        *out = handle.release();
    });
}

cudapy_status cudapy_program_compile_start(cudapy_program *program, const cudapy_compile_options *options) {
    return guard([&] {
        require(program, "program");
        program->program.compile_start(request_from(options));
    });
}

cudapy_status cudapy_compiler_warm_up(void) {
    return guard([] { cudapy::driver::warm_up_compiler(); });
}

cudapy_status cudapy_compiler_wait(void) {
    return guard([] { cudapy::wait_for_background(); });
}

}  // extern "C"
