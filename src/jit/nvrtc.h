// NVRTC, loaded with dlopen on first use so that the library has no link-time dependency on it
// and loads on machines without CUDA. Search order: $CUDAPY_NVRTC (a file), then the lib64
// folder of $CUDA_HOME and $CUDA_PATH, then /usr/local/cuda, then the loader's path; CUDA 13
// and 12 sonames.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace cudapy::jit {

struct NvrtcOutput {
    bool ok = false;
    std::string log;
    std::string binary;  // CUBIN for an sm_ target, PTX (text) for a compute_ target
};

class Nvrtc {
public:
    // The process-wide instance; throws Error(NvrtcUnavailable) naming every place it looked.
    static Nvrtc &get();

    std::pair<int, int> version() const { return version_; }
    // The real architectures this NVRTC can target, e.g. {75, 80, 86, 89, 90, ...}.
    const std::vector<int> &architectures() const { return architectures_; }
    const std::string &path() const { return path_; }

    // Compiles one source. `arch` is "sm_90" (CUBIN) or "compute_90" (PTX).
    NvrtcOutput compile(const std::string &source, const std::string &name, const std::string &arch,
                        const std::vector<std::string> &options) const;

private:
    Nvrtc() = default;
    void load();

    struct Api;
    const Api *api_ = nullptr;
    std::string path_;
    std::pair<int, int> version_{0, 0};
    std::vector<int> architectures_;
};

}  // namespace cudapy::jit
