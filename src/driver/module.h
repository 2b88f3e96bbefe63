// A compiled program loaded by a back end: its kernels, each with the interface the translation
// gave it and the handle its back end launches.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "emit/cuda.h"
#include "pipeline/translate.h"
#include "runtime/module.h"

namespace cudapy::driver {

class Backend;

// What a back end keeps loaded for a module (the GPU's module, the host's shared library).
class LoadedCode {
public:
    virtual ~LoadedCode() = default;
};

class Kernel {
public:
    Kernel(const Backend &backend, pipeline::KernelInterface interface, const void *entry)
        : backend(backend), interface(std::move(interface)), entry(entry) {}

    const Backend &backend;
    const pipeline::KernelInterface interface;
    const void *const entry;  // the back end's handle: a cudaKernel_t, or the host entry point
    // In a GPU debug build with asserts: the loaded code holding the assertion record (one per
    // GPU the code runs on), and what each assert says.
    const LoadedCode *assertion_code = nullptr;
    const std::vector<emit::AssertSite> *asserts = nullptr;
    // When the kernel may raise a Python exception (cudapy::fail): the loaded code holding the
    // error record's address, which each GPU's copy of the module gets before its first launch.
    LoadedCode *raising_code = nullptr;
    // When the kernel launches cooperatively: the loaded code whose launches it is ordered with.
    LoadedCode *cooperative_code = nullptr;

    // The block size a launch by thread counts uses, chosen on first use.
    int block_size();
    // Its registers, memory and largest block (Backend::attributes).
    runtime::KernelAttributes attributes() const;
    // The largest grid a cooperative launch may have (Backend::max_cooperative_blocks).
    int max_cooperative_blocks(int block_threads, std::size_t shared_bytes) const;

private:
    std::atomic<int> block_size_{0};
};

class Module {
public:
    std::unique_ptr<LoadedCode> code;
    std::vector<emit::AssertSite> asserts;  // of a debug build
    std::vector<std::unique_ptr<Kernel>> kernels;

    // The kernel called `name`; throws Error(NotFound) listing the module's kernels.
    Kernel &kernel(const std::string &name);
};

}  // namespace cudapy::driver
