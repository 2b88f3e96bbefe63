// C++ for the CPU target compiled at run time with the host's compiler ($CXX, else c++) into a
// shared object and loaded with dlopen; cached in memory and on disk by content (see
// disk_cache.h).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "jit/compiler.h"

namespace cudapy::jit {

class HostLibrary {
public:
    explicit HostLibrary(void *handle) : handle_(handle) {}
    ~HostLibrary();
    HostLibrary(const HostLibrary &) = delete;
    HostLibrary &operator=(const HostLibrary &) = delete;

    // The address of an exported symbol; throws Error(NotFound) when missing.
    void *symbol(const std::string &name) const;

private:
    void *handle_;
};

// Compiles and loads `source`. Throws Error(CudaCompilation) with the compiler's output when it
// does not compile, and Error(Unsupported) when there is no compiler; `log_entries` receives
// the compiler's parsed messages.
std::shared_ptr<HostLibrary> compile_host(const std::string &source,
                                          std::vector<LogEntry> *log_entries = nullptr);

// Loads the shared object `name` of `folder`, which must be private to the process's user (the
// user's, with no permission for anyone else, as ScratchFolder makes them), in folders no one
// else may change (each the user's or root's, and writable by no one else unless sticky, as
// /tmp is); the file must be a regular file of the user's. Throws Error(Internal) saying why it
// is not loaded. Exposed for tests.
std::shared_ptr<HostLibrary> load_private_library(const std::filesystem::path &folder, const char *name);

// Empties the in-memory cache of compile_host(); loaded libraries live while modules use them.
void clear_host_cache();

}  // namespace cudapy::jit
