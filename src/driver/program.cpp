#include "driver/program.h"

#include <algorithm>
#include <cctype>
#include <condition_variable>
#include <mutex>
#include <string_view>
#include <utility>

#include "common/background.h"
#include "driver/backend.h"
#include "driver/translation_cache.h"
#include "emit/cuda.h"

namespace cudapy::driver {

namespace {

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

// Diagnostics for compiler messages at lines of the user's files; none when the messages are
// all about code cudapy generated, which is a bug in cudapy.
std::vector<ast::Diagnostic> user_diagnostics(const std::vector<ast::SourceUnit> &units,
                                              const std::vector<jit::LogEntry> &entries) {
    std::vector<ast::Diagnostic> diagnostics;
    for (const auto &entry : entries) {
        if (!entry.is_error) continue;
        for (std::size_t i = 0; i < units.size(); ++i) {
            if (units[i].file != entry.file) continue;
            int column = 1 + units[i].column_offset;
            diagnostics.push_back({ast::DiagnosticKind::Cuda,
                                   {static_cast<int>(i), entry.line, column, entry.line, column},
                                   entry.message});
            break;
        }
    }
    return diagnostics;
}

}  // namespace

// A compile compile_start runs in the background, kept by the program until its next compile
// takes what it made.
class StartedCompile {
public:
    StartedCompile(const CompileOptions &options, int device) : options_(options), device_(device) {}

    // Compiles `copy`, the program as it was, and works out each kernel's block size: the
    // occupancy query is also what loads a kernel onto the GPU.
    void run(Program &copy) {
        const Backend &backend = backend_for(options_.target);
        std::unique_ptr<Module> module;
        std::optional<Error> failure;
        try {
            backend.set_current_device(device_);
            module = copy.compile(options_);
        } catch (...) {
            failure = error_in_flight();
        }
        if (module)
            for (auto &kernel : module->kernels) {
                try {
                    kernel->block_size();
                } catch (...) {
                    // the launch asks again, and reports it
                }
            }
        std::lock_guard<std::mutex> lock(mutex_);
        failure_ = std::move(failure);
        diagnostics_ = copy.diagnostics_;
        diagnostic_lines_ = copy.diagnostic_lines_;
        module_ = std::move(module);
        done_ = true;
        finished_.notify_all();
    }

    // Whether a compile with `options`, now, wants what this one makes.
    bool serves(const CompileOptions &options) const {
        return options == options_ && backend_for(options.target).current_device() == device_;
    }

    // Waits for the compile; gives its module, or throws its error. Either way `program` gets
    // the diagnostics the compile left, as if it had compiled itself.
    std::unique_ptr<Module> take(Program &program) {
        std::unique_lock<std::mutex> lock(mutex_);
        finished_.wait(lock, [&] { return done_; });
        program.diagnostics_ = std::move(diagnostics_);
        program.diagnostic_lines_ = std::move(diagnostic_lines_);
        if (failure_) throw *failure_;
        return std::move(module_);
    }

private:
    const CompileOptions options_;
    const int device_;  // current where it started
    std::mutex mutex_;
    std::condition_variable finished_;
    bool done_ = false;
    std::optional<Error> failure_;
    std::vector<ast::Diagnostic> diagnostics_;
    std::vector<std::string> diagnostic_lines_;
    std::unique_ptr<Module> module_;
};

Program::Program(const Program &other)
    : units_(other.units_), signatures_(other.signatures_), overloads_(other.overloads_),
      constants_(other.constants_),
      linkage_(other.linkage_), typing_(other.typing_), translation_(other.translation_),
      diagnostics_(other.diagnostics_),
      diagnostic_lines_(other.diagnostic_lines_) {}

Program::~Program() = default;

void Program::input_changed() {
    translation_.reset();
    started_.reset();
}

void Program::add_source(std::string_view source, std::string file, int first_line, int column_offset) {
    // Lines and columns of diagnostics are ints: the text must end before they overflow.
    constexpr int limit = 1 << 30;
    if (first_line < 1 || first_line > limit)
        throw Error(Status::InvalidArgument, "first_line must be between 1 and " + std::to_string(limit));
    if (column_offset < 0 || column_offset > limit)
        throw Error(Status::InvalidArgument, "column_offset must be between 0 and " + std::to_string(limit));
    if (source.size() > static_cast<std::size_t>(limit))
        throw Error(Status::InvalidArgument, "the source is longer than " + std::to_string(limit) + " bytes");
    std::string text(source);
    // Python reads a lone carriage return (old Mac line ends) as a line end too.
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) text[i] = '\n';
    units_.push_back({std::move(text), std::move(file), first_line, column_offset});
    input_changed();
}

void Program::set_signature(const std::string &name, const std::string &signature) {
    signatures_[name] = signature;
    input_changed();
}

