#include "common/library_search.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>

#include "common/error.h"

namespace cudapy {

namespace {

std::mutex folders_mutex;
std::vector<std::string> &added_folders() {
    static std::vector<std::string> folders;
    return folders;
}

// Whether only the file's owner, the user or root, may write it.
bool written_by_owner_alone(const struct stat &status) {
    return !(status.st_mode & (S_IWGRP | S_IWOTH)) && (status.st_uid == 0 || status.st_uid == geteuid());
}

}  // namespace

void add_library_folder(const std::string &folder) {
    if (folder.empty() || folder.front() != '/' || folder.find('\0') != std::string::npos)
        throw Error(Status::InvalidArgument, "a library folder must be an absolute path, not '" + folder + "'");
    struct stat status {};
    if (stat(folder.c_str(), &status) != 0 || !S_ISDIR(status.st_mode))
        throw Error(Status::InvalidArgument, "the library folder '" + folder + "' is not a folder");
    if (!written_by_owner_alone(status))
        throw Error(Status::InvalidArgument, "the library folder '" + folder +
                                                 "' may be written by other users; libraries are "
                                                 "loaded only from folders its owner alone writes");
    std::lock_guard<std::mutex> lock(folders_mutex);
    for (const auto &known : added_folders())
        if (known == folder) return;
    added_folders().push_back(folder);
}

std::vector<std::string> toolkit_include_folders() {
    // Found once per set of added folders: the list is part of every compile's options.
    static std::vector<std::string> found;
    static std::size_t found_for = static_cast<std::size_t>(-1);
    std::lock_guard<std::mutex> lock(folders_mutex);
    if (found_for == added_folders().size()) return found;
    std::vector<std::string> roots;
    for (const char *variable : {"CUDA_HOME", "CUDA_PATH"})
        if (const char *root = std::getenv(variable); root && *root) roots.emplace_back(root);
    roots.emplace_back("/usr/local/cuda");
    for (const auto &folder : added_folders()) roots.push_back(folder + "/..");
    found.clear();
    for (const auto &root : roots)
        for (const char *leaf : {"/include", "/include/cccl"}) {  // CUDA 13 keeps libcu++ in cccl
            std::string folder = root + leaf;
            struct stat status {};
            if (stat(folder.c_str(), &status) != 0 || !S_ISDIR(status.st_mode)) continue;
            if (!written_by_owner_alone(status)) continue;  // headers are code, as libraries are
            if (std::find(found.begin(), found.end(), folder) == found.end()) found.push_back(folder);
        }
    found_for = added_folders().size();
    return found;
}

std::vector<std::string> library_candidates(const char *override_variable, const std::vector<std::string> &sonames) {
    std::vector<std::string> paths;
    if (const char *explicit_path = std::getenv(override_variable); explicit_path && *explicit_path) {
        paths.emplace_back(explicit_path);
        return paths;
    }
    std::vector<std::string> folders;
    for (const char *variable : {"CUDA_HOME", "CUDA_PATH"})
        if (const char *root = std::getenv(variable); root && *root) folders.push_back(std::string(root) + "/lib64");
    folders.emplace_back("/usr/local/cuda/lib64");
    {
        std::lock_guard<std::mutex> lock(folders_mutex);
        folders.insert(folders.end(), added_folders().begin(), added_folders().end());
    }
    for (const auto &folder : folders)
        for (const auto &soname : sonames) paths.push_back(folder + "/" + soname);
    paths.insert(paths.end(), sonames.begin(), sonames.end());
    return paths;
}

}  // namespace cudapy
