// An NVIDIA library opened with dlopen on first use (cuBLAS, cuFFT, cuRAND), so that libcudapy
// has no link-time dependency on it and a missing one fails only the calls that need it.
#pragma once

#include <string>
#include <vector>

namespace cudapy::runtime {

class SharedLibrary {
public:
    // Opens the first of common/library_search.h's candidates that loads. Throws
    // Error(LibraryUnavailable) naming the library, every place tried and `install_hint`.
    SharedLibrary(const std::string &name, const char *override_variable,
                  const std::vector<std::string> &sonames, const std::string &install_hint);
    SharedLibrary(const SharedLibrary &) = delete;
    SharedLibrary &operator=(const SharedLibrary &) = delete;

    const std::string &name() const { return name_; }
    const std::string &path() const { return path_; }

    // Points `function` at the symbol `symbol`; throws Error(LibraryUnavailable) when this
    // library has no such symbol (a version too old).
    template <typename Function>
    void bind(const char *symbol, Function &function) const {
        function = reinterpret_cast<Function>(lookup(symbol));
    }

private:
    void *lookup(const char *symbol) const;

    std::string name_;
    std::string path_;
    void *handle_ = nullptr;  // never closed: the library's functions may be in use at exit
};

// The Error(Library) for `library`'s failed `call`: "cuFFT: cufftExecC2C failed with
// CUFFT_INVALID_SIZE (...)". Device memory running out keeps its own status.
[[noreturn]] void throw_library_error(const std::string &library, const char *call, int code,
                                      const char *status_name, bool out_of_memory);

}  // namespace cudapy::runtime
