#include "frontend/unicode.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>
#include <vector>

extern const char cudapy_unicode_names[];
extern const char cudapy_unicode_name_ranges[];

namespace cudapy::frontend {

namespace {

std::vector<std::string_view> fields(std::string_view line) {
    std::vector<std::string_view> parts;
    for (std::size_t tab; (tab = line.find('\t')) != std::string_view::npos; line.remove_prefix(tab + 1))
        parts.push_back(line.substr(0, tab));
    parts.push_back(line);
    return parts;
}

std::optional<char32_t> hex(std::string_view text) {
    unsigned value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return static_cast<char32_t>(value);
}

// The names table, split once into sorted (name, character) pairs.
const std::vector<std::pair<std::string_view, char32_t>> &names() {
    static const auto table = [] {
        std::vector<std::pair<std::string_view, char32_t>> entries;
        std::string_view text = cudapy_unicode_names;
        for (std::size_t end; (end = text.find('\n')) != std::string_view::npos; text.remove_prefix(end + 1)) {
            auto parts = fields(text.substr(0, end));
            if (parts.size() == 2)
                if (auto code = hex(parts[1])) entries.emplace_back(parts[0], *code);
        }
        return entries;
    }();
    return table;
}

}  // namespace

std::optional<char32_t> unicode_character(std::string_view name) {
    // CJK UNIFIED IDEOGRAPH-4E00 and the like, spelled as Python spells them.
    std::string_view ranges = cudapy_unicode_name_ranges;
    for (std::size_t end; (end = ranges.find('\n')) != std::string_view::npos; ranges.remove_prefix(end + 1)) {
        auto parts = fields(ranges.substr(0, end));
        if (parts.size() != 3 || name.substr(0, parts[0].size()) != parts[0]) continue;
        std::string_view digits = name.substr(parts[0].size());
        auto code = hex(digits), first = hex(parts[1]), last = hex(parts[2]);
        bool upper = std::none_of(digits.begin(), digits.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)); });
        if (code && first && last && upper && (digits.size() == 4 || digits.size() == 5) && *code >= *first && *code <= *last)
            return code;
    }
    std::string upper(name);
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
    const auto &table = names();
    auto found = std::lower_bound(table.begin(), table.end(), std::string_view(upper),
                                  [](const auto &entry, std::string_view key) { return entry.first < key; });
    if (found == table.end() || found->first != upper) return std::nullopt;
    return found->second;
}

void append_utf8(std::string &text, char32_t code) {
    auto byte = [&](char32_t value) { text += static_cast<char>(value); };
    if (code < 0x80) {
        byte(code);
    } else if (code < 0x800) {
        byte(0xC0 | (code >> 6));
        byte(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        byte(0xE0 | (code >> 12));
        byte(0x80 | ((code >> 6) & 0x3F));
        byte(0x80 | (code & 0x3F));
    } else {
        byte(0xF0 | (code >> 18));
        byte(0x80 | ((code >> 12) & 0x3F));
        byte(0x80 | ((code >> 6) & 0x3F));
        byte(0x80 | (code & 0x3F));
    }
}

}  // namespace cudapy::frontend
