// Compiled code kept on disk between processes. One file an entry, named by the hash of every
// input that decides the compiled bytes (the source, the compiler and its version, options,
// architecture and cudapy's version), in $CUDAPY_CACHE_DIR, else $XDG_CACHE_HOME/cudapy, else
// ~/.cache/cudapy; CUDAPY_NO_DISK_CACHE=1 turns it off.
//
// An entry is a header (magic, key, payload size, SHA-256 of the payload) and the payload. It
// is written to a temporary file in the same folder and renamed into place, so a reader sees
// a whole entry or none, and processes filling the cache at once only replace equal entries.
// An entry that fails its checks is deleted and rebuilt, never used. The disk never fails a
// compile: when the folder cannot be made or written, the code is compiled in memory only.
//
// Entries are code the process runs, so the cache trusts only its user. The folders it makes
// are private (0700). A folder, or an entry, that is another user's or that others may write
// (group or world write permission) is not read from nor written to: the code is compiled
// afresh, and a warning says so once (common/warning.h). Entries are opened without following
// links and without blocking, and anything but a regular file of at most max_entry_bytes (a
// FIFO, a link, a folder, a device) is a damaged entry: deleted when it can be, and rebuilt.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "jit/sha256.h"

namespace cudapy::jit {

// The largest entry read (1 GiB): compiled code is far smaller, and a larger file is damaged.
constexpr std::uint64_t max_entry_bytes = std::uint64_t{1} << 30;

// The folder of the disk cache, or none when it is turned off or no home folder is known. Paths
// of the cache are plain strings: a process's first std::filesystem::path costs more than
// reading a cached entry.
std::optional<std::string> disk_cache_directory();

// Builds an entry's key from fields, each hashed with its length so that no two lists of
// fields collide; cudapy's version is always the first.
class CacheKeyBuilder {
public:
    CacheKeyBuilder();
    CacheKeyBuilder &add(std::string_view field);
    Digest finish() { return hash_.finish(); }

private:
    Sha256 hash_;
};

// The payload of the entry `key` with file suffix `kind` ("ptx", "cubin", "so", "translation",
// "data" for the ABI's callers, "names" for the mangled names of name expressions), or none
// when there is none or it failed its checks (then it is deleted). Entries of compiled code are `counted` in cache_counters(); the others are not.
std::optional<std::string> load_entry(const Digest &key, std::string_view kind, bool counted = true);
// Stores an entry; a failure is counted (when `counted`), never thrown.
void store_entry(const Digest &key, std::string_view kind, std::string_view payload, bool counted = true);
// Deletes every entry (and left-over temporary file) of cudapy in the cache folder. Throws
// Error(InvalidArgument) naming what could not be removed.
void clear_disk_cache();

// The entry file format, exposed for tests.
std::string encode_entry(const Digest &key, std::string_view payload);
// The payload of an encoded entry, or none when the bytes are not a whole entry for `key`.
std::optional<std::string> decode_entry(const Digest &key, std::string_view bytes);

// Where compiled code came from, counted since the process started.
struct CacheCounters {
    std::atomic<std::uint64_t> memory_hits{0};
    std::atomic<std::uint64_t> disk_hits{0};
    std::atomic<std::uint64_t> compiles{0};
    std::atomic<std::uint64_t> disk_writes{0};
    std::atomic<std::uint64_t> bad_entries{0};   // deleted after failing their checks
    std::atomic<std::uint64_t> disk_errors{0};   // entries that could not be written
};
CacheCounters &cache_counters();

}  // namespace cudapy::jit
