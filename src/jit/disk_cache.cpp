#include "jit/disk_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <regex>

#include "common/error.h"
#include "common/warning.h"
#include "cudapy/version.h"
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

// Makes the folder and those above it that are missing, each private to the user (0700): the
// entries are code the process runs.
void make_private_folders(const std::string &folder) {
    for (std::size_t end = 1; end <= folder.size(); ++end) {
        if (end < folder.size() && folder[end] != '/') continue;
        if (folder[end - 1] == '/') continue;
        // A failure (it exists, or may not be made) shows when the folder is opened.
        (void)mkdir(folder.substr(0, end).c_str(), 0700);
    }
}

// The cache folder opened, when it exists and may be trusted with code; -1 otherwise. A folder
// others may write is warned of, once.
int open_trusted_folder(const std::string &folder) {
    int descriptor = open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    struct stat status {};
    std::string why = fstat(descriptor, &status) == 0 ? distrust(status) : "it cannot be examined";
    if (why.empty()) return descriptor;
    close(descriptor);
    warn_once("cache folder " + folder,
              "the compile cache folder " + folder + " is not used, as " + why +
                  ": its entries could be anyone's code. Kernels are compiled afresh. Make the folder "
                  "yours and private (chmod 700), or set CUDAPY_CACHE_DIR to a folder of your own.");
    return -1;
}

enum class Read { Missing, Bad, Untrusted, Whole };

// Reads the entry `name` of the open folder without following a link and without blocking:
// anything but a regular file of at most max_entry_bytes is Bad; one that is not the user's, or
// that others may write, Untrusted.
Read read_entry(int folder, const std::string &name, std::string &bytes) {
    Descriptor file(openat(folder, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (!file.valid()) {
        // A link (ELOOP; EMLINK on some systems), a socket or a device without its driver are
        // damaged entries; anything else (none, no permission, no descriptor left) is no entry.
        bool damaged = errno == ELOOP || errno == EMLINK || errno == ENXIO || errno == ENODEV;
        return damaged ? Read::Bad : Read::Missing;
    }
    struct stat status {};
    if (fstat(file.get(), &status) != 0) return Read::Missing;
    if (!S_ISREG(status.st_mode) || status.st_size < 0 ||
        static_cast<std::uint64_t>(status.st_size) > max_entry_bytes)
        return Read::Bad;
    if (!distrust(status).empty()) return Read::Untrusted;
    // A byte more than the file holds, to see it grow: such an entry fails its checks.
    bytes.resize(static_cast<std::size_t>(status.st_size) + 1);
    std::size_t done = 0;
    while (done < bytes.size()) {
        ssize_t got = read(file.get(), bytes.data() + done, bytes.size() - done);
        if (got > 0) done += static_cast<std::size_t>(got);
        else if (got == 0) break;
        else if (errno != EINTR) return Read::Missing;
    }
    bytes.resize(done);
    return Read::Whole;
}

// A name for a temporary file that no other writer picks: six letters and digits, as
// clear_disk_cache expects.
std::string temporary_suffix() {
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    thread_local std::mt19937_64 generator{std::random_device{}() ^
                                           (static_cast<std::uint64_t>(getpid()) << 32)};
    std::string suffix(6, 'x');
    for (auto &c : suffix) c = alphabet[generator() % (sizeof alphabet - 1)];
    return suffix;
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
    Descriptor directory(open_trusted_folder(*folder));
    if (!directory.valid()) return std::nullopt;  // none yet, or not to be trusted
    std::string name = entry_name(key, kind);
    std::string bytes;
    switch (read_entry(directory.get(), name, bytes)) {
    case Read::Missing: return std::nullopt;  // no entry, or one we may not read: compile instead
    case Read::Untrusted:
        // Left in place: the entry compiled afresh replaces it.
        warn_once("cache entry in " + *folder,
                  "the compile cache folder " + *folder + " holds entries that are not this user's "
                  "or that others may write (" + name + "); they are not used, and their code is "
                  "compiled afresh.");
        return std::nullopt;
    case Read::Bad: break;
    case Read::Whole:
        if (auto payload = decode_entry(key, bytes)) return payload;
        break;
    }
    if (counted) ++cache_counters().bad_entries;
    unlinkat(directory.get(), name.c_str(), 0);
    return std::nullopt;
}

void store_entry(const Digest &key, std::string_view kind, std::string_view payload, bool counted) {
    auto folder = disk_cache_directory();
    if (!folder) return;
    if (access(folder->c_str(), F_OK) != 0) make_private_folders(*folder);
    Descriptor directory(open_trusted_folder(*folder));
    if (!directory.valid()) {
        if (counted) ++cache_counters().disk_errors;
        return;
    }
    std::string name = entry_name(key, kind);
    // Hidden, and named after the entry, so that clear_disk_cache finds what a crash left.
    std::string temporary;
    int file = -1;
    for (int attempt = 0; file < 0 && attempt < 16; ++attempt) {
        temporary = "." + name + "." + temporary_suffix();
        file = openat(directory.get(), temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (file < 0 && errno != EEXIST) break;
    }
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
    if (ok && renameat(directory.get(), temporary.c_str(), directory.get(), name.c_str()) == 0) {
        if (counted) ++cache_counters().disk_writes;
        return;
    }
    if (counted) ++cache_counters().disk_errors;
    unlinkat(directory.get(), temporary.c_str(), 0);
}

void clear_disk_cache() {
    auto folder = disk_cache_directory();
    if (!folder) return;
    static const std::regex cudapy_file{R"(\.?[0-9a-f]{64}\.(ptx|cubin|so|translation|data|names)(\.[A-Za-z0-9]{6})?)"};
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
