#include <doctest/doctest.h>

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "common/error.h"
#include "common/library_search.h"
#include "jit/disk_cache.h"
#include "jit/host_compiler.h"
#include "jit/nvrtc.h"
#include "jit/process.h"

using namespace cudapy::jit;
namespace fs = std::filesystem;

namespace {

// Points the cache at a fresh folder for one test, and puts the environment back after it.
class CacheFolder {
public:
    CacheFolder() {
        if (const char *old = std::getenv("CUDAPY_CACHE_DIR")) old_ = old;
        setenv("CUDAPY_CACHE_DIR", (scratch_.path() / "cache").c_str(), 1);
        unsetenv("CUDAPY_NO_DISK_CACHE");
    }
    ~CacheFolder() {
        if (old_) setenv("CUDAPY_CACHE_DIR", old_->c_str(), 1);
        else unsetenv("CUDAPY_CACHE_DIR");
    }
    fs::path path() const { return scratch_.path() / "cache"; }

private:
    ScratchFolder scratch_;
    std::optional<std::string> old_;
};

Digest key_of(const std::string &text) { return CacheKeyBuilder().add(text).finish(); }

std::size_t file_count(const fs::path &folder) {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto &entry : fs::directory_iterator(folder)) ++count;
    return count;
}

}  // namespace

TEST_CASE("cache keys differ when any field or the split between fields differs") {
    CHECK(CacheKeyBuilder().add("ab").add("c").finish() != CacheKeyBuilder().add("a").add("bc").finish());
    CHECK(CacheKeyBuilder().add("a").finish() != CacheKeyBuilder().add("a").add("").finish());
    CHECK(CacheKeyBuilder().add("x").finish() == CacheKeyBuilder().add("x").finish());
}

TEST_CASE("an encoded entry decodes only whole, unchanged and for its own key") {
    Digest key = key_of("source");
    std::string payload = "PTX text\0with a NUL";
    std::string entry = encode_entry(key, payload);
    REQUIRE(decode_entry(key, entry) == payload);
    CHECK_FALSE(decode_entry(key_of("other source"), entry));
    for (std::size_t length = 0; length < entry.size(); length += 5)
        CHECK_FALSE(decode_entry(key, entry.substr(0, length)));
    for (std::size_t at = 0; at < entry.size(); ++at) {
        std::string flipped = entry;
        flipped[at] = static_cast<char>(flipped[at] ^ 0x10);
        CHECK_FALSE(decode_entry(key, flipped));
    }
    CHECK_FALSE(decode_entry(key, entry + "x"));
    CHECK(decode_entry(key, encode_entry(key, "")) == std::string());
}

TEST_CASE("the disk cache stores, loads, rejects damaged entries and clears") {
    CacheFolder folder;
    Digest key = key_of("kernel");
    CHECK_FALSE(load_entry(key, "ptx"));  // the folder does not exist yet
    store_entry(key, "ptx", "compiled");
    CHECK(load_entry(key, "ptx") == std::string("compiled"));
    CHECK_FALSE(load_entry(key, "cubin"));
    CHECK(file_count(folder.path()) == 1);  // no temporary file left

    fs::path entry = folder.path() / (to_hex(key) + ".ptx");
    REQUIRE(fs::exists(entry));
    fs::resize_file(entry, fs::file_size(entry) - 1);
    auto rejected = cache_counters().bad_entries.load();
    CHECK_FALSE(load_entry(key, "ptx"));
    CHECK(cache_counters().bad_entries == rejected + 1);
    CHECK_FALSE(fs::exists(entry));  // deleted, to be rebuilt

    store_entry(key, "ptx", "compiled");
    std::ofstream(folder.path() / "not-cudapy.txt") << "kept";
    clear_disk_cache();
    CHECK_FALSE(fs::exists(entry));
    CHECK(fs::exists(folder.path() / "not-cudapy.txt"));
}

