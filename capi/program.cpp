#include <algorithm>
#include <cctype>
#include <cstdio>
#include <condition_variable>
#include <mutex>
#include <string_view>
#include <utility>

#include "handles.h"
#include "common/background.h"
#include "emit/cuda.h"
#include "jit/compiler.h"
#include "jit/host_compiler.h"
#include "jit/translation_cache.h"

#if CUDAPY_HAVE_CUDA
#include "runtime/device.h"
#endif

using cudapy::Error;
using cudapy::Status;
using cudapy::capi::guard;
using cudapy::capi::require;

namespace {

using namespace cudapy;

void set_diagnostics(cudapy_program &program, std::vector<ast::Diagnostic> diagnostics) {
    program.diagnostics = std::move(diagnostics);
    program.diagnostic_lines.clear();
    for (const auto &d : program.diagnostics) {
        std::string line;
        if (d.span.unit >= 0 && static_cast<std::size_t>(d.span.unit) < program.units.size())
            line = ast::printable(ast::source_line(program.units[static_cast<std::size_t>(d.span.unit)], d.span.line));
        program.diagnostic_lines.push_back(std::move(line));
    }
}

// Words no constant array may be named: C's and C++'s keywords (and C++'s alternative
// operator names), which the array's name must not be in generated code, and Python's, which a
// kernel cannot name.
// Python's keywords, which no Python name can be.
constexpr std::string_view python_keywords[] = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in",
    "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield"};

// Throws Error(InvalidArgument) unless `name` is a Python identifier (letters, digits and
// underscores, non-ASCII letters too, not starting with a digit; no keyword) of at most 255
// bytes. The emitter gives every such name a C name of its own.
void require_identifier(std::string_view name, const std::string &what) {
    auto refuse = [&](const std::string &why) {
        throw Error(Status::InvalidArgument, what + " '" + ast::printable(name.substr(0, 64)) +
                                                 (name.size() > 64 ? "..." : "") + "' " + why);
    };
    auto word = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
    };
    if (name.empty()) throw Error(Status::InvalidArgument, what + " is empty");
    if (name.size() > 255) refuse("is longer than 255 bytes");
    if (std::isdigit(static_cast<unsigned char>(name[0])) || !std::all_of(name.begin(), name.end(), word))
        refuse("is not an identifier: it must be letters, digits and underscores, not starting with a digit");
    if (std::find(std::begin(python_keywords), std::end(python_keywords), name) != std::end(python_keywords))
        refuse("is a keyword of Python");
}

const pipeline::Translation &translated(cudapy_program &program) {
    if (!program.translation) {
        auto key = jit::translation_key(program.units, program.signatures, program.constants);
        program.translation = jit::load_translation(key);
        if (!program.translation) {
            program.translation = pipeline::translate(program.units, program.signatures, program.constants);
            jit::store_translation(key, *program.translation);
        }
        set_diagnostics(program, program.translation->diagnostics);
    }
    if (!program.translation->ok)
        throw Error(Status::Translation,
                    pipeline::format_diagnostics(program.translation->diagnostics, program.units));
    return *program.translation;
}

struct Request : jit::CompileRequest {
    Target target = Target::Cuda;
    bool operator==(const Request &) const = default;
};

Request request_from(const cudapy_compile_options *options) {
    Request request;
    if (!options) return request;
    // `target` came after the first members; callers built before it get the GPU.
    capi::require_size(options->size, offsetof(cudapy_compile_options, target), "cudapy_compile_options");
    if (options->arch && *options->arch) {  // "" as NULL: the default
        // Checked against the compiler's architectures before a compile; here only that it is a
        // single word, as it becomes one option of a compiler's command line.
        std::string_view arch = options->arch;
        if (arch.empty() || arch.size() > 32 ||
            !std::all_of(arch.begin(), arch.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }))
            throw Error(Status::InvalidArgument, "the architecture must be a word such as sm_90 or compute_90, got '" +
                                                     std::string(arch.substr(0, 64)) + "'");
        request.arch = arch;
    }
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
    if (CUDAPY_HAS_MEMBER(options, compiler)) {
        int compiler = capi::enum_value(options->compiler);
        if (compiler < CUDAPY_COMPILER_DEFAULT || compiler > CUDAPY_COMPILER_NVCC)
            throw Error(Status::InvalidArgument, "unknown compiler " + std::to_string(compiler) +
                                                     " (CUDAPY_COMPILER_DEFAULT, _NVRTC or _NVCC)");
        request.compiler = static_cast<jit::Compiler>(compiler);
    }
    return request;
}

