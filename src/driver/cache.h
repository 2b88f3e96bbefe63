// The library's caches as its callers see them: clearing every cache, the disk cache's folder,
// entries a caller keeps there under keys of its own, and the counters of compiled code.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "jit/disk_cache.h"

namespace cudapy::driver {

// Empties the compiled-code caches in memory and on disk, and the host's loaded libraries.
void clear_caches();
// The disk cache's folder, or none when the disk cache is off.
std::optional<std::string> cache_directory();
// A caller's entry under `key`, kept in the disk cache beside compiled code.
void store_caller_entry(std::string_view key, std::string_view payload);
std::optional<std::string> load_caller_entry(std::string_view key);
using jit::CacheCounters;
const CacheCounters &cache_counters();

}  // namespace cudapy::driver
