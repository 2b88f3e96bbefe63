#include "driver/cache.h"

#include "jit/compiler.h"
#include "jit/host_compiler.h"

namespace cudapy::driver {

namespace {

constexpr const char *caller_entry_kind = "data";

jit::Digest caller_entry_key(std::string_view key) {
    jit::CacheKeyBuilder builder;
    builder.add("an entry of the caller's");
    builder.add(key);
    return builder.finish();
}

}  // namespace

void clear_caches() {
    jit::clear_memory_cache();
    jit::clear_host_cache();
    jit::clear_disk_cache();
}

std::optional<std::string> cache_directory() { return jit::disk_cache_directory(); }

void store_caller_entry(std::string_view key, std::string_view payload) {
    jit::store_entry(caller_entry_key(key), caller_entry_kind, payload, false);
}

std::optional<std::string> load_caller_entry(std::string_view key) {
    return jit::load_entry(caller_entry_key(key), caller_entry_kind, false);
}

const CacheCounters &cache_counters() { return jit::cache_counters(); }

}  // namespace cudapy::driver