// Diagnostics for compiler messages at lines of the user's files; none when the messages are
// all about code cudapy generated, which is a bug in cudapy.
std::vector<ast::Diagnostic> user_diagnostics(const cudapy_program &program,
                                              const std::vector<jit::LogEntry> &entries) {
    std::vector<ast::Diagnostic> diagnostics;
    for (const auto &entry : entries) {
        if (!entry.is_error) continue;
        for (std::size_t i = 0; i < program.units.size(); ++i) {
            if (program.units[i].file != entry.file) continue;
            int column = 1 + program.units[i].column_offset;
            diagnostics.push_back({ast::DiagnosticKind::Cuda,
                                   {static_cast<int>(i), entry.line, column, entry.line, column},
                                   entry.message});
            break;
        }
    }
    return diagnostics;
}

// A compiler's failure as the user should see it: at their lines, or as cudapy's bug.
[[noreturn]] void report_compiler_failure(cudapy_program &program, const Error &error,
                                          const std::vector<jit::LogEntry> &entries,
                                          const std::string &generated) {
    auto diagnostics = user_diagnostics(program, entries);
    if (diagnostics.empty())
        throw Error(Status::Internal,
                    std::string("internal error in cudapy (please report it): the generated "
                                "code does not compile.\n") +
                        error.what() + "\n--- generated source ---\n" + generated);
    std::string message = pipeline::format_diagnostics(diagnostics, program.units);
    set_diagnostics(program, std::move(diagnostics));
    throw Error(Status::CudaCompilation, message);
}

// The program translated for the CPU and compiled by the host's compiler.
std::shared_ptr<jit::HostLibrary> compile_for_cpu(cudapy_program &program, const jit::CompileRequest &request) {
    auto translation = pipeline::translate(program.units, program.signatures, program.constants, Target::Cpu);
    // Asserts are checked in debug builds, as NVRTC's -DCUDAPY_DEBUG does on the GPU.
    if (request.debug) translation.source = "#define CUDAPY_DEBUG 1\n" + translation.source;
    if (!translation.ok) {
        set_diagnostics(program, translation.diagnostics);
        throw Error(Status::Translation, pipeline::format_diagnostics(translation.diagnostics, program.units));
    }
    std::vector<jit::LogEntry> entries;
    try {
        return jit::compile_host(translation.source, &entries);
    } catch (const Error &error) {
        if (error.status() != Status::CudaCompilation) throw;
        report_compiler_failure(program, error, entries, translation.source);
    }
}

// NVRTC's errors at lines of the user's files become diagnostics there; errors only in code
// cudapy wrote itself are a bug in cudapy, reported with the generated source attached.
jit::CompiledCode compile_translation(cudapy_program &program, const jit::CompileRequest &request) {
    const auto &translation = translated(program);
    std::vector<jit::LogEntry> entries;
    try {
        return jit::compile(translation.source, request, &entries);
    } catch (const Error &error) {
        if (error.status() != Status::CudaCompilation) throw;
        report_compiler_failure(program, error, entries, translation.source);
    }
}

#if CUDAPY_HAVE_CUDA
// The code for the current GPU unless the request names an architecture. The GPU's own CUBIN,
// when cached, is found without NVRTC; choosing another target needs NVRTC's architectures.
jit::CompiledCode compile_for_device(cudapy_program &program, jit::CompileRequest request) {
    if (request.arch.empty()) {
        if (runtime::device_count() == 0)
            throw Error(Status::NoDevice,
                        "no CUDA GPU was found: kernels cannot be compiled for it or run. "
                        "Translation (cp.translate), PTX (cp.ptx) and the CPU target "
                        "(target=\"cpu\") work without a GPU.");
        auto [major, minor] = runtime::current_compute_capability();
        request.arch = jit::cubin_arch(major, minor);
        if (auto code = jit::cached(translated(program).source, request)) return *code;
        request.arch = jit::arch_for_device(major, minor);
    }
    return compile_translation(program, request);
}
#endif