TEST_CASE("a cache folder that cannot be made fails no store") {
    CacheFolder folder;
    std::ofstream(folder.path()) << "a file where the folder should be";
    auto errors = cache_counters().disk_errors.load();
    store_entry(key_of("kernel"), "ptx", "compiled");
    CHECK(cache_counters().disk_errors == errors + 1);
    CHECK_FALSE(load_entry(key_of("kernel"), "ptx"));
}

TEST_CASE("an unwritable cache folder fails no store, and a missing one clears quietly") {
    CacheFolder folder;
    fs::create_directories(folder.path());
    chmod(folder.path().c_str(), 0500);
    if (access(folder.path().c_str(), W_OK) == 0) return;  // root writes anyway: nothing to test
    auto errors = cache_counters().disk_errors.load();
    store_entry(key_of("kernel"), "ptx", "compiled");
    CHECK(cache_counters().disk_errors == errors + 1);
    CHECK_FALSE(load_entry(key_of("kernel"), "ptx"));
    chmod(folder.path().c_str(), 0700);
    fs::remove(folder.path());
    CHECK_NOTHROW(clear_disk_cache());
}

TEST_CASE("the cache folder follows the environment, and CUDAPY_NO_DISK_CACHE turns it off") {
    CacheFolder folder;
    CHECK(disk_cache_directory() == folder.path());
    setenv("CUDAPY_NO_DISK_CACHE", "1", 1);
    CHECK_FALSE(disk_cache_directory());
    store_entry(key_of("kernel"), "ptx", "compiled");
    CHECK_FALSE(fs::exists(folder.path()));
    setenv("CUDAPY_NO_DISK_CACHE", "0", 1);
    CHECK(disk_cache_directory() == folder.path());
    unsetenv("CUDAPY_NO_DISK_CACHE");
}

TEST_CASE("NVRTC's cache identity names its file without loading it, and changes with the file") {
    ScratchFolder scratch;
    fs::path stand_in = scratch.path() / "libnvrtc.so.13";
    write_file(stand_in, "not a library");
    fs::path link = scratch.path() / "libnvrtc.so";
    fs::create_symlink(stand_in, link);
    std::optional<std::string> old;
    if (const char *value = std::getenv("CUDAPY_NVRTC")) old = value;
    setenv("CUDAPY_NVRTC", link.c_str(), 1);

    // The stand-in is no library, so the identity cannot have come from loading it; the
    // link leads to the file itself, named by its device and inode.
    std::string identity = Nvrtc::identity();
    struct stat status {};
    REQUIRE(stat(stand_in.c_str(), &status) == 0);
    CHECK(identity.find(std::to_string(status.st_dev) + ":" + std::to_string(status.st_ino) +
                        " 13 bytes ") != std::string::npos);
    CHECK(Nvrtc::identity() == identity);
    CHECK_THROWS_AS(Nvrtc::get(), cudapy::Error);
    // A failed load forgets the file, so that the next attempt looks again.
    fs::last_write_time(stand_in, fs::last_write_time(stand_in) - std::chrono::hours(1));
    CHECK(Nvrtc::identity() != identity);

    CHECK_THROWS_AS(Nvrtc::get(), cudapy::Error);  // forgets the stand-in for later tests
    if (old) setenv("CUDAPY_NVRTC", old->c_str(), 1);
    else unsetenv("CUDAPY_NVRTC");
}

TEST_CASE("only the user's own files and folders, which no one else may write, are trusted") {
    struct stat status {};
    status.st_uid = geteuid();
    status.st_mode = S_IFDIR | 0755;
    CHECK(distrust(status).empty());
    status.st_mode = S_IFDIR | 0775;
    CHECK(distrust(status) == "others may write it (mode 0775)");
    status.st_mode = S_IFDIR | 01777;
    CHECK(distrust(status) == "others may write it (mode 1777)");
    status.st_mode = S_IFREG | 0600;
    status.st_uid = geteuid() + 1;
    CHECK(distrust(status).find("belongs to user " + std::to_string(geteuid() + 1)) != std::string::npos);
}

