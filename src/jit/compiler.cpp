#include "jit/compiler.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>

#include "common/background.h"
#include "common/error.h"
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

CacheKey cache_key(const std::string &source, const CompileRequest &request) {
    return {source, request.arch.empty() ? default_ptx_arch() : request.arch, nvrtc_options(request),
            uses_nvcc(request.compiler)};
}

// The name of the key's disk entry: its fields and the compiler that turns them into code, named
// without loading NVRTC where it can be (see Nvrtc::identity).
Digest disk_key(const CacheKey &key) {
    CacheKeyBuilder builder;
    builder.add(key.nvcc ? nvcc_identity() : Nvrtc::identity());
    builder.add(key.arch);
    for (const auto &option : key.options) builder.add(option);
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
std::optional<CompiledCode> from_disk(const CacheKey &key, const Digest &digest) {
    auto payload = load_entry(digest, entry_kind(key.arch));
    if (!payload) return std::nullopt;
    ++cache_counters().disk_hits;
    CompiledCode code{std::move(*payload), is_cubin(key.arch), key.arch};
    remember(key, code);
    return code;
}

}  // namespace

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
    std::istringstream lines(log);
    std::string line;
    auto is_number = [](const std::string &text) {
        return !text.empty() && std::all_of(text.begin(), text.end(), ::isdigit);
    };
    while (std::getline(lines, line)) {
        std::size_t severity_at = std::string::npos;
        bool is_error = false;
        for (const char *severity : {": error: ", ": warning: "}) {
            std::size_t found = line.find(severity);
            if (found != std::string::npos && found < severity_at) {
                severity_at = found;
                is_error = severity[2] == 'e';
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
        } else {
            std::size_t column_colon = place.rfind(':');
            std::size_t line_colon = column_colon == std::string::npos ? std::string::npos
                                                                       : place.rfind(':', column_colon - 1);
            if (line_colon == std::string::npos || column_colon == 0) continue;
            std::string number = place.substr(line_colon + 1, column_colon - line_colon - 1);
            if (!is_number(number) || !is_number(place.substr(column_colon + 1))) continue;
            entry.file = place.substr(0, line_colon);
            entry.line = std::stoi(number);
        }
        entries.push_back(entry);
    }
    return entries;
}

void check_arch(const std::string &arch) {
    const auto &known = Nvrtc::get().architectures();
    std::string number;
    for (const char *prefix : {"sm_", "compute_"})
        if (arch.rfind(prefix, 0) == 0) number = arch.substr(std::char_traits<char>::length(prefix));
    bool digits = !number.empty() && number.size() < 5 &&
                  std::all_of(number.begin(), number.end(), ::isdigit);
    if (digits && (known.empty() || std::find(known.begin(), known.end(), std::stoi(number)) != known.end()))
        return;
    std::string supported;
    for (int value : known) supported += (supported.empty() ? "" : ", ") + std::to_string(value);
    throw Error(Status::InvalidArgument,
                "unknown GPU architecture '" + arch + "': give sm_NN for a GPU's code or compute_NN "
                "for PTX, NN one of " + supported);
}

std::vector<std::string> nvrtc_options(const CompileRequest &request) {
    std::vector<std::string> options{"--std=c++17"};
    if (request.fast_math) options.emplace_back("--use_fast_math");
    if (request.line_info || request.debug) options.emplace_back("--generate-line-info");
    if (request.debug) options.emplace_back("-DCUDAPY_DEBUG=1");
    if (request.max_registers > 0) options.push_back("--maxrregcount=" + std::to_string(request.max_registers));
    if (request.launch_bounds_max_threads > 0) {
        std::string bounds = "-DCUDAPY_LAUNCH_BOUNDS=__launch_bounds__(" + std::to_string(request.launch_bounds_max_threads);
        if (request.launch_bounds_min_blocks > 0) bounds += "," + std::to_string(request.launch_bounds_min_blocks);
        options.push_back(bounds + ")");
    }
    return options;
}

std::optional<CompiledCode> cached(const std::string &source, const CompileRequest &request) {
    CacheKey key = cache_key(source, request);
    if (auto code = from_memory(key)) return code;
    return from_disk(key, disk_key(key));
}

CompiledCode compile(const std::string &source, const CompileRequest &request,
                     std::vector<LogEntry> *log_entries) {
    CacheKey key = cache_key(source, request);
    if (auto code = from_memory(key)) return *code;
    Digest digest = disk_key(key);
    if (auto code = from_disk(key, digest)) return *code;
    const std::string &arch = key.arch;
    check_arch(arch);  // on a miss only: a cached entry's architecture passed when it was compiled
    bool nvcc = key.nvcc;
    NvrtcOutput output = nvcc ? compile_with_nvcc(source, arch, key.options)
                              : Nvrtc::get().compile(source, "cudapy_kernels.cu", arch, key.options);
    if (log_entries) *log_entries = parse_log(output.log);
    if (!output.ok)
        throw Error(Status::CudaCompilation, std::string(nvcc ? "nvcc" : "NVRTC") +
                                                 " could not compile the translated kernel:\n" + output.log);
    ++cache_counters().compiles;
    CompiledCode code{std::move(output.binary), is_cubin(arch), arch};
    store_entry(digest, entry_kind(arch), code.binary);
    remember(key, code);
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
            // A compile that needs NVRTC says what is wrong with it.
            Nvrtc::get().compile(make_source(), "cudapy_warm_up.cu", arch, nvrtc_options(CompileRequest{}));
        });
    });
}

void clear_memory_cache() {
    std::lock_guard<std::mutex> lock(cache_mutex);
    cache().clear();
}

}  // namespace cudapy::jit