// The program compiled and loaded as `request` says.
std::unique_ptr<cudapy_module> compile_module(cudapy_program &program, const Request &request) {
    const auto &kernels = translated(program).kernels;
    auto module = std::make_unique<cudapy_module>();
    if (request.target == cudapy::Target::Cpu) {
        module->host_library = compile_for_cpu(program, request);
        for (const auto &kernel : kernels) {
            auto handle = std::make_unique<cudapy_kernel>();
            handle->target = cudapy::Target::Cpu;
            handle->interface = kernel;
            handle->host_entry = reinterpret_cast<cudapy::host::Entry>(
                module->host_library->symbol(cudapy::emit::host_entry_name(kernel.symbol)));
            module->kernels.push_back(std::move(handle));
        }
        return module;
    }
#if CUDAPY_HAVE_CUDA
    auto code = compile_for_device(program, request);
    module->loaded = std::make_unique<cudapy::runtime::LoadedModule>(code.binary);
    void *assertion_record = nullptr;
    if (request.debug && !translated(program).asserts.empty()) {
        module->asserts = translated(program).asserts;
        assertion_record = module->loaded->global("cudapy_assertion");
    }
    for (const auto &kernel : kernels) {
        auto handle = std::make_unique<cudapy_kernel>();
        handle->interface = kernel;
        handle->function = module->loaded->kernel(kernel.symbol);
        handle->assertion_record = assertion_record;
        handle->asserts = &module->asserts;
        module->kernels.push_back(std::move(handle));
    }
    return module;
#else
    cudapy::capi::no_cuda();
#endif
}

const pipeline::KernelInterface *kernel_at(const cudapy_program *program, std::size_t kernel) {
    if (!program || !program->translation || !program->translation->ok ||
        kernel >= program->translation->kernels.size())
        return nullptr;
    return &program->translation->kernels[kernel];
}

}  // namespace

// A compile cudapy_program_compile_start runs in the background, kept by the program until its
// next cudapy_program_compile takes what it made.
class cudapy::capi::StartedCompile {
public:
    explicit StartedCompile(const Request &request) : request_(request) {}

    int device = -1;  // the GPU current where it started, for the CUDA target

    // Compiles `copy`, the program as it was, and works out each kernel's block size: the
    // occupancy query is also what loads a kernel onto the GPU.
    void run(cudapy_program &copy) {
        std::unique_ptr<cudapy_module> module;
        cudapy_status status = guard([&] {
#if CUDAPY_HAVE_CUDA
            if (request_.target == Target::Cuda) runtime::set_current_device(device);
#endif
            module = compile_module(copy, request_);
        });
        std::string message = status == CUDAPY_OK ? "" : cudapy_last_error();
        if (module)
            for (auto &kernel : module->kernels)
                (void)guard([&] { capi::block_size_of(*kernel); });  // a failure: the launch asks again
        std::lock_guard<std::mutex> lock(mutex_);
        status_ = status;
        message_ = std::move(message);
        diagnostics_ = std::move(copy.diagnostics);
        diagnostic_lines_ = std::move(copy.diagnostic_lines);
        module_ = std::move(module);
        done_ = true;
        finished_.notify_all();
    }

    // Whether a compile with `request`, now, wants what this one makes.
    bool serves(const Request &request) const {
        if (!(request == request_)) return false;
#if CUDAPY_HAVE_CUDA
        if (request.target == Target::Cuda) return runtime::current_device() == device;
#endif
        return true;
    }

