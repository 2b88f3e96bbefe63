#include "jit/disk_cache.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <regex>

#include "common/error.h"
#include "cudapy/cudapy.h"
#include "jit/process.h"

namespace cudapy::jit {

namespace {

// "cudapy" and the version of the entry format.
constexpr std::string_view magic{"cudapy\0\1", 8};
constexpr std::size_t header_size = magic.size() + 32 + 8 + 32;

std::string little_endian(std::uint64_t value) {
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; ++i) bytes[static_cast<std::size_t>(i)] = static_cast<char>(value >> (8 * i));
    return bytes;
}

std::uint64_t read_little_endian(std::string_view bytes) {
    std::uint64_t value = 0;
    for (int i = 7; i >= 0; --i) value = value << 8 | static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]);
    return value;
}

std::string_view as_bytes(const Digest &digest) {
    return {reinterpret_cast<const char *>(digest.data()), digest.size()};
}

std::string entry_name(const Digest &key, std::string_view kind) { return to_hex(key) + "." + std::string(kind); }

bool is_set(const char *variable) {
    const char *value = std::getenv(variable);
    return value && *value && std::string_view(value) != "0";
}

}  // namespace

std::optional<std::string> disk_cache_directory() {
    if (is_set("CUDAPY_NO_DISK_CACHE")) return std::nullopt;
    if (const char *folder = std::getenv("CUDAPY_CACHE_DIR"); folder && *folder) return folder;
    if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/cudapy";
    if (const char *home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/cudapy";
    return std::nullopt;
}

CacheKeyBuilder::CacheKeyBuilder() {
    add("cudapy " + std::to_string(CUDAPY_VERSION_MAJOR) + "." + std::to_string(CUDAPY_VERSION_MINOR) + "." +
        std::to_string(CUDAPY_VERSION_PATCH) + " abi " + std::to_string(CUDAPY_ABI_VERSION));
}

CacheKeyBuilder &CacheKeyBuilder::add(std::string_view field) {
    hash_.update(little_endian(field.size()));
    hash_.update(field);
    return *this;
}

std::string encode_entry(const Digest &key, std::string_view payload) {
    std::string bytes;
    bytes.reserve(header_size + payload.size());
    bytes += magic;
    bytes += as_bytes(key);
    bytes += little_endian(payload.size());
    bytes += as_bytes(sha256(payload));
    bytes += payload;
    return bytes;
}

std::optional<std::string> decode_entry(const Digest &key, std::string_view bytes) {
    if (bytes.size() < header_size || bytes.substr(0, magic.size()) != magic) return std::nullopt;
    std::string_view header = bytes.substr(magic.size());
    if (header.substr(0, 32) != as_bytes(key)) return std::nullopt;
    std::string_view payload = bytes.substr(header_size);
    if (read_little_endian(header.substr(32, 8)) != payload.size()) return std::nullopt;
    if (header.substr(40, 32) != as_bytes(sha256(payload))) return std::nullopt;
    return std::string(payload);
}

std::optional<std::string> load_entry(const Digest &key, std::string_view kind, bool counted) {
    auto folder = disk_cache_directory();
    if (!folder) return std::nullopt;
    std::string path = *folder + "/" + entry_name(key, kind);
    std::string bytes;
    try {
        bytes = read_file(path);
    } catch (const Error &) {
        return std::nullopt;  // no entry, or one we may not read: compile instead
    }
    auto payload = decode_entry(key, bytes);
    if (!payload) {
        if (counted) ++cache_counters().bad_entries;
        unlink(path.c_str());
    }
    return payload;
}

void store_entry(const Digest &key, std::string_view kind, std::string_view payload, bool counted) {
    auto folder = disk_cache_directory();
    if (!folder) return;
    std::error_code error;
    std::filesystem::create_directories(*folder, error);
    std::string name = entry_name(key, kind);
    std::string path = *folder + "/" + name;
    // Hidden, and named after the entry, so that clear_disk_cache finds what a crash left.
    std::string temporary = *folder + "/." + name + ".XXXXXX";
    int file = mkostemp(temporary.data(), O_CLOEXEC);
    if (file < 0) {
        if (counted) ++cache_counters().disk_errors;
        return;
    }
    std::string bytes = encode_entry(key, payload);
    std::size_t written = 0;
    while (written < bytes.size()) {
        ssize_t wrote = write(file, bytes.data() + written, bytes.size() - written);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) break;
        written += static_cast<std::size_t>(wrote);
    }
    // No fsync: an entry cut short by a crash fails its checks and is rebuilt.
    bool ok = close(file) == 0 && written == bytes.size();
    if (ok && std::rename(temporary.c_str(), path.c_str()) == 0) {
        if (counted) ++cache_counters().disk_writes;
        return;
    }
    if (counted) ++cache_counters().disk_errors;
    unlink(temporary.c_str());
}

void clear_disk_cache() {
    auto folder = disk_cache_directory();
    if (!folder) return;
    static const std::regex cudapy_file{R"(\.?[0-9a-f]{64}\.(ptx|cubin|so|translation|data)(\.[A-Za-z0-9]{6})?)"};
    std::error_code error;
    std::filesystem::directory_iterator entries(*folder, error);
    if (error) {
        if (error == std::errc::no_such_file_or_directory) return;
        throw Error(Status::InvalidArgument,
                    "cannot read the cache folder " + *folder + ": " + error.message());
    }
    std::string failures;
    for (const auto &entry : entries) {
        if (!std::regex_match(entry.path().filename().string(), cudapy_file)) continue;
        if (!std::filesystem::remove(entry.path(), error) && error)
            failures += "\n  " + entry.path().string() + ": " + error.message();
    }
    if (!failures.empty())
        throw Error(Status::InvalidArgument, "cannot remove entries of the compile cache (set "
                                             "CUDAPY_CACHE_DIR to a folder you may write):" + failures);
}

CacheCounters &cache_counters() {
    static CacheCounters counters;
    return counters;
}

}  // namespace cudapy::jit
