#include "ast/source.h"

#include <algorithm>
#include <cstdlib>

#include <utf8proc.h>

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

namespace {

// The length of the valid UTF-8 sequence starting at `at`, or 0.
std::size_t utf8_length(std::string_view text, std::size_t at) {
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    unsigned char lead = byte(at);
    if (lead < 0x80) return 1;
    // Leads C0 and C1 only begin overlong forms; past F4 lie no code points.
    std::size_t length = lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0;
    if (length == 0 || at + length > text.size()) return 0;
    for (std::size_t i = 1; i < length; ++i)
        if ((byte(at + i) & 0xC0) != 0x80) return 0;
    // Overlong three- and four-byte forms, UTF-16 surrogates, and code points past U+10FFFF.
    unsigned char second = byte(at + 1);
    if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second >= 0xA0) ||
        (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second >= 0x90))
        return 0;
    return length;
}

}  // namespace

std::string printable(std::string_view text) {
    std::string result;
    for (std::size_t i = 0; i < text.size();) {
        auto c = static_cast<unsigned char>(text[i]);
        std::size_t length = utf8_length(text, i);
        if (length == 0 || (c < 0x20 && c != '\t') || c == 0x7F) {
            static const char digits[] = "0123456789abcdef";
            result += "\\x";
            result += digits[c >> 4];
            result += digits[c & 0xF];
            ++i;
            continue;
        }
        result.append(text.substr(i, length));
        i += length;
    }
    return result;
}

std::string normalize_identifier(std::string_view name) {
    if (std::all_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return std::string(name);
    utf8proc_uint8_t *normalized = nullptr;
    utf8proc_ssize_t length = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t *>(name.data()),
                                           static_cast<utf8proc_ssize_t>(name.size()), &normalized,
                                           static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE |
                                                                          UTF8PROC_COMPAT));
    if (length < 0) return std::string(name);  // not UTF-8: the parse has reported it
    std::string result(reinterpret_cast<const char *>(normalized), static_cast<std::size_t>(length));
    std::free(normalized);
    return result;
}

}  // namespace cudapy::ast
