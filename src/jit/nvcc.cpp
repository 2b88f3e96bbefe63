#include "jit/nvcc.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <sstream>

#include "common/error.h"
#include "jit/process.h"

namespace cudapy::jit {

namespace {

struct Found {
    std::string path;
    std::string identity;
};

Found find_nvcc() {
    std::vector<std::string> candidates;
    if (const char *explicit_path = std::getenv("CUDAPY_NVCC"); explicit_path && *explicit_path) {
        candidates.emplace_back(explicit_path);
    } else {
        for (const char *variable : {"CUDA_HOME", "CUDA_PATH"})
            if (const char *root = std::getenv(variable); root && *root) candidates.push_back(std::string(root) + "/bin/nvcc");
        candidates.emplace_back("/usr/local/cuda/bin/nvcc");
        std::istringstream folders(std::getenv("PATH") ? std::getenv("PATH") : "");
        for (std::string folder; std::getline(folders, folder, ':');)
            if (!folder.empty()) candidates.push_back(folder + "/nvcc");
    }
    std::string tried;
    for (const auto &candidate : candidates) {
        if (access(candidate.c_str(), X_OK) != 0) {
            tried += "\n  " + candidate + ": not an executable file";
            continue;
        }
        CommandResult version = run_command({candidate, "--version"});
        if (version.spawn_error == 0 && version.exit_status == 0) return {candidate, candidate + "\n" + version.output};
        tried += "\n  " + candidate + ": `nvcc --version` failed";
    }
    throw Error(Status::NvrtcUnavailable,
                "nvcc (the CUDA compiler driver) was not found. Install the CUDA toolkit, set "
                "CUDAPY_NVCC to the path of nvcc, or compile with NVRTC (leave CUDAPY_COMPILER "
                "unset). Tried:" + tried);
}

std::mutex find_mutex;

const Found &nvcc() {
    // Kept once found; looked for again after a failure, in case the environment changed.
    static std::optional<Found> found;
    std::lock_guard<std::mutex> lock(find_mutex);
    if (!found) found = find_nvcc();
    return *found;
}

}  // namespace

const std::string &nvcc_identity() { return nvcc().identity; }

NvrtcOutput compile_with_nvcc(const std::string &source, const std::string &source_name,
                              const std::string &arch, const std::vector<std::string> &options) {
    const Found &compiler = nvcc();
    ScratchFolder folder;
    auto source_path = folder.path() / "cudapy_kernels.cu";
    auto output_path = folder.path() / "cudapy_kernels.out";
    bool cubin = arch.rfind("sm_", 0) == 0;
    std::vector<std::string> command{compiler.path, cubin ? "-cubin" : "-ptx", "-arch=" + arch, "-o",
                                     output_path.string()};
    // nvcc hands -D values to a shell, which would split __launch_bounds__(N,M): the defines go
    // at the top of the source instead.
    std::string defines;
    for (const auto &option : options) {
        if (option.rfind("-D", 0) != 0) {
            command.push_back(option);
            continue;
        }
        std::string definition = option.substr(2);
        std::size_t equals = definition.find('=');
        defines += "#define " + (equals == std::string::npos ? definition + " 1"
                                                             : definition.substr(0, equals) + " " + definition.substr(equals + 1)) + "\n";
    }
    command.push_back(source_path.string());
    // The defines come first, so the caller's source says which lines are its own (the name,
    // checked free of control characters, escaped as a string literal).
    if (!source_name.empty()) {
        std::string literal;
        for (char c : source_name) {
            if (c == '"' || c == '\\') literal += '\\';
            literal += c;
        }
        defines += "#line 1 \"" + literal + "\"\n";
    }
    write_file(source_path, defines + source);
    CommandResult result = run_command(command);
    if (result.spawn_error != 0)
        throw Error(Status::NvrtcUnavailable, "nvcc (" + compiler.path + ") could not be run: " +
                                                  std::string(std::strerror(result.spawn_error)));
    NvrtcOutput output;
    output.log = std::move(result.output);
    output.ok = result.exit_status == 0;
    if (output.ok) output.binary = read_file(output_path.string());
    return output;
}

}  // namespace cudapy::jit
