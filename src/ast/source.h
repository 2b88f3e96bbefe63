// The Python source units a program is translated from.
#pragma once

#include <string>
#include <string_view>

namespace cudapy::ast {

struct SourceUnit {
    std::string text;
    std::string file;
    int first_line = 1;     // the file line of the text's first line
    int column_offset = 0;  // indentation removed from the text, added back to columns
};

// The text of a file line of `unit`, without its line break; empty when out of range.
std::string_view source_line(const SourceUnit &unit, int file_line);

// `text` made safe to put in a message: valid UTF-8 stays, other bytes and control characters
// (NUL among them) become \xNN.
std::string printable(std::string_view text);

// `name` in NFKC form, as Python normalizes identifiers; ASCII text is returned as it is.
std::string normalize_identifier(std::string_view name);

}  // namespace cudapy::ast
