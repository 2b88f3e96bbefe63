#include "common/warning.h"

#include <cstdio>
#include <mutex>
#include <set>
#include <vector>

namespace cudapy {

namespace {

constexpr std::size_t kept_limit = 64;

struct Warnings {
    std::mutex mutex;
    std::set<std::string> given;
    std::vector<std::string> kept;
    bool capture = false;
};

Warnings &warnings() {
    static Warnings state;
    return state;
}

}  // namespace

void warn_once(const std::string &key, const std::string &message) noexcept {
    auto &state = warnings();
    try {
        std::lock_guard<std::mutex> lock(state.mutex);
        if (!state.given.insert(key).second) return;
        if (state.capture && state.kept.size() < kept_limit) {  // else stderr has it
            state.kept.push_back(message);
            return;
        }
    } catch (...) {
        // No memory to remember it: it is written below, perhaps more than once.
    }
    std::fprintf(stderr, "cudapy: warning: %s\n", message.c_str());
}

void capture_warnings(bool capture) noexcept {
    auto &state = warnings();
    std::lock_guard<std::mutex> lock(state.mutex);
    state.capture = capture;
}

std::string take_warnings() {
    auto &state = warnings();
    std::lock_guard<std::mutex> lock(state.mutex);
    std::string text;
    for (const auto &message : state.kept) text += message + "\n";
    state.kept.clear();
    return text;
}

}  // namespace cudapy