void Program::add_overload(const std::string &name, const std::string &signature) {
    overloads_[name].push_back(signature);
    input_changed();
}

void Program::set_typing(ast::Typing typing) {
    typing_ = typing;
    input_changed();
}

void Program::add_constant_array(const std::string &name, ast::Scalar element,
                                 const std::vector<std::int64_t> &shape, const void *data,
                                 std::size_t bytes) {
    require_identifier(name, "the constant array's name");
    if (shape.empty() || shape.size() > 8)
        throw Error(Status::InvalidArgument, "a constant array has 1 to 8 dimensions");
    ast::ConstantArray array{name, element, {}, {}};
    // The bytes are counted so that no product wraps: past the GPU's 64 KiB of constant
    // memory, the array is refused.
    constexpr std::uint64_t constant_memory = 65536;
    std::uint64_t expected = static_cast<std::uint64_t>(ast::scalar_bytes(array.element));
    bool too_large = false;
    for (std::int64_t extent : shape) {
        if (extent < 0 || extent > (std::int64_t{1} << 31))
            throw Error(Status::InvalidArgument, "the extent " + std::to_string(extent) + " of a constant array is out of range");
        array.shape.push_back(extent);
        expected *= static_cast<std::uint64_t>(extent);  // at most 65537 times 2^31: no wrap
        if (expected > constant_memory) {
            too_large = true;
            expected = constant_memory + 1;  // kept past the limit, and small
        }
    }
    if (expected == 0) too_large = false;  // an extent of 0: the array is empty
    if (too_large)
        throw Error(Status::InvalidArgument, "the constant array '" + name +
                                                 "' takes more than 65536 bytes; the GPU's constant memory holds 65536");
    if (bytes != expected)
        throw Error(Status::InvalidArgument, "the constant array '" + name + "' needs " +
                                                 std::to_string(expected) + " bytes of data, got " +
                                                 std::to_string(bytes));
    // The GPU's constant memory is 64 KiB, shared by all of a program's constant arrays.
    std::size_t total = bytes;
    for (const auto &other : constants_)
        if (other.name != name) total += other.bytes.size();
    if (total > 65536)
        throw Error(Status::InvalidArgument, "the program's constant arrays need " + std::to_string(total) +
                                                 " bytes; the GPU's constant memory holds 65536");
    if (bytes && !data) throw Error(Status::InvalidArgument, "data is NULL");
    array.bytes.assign(static_cast<const char *>(data), bytes);
    constants_.erase(std::remove_if(constants_.begin(), constants_.end(),
                                    [&](const ast::ConstantArray &c) { return c.name == name; }),
                     constants_.end());
    constants_.push_back(std::move(array));
    input_changed();
}

void Program::declare_device(const std::string &name, const std::string &symbol, const std::string &signature,
                             ast::CallingConvention convention) {
    require_identifier(name, "the declared function's name");
    auto declared = pipeline::declared_function(name, symbol, signature, convention);
    auto &functions = linkage_.functions;
    functions.erase(std::remove_if(functions.begin(), functions.end(),
                                   [&](const ast::DeclaredFunction &f) { return f.name == name; }),
                    functions.end());
    functions.push_back(std::move(declared));
    input_changed();
}

void Program::link_source(std::string_view text, std::string file) {
    constexpr std::size_t limit = std::size_t{1} << 30;
    if (text.size() > limit)
        throw Error(Status::InvalidArgument, "the linked source is longer than " + std::to_string(limit) + " bytes");
    if (file.empty()) file = "<linked source " + std::to_string(linkage_.sources.size() + 1) + ">";
    linkage_.sources.push_back({std::string(text), std::move(file)});
    input_changed();
}

jit::CompileRequest Program::compile_request(jit::CompileRequest request) const {
    request.links_own_source = !linkage_.sources.empty();
    return request;
}

void Program::set_diagnostics(std::vector<ast::Diagnostic> diagnostics) {
    diagnostics_ = std::move(diagnostics);
    diagnostic_lines_.clear();
    for (const auto &d : diagnostics_) {
        std::string line;
        if (d.span.unit >= 0 && static_cast<std::size_t>(d.span.unit) < units_.size())
            line = ast::printable(ast::source_line(units_[static_cast<std::size_t>(d.span.unit)], d.span.line));
        diagnostic_lines_.push_back(std::move(line));
    }
}

const pipeline::Translation &Program::translated() {
    if (!translation_) {
        auto key = translation_key(units_, signatures_, constants_, linkage_, typing_, overloads_);
        translation_ = load_translation(key);
        if (!translation_) {
            translation_ =
                pipeline::translate(units_, signatures_, constants_, Target::Cuda, linkage_, typing_, overloads_);
            store_translation(key, *translation_);
        }
        set_diagnostics(translation_->diagnostics);
    }
    if (!translation_->ok)
        throw Error(Status::Translation, pipeline::format_diagnostics(translation_->diagnostics, units_));
    return *translation_;
}

