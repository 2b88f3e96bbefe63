#include <cstdlib>
#include <cstring>

#include "handles.h"
#include "driver/cache.h"

using cudapy::capi::guard;
using cudapy::capi::require;

extern "C" {

cudapy_status cudapy_cache_clear(void) {
    return guard([] { cudapy::driver::clear_caches(); });
}

const char *cudapy_cache_directory(void) {
    thread_local std::string folder;
    try {
        auto found = cudapy::driver::cache_directory();
        folder = found ? *found : "";
    } catch (...) {
        folder.clear();  // no memory for the path: say there is no folder
    }
    return folder.c_str();
}

cudapy_status cudapy_cache_put(const void *key, size_t key_size, const void *data, size_t size) {
    return guard([&] {
        require(key, "key");
        if (size > 0) require(data, "data");
        // An empty entry's data may be NULL, which no copy below may be given.
        std::string_view payload = size ? std::string_view(static_cast<const char *>(data), size) : "";
        cudapy::driver::store_caller_entry({static_cast<const char *>(key), key_size}, payload);
    });
}

cudapy_status cudapy_cache_get(const void *key, size_t key_size, char **out, size_t *out_size) {
    if (out) *out = nullptr;
    if (out_size) *out_size = 0;
    return guard([&] {
        require(key, "key");
        require(out, "out");
        require(out_size, "out_size");
        auto payload = cudapy::driver::load_caller_entry({static_cast<const char *>(key), key_size});
        if (!payload) return;
        // One byte more, so that an empty entry is not NULL.
        *out = static_cast<char *>(std::malloc(payload->size() + 1));
        if (!*out) throw std::bad_alloc();
        std::memcpy(*out, payload->data(), payload->size());
        *out_size = payload->size();
    });
}

cudapy_status cudapy_cache_stats_get(cudapy_cache_stats *out) {
    return guard([&] {
        require(out, "out");
        cudapy::capi::require_size(out->size, sizeof(cudapy_cache_stats), "cudapy_cache_stats");
        const auto &counters = cudapy::driver::cache_counters();
        out->memory_hits = counters.memory_hits;
        out->disk_hits = counters.disk_hits;
        out->compiles = counters.compiles;
        out->disk_writes = counters.disk_writes;
        out->bad_entries = counters.bad_entries;
        out->disk_errors = counters.disk_errors;
    });
}

}  // extern "C"
