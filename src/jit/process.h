// Running the external compilers (the host's C++ compiler, nvcc) and the scratch folders they
// work in.
#pragma once

#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

namespace cudapy::jit {

// Why a file or folder, as fstat or lstat describe it, is not to be trusted with code this
// process runs, or "" when it may be: it must be the process's effective user's, and no one
// else may write it (no group or world write permission).
std::string distrust(const struct stat &status);

// A file descriptor, closed when it goes.
class Descriptor {
public:
    explicit Descriptor(int value) : value_(value) {}
    ~Descriptor();
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;
    int get() const { return value_; }
    bool valid() const { return value_ >= 0; }

private:
    int value_;
};

// A private folder, removed with everything in it when done. Throws Error(Internal) when the
// temporary directory has no room for it.
class ScratchFolder {
public:
    ScratchFolder();
    ~ScratchFolder();
    ScratchFolder(const ScratchFolder &) = delete;
    ScratchFolder &operator=(const ScratchFolder &) = delete;
    const std::filesystem::path &path() const { return path_; }

private:
    std::filesystem::path path_;
};

struct CommandResult {
    int spawn_error = 0;  // an errno when the command could not be started, else 0
    int exit_status = 0;  // 128 + the signal when it was killed
    std::string output;   // its stdout and stderr, interleaved
};

// Runs `command` (its first word looked up in PATH unless it has a slash) to completion.
CommandResult run_command(const std::vector<std::string> &command);

// The whole content of a file; throws Error(Internal) naming it when it cannot be read.
std::string read_file(const std::string &path);
// Writes `content` to a new file; throws Error(Internal) naming it when that fails.
void write_file(const std::filesystem::path &path, const std::string &content);

}  // namespace cudapy::jit