TEST_CASE("the toolkit's include folders are those only their owner may write") {
    ScratchFolder scratch;
    fs::path open = scratch.path() / "open", mine = scratch.path() / "mine";
    fs::create_directories(open / "include");
    fs::create_directories(mine / "lib");
    fs::create_directories(mine / "include");
    chmod((open / "include").c_str(), 0777);
    chmod((mine / "lib").c_str(), 0700);
    chmod((mine / "include").c_str(), 0755);
    std::optional<std::string> old_home;
    if (const char *home = std::getenv("CUDA_HOME")) old_home = home;
    setenv("CUDA_HOME", open.c_str(), 1);
    cudapy::add_library_folder((mine / "lib").string());  // the folders are found again
    auto folders = cudapy::toolkit_include_folders();
    auto has = [&](const fs::path &folder) {
        return std::find(folders.begin(), folders.end(), folder.string()) != folders.end();
    };
    CHECK(has(mine / "lib" / ".." / "include"));
    CHECK(!has(open / "include"));
    if (old_home) setenv("CUDA_HOME", old_home->c_str(), 1);
    else unsetenv("CUDA_HOME");
}

TEST_CASE("entries are written private, into a folder made private") {
    CacheFolder folder;
    store_entry(key_of("kernel"), "ptx", "compiled");
    struct stat status {};
    REQUIRE(stat(folder.path().c_str(), &status) == 0);
    CHECK((status.st_mode & 07777) == 0700);
    REQUIRE(stat((folder.path() / (to_hex(key_of("kernel")) + ".ptx")).c_str(), &status) == 0);
    CHECK((status.st_mode & 07777) == 0600);
}

TEST_CASE("entries larger than max_entry_bytes are damaged, and are not read") {
    CacheFolder folder;
    Digest key = key_of("kernel");
    store_entry(key, "ptx", "compiled");
    fs::path entry = folder.path() / (to_hex(key) + ".ptx");
    fs::resize_file(entry, max_entry_bytes + 1);  // sparse: no disk is used
    auto rejected = cache_counters().bad_entries.load();
    CHECK_FALSE(load_entry(key, "ptx"));
    CHECK(cache_counters().bad_entries == rejected + 1);
    CHECK_FALSE(fs::exists(entry));
}

TEST_CASE("compiled CPU code is loaded only from a private folder, and only a regular file") {
    ScratchFolder scratch;
    auto message = [&](const char *name) {
        try {
            load_private_library(scratch.path(), name);
        } catch (const cudapy::Error &error) {
            return std::string(error.what());
        }
        return std::string("loaded");
    };
    write_file(scratch.path() / "junk.so", "not a shared object");
    // Past the checks, the loader itself refuses the junk.
    CHECK(message("junk.so").find("loading the compiled CPU code failed") != std::string::npos);
    fs::create_symlink(scratch.path() / "junk.so", scratch.path() / "link.so");
    CHECK(message("link.so").find("cannot be opened") != std::string::npos);
    REQUIRE(mkfifo((scratch.path() / "fifo.so").c_str(), 0600) == 0);
    CHECK(message("fifo.so").find("not a regular file") != std::string::npos);
    chmod(scratch.path().c_str(), 0755);
    CHECK(message("junk.so").find("its folder is not private") != std::string::npos);
    chmod(scratch.path().c_str(), 0777);
    CHECK(message("junk.so").find("others may write it (mode 0777)") != std::string::npos);
    chmod(scratch.path().c_str(), 0700);

    // A private folder inside one that others may write, which is not sticky: they could
    // rename it away and put their own in its place.
    fs::path inner = scratch.path() / "inner";
    REQUIRE(mkdir(inner.c_str(), 0700) == 0);
    write_file(inner / "junk.so", "not a shared object");
    auto inner_message = [&] {
        try {
            load_private_library(inner, "junk.so");
        } catch (const cudapy::Error &error) {
            return std::string(error.what());
        }
        return std::string("loaded");
    };
    chmod(scratch.path().c_str(), 0777);
    CHECK(inner_message().find("others could replace its folder") != std::string::npos);
    chmod(scratch.path().c_str(), 01777);  // sticky, as /tmp is
    CHECK(inner_message().find("loading the compiled CPU code failed") != std::string::npos);
    chmod(scratch.path().c_str(), 0700);
}
