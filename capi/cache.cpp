#include "handles.h"
#include "jit/compiler.h"
#include "jit/disk_cache.h"
#include "jit/host_compiler.h"

using cudapy::capi::guard;
using cudapy::capi::require;

extern "C" {

cudapy_status cudapy_cache_clear(void) {
    return guard([] {
        cudapy::jit::clear_memory_cache();
        cudapy::jit::clear_host_cache();
        cudapy::jit::clear_disk_cache();
    });
}

const char *cudapy_cache_directory(void) {
    thread_local std::string folder;
    try {
        auto found = cudapy::jit::disk_cache_directory();
        folder = found ? *found : "";
    } catch (...) {
        folder.clear();  // no memory for the path: say there is no folder
    }
    return folder.c_str();
}

cudapy_status cudapy_cache_stats_get(cudapy_cache_stats *out) {
    return guard([&] {
        require(out, "out");
        cudapy::capi::require_size(out->size, sizeof(cudapy_cache_stats), "cudapy_cache_stats");
        const auto &counters = cudapy::jit::cache_counters();
        out->memory_hits = counters.memory_hits;
        out->disk_hits = counters.disk_hits;
        out->compiles = counters.compiles;
        out->disk_writes = counters.disk_writes;
        out->bad_entries = counters.bad_entries;
        out->disk_errors = counters.disk_errors;
    });
}

}  // extern "C"
