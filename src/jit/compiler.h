// CUDA C++ to GPU code with NVRTC (or nvcc on request), cached in memory and on disk by content
// (see disk_cache.h), and the compiler's messages mapped to the source positions that the
// #line directives name.
#pragma once

#include <optional>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cudapy::jit {

// Default: $CUDAPY_COMPILER ("nvrtc" or "nvcc"), else NVRTC.
enum class Compiler { Default = 0, Nvrtc = 1, Nvcc = 2 };

struct CompileRequest {
    std::string arch;  // "sm_90" for CUBIN or "compute_90" for PTX; empty: see default_arch
    bool fast_math = false;
    bool line_info = false;
    bool debug = false;         // asserts checked (CUDAPY_DEBUG), line info
    int max_registers = 0;      // 0: NVRTC's choice
    int launch_bounds_max_threads = 0;  // 0: no __launch_bounds__
    int launch_bounds_min_blocks = 0;
    int launch_bounds_max_cluster_blocks = 0;  // with both others: blocks a cluster (sm_90+)
    Compiler compiler = Compiler::Default;
    // For CUDA C++ of the caller's own rather than translated code: the name its messages give
    // it (empty for translated code), the caller's compiler options (check_user_options), include
    // folders, and the name expressions (`f<float>`) whose mangled names the compile reports.
    std::string source_name;
    std::vector<std::string> user_options;
    std::vector<std::string> include_dirs;
    std::vector<std::string> name_expressions;
    // Translated code holding CUDA C++ of the caller's own (linked device functions): compiled
    // as such code is, with the headers it may include and NVRTC's full language.
    bool links_own_source = false;
    bool operator==(const CompileRequest &) const = default;
};

struct CompiledCode {
    std::string binary;  // CUBIN, or PTX text
    bool is_cubin = false;
    std::string arch;
    std::vector<std::string> lowered_names;  // one for each of the request's name expressions
};

// One error or warning from NVRTC's log, at the file and line a #line directive named.
struct LogEntry {
    std::string file;
    int line = 0;
    int column = 0;  // 1-based, in `quoted_line`; 0 when the log gives none
    bool is_error = false;
    std::string message;
    // The source line as NVRTC quotes it under the message (its caret gives the column); GCC's
    // column counts in the file's own line, and this stays empty.
    std::string quoted_line;
};

// The architecture of the own code (CUBIN) of a GPU of compute capability major.minor: sm_MN.
std::string cubin_arch(int major, int minor);
// The target for a GPU of compute capability major.minor: its own CUBIN when NVRTC knows it,
// else PTX for the newest architecture NVRTC knows below it (the driver finishes the job).
std::string arch_for_device(int major, int minor);
// Throws Error(InvalidArgument) unless `arch` is sm_NN or compute_NN of an architecture NVRTC
// supports.
void check_arch(const std::string &arch);
// The oldest architecture NVRTC supports, as PTX: code that loads on every GPU it knows.
std::string default_ptx_arch();

// Checks the caller's parts of a request for CUDA C++ of its own and joins each option's value
// to it (`-I dir` becomes `-Idir`, `--define-macro X` becomes `-DX`). An option must be one of
// the language, preprocessor, warning, optimization and code generation options NVRTC and nvcc
// share, spelt `-name`, `--name` or `-name=value`; never one that names an output, runs a
// program or changes the host compiler (the architecture has a field of its own). Names,
// folders and expressions must be non-empty text without control characters. Throws
// Error(InvalidArgument) naming what it refuses.
void check_user_request(CompileRequest &request);

// NVRTC's options for a request, besides the architecture; the toolkit's include folders when
// the source `includes` anything.
std::vector<std::string> nvrtc_options(const CompileRequest &request, bool includes);

// The result of an identical earlier compile, in memory, then on disk; none when there is none.
// For a request that names its architecture, neither this nor a hit in compile() checks it or
// loads NVRTC (where a path finds NVRTC's file): a hit takes far less time than loading it.
std::optional<CompiledCode> cached(const std::string &source, const CompileRequest &request);

// Compiles, or returns the cached result of an identical earlier compile (in memory, then on
// disk); the architecture is checked (check_arch) before compiling. Throws
// Error(CudaCompilation) with the compiler's log when the source does not compile;
// `log_entries` receives the parsed log of a compile either way.
CompiledCode compile(const std::string &source, const CompileRequest &request,
                     std::vector<LogEntry> *log_entries = nullptr);

// Empties the in-memory cache of compile().
void clear_memory_cache();

// Starts loading NVRTC and compiling make_source()'s kernel for `arch` in the background (see
// common/background.h), once per process, so that a compile later finds NVRTC started: its
// first compile in a process costs about as much again as the next ones, and the first of a
// translated kernel a sixth more after an empty one. A disk cache lookup goes first, so that
// the first real one costs no more than the next. Failures are left to that compile to report.
void warm_up_nvrtc(const std::string &arch, std::function<std::string()> make_source);

// Whether `source` has #include directives, and whether one names a file in quotes
// (`#include "..."`), whose contents no cache key could name: such code is compiled every time.
struct Includes {
    bool any = false;
    bool quoted = false;
};
Includes scan_includes(std::string_view source);

// The messages of an NVRTC or GCC/Clang log that name a file and line.
std::vector<LogEntry> parse_log(const std::string &log);

}  // namespace cudapy::jit
