#include "jit/host_compiler.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <sstream>

#include "common/error.h"
#include "jit/disk_cache.h"
#include "jit/process.h"

namespace cudapy::jit {

namespace {

std::mutex cache_mutex;
std::map<std::string, std::shared_ptr<HostLibrary>> &cache() {
    static std::map<std::string, std::shared_ptr<HostLibrary>> libraries;
    return libraries;
}

constexpr const char *compiler_flags[] = {"-std=c++17", "-O2", "-fPIC", "-shared", "-w"};

// $CXX split into words (it may be "ccache g++"), else c++.
std::vector<std::string> compiler_command() {
    const char *configured = std::getenv("CXX");
    std::istringstream words(configured && *configured ? configured : "c++");
    std::vector<std::string> command;
    for (std::string word; words >> word;) command.push_back(word);
    return command;
}

[[noreturn]] void no_compiler(const std::string &name, int spawn_error) {
    throw Error(Status::Unsupported,
                "the CPU target needs a C++ compiler, and '" + name + "' could not be run (" +
                    std::strerror(spawn_error) + "); install g++ or clang++, or set CXX");
}

// The command and what it says of its --version, asked once per process for each command: a
// new compiler under the same name makes new cache keys.
std::string compiler_identity(const std::vector<std::string> &command) {
    static std::mutex identity_mutex;
    static std::map<std::vector<std::string>, std::string> identities;
    std::lock_guard<std::mutex> lock(identity_mutex);
    if (auto found = identities.find(command); found != identities.end()) return found->second;
    auto query = command;
    query.emplace_back("--version");
    CommandResult version = run_command(query);
    if (version.spawn_error != 0) no_compiler(command[0], version.spawn_error);
    std::string identity;
    for (const auto &word : command) identity += word + " ";
    return identities.emplace(command, identity + "\n" + version.output).first->second;
}

std::shared_ptr<HostLibrary> load(const std::filesystem::path &path) {
    void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) throw Error(Status::Internal, std::string("loading the compiled CPU code failed: ") + dlerror());
    return std::make_shared<HostLibrary>(handle);
}

// The shared object in `bytes`, loaded from a private copy: an entry in the cache folder may be
// replaced by another process while the loader reads it.
std::shared_ptr<HostLibrary> load_copy(const std::string &bytes) {
    ScratchFolder folder;
    auto path = folder.path() / "kernels.so";
    write_file(path, bytes);
    return load(path);
}

// Compiles `source` in a scratch folder; returns the shared object's bytes and loaded library.
std::pair<std::string, std::shared_ptr<HostLibrary>> build(const std::string &source,
                                                           std::vector<std::string> command,
                                                           std::vector<LogEntry> *log_entries) {
    ScratchFolder folder;
    auto source_path = folder.path() / "kernels.cpp";
    auto library_path = folder.path() / "kernels.so";
    write_file(source_path, source);
    command.insert(command.end(), std::begin(compiler_flags), std::end(compiler_flags));
    for (const auto &word : {std::string("-o"), library_path.string(), source_path.string()}) command.push_back(word);
    CommandResult result = run_command(command);
    if (result.spawn_error != 0) no_compiler(command[0], result.spawn_error);
    if (log_entries) *log_entries = parse_log(result.output);
    if (result.exit_status != 0)
        throw Error(Status::CudaCompilation, "the C++ compiler (" + command[0] +
                                                 ") could not compile the translated kernel:\n" + result.output);
    return {read_file(library_path.string()), load(library_path)};
}

}  // namespace

HostLibrary::~HostLibrary() { dlclose(handle_); }

void *HostLibrary::symbol(const std::string &name) const {
    void *address = dlsym(handle_, name.c_str());
    if (!address) throw Error(Status::NotFound, "the compiled CPU code has no symbol '" + name + "'");
    return address;
}

std::shared_ptr<HostLibrary> compile_host(const std::string &source, std::vector<LogEntry> *log_entries) {
    {
        std::lock_guard<std::mutex> lock(cache_mutex);
        if (auto found = cache().find(source); found != cache().end()) {
            ++cache_counters().memory_hits;
            return found->second;
        }
    }
    // Compiles run in parallel; when two threads compile the same source, the first kept wins.
    auto command = compiler_command();
    CacheKeyBuilder key;
    key.add(compiler_identity(command));
    for (const char *flag : compiler_flags) key.add(flag);
    key.add(source);
    Digest digest = key.finish();
    std::shared_ptr<HostLibrary> library;
    if (auto cached = load_entry(digest, "so")) {
        ++cache_counters().disk_hits;
        library = load_copy(*cached);
    } else {
        auto [bytes, built] = build(source, command, log_entries);
        ++cache_counters().compiles;
        store_entry(digest, "so", bytes);
        library = std::move(built);
    }
    std::lock_guard<std::mutex> lock(cache_mutex);
    return cache().emplace(source, library).first->second;
}

void clear_host_cache() {
    std::lock_guard<std::mutex> lock(cache_mutex);
    cache().clear();
}

}  // namespace cudapy::jit