const pipeline::Translation *Program::translation() const {
    return translation_ && translation_->ok ? &*translation_ : nullptr;
}

void Program::report_compiler_failure(const Error &error, const std::vector<jit::LogEntry> &entries,
                                      const std::string &generated) {
    auto diagnostics = user_diagnostics(units_, entries);
    // With linked CUDA C++ or declared functions, an error outside the Python sources is the
    // linked code's: in it, in a header it includes, in the calls of its functions, or where
    // its names meet the translation's.
    std::string linked_errors;
    for (const auto &entry : entries) {
        if (!entry.is_error || linkage_.empty()) continue;
        bool python = std::any_of(units_.begin(), units_.end(),
                                  [&](const ast::SourceUnit &unit) { return unit.file == entry.file; });
        if (!python) linked_errors += entry.file + ":" + std::to_string(entry.line) + ": " + entry.message + "\n";
    }
    if (!linkage_.empty() && linked_errors.empty() && diagnostics.empty())
        linked_errors = error.what() + std::string("\n");
    if (!linked_errors.empty()) {
        // The caller's CUDA C++, or its declarations of it, are wrong: its messages say where.
        std::string message = pipeline::format_diagnostics(diagnostics, units_);
        set_diagnostics(std::move(diagnostics));
        throw Error(Status::CudaCompilation,
                    message + "the linked CUDA C++ does not compile with the program" +
                        " (lines of " + emit::linkage_file + " call the declared functions by their C names, "
                        "which the linked source must define as declared):\n" + linked_errors);
    }
    if (diagnostics.empty())
        throw Error(Status::Internal,
                    std::string("internal error in cudapy (please report it): the generated "
                                "code does not compile.\n") +
                        error.what() + "\n--- generated source ---\n" + generated);
    std::string message = pipeline::format_diagnostics(diagnostics, units_);
    set_diagnostics(std::move(diagnostics));
    throw Error(Status::CudaCompilation, message);
}

std::shared_ptr<jit::HostLibrary> Program::compile_for_host(const jit::CompileRequest &request) {
    auto translation =
        pipeline::translate(units_, signatures_, constants_, Target::Cpu, linkage_, typing_, overloads_);
    // Asserts are checked in debug builds, as NVRTC's -DCUDAPY_DEBUG does on the GPU.
    if (request.debug) translation.source = "#define CUDAPY_DEBUG 1\n" + translation.source;
    if (!translation.ok) {
        set_diagnostics(translation.diagnostics);
        throw Error(Status::Translation, pipeline::format_diagnostics(translation.diagnostics, units_));
    }
    std::vector<jit::LogEntry> entries;
    try {
        return jit::compile_host(translation.source, &entries);
    } catch (const Error &error) {
        if (error.status() != Status::CudaCompilation) throw;
        report_compiler_failure(error, entries, translation.source);
    }
}

jit::CompiledCode Program::compile_translation(const jit::CompileRequest &request) {
    const auto &translation = translated();
    std::vector<jit::LogEntry> entries;
    try {
        return jit::compile(translation.source, compile_request(request), &entries);
    } catch (const Error &error) {
        if (error.status() != Status::CudaCompilation) throw;
        report_compiler_failure(error, entries, translation.source);
    }
}

std::string Program::ptx(CompileOptions options) {
    if (options.arch.empty()) options.arch = jit::default_ptx_arch();
    std::string given_arch = options.arch;
    if (options.arch.rfind("sm_", 0) == 0) options.arch = "compute_" + options.arch.substr(3);
    auto code = jit::cached(translated().source, compile_request(options));
    if (!code) {
        jit::check_arch(given_arch);  // before compiling, to name what the caller gave
        code = compile_translation(options);
    }
    return code->binary;
}

std::unique_ptr<Module> Program::compile(const CompileOptions &options) {
    if (auto started = std::exchange(started_, nullptr); started && started->serves(options))
        return started->take(*this);
    return backend_for(options.target).load(*this, options);
}

void Program::compile_start(const CompileOptions &options) {
    translated();
    int device;
    try {
        device = backend_for(options.target).current_device();
    } catch (const Error &) {  // no GPU or no driver: the compile itself says so
        return;
    }
    auto compile = std::make_shared<StartedCompile>(options, device);
    // The thread works on a copy: the caller may go on using the program.
    auto copy = std::make_shared<Program>(*this);
    if (run_in_background([compile, copy] { compile->run(*copy); })) started_ = std::move(compile);
}

}  // namespace cudapy::driver