    // Waits for the compile; gives its module, or throws its error. Either way `program` gets
    // the diagnostics the compile left, as if it had compiled itself.
    std::unique_ptr<cudapy_module> take(cudapy_program &program) {
        std::unique_lock<std::mutex> lock(mutex_);
        finished_.wait(lock, [&] { return done_; });
        program.diagnostics = std::move(diagnostics_);
        program.diagnostic_lines = std::move(diagnostic_lines_);
        if (status_ != CUDAPY_OK) throw Error(static_cast<Status>(status_), message_);
        return std::move(module_);
    }

private:
    const Request request_;
    std::mutex mutex_;
    std::condition_variable finished_;
    bool done_ = false;
    cudapy_status status_ = CUDAPY_OK;
    std::string message_;
    std::vector<ast::Diagnostic> diagnostics_;
    std::vector<std::string> diagnostic_lines_;
    std::unique_ptr<cudapy_module> module_;
};

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
        // Lines and columns of diagnostics are ints: the text must end before they overflow.
        constexpr int limit = 1 << 30;
        if (first_line < 1 || first_line > limit)
            throw Error(Status::InvalidArgument, "first_line must be between 1 and " + std::to_string(limit));
        if (column_offset < 0 || column_offset > limit)
            throw Error(Status::InvalidArgument, "column_offset must be between 0 and " + std::to_string(limit));
        if (length > static_cast<std::size_t>(limit))
            throw Error(Status::InvalidArgument, "the source is longer than " + std::to_string(limit) + " bytes");
        // The file is named in #line directives and messages of the generated code.
        // Python reads a lone carriage return (old Mac line ends) as a line end too.
        std::string source(text, length);
        for (std::size_t i = 0; i < source.size(); ++i)
            if (source[i] == '\r' && (i + 1 == source.size() || source[i + 1] != '\n')) source[i] = '\n';
        program->units.push_back({std::move(source), file ? file : "<string>", first_line, column_offset});
        program->translation.reset();
        program->started.reset();
    });
}

cudapy_status cudapy_program_set_signature(cudapy_program *program, const char *name,
                                           const char *signature) {
    return guard([&] {
        require(program, "program");
        require(name, "name");
        require(signature, "signature");
        program->signatures[name] = signature;
        program->translation.reset();
        program->started.reset();
    });
}

cudapy_status cudapy_program_add_constant_array(cudapy_program *program, const char *name,
                                                cudapy_scalar_type element, int ndim,
                                                const int64_t *shape, const void *data, size_t bytes) {
    return guard([&] {
        require(program, "program");
        require(name, "name");
        require_identifier(name, "the constant array's name");
        int type = cudapy::capi::enum_value(element);
        if (type < CUDAPY_BOOL || type > CUDAPY_FLOAT64)
            throw Error(Status::InvalidArgument, "unknown element type " + std::to_string(type));
        if (ndim < 1 || ndim > 8) throw Error(Status::InvalidArgument, "a constant array has 1 to 8 dimensions");
        require(shape, "shape");
        ast::ConstantArray array{name, static_cast<ast::Scalar>(type), {}, {}};
        // The bytes are counted so that no product wraps: past the GPU's 64 KiB of constant
        // memory, the array is refused.
        constexpr std::uint64_t constant_memory = 65536;
        std::uint64_t expected = static_cast<std::uint64_t>(ast::scalar_bytes(array.element));
        bool too_large = false;
        for (int d = 0; d < ndim; ++d) {
            if (shape[d] < 0 || shape[d] > (int64_t{1} << 31))
                throw Error(Status::InvalidArgument, "the extent " + std::to_string(shape[d]) + " of a constant array is out of range");
            array.shape.push_back(shape[d]);
            expected *= static_cast<std::uint64_t>(shape[d]);  // at most 65537 times 2^31: no wrap
            if (expected > constant_memory) {
                too_large = true;
                expected = constant_memory + 1;  // kept past the limit, and small
            }
        }
        if (expected == 0) too_large = false;  // an extent of 0: the array is empty
        if (too_large)
            throw Error(Status::InvalidArgument, "the constant array '" + std::string(name) +
                                                     "' takes more than 65536 bytes; the GPU's constant memory holds 65536");
        if (bytes != expected)
            throw Error(Status::InvalidArgument, "the constant array '" + std::string(name) + "' needs " +
                                                     std::to_string(expected) + " bytes of data, got " +
                                                     std::to_string(bytes));
        // The GPU's constant memory is 64 KiB, shared by all of a program's constant arrays.
        std::size_t total = bytes;
        for (const auto &other : program->constants)
            if (other.name != name) total += other.bytes.size();
        if (total > 65536)
            throw Error(Status::InvalidArgument, "the program's constant arrays need " + std::to_string(total) +
                                                     " bytes; the GPU's constant memory holds 65536");
        if (bytes) require(data, "data");
        array.bytes.assign(static_cast<const char *>(data), bytes);
        auto &constants = program->constants;
        constants.erase(std::remove_if(constants.begin(), constants.end(),
                                       [&](const ast::ConstantArray &c) { return c.name == name; }),
                        constants.end());
        constants.push_back(std::move(array));
        program->translation.reset();
        program->started.reset();
    });
}

