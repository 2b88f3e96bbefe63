// NVRTC, loaded with dlopen on first use so that the library has no link-time dependency on it
// and loads on machines without CUDA. Search order: common/library_search.h's, with
// $CUDAPY_NVRTC and the CUDA 13 and 12 sonames. The first of those paths that names a file is
// the one loaded, or the error: cache keys name that file (see identity()), so no other may
// compile in its place.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudapy::jit {

struct NvrtcOutput {
    bool ok = false;
    std::string log;
    std::string binary;  // CUBIN for an sm_ target, PTX (text) for a compute_ target
    std::vector<std::string> lowered_names;  // of the name expressions, in their order
};

class Nvrtc {
public:
    // The process-wide instance; throws Error(NvrtcUnavailable) naming every place it looked.
    static Nvrtc &get();

    // Names the NVRTC that get() loads, for cache keys. For a file found by path: its canonical
    // path, size and modification time, read without loading it (loading takes milliseconds).
    // When only the loader's search path finds it: its version, which loads it. Throws as get().
    static std::string identity();

    std::pair<int, int> version() const { return version_; }
    // The real architectures this NVRTC can target, e.g. {75, 80, 86, 89, 90, ...}.
    const std::vector<int> &architectures() const { return architectures_; }
    const std::string &path() const { return path_; }

    // Compiles one source. `arch` is "sm_90" (CUBIN) or "compute_90" (PTX). Translated code
    // compiles with -minimal; the caller's own may use anything NVRTC offers, and finds the C
    // library headers nvcc's users include (math.h, stdio.h, stdint.h, ...).
    NvrtcOutput compile(const std::string &source, const std::string &name, const std::string &arch,
                        const std::vector<std::string> &options, bool translated,
                        const std::vector<std::string> &name_expressions = {}) const;

private:
    // Where the search order leads, decided without loading anything.
    struct Location {
        std::vector<std::string> to_open;  // the file a path names, else names for the loader
        std::string identity;              // of that file; empty when the loader decides
        std::string skipped;               // the paths that name no file, and why
    };

    Nvrtc() = default;
    static Nvrtc &instance();
    static Location locate();
    // location_, found once (a failed load forgets it, so that a later one reads the
    // environment again); its own lock, so that identity() never waits for a load.
    Location location();
    void forget_location();
    void load();

    struct Api;
    const Api *api_ = nullptr;
    // Kept from identity() to load(), so that the file named in cache keys is the file loaded.
    std::optional<Location> location_;
    std::string path_;
    std::pair<int, int> version_{0, 0};
    std::vector<int> architectures_;
};

}  // namespace cudapy::jit
