#include "jit/process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "common/error.h"

extern char **environ;

namespace cudapy::jit {

Descriptor::~Descriptor() {
    if (value_ >= 0) close(value_);
}


std::string distrust(const struct stat &status) {
    if (status.st_uid != geteuid())
        return "it belongs to user " + std::to_string(status.st_uid) + ", not to this process's user " +
               std::to_string(geteuid());
    if (status.st_mode & (S_IWGRP | S_IWOTH)) {
        char mode[8];
        std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(status.st_mode & 07777));
        return std::string("others may write it (mode ") + mode + ")";
    }
    return "";
}

ScratchFolder::ScratchFolder() {
    std::string pattern = (std::filesystem::temp_directory_path() / "cudapy-XXXXXX").string();
    if (!mkdtemp(pattern.data()))
        throw Error(Status::Internal,
                    "cannot make a temporary folder for the compiler: " + std::string(std::strerror(errno)));
    path_ = pattern;
}

ScratchFolder::~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

CommandResult run_command(const std::vector<std::string> &command) {
    CommandResult result;
    int pipe_ends[2];
    if (pipe2(pipe_ends, O_CLOEXEC) != 0) {
        result.spawn_error = errno;
        return result;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], STDERR_FILENO);
    std::vector<char *> argv;
    for (const auto &word : command) argv.push_back(const_cast<char *>(word.c_str()));
    argv.push_back(nullptr);
    pid_t pid = 0;
    result.spawn_error = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(pipe_ends[1]);
    if (result.spawn_error == 0) {
        // Read to the end before waiting, so that a long log cannot fill the pipe and stall it.
        char buffer[8192];
        for (;;) {
            ssize_t got = read(pipe_ends[0], buffer, sizeof buffer);
            if (got > 0) result.output.append(buffer, static_cast<std::size_t>(got));
            else if (got == 0 || errno != EINTR) break;
        }
        int status = 0;
        while (waitpid(pid, &status, 0) < 0)
            if (errno != EINTR) throw Error(Status::Internal, "waiting for " + command[0] + " failed");
        result.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    close(pipe_ends[0]);
    return result;
}

std::string read_file(const std::string &path) {
    // POSIX calls rather than a stream: a cache hit reads its entries on the first compile of a
    // process, where an ifstream's first use costs more than the read.
    int descriptor = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) throw Error(Status::Internal, "cannot read " + path);
    struct stat status {};
    std::string content;
    bool ok = fstat(descriptor, &status) == 0;
    // A byte more than the file holds, so that the read that finds its end needs no more room:
    // growing the string would zero-fill memory the process may never have touched.
    if (ok) content.resize(static_cast<std::size_t>(status.st_size) + 1);
    std::size_t done = 0;
    while (ok) {
        if (done == content.size()) content.resize(content.size() * 2);  // the file grew
        ssize_t got = read(descriptor, content.data() + done, content.size() - done);
        if (got > 0) done += static_cast<std::size_t>(got);
        else if (got == 0) break;
        else ok = errno == EINTR;
    }
    close(descriptor);
    if (!ok) throw Error(Status::Internal, "cannot read " + path);
    content.resize(done);
    return content;
}

void write_file(const std::filesystem::path &path, const std::string &content) {
    std::ofstream file(path, std::ios::binary);
    file.write(content.data(), static_cast<std::streamsize>(content.size()));
    file.close();
    if (!file) throw Error(Status::Internal, "cannot write " + path.string());
}

}  // namespace cudapy::jit
