#include "jit/host_compiler.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "common/error.h"

extern char **environ;

namespace cudapy::jit {

namespace {

std::mutex cache_mutex;
std::map<std::string, std::shared_ptr<HostLibrary>> &cache() {
    static std::map<std::string, std::shared_ptr<HostLibrary>> libraries;
    return libraries;
}

// $CXX split into words (it may be "ccache g++"), else c++.
std::vector<std::string> compiler_command() {
    const char *configured = std::getenv("CXX");
    std::istringstream words(configured && *configured ? configured : "c++");
    std::vector<std::string> command;
    for (std::string word; words >> word;) command.push_back(word);
    return command;
}

// A private folder for one compile, removed with everything in it when done.
class ScratchFolder {
public:
    ScratchFolder() {
        std::string pattern = (std::filesystem::temp_directory_path() / "cudapy-XXXXXX").string();
        if (!mkdtemp(pattern.data()))
            throw Error(Status::Internal, "cannot make a temporary folder for the CPU compiler: " +
                                              std::string(std::strerror(errno)));
        path_ = pattern;
    }
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    const std::filesystem::path &path() const { return path_; }

private:
    std::filesystem::path path_;
};

// Runs `command` with its output going to `log`; returns its exit status.
int run(const std::vector<std::string> &command, const std::filesystem::path &log) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    std::vector<char *> argv;
    for (const auto &word : command) argv.push_back(const_cast<char *>(word.c_str()));
    argv.push_back(nullptr);
    pid_t pid = 0;
    int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        throw Error(Status::Unsupported,
                    "the CPU target needs a C++ compiler, and '" + command[0] + "' could not be run (" +
                        std::strerror(spawned) + "); install g++ or clang++, or set CXX");
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) throw Error(Status::Internal, "waiting for the C++ compiler failed");
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
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
        if (auto found = cache().find(source); found != cache().end()) return found->second;
    }
    // Compiles run in parallel; when two threads compile the same source, the first kept wins.
    ScratchFolder folder;
    auto source_path = folder.path() / "kernels.cpp";
    auto library_path = folder.path() / "kernels.so";
    auto log_path = folder.path() / "log.txt";
    std::ofstream(source_path) << source;
    auto command = compiler_command();
    for (const char *option : {"-std=c++17", "-O2", "-fPIC", "-shared", "-w", "-o"}) command.emplace_back(option);
    command.push_back(library_path.string());
    command.push_back(source_path.string());
    int status = run(command, log_path);

    std::stringstream log;
    log << std::ifstream(log_path).rdbuf();
    if (log_entries) *log_entries = parse_log(log.str());
    if (status != 0)
        throw Error(Status::CudaCompilation,
                    "the C++ compiler (" + command[0] + ") could not compile the translated kernel:\n" + log.str());
    void *handle = dlopen(library_path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) throw Error(Status::Internal, std::string("loading the compiled CPU code failed: ") + dlerror());
    auto library = std::make_shared<HostLibrary>(handle);
    std::lock_guard<std::mutex> lock(cache_mutex);
    return cache().emplace(source, library).first->second;
}

}  // namespace cudapy::jit
