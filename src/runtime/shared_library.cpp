#include "runtime/shared_library.h"

#include <dlfcn.h>

#include "common/error.h"
#include "common/library_search.h"
#include "runtime/nvidia_libraries.h"

namespace cudapy::runtime {

SharedLibrary::SharedLibrary(const std::string &name, const char *override_variable,
                             const std::vector<std::string> &sonames, const std::string &install_hint)
    : name_(name) {
    std::string tried;
    for (const auto &candidate : library_candidates(override_variable, sonames)) {
        handle_ = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle_) {
            path_ = candidate;
            return;
        }
        const char *why = dlerror();
        tried += "\n  " + candidate + ": " + (why ? why : "not loaded");
    }
    throw Error(Status::LibraryUnavailable, name + " was not found. " + install_hint + ", or set " + override_variable +
                                                " to the library's path. Tried:" + tried);
}

void *SharedLibrary::lookup(const char *symbol) const {
    void *function = dlsym(handle_, symbol);
    if (!function)
        throw Error(Status::LibraryUnavailable,
                    name_ + " at " + path_ + " has no function " + symbol + ": it is older than cudapy needs");
    return function;
}

void throw_library_error(const std::string &library, const char *call, int code, const char *status_name,
                         bool out_of_memory) {
    std::string message = library + ": " + call + " failed with " + status_name + " (" + std::to_string(code) + ")";
    throw Error(out_of_memory ? Status::DeviceOutOfMemory : Status::Library, message);
}

LibraryInfo load_library(NvidiaLibrary library) {
    switch (library) {
        case NvidiaLibrary::Cublas:
            return cublas_library();
        case NvidiaLibrary::Cufft:
            return cufft_library();
        case NvidiaLibrary::Curand:
            return curand_library();
    }
    throw Error(Status::InvalidArgument, "unknown NVIDIA library " + std::to_string(static_cast<int>(library)));
}

}  // namespace cudapy::runtime
