#include "jit/compiler.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <sstream>
#include <tuple>

#include "common/error.h"
#include "jit/nvrtc.h"

namespace cudapy::jit {

namespace {

using CacheKey = std::tuple<std::string, std::string, bool, bool>;

std::mutex cache_mutex;
std::map<CacheKey, CompiledCode> &cache() {
    static std::map<CacheKey, CompiledCode> entries;
    return entries;
}

}  // namespace

std::string arch_for_device(int major, int minor) {
    const auto &known = Nvrtc::get().architectures();
    int wanted = major * 10 + minor;
    if (known.empty() || std::find(known.begin(), known.end(), wanted) != known.end())
        return "sm_" + std::to_string(wanted);
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
    // NVRTC writes "file(line): error: message" for positions named by #line.
    std::vector<LogEntry> entries;
    std::istringstream lines(log);
    std::string line;
    while (std::getline(lines, line)) {
        std::size_t open = line.find('(');
        std::size_t close = line.find("): ", open == std::string::npos ? 0 : open);
        if (open == std::string::npos || close == std::string::npos || close <= open + 1) continue;
        std::string number = line.substr(open + 1, close - open - 1);
        if (number.empty() || !std::all_of(number.begin(), number.end(), ::isdigit)) continue;
        LogEntry entry;
        entry.file = line.substr(0, open);
        entry.line = std::stoi(number);
        std::string rest = line.substr(close + 3);
        for (const char *severity : {"error: ", "warning: "}) {
            if (rest.rfind(severity, 0) == 0) {
                entry.is_error = severity[0] == 'e';
                rest = rest.substr(std::char_traits<char>::length(severity));
            }
        }
        entry.message = rest;
        entries.push_back(entry);
    }
    return entries;
}

CompiledCode compile(const std::string &source, const CompileRequest &request,
                     std::vector<LogEntry> *log_entries) {
    Nvrtc &nvrtc = Nvrtc::get();
    CompiledCode code;
    code.arch = request.arch.empty() ? default_ptx_arch() : request.arch;
    code.is_cubin = code.arch.rfind("sm_", 0) == 0;
    CacheKey key{source, code.arch, request.fast_math, request.line_info};
    {
        std::lock_guard<std::mutex> lock(cache_mutex);
        auto found = cache().find(key);
        if (found != cache().end()) return found->second;
    }
    std::vector<std::string> options{"--std=c++17"};
    if (request.fast_math) options.emplace_back("--use_fast_math");
    if (request.line_info) options.emplace_back("--generate-line-info");
    NvrtcOutput output = nvrtc.compile(source, "cudapy_kernels.cu", code.arch, options);
    if (log_entries) *log_entries = parse_log(output.log);
    if (!output.ok)
        throw Error(Status::CudaCompilation, "NVRTC could not compile the translated kernel:\n" + output.log);
    code.binary = std::move(output.binary);
    std::lock_guard<std::mutex> lock(cache_mutex);
    cache().emplace(key, code);
    return code;
}

}  // namespace cudapy::jit
