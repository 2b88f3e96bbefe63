// "Did you mean" suggestions for unknown names.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cudapy::frontend {

// The candidate closest to `name` by edit distance, if one is close enough to be a likely typo.
std::optional<std::string> closest_name(std::string_view name,
                                        const std::vector<std::string> &candidates);

}  // namespace cudapy::frontend
