// A program of Python sources, signatures and constant arrays: translated through the
// translation cache, then compiled and loaded by the back end of the target a compile names.
// A compile may also start in the background, on a copy of the program as it is then.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/diagnostic.h"
#include "ast/source.h"
#include "common/error.h"
#include "common/target.h"
#include "driver/module.h"
#include "jit/compiler.h"
#include "jit/host_compiler.h"
#include "pipeline/translate.h"

namespace cudapy::driver {

// What a compile is asked for: the compiler's request and the target whose back end runs it.
struct CompileOptions : jit::CompileRequest {
    Target target = Target::Cuda;
    // The percent of a multiprocessor's L1 and shared memory each GPU kernel prefers as shared
    // memory, set when the module is loaded; -1 leaves it to the driver.
    int shared_memory_carveout = -1;
    bool operator==(const CompileOptions &) const = default;
};

class StartedCompile;

class Program {
public:
    Program() = default;
    // A copy of the input and its translation, without a compile started in the background.
    Program(const Program &other);
    Program &operator=(const Program &) = delete;
    ~Program();

    // The input. Each change drops the translation and a compile started in the background.
    // `file` names the source in #line directives and messages; lines and columns are checked
    // to fit the ints of diagnostics (Error(InvalidArgument)).
    void add_source(std::string_view text, std::string file, int first_line, int column_offset);
    void set_signature(const std::string &name, const std::string &signature);
    void add_overload(const std::string &name, const std::string &signature);
    // Whose rules type the variables (ast::Typing).
    void set_typing(ast::Typing typing);
    // A module constant array; the name must be a Python identifier, the data `bytes` long as
    // the element type and shape make it, and all arrays fit the GPU's 64 KiB of constant memory.
    void add_constant_array(const std::string &name, ast::Scalar element,
                            const std::vector<std::int64_t> &shape, const void *data,
                            std::size_t bytes);

    // Declares a device function that kernels call as `name` and the linked CUDA C++ defines,
    // with C linkage, as `symbol`: a C identifier not starting with "cudapy". The signature
    // (`int32(int32, float32)`) has scalar types and a scalar or void result; a second
    // declaration of a name replaces the first. Error(InvalidArgument) says what is wrong.
    void declare_device(const std::string &name, const std::string &symbol, const std::string &signature,
                        ast::CallingConvention convention);
    // CUDA C++ compiled ahead of the program's code (where declared functions are defined);
    // `file` names it in the compiler's messages. Its own compile errors are the caller's, and
    // its text joins the compile and translation cache keys.
    void link_source(std::string_view text, std::string file);

    // The compiler's request for this program: `request` with what the linkage asks of it.
    jit::CompileRequest compile_request(jit::CompileRequest request) const;

    // The translation for the GPU, made through the translation cache on first use; throws
    // Error(Translation) with the diagnostics when it failed.
    const pipeline::Translation &translated();
    // The translation, if one was made and succeeded; otherwise null.
    const pipeline::Translation *translation() const;

    const std::vector<ast::SourceUnit> &units() const { return units_; }
    // The errors of the last translation or compile, and the source line of each.
    const std::vector<ast::Diagnostic> &diagnostics() const { return diagnostics_; }
    const std::vector<std::string> &diagnostic_lines() const { return diagnostic_lines_; }

    // PTX for options.arch (the compiler's default when empty; an sm_ architecture gives its
    // compute_ one).
    std::string ptx(CompileOptions options);
    // The program compiled and loaded; a compile started with the same options for the same
    // device is waited for instead.
    std::unique_ptr<Module> compile(const CompileOptions &options);
    // Starts a compile on a background thread, when the target can compile now.
    void compile_start(const CompileOptions &options);

    // For the back ends: the GPU translation compiled by `request`'s compiler, and the CPU
    // translation by the host's compiler. A compiler's errors at the user's lines become
    // diagnostics there (Error(CudaCompilation)); others are cudapy's bug (Error(Internal)).
    jit::CompiledCode compile_translation(const jit::CompileRequest &request);
    std::shared_ptr<jit::HostLibrary> compile_for_host(const jit::CompileRequest &request);

private:
    void input_changed();
    void set_diagnostics(std::vector<ast::Diagnostic> diagnostics);
    [[noreturn]] void report_compiler_failure(const Error &error,
                                              const std::vector<jit::LogEntry> &entries,
                                              const std::string &generated);
    friend class StartedCompile;

    std::vector<ast::SourceUnit> units_;
    std::map<std::string, std::string> signatures_;
    std::map<std::string, std::vector<std::string>> overloads_;
    std::vector<ast::ConstantArray> constants_;
    ast::Linkage linkage_;
    ast::Typing typing_ = ast::Typing::CudaPy;
    std::optional<pipeline::Translation> translation_;
    std::vector<ast::Diagnostic> diagnostics_;
    std::vector<std::string> diagnostic_lines_;
    std::shared_ptr<StartedCompile> started_;
};

}  // namespace cudapy::driver
