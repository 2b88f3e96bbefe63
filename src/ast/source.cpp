#include "ast/source.h"

namespace cudapy::ast {

std::string_view source_line(const SourceUnit &unit, int file_line) {
    std::string_view text = unit.text;
    int row = file_line - unit.first_line;
    if (row < 0) return {};
    std::size_t start = 0;
    for (; row > 0; --row) {
        std::size_t newline = text.find('\n', start);
        if (newline == std::string_view::npos) return {};
        start = newline + 1;
    }
    std::size_t end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? end : end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

}  // namespace cudapy::ast
