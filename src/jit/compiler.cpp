#include "jit/compiler.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

#include "common/background.h"
#include "common/error.h"
#include "common/library_search.h"
#include "jit/disk_cache.h"
#include "jit/nvcc.h"
#include "jit/nvrtc.h"

namespace cudapy::jit {

namespace {

// What decides the compiled bytes, besides the compiler's version.
struct CacheKey {
    std::string source;
    std::string arch;
    std::vector<std::string> options;
    bool nvcc = false;  // nvcc compiles it, not NVRTC
    std::string source_name;
    std::vector<std::string> name_expressions;
    bool links_own_source = false;
    auto operator<=>(const CacheKey &) const = default;
};

std::mutex cache_mutex;
std::map<CacheKey, CompiledCode> &cache() {
    static std::map<CacheKey, CompiledCode> entries;
    return entries;
}

bool uses_nvcc(Compiler compiler) {
    if (compiler != Compiler::Default) return compiler == Compiler::Nvcc;
    const char *configured = std::getenv("CUDAPY_COMPILER");
    std::string name = configured ? configured : "";
    if (name.empty() || name == "nvrtc") return false;
    if (name == "nvcc") return true;
    throw Error(Status::InvalidArgument, "CUDAPY_COMPILER is '" + name + "'; set it to nvrtc or nvcc, or unset it");
}

bool is_cubin(const std::string &arch) { return arch.rfind("sm_", 0) == 0; }

const char *entry_kind(const std::string &arch) { return is_cubin(arch) ? "cubin" : "ptx"; }

// `includes`: scan_includes(source), which the caller needs too.
CacheKey cache_key(const std::string &source, const CompileRequest &request, const Includes &includes) {
    return {source, request.arch.empty() ? default_ptx_arch() : request.arch, nvrtc_options(request, includes.any),
            uses_nvcc(request.compiler), request.source_name, request.name_expressions,
            request.links_own_source};
}

// Whether the compile reads files beside the source (a header in the caller's folders, an
// `#include "..."`), whose contents no key names: such code is compiled every time.
bool reads_files(const CompileRequest &request, const Includes &includes) {
    if (!request.include_dirs.empty()) return true;
    for (const auto &option : request.user_options)
        for (const char *reading : {"-I", "--include-path", "-include", "--pre-include"})
            if (option.rfind(reading, 0) == 0) return true;
    return includes.quoted;
}

}  // namespace

Includes scan_includes(std::string_view text) {
    // Line by line without a stream: a process's first stream sets up its locale, which costs
    // more than the rest of a cache hit.
    Includes found;
    while (!text.empty() && !found.quoted) {
        std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        std::size_t at = line.find_first_not_of(" \t");
        if (at == std::string_view::npos || line[at] != '#') continue;
        at = line.find_first_not_of(" \t", at + 1);
        if (at == std::string_view::npos || line.compare(at, 7, "include") != 0) continue;
        found.any = true;
        at = line.find_first_not_of(" \t", at + 7);
        found.quoted = at != std::string_view::npos && line[at] == '"';
    }
    return found;
}

namespace {

// The name of the key's disk entry: its fields and the compiler that turns them into code, named
// without loading NVRTC where it can be (see Nvrtc::identity).
Digest disk_key(const CacheKey &key) {
    CacheKeyBuilder builder;
    builder.add(key.nvcc ? nvcc_identity() : Nvrtc::identity());
    builder.add(key.arch);
    for (const auto &option : key.options) builder.add(option);
    // Fields of the caller's own CUDA C++, tagged so that no list of them reads as another.
    if (!key.source_name.empty()) builder.add("source name").add(key.source_name);
    for (const auto &expression : key.name_expressions) builder.add("name expression").add(expression);
    if (key.links_own_source) builder.add("links own source");
    builder.add(key.source);
    return builder.finish();
}

void remember(const CacheKey &key, const CompiledCode &code) {
    std::lock_guard<std::mutex> lock(cache_mutex);
    cache().emplace(key, code);
}

std::optional<CompiledCode> from_memory(const CacheKey &key) {
    std::lock_guard<std::mutex> lock(cache_mutex);
    auto found = cache().find(key);
    if (found == cache().end()) return std::nullopt;
    ++cache_counters().memory_hits;
    return found->second;
}

// The entry `digest` on disk, kept in memory too under `key`.
// The lowered names of a compile's name expressions, one a line, as the disk keeps them.
constexpr std::string_view names_kind = "names";

std::optional<CompiledCode> from_disk(const CacheKey &key, const Digest &digest) {
    std::vector<std::string> lowered_names;
    if (!key.name_expressions.empty()) {
        auto names = load_entry(digest, names_kind, false);
        if (!names) return std::nullopt;
        std::istringstream lines(*names);
        for (std::string name; std::getline(lines, name);) lowered_names.push_back(name);
        if (lowered_names.size() != key.name_expressions.size()) return std::nullopt;
    }
    auto payload = load_entry(digest, entry_kind(key.arch));
    if (!payload) return std::nullopt;
    ++cache_counters().disk_hits;
    CompiledCode code{std::move(*payload), is_cubin(key.arch), key.arch, std::move(lowered_names)};
    remember(key, code);
    return code;
}

void store(const Digest &digest, const CompiledCode &code) {
    if (!code.lowered_names.empty()) {
        std::string names;
        for (const auto &name : code.lowered_names) names += name + "\n";
        store_entry(digest, names_kind, names, false);
    }
    store_entry(digest, entry_kind(code.arch), code.binary);
}

// The option names a caller may give (see check_user_request), without their leading dashes.
const std::set<std::string, std::less<>> &user_option_names() {
    static const std::set<std::string, std::less<>> names{
        "std", "define-macro", "undefine-macro", "include-path", "pre-include", "include",
        "G", "device-debug", "lineinfo", "generate-line-info", "use_fast_math", "use-fast-math",
        "ftz", "prec-div", "prec-sqrt", "fmad", "maxrregcount", "Xptxas", "ptxas-options",
        "extra-device-vectorization", "restrict", "w", "disable-warnings", "Werror",
        "Wno-deprecated-declarations", "Wno-deprecated-gpu-targets", "Wreorder", "diag-error",
        "diag-suppress", "diag-warn", "expt-relaxed-constexpr", "expt-extended-lambda",
        "extended-lambda", "default-device", "device-as-default-execution-space", "dopt",
        "optimization-info", "builtin-move-forward", "builtin-initializer-list", "device-int128",
        "O0", "O1", "O2", "O3"};
    return names;
}

// Options whose value may follow as the next option, and how the pair is written as one.
const std::map<std::string, std::string, std::less<>> &options_with_value() {
    static const std::map<std::string, std::string, std::less<>> joined{
        {"-I", "-I"}, {"-D", "-D"}, {"-U", "-U"}, {"--include-path", "-I"}, {"--define-macro", "-D"},
        {"--undefine-macro", "-U"}, {"-include", "--pre-include="}, {"--pre-include", "--pre-include="},
        {"-Xptxas", "--ptxas-options="}, {"--ptxas-options", "--ptxas-options="},
        {"-maxrregcount", "--maxrregcount="}, {"--maxrregcount", "--maxrregcount="},
        {"-std", "--std="}, {"--std", "--std="}};
    return joined;
}

// Throws Error(InvalidArgument) unless `text`, the caller's `what`, is non-empty, without control
// characters and at most 4096 bytes.
void require_text(const std::string &text, const std::string &what) {
    if (text.empty()) throw Error(Status::InvalidArgument, what + " is empty");
    if (text.size() > 4096) throw Error(Status::InvalidArgument, what + " is longer than 4096 bytes");
    for (unsigned char c : text)
        if (c < 0x20 || c == 0x7f)
            throw Error(Status::InvalidArgument, what + " '" + text.substr(0, 64) + "' has a control character");
}

std::string checked_user_option(std::string option) {
    require_text(option, "a compiler option");
    // -DNAME=value, -UNAME and -Ifolder carry their value in one; so do --name=value options.
    if (option.size() > 2 && option[0] == '-' && std::string_view("DUI").find(option[1]) != std::string_view::npos)
        return option;
    if (option.rfind("--define-macro=", 0) == 0) return "-D" + option.substr(15);
    std::string_view body(option);
    if (body.size() < 2 || body[0] != '-')
        throw Error(Status::InvalidArgument, "'" + option + "' is not a compiler option: options start with '-'");
    body.remove_prefix(body[1] == '-' ? 2 : 1);
    std::string_view name = body.substr(0, body.find('='));
    if (user_option_names().count(name)) return option;
    if (name == "arch" || name == "gpu-architecture" || name == "code" || name == "gpu-code")
        throw Error(Status::InvalidArgument, "'" + option + "': give the GPU architecture as the arch option (sm_NN or compute_NN), not as a compiler option");
    throw Error(Status::InvalidArgument,
                "the compiler option '" + option + "' is not accepted: cudapy takes the language, "
                "preprocessor (-D, -U, -I, -include), warning, optimization and code generation "
                "options NVRTC and nvcc share, and none that names an output, runs a program or "
                "changes the host compiler");
}

}  // namespace

void check_user_request(CompileRequest &request) {
    require_text(request.source_name, "the source's name");
    std::vector<std::string> options;
    for (std::size_t i = 0; i < request.user_options.size(); ++i) {
        const std::string &option = request.user_options[i];
        const auto &joined = options_with_value();
        auto pair = joined.find(option);
        if (pair != joined.end()) {
            if (i + 1 == request.user_options.size())
                throw Error(Status::InvalidArgument, "the compiler option '" + option + "' needs a value after it");
            require_text(request.user_options[i + 1], "the value of " + option);
            options.push_back(checked_user_option(pair->second + request.user_options[++i]));
            continue;
        }
        options.push_back(checked_user_option(option));
    }
    request.user_options = std::move(options);
    for (const auto &folder : request.include_dirs) require_text(folder, "an include folder");
    for (const auto &expression : request.name_expressions) require_text(expression, "a name expression");
}

std::string cubin_arch(int major, int minor) { return "sm_" + std::to_string(major * 10 + minor); }

std::string arch_for_device(int major, int minor) {
    const auto &known = Nvrtc::get().architectures();
    int wanted = major * 10 + minor;
    if (known.empty() || std::find(known.begin(), known.end(), wanted) != known.end())
        return cubin_arch(major, minor);
    int best = 0;
    for (int arch : known)
        if (arch <= wanted) best = std::max(best, arch);
    if (best == 0)
        throw Error(Status::Unsupported,
                    "this GPU (compute capability " + std::to_string(major) + "." +
                        std::to_string(minor) + ") is older than every architecture NVRTC " +
                        Nvrtc::get().path() + " supports");
    return "compute_" + std::to_string(best);
}

std::string default_ptx_arch() {
    const auto &known = Nvrtc::get().architectures();
    int oldest = known.empty() ? 75 : *std::min_element(known.begin(), known.end());
    return "compute_" + std::to_string(oldest);
}

std::vector<LogEntry> parse_log(const std::string &log) {
    // NVRTC writes "file(line): error: message", GCC and Clang "file:line:column: error:
    // message", for positions named by #line.
    std::vector<LogEntry> entries;
    std::vector<std::string> lines;
    std::istringstream stream(log);
    for (std::string line; std::getline(stream, line);) lines.push_back(line);
    // Numbers an int holds: a line or column of a log.
    auto is_number = [](const std::string &text) {
        return !text.empty() && text.size() < 10 && std::all_of(text.begin(), text.end(), ::isdigit);
    };
    for (std::size_t index = 0; index < lines.size(); ++index) {
        const std::string &line = lines[index];
        std::size_t severity_at = std::string::npos;
        bool is_error = false;
        for (const char *severity : {": error: ", ": fatal error: ", ": catastrophic error: ", ": warning: "}) {
            std::size_t found = line.find(severity);
            if (found != std::string::npos && found < severity_at) {
                severity_at = found;
                is_error = severity[2] != 'w';
            }
        }
        if (severity_at == std::string::npos) continue;
        std::string place = line.substr(0, severity_at);
        LogEntry entry;
        entry.is_error = is_error;
        entry.message = line.substr(line.find(": ", severity_at + 2) + 2);
        if (!place.empty() && place.back() == ')') {
            std::size_t open = place.rfind('(');
            if (open == std::string::npos || !is_number(place.substr(open + 1, place.size() - open - 2))) continue;
            entry.file = place.substr(0, open);
            entry.line = std::stoi(place.substr(open + 1));
            // NVRTC quotes the line, then puts a caret under the place.
            if (index + 2 < lines.size()) {
                const std::string &caret = lines[index + 2];
                std::size_t at = caret.find('^');
                // The caret line repeats the quote's tabs, so that the caret lines up.
                if (at != std::string::npos && caret.find_first_not_of(" \t") == at &&
                    caret.find_first_not_of(' ', at + 1) == std::string::npos) {
                    entry.quoted_line = lines[index + 1];
                    entry.column = static_cast<int>(at) + 1;
                }
            }
        } else {
            std::size_t column_colon = place.rfind(':');
            std::size_t line_colon = column_colon == std::string::npos ? std::string::npos
                                                                       : place.rfind(':', column_colon - 1);
            if (line_colon == std::string::npos || column_colon == 0) continue;
            std::string number = place.substr(line_colon + 1, column_colon - line_colon - 1);
            if (!is_number(number) || !is_number(place.substr(column_colon + 1))) continue;
            entry.file = place.substr(0, line_colon);
            entry.line = std::stoi(number);
            entry.column = std::stoi(place.substr(column_colon + 1));
        }
        entries.push_back(entry);
    }
    return entries;
}

namespace {

// NN of sm_NN or compute_NN; none for another text.
std::optional<int> arch_number(const std::string &arch) {
    std::string number;
    for (const char *prefix : {"sm_", "compute_"})
        if (arch.rfind(prefix, 0) == 0) number = arch.substr(std::char_traits<char>::length(prefix));
    bool digits = !number.empty() && number.size() < 5 &&
                  std::all_of(number.begin(), number.end(), ::isdigit);
    if (!digits) return std::nullopt;
    return std::stoi(number);
}

}  // namespace

void check_arch(const std::string &arch) {
    const auto &known = Nvrtc::get().architectures();
    auto number = arch_number(arch);
    if (number && (known.empty() || std::find(known.begin(), known.end(), *number) != known.end()))
        return;
    std::string supported;
    for (int value : known) supported += (supported.empty() ? "" : ", ") + std::to_string(value);
    throw Error(Status::InvalidArgument,
                "unknown GPU architecture '" + arch + "': give sm_NN for a GPU's code or compute_NN "
                "for PTX, NN one of " + supported);
}

std::vector<std::string> nvrtc_options(const CompileRequest &request, bool includes) {
    std::vector<std::string> options;
    bool own_standard = std::any_of(request.user_options.begin(), request.user_options.end(),
                                    [](const std::string &option) {
                                        return option.rfind("-std", 0) == 0 || option.rfind("--std", 0) == 0;
                                    });
    if (!own_standard) options.emplace_back("--std=c++17");
    if (request.fast_math) options.emplace_back("--use_fast_math");
    if (request.line_info || request.debug) options.emplace_back("--generate-line-info");
    if (request.debug) options.emplace_back("-DCUDAPY_DEBUG=1");
    if (request.max_registers > 0) options.push_back("--maxrregcount=" + std::to_string(request.max_registers));
    if (request.launch_bounds_max_threads > 0) {
        std::string bounds = "-DCUDAPY_LAUNCH_BOUNDS=__launch_bounds__(" + std::to_string(request.launch_bounds_max_threads);
        if (request.launch_bounds_min_blocks > 0) bounds += "," + std::to_string(request.launch_bounds_min_blocks);
        if (request.launch_bounds_max_cluster_blocks > 0)
            bounds += "," + std::to_string(request.launch_bounds_max_cluster_blocks);
        options.push_back(bounds + ")");
    }
    for (const auto &folder : request.include_dirs) options.push_back("-I" + folder);
    // Only for a source that includes something: the folders are looked for on the disk.
    if (includes)
        for (const auto &folder : toolkit_include_folders()) options.push_back("-I" + folder);
    options.insert(options.end(), request.user_options.begin(), request.user_options.end());
    return options;
}

std::optional<CompiledCode> cached(const std::string &source, const CompileRequest &request) {
    Includes includes = scan_includes(source);
    if (reads_files(request, includes)) return std::nullopt;
    CacheKey key = cache_key(source, request, includes);
    if (auto code = from_memory(key)) return code;
    return from_disk(key, disk_key(key));
}

CompiledCode compile(const std::string &source, const CompileRequest &request,
                     std::vector<LogEntry> *log_entries) {
    Includes includes = scan_includes(source);
    CacheKey key = cache_key(source, request, includes);
    bool cacheable = !reads_files(request, includes);
    if (cacheable)
        if (auto code = from_memory(key)) return *code;
    Digest digest = disk_key(key);
    if (cacheable)
        if (auto code = from_disk(key, digest)) return *code;
    const std::string &arch = key.arch;
    check_arch(arch);  // on a miss only: a cached entry's architecture passed when it was compiled
    if (request.launch_bounds_max_cluster_blocks > 0 && arch_number(arch).value_or(0) < 90)
        throw Error(Status::InvalidArgument,
                    "launch_bounds' max blocks per cluster needs a GPU of compute capability 9.0 or "
                    "later; the kernels are compiled for " + arch);
    bool nvcc = key.nvcc;
    bool own_source = !request.source_name.empty();
    if (nvcc && !request.name_expressions.empty())
        throw Error(Status::InvalidArgument,
                    "name expressions need NVRTC, which reports their mangled names; nvcc does not");
    NvrtcOutput output = nvcc ? compile_with_nvcc(source, request.source_name, arch, key.options)
                              : Nvrtc::get().compile(source, own_source ? request.source_name : "cudapy_kernels.cu",
                                                     arch, key.options, !own_source && !request.links_own_source,
                                                     request.name_expressions);
    if (log_entries) *log_entries = parse_log(output.log);
    if (!output.ok)
        throw Error(Status::CudaCompilation,
                    std::string(nvcc ? "nvcc" : "NVRTC") + " could not compile " +
                        (own_source ? request.source_name : std::string("the translated kernel")) + ":\n" + output.log);
    ++cache_counters().compiles;
    CompiledCode code{std::move(output.binary), is_cubin(arch), arch, std::move(output.lowered_names)};
    if (cacheable) {
        store(digest, code);
        remember(key, code);
    }
    return code;
}

void warm_up_nvrtc(const std::string &arch, std::function<std::string()> make_source) {
    try {
        if (uses_nvcc(Compiler::Default)) return;
    } catch (const Error &) {  // a misspelt $CUDAPY_COMPILER: the compile reports it
        return;
    }
    static std::once_flag started;
    std::call_once(started, [&] {
        run_in_background([arch, make_source = std::move(make_source)] {
            std::string source = make_source();
            // A disk cache lookup first, counted nowhere: the first real one (a SourceModule's,
            // a kernel's from a warm cache) then finds the cache folder and NVRTC's identity
            // known and its own code in memory.
            CompileRequest request;
            request.arch = arch;
            load_entry(disk_key(cache_key(source, request, scan_includes(source))), entry_kind(arch), false);
            // A compile that needs NVRTC says what is wrong with it.
            Nvrtc::get().compile(source, "cudapy_warm_up.cu", arch, nvrtc_options(CompileRequest{}, false), true);
        });
    });
}

void clear_memory_cache() {
    std::lock_guard<std::mutex> lock(cache_mutex);
    cache().clear();
}

}  // namespace cudapy::jit