cudapy_status cudapy_program_translate(cudapy_program *program, char **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(program, "program");
        const auto &translation = translated(*program);
        if (out) *out = cudapy::capi::owned_string(translation.source);
    });
}

size_t cudapy_program_diagnostic_count(const cudapy_program *program) {
    return program ? program->diagnostics.size() : 0;
}

cudapy_status cudapy_program_diagnostic(const cudapy_program *program, size_t index,
                                        cudapy_diagnostic *out) {
    return guard([&] {
        require(program, "program");
        require(out, "out");
        cudapy::capi::require_size(out->size, sizeof(cudapy_diagnostic), "cudapy_diagnostic");
        if (index >= program->diagnostics.size())
            throw Error(Status::NotFound, "there is no diagnostic " + std::to_string(index));
        const auto &d = program->diagnostics[index];
        const auto &units = program->units;
        bool has_unit = d.span.unit >= 0 && static_cast<std::size_t>(d.span.unit) < units.size();
        out->kind = static_cast<cudapy_diagnostic_kind>(d.kind);
        out->file = has_unit ? units[static_cast<std::size_t>(d.span.unit)].file.c_str() : "";
        out->line = d.span.line;
        out->column = d.span.column;
        out->end_line = d.span.end_line;
        out->end_column = d.span.end_column;
        out->message = d.message.c_str();
        out->source_line = program->diagnostic_lines[index].c_str();
    });
}

size_t cudapy_program_kernel_count(const cudapy_program *program) {
    if (!program || !program->translation || !program->translation->ok) return 0;
    return program->translation->kernels.size();
}

const char *cudapy_program_kernel_name(const cudapy_program *program, size_t kernel) {
    const auto *found = kernel_at(program, kernel);
    return found ? found->name.c_str() : nullptr;
}

size_t cudapy_program_param_count(const cudapy_program *program, size_t kernel) {
    const auto *found = kernel_at(program, kernel);
    return found ? found->params.size() : 0;
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
        auto request = request_from(options);
        if (request.arch.empty()) request.arch = cudapy::jit::default_ptx_arch();
        std::string given_arch = request.arch;
        if (request.arch.rfind("sm_", 0) == 0) request.arch = "compute_" + request.arch.substr(3);
        auto code = cudapy::jit::cached(translated(*program).source, request);
        if (!code) {
            cudapy::jit::check_arch(given_arch);  // before compiling, to name what the caller gave
            code = compile_translation(*program, request);
        }
        *out = cudapy::capi::owned_string(code->binary);
    });
}

cudapy_status cudapy_program_compile(cudapy_program *program, const cudapy_compile_options *options,
                                     cudapy_module **out) {
    if (out) *out = nullptr;
    return guard([&] {
        require(program, "program");
        require(out, "out");
        auto request = request_from(options);
        if (auto started = std::exchange(program->started, nullptr); started && started->serves(request)) {
            *out = started->take(*program).release();
            return;
        }
        *out = compile_module(*program, request).release();
    });
}

cudapy_status cudapy_program_compile_start(cudapy_program *program, const cudapy_compile_options *options) {
    return guard([&] {
        require(program, "program");
        auto request = request_from(options);
        translated(*program);
        auto compile = std::make_shared<capi::StartedCompile>(request);
#if CUDAPY_HAVE_CUDA
        if (request.target == Target::Cuda) {
            try {
                compile->device = runtime::current_device();
            } catch (const Error &) {  // no GPU or no driver: the compile itself says so
                return;
            }
        }
#else
        if (request.target == Target::Cuda) return;  // the compile itself says so
#endif
        // The thread works on a copy: the caller may go on using the program.
        auto copy = std::make_shared<cudapy_program>(*program);
        copy->started.reset();
        if (run_in_background([compile, copy] { compile->run(*copy); })) program->started = std::move(compile);
    });
}

cudapy_status cudapy_compiler_warm_up(void) {
    return guard([] {
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
        start_background_thread();  // for cudapy_program_compile_start
#endif
    });
}

cudapy_status cudapy_compiler_wait(void) {
    return guard([] { wait_for_background(); });
}

}  // extern "C"
