// Warnings: what the library does otherwise than it was asked, without failing a call (a cache
// folder others may write is not used). Each is given once a process: written to stderr, or,
// while a caller captures them (cudapy_warnings_capture), kept for it to take.
#pragma once

#include <string>

namespace cudapy {

// Gives `message` (one line) unless a warning with `key` was given before in this process.
// Never throws.
void warn_once(const std::string &key, const std::string &message) noexcept;

// While `capture` is set, warnings are kept instead of written to stderr (up to 64 not yet
// taken; more go to stderr).
void capture_warnings(bool capture) noexcept;

// The kept warnings, one a line, and forgets them; "" when there are none.
std::string take_warnings();

}  // namespace cudapy
