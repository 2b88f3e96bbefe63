// Unicode for Python's string escapes: characters by name (\N{DIGIT ONE}) and UTF-8.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cudapy::frontend {

// The character Python's \N{name} stands for (names in any case, as Python's lookup takes
// them; name aliases are not known), or none.
std::optional<char32_t> unicode_character(std::string_view name);

// Appends `code` in UTF-8 (surrogates too, as Python's str holds them).
void append_utf8(std::string &text, char32_t code);

}  // namespace cudapy::frontend
