#include "jit/host_compiler.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
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

// -fwrapv: the emitted code never overflows a signed integer, but GCC 12's -O2 miscompiles some
// narrow recursive helpers (an int16 result taken for its base case) without it.
// -frounding-math: GCC 12 folds 0.0f - (float)i into -(float)i, -0.0 for i = 0, without it.
constexpr const char *compiler_flags[] = {"-std=c++17", "-O2", "-fwrapv", "-frounding-math",
                                          "-fPIC", "-shared", "-w"};

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

[[noreturn]] void refuse_load(const std::filesystem::path &path, const std::string &why) {
    throw Error(Status::Internal, "the compiled CPU code " + path.string() + " is not loaded: " + why);
}

// Why someone other than the user (or root) could replace the folder at the resolved path
// `folder`, or "" when no one could: each folder above it must be root's or the user's, and
// writable by no one else unless sticky (as /tmp is: only an entry's owner may rename it).
std::string replaceable(const std::string &folder) {
    std::string at = folder;
    while (at != "/") {
        auto slash = at.rfind('/');
        at = slash == 0 ? "/" : at.substr(0, slash);
        struct stat status {};
        if (stat(at.c_str(), &status) != 0) return at + " cannot be examined";
        if (status.st_uid != 0 && status.st_uid != geteuid())
            return at + " belongs to user " + std::to_string(status.st_uid);
        if ((status.st_mode & (S_IWGRP | S_IWOTH)) && !(status.st_mode & S_ISVTX))
            return "others may write " + at + " and it is not sticky";
    }
    return "";
}

}  // namespace

std::shared_ptr<HostLibrary> load_private_library(const std::filesystem::path &folder, const char *name) {
    auto path = folder / name;
    char *resolved_path = realpath(folder.c_str(), nullptr);
    if (!resolved_path) refuse_load(path, std::string("its folder cannot be found (") + std::strerror(errno) + ")");
    std::string resolved = resolved_path;
    std::free(resolved_path);
    Descriptor directory(open(resolved.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    struct stat status {};
    if (directory.get() < 0 || fstat(directory.get(), &status) != 0)
        refuse_load(path, std::string("its folder cannot be opened (") + std::strerror(errno) + ")");
    if (std::string why = distrust(status); !why.empty()) refuse_load(path, "its folder cannot be trusted: " + why);
    if (status.st_mode & (S_IRWXG | S_IRWXO)) refuse_load(path, "its folder is not private to the user");
    if (std::string why = replaceable(resolved); !why.empty())
        refuse_load(path, "others could replace its folder: " + why + " (set TMPDIR to a folder of your own)");
    Descriptor file(openat(directory.get(), name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (file.get() < 0 || fstat(file.get(), &status) != 0)
        refuse_load(path, std::string("it cannot be opened (") + std::strerror(errno) + ")");
    if (!S_ISREG(status.st_mode)) refuse_load(path, "it is not a regular file");
    if (status.st_uid != geteuid()) refuse_load(path, "it is not this user's");
    // By its path, which the checks above keep to this file: no one else may change the folder
    // or the folders above it. (Loading through /proc/self/fd would not do: the loader takes a
    // name it loaded before for the same library.)
    std::string library = resolved + "/" + name;
    void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) throw Error(Status::Internal, std::string("loading the compiled CPU code failed: ") + dlerror());
    return std::make_shared<HostLibrary>(handle);
}

namespace {

// The shared object in `bytes`, loaded from a private copy: an entry in the cache folder may be
// replaced by another process while the loader reads it.
std::shared_ptr<HostLibrary> load_copy(const std::string &bytes) {
    ScratchFolder folder;
    write_file(folder.path() / "kernels.so", bytes);
    return load_private_library(folder.path(), "kernels.so");
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
    auto library = load_private_library(folder.path(), "kernels.so");
    return {read_file(library_path.string()), std::move(library)};
}

}  // namespace

HostLibrary::~HostLibrary() { dlclose(handle_); }

void *HostLibrary::symbol(const std::string &name) const {
    void *address = dlsym(handle_, name.c_str());
    if (!address) throw Error(Status::NotFound, "the compiled CPU code has no symbol '" + name + "'");
    return address;
}

std::shared_ptr<HostLibrary> compile_host(const std::string &source, std::vector<LogEntry> *log_entries) {
    if (scan_includes(source).quoted) {
        auto [bytes, built] = build(source, compiler_command(), log_entries);
        ++cache_counters().compiles;
        return std::move(built);
    }
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
