#include "frontend/suggest.h"

#include <algorithm>

namespace cudapy::frontend {

namespace {

// Edits between two names, a swap of neighbouring letters counting as one (the commonest typo).
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> closest_name(std::string_view name,
                                        const std::vector<std::string> &candidates) {
    std::optional<std::string> best;
    // A name far longer than any candidate is no typo of one, and would cost much to compare.
    if (name.size() > 64) return best;
    std::size_t best_distance = std::max<std::size_t>(1, name.size() / 3) + 1;
    for (const auto &candidate : candidates) {
        if (candidate == name) continue;
        std::size_t distance = edit_distance(name, candidate);
        if (distance < best_distance) {
            best_distance = distance;
            best = candidate;
        }
    }
    return best;
}

}  // namespace cudapy::frontend
