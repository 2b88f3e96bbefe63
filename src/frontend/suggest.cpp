#include "frontend/suggest.h"

#include <algorithm>
#include <numeric>

namespace cudapy::frontend {

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), 0);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t above = row[j];
            std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
            row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

std::optional<std::string> closest_name(std::string_view name,
                                        const std::vector<std::string> &candidates) {
    std::optional<std::string> best;
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
