#include "syntax/tree.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>


extern "C" const TSLanguage *tree_sitter_python(void);

namespace cudapy::syntax {

namespace {

struct ParserDeleter {
    void operator()(TSParser *parser) const { ts_parser_delete(parser); }
};

// Creating a parser and giving it the language costs more than parsing a kernel, so each
// thread keeps one.
TSParser *thread_parser() {
    thread_local std::unique_ptr<TSParser, ParserDeleter> parser = [] {
        std::unique_ptr<TSParser, ParserDeleter> made(ts_parser_new());
        if (!ts_parser_set_language(made.get(), tree_sitter_python()))
            throw std::runtime_error("the tree-sitter-python grammar's language version is not "
                                     "supported by the linked tree-sitter library");
        return made;
    }();
    return parser.get();
}

TSTree *parse_text(const std::string &text) {
    TSTree *tree = ts_parser_parse_string(thread_parser(), nullptr, text.data(),
                                          static_cast<uint32_t>(text.size()));
    if (!tree) throw std::runtime_error("tree-sitter failed to parse the source");
    return tree;
}

bool is_utf8_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The offset of the first byte that is not well-formed UTF-8 (overlong forms, surrogates and
// code points past U+10FFFF included), or none.
std::optional<std::size_t> first_invalid_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x80) {
            ++i;
            continue;
        }
        std::size_t length = byte >= 0xC2 && byte <= 0xDF ? 2 : byte >= 0xE0 && byte <= 0xEF ? 3
                             : byte >= 0xF0 && byte <= 0xF4                              ? 4
                                                                                         : 0;
        if (length == 0 || i + length > text.size()) return i;
        auto second = static_cast<unsigned char>(text[i + 1]);
        // The second byte's range also rules out overlong forms, surrogates and > U+10FFFF.
        unsigned char low = byte == 0xE0 ? 0xA0 : byte == 0xF0 ? 0x90 : 0x80;
        unsigned char high = byte == 0xED ? 0x9F : byte == 0xF4 ? 0x8F : 0xBF;
        if (second < low || second > high) return i;
        for (std::size_t k = 2; k < length; ++k)
            if (!is_utf8_continuation(static_cast<unsigned char>(text[i + k]))) return i;
        i += length;
    }
    return std::nullopt;
}

}  // namespace

TSNode field(TSNode node, const char *name) {
    return ts_node_child_by_field_name(node, name, static_cast<uint32_t>(std::strlen(name)));
}

Tree::Tree(const ast::SourceUnit &unit, int unit_index, ast::Diagnostics &diagnostics)
    : unit_(&unit), unit_index_(unit_index), tree_(nullptr, &ts_tree_delete) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < unit.text.size(); ++i)
        if (unit.text[i] == '\n') line_starts_.push_back(i + 1);
    // The tree-sitter this library links breaks on a node of 65536 children or more (fixed in
    // 0.20.8), which only a source of that many lines can make.
    std::size_t lines = line_starts_.size() - (!unit.text.empty() && unit.text.back() == '\n' ? 1 : 0);
    if (lines > max_lines) {
        diagnostics.report(ast::DiagnosticKind::Unsupported, {unit_index_, unit.first_line, 1, unit.first_line, 2},
                           "the source has " + std::to_string(lines) + " lines; at most " +
                               std::to_string(max_lines) + " are supported");
        return;
    }
    // Python reads sources as UTF-8 and refuses anything else, comments included; a NUL byte
    // before the first bad byte is what it (and the parse below) complains of first.
    auto offset = first_invalid_utf8(unit.text);
    if (offset && unit.text.find('\0') < *offset) offset.reset();
    if (offset) {
        std::size_t row = static_cast<std::size_t>(
            std::upper_bound(line_starts_.begin(), line_starts_.end(), *offset) - line_starts_.begin() - 1);
        int line = static_cast<int>(row) + unit.first_line;
        int column = this->column({static_cast<uint32_t>(row), static_cast<uint32_t>(*offset - line_starts_[row])});
        bool utf16 = unit.text.size() >= 2 && ((unit.text[0] == '\xff' && unit.text[1] == '\xfe') ||
                                               (unit.text[0] == '\xfe' && unit.text[1] == '\xff'));
        char byte[8];
        std::snprintf(byte, sizeof byte, "0x%02x", static_cast<unsigned char>(unit.text[*offset]));
        diagnostics.report(ast::DiagnosticKind::Syntax, {unit_index_, line, column, line, column + 1},
                           utf16 ? std::string("the source is UTF-16, not UTF-8: save it as UTF-8")
                                 : std::string("the source is not valid UTF-8: the byte ") + byte +
                                       " cannot be decoded (Python reads sources as UTF-8)");
        return;
    }
    // The grammar's scanner loses track of indentation too deep or too wide (and corrupts its
    // heap on thousands of levels), so such a source is refused before it is parsed.
    if (auto problem = layout_problem()) {
        int line = problem->row + unit.first_line;
        diagnostics.report(ast::DiagnosticKind::Syntax, {unit_index_, line, problem->column, line, problem->column + 1},
                           problem->message);
        return;
    }
    tree_.reset(parse_text(unit.text));
    report_errors(root(), diagnostics);
    normalize_identifiers();
}

// Python reads every identifier in NFKC form; only non-ASCII ones can change.
void Tree::normalize_identifiers() {
    const std::string &source = unit_->text;
    if (std::all_of(source.begin(), source.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return;
    TSTreeCursor cursor = ts_tree_cursor_new(root());
    for (bool more = true; more;) {
        TSNode node = ts_tree_cursor_current_node(&cursor);
        if (kind(node) == "identifier") {
            std::string_view written = text(node);
            std::string normal = ast::normalize_identifier(written);
            if (normal != written) normalized_.emplace(ts_node_start_byte(node), std::move(normal));
        }
        if (ts_tree_cursor_goto_first_child(&cursor)) continue;
        while (!ts_tree_cursor_goto_next_sibling(&cursor))
            if (!ts_tree_cursor_goto_parent(&cursor)) {
                more = false;
                break;
            }
    }
    ts_tree_cursor_delete(&cursor);
}

namespace {

// Where a scan of Python's lines stands at the end of a line: inside brackets or a string the
// next line continues the same logical line.
struct LineScan {
    int brackets = 0;
    char quote = 0;        // the open string's quote character, if any
    bool triple = false;   // the open string is triple-quoted
    bool continued = false;  // the line ended with a backslash
    char last = 0;         // the last character of code on the line (not a comment)
    std::optional<std::size_t> invisible;  // the first non-printable character in code
};

// The code point of the UTF-8 sequence at `i` (the text was checked to be UTF-8).
char32_t code_point_at(std::string_view text, std::size_t i) {
    auto byte = static_cast<unsigned char>(text[i]);
    int length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
    char32_t value = byte & (0x7F >> length);
    for (int k = 1; k < length && i + k < text.size(); ++k)
        value = (value << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    return value;
}

// The characters Python's tokenizer calls non-printable: controls, format characters and
// spaces other than ' ' (a no-break space, a zero-width space, a byte order mark inside).
bool non_printable(char32_t c) {
    return (c >= 0x80 && c <= 0xA0) || c == 0xAD || c == 0x1680 || (c >= 0x2000 && c <= 0x200F) ||
           (c >= 0x2028 && c <= 0x202F) || (c >= 0x205F && c <= 0x2064) || c == 0x3000 ||
           c == 0xFEFF;
}

// The keyword of the compound statement a line's code starts with, or "".
std::string_view compound_keyword(std::string_view code) {
    for (std::string_view keyword : {"def", "if", "elif", "else", "while", "for", "with", "try",
                                     "except", "finally", "class", "async", "match", "case"}) {
        if (code.substr(0, keyword.size()) != keyword) continue;
        if (code.size() == keyword.size()) return keyword;
        char next = code[keyword.size()];
        if (!std::isalnum(static_cast<unsigned char>(next)) && next != '_') return keyword;
    }
    return {};
}

std::size_t line_end(std::string_view text, std::size_t from) {
    std::size_t end = text.find('\n', from);
    return end == std::string_view::npos ? text.size() : end;
}

// Whether `word` stands alone (not inside a longer name) somewhere in `code`.
bool has_word(std::string_view code, std::string_view word) {
    auto name_character = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t at = code.find(word); at != std::string_view::npos; at = code.find(word, at + 1)) {
        bool starts = at == 0 || !name_character(code[at - 1]);
        bool ends = at + word.size() == code.size() || !name_character(code[at + word.size()]);
        if (starts && ends) return true;
    }
    return false;
}

// Whether `clause` (elif, else) may follow a statement begun by `previous` at the same level.
bool clause_follows(std::string_view clause, std::string_view previous) {
    if (clause == "elif") return previous == "if" || previous == "elif";
    return previous == "if" || previous == "elif" || previous == "for" || previous == "while" ||
           previous == "try" || previous == "except";
}

// Scans one line (from `start` to its newline) and updates `scan`.
void scan_line(std::string_view text, std::size_t start, LineScan &scan) {
    scan.continued = false;
    scan.last = 0;
    for (std::size_t i = start; i < text.size() && text[i] != '\n'; ++i) {
        char c = text[i];
        if (scan.quote) {
            if (c == '\\') {
                ++i;
                if (i < text.size() && text[i] == '\n') return void(scan.continued = true);
                continue;
            }
            if (c != scan.quote) continue;
            if (!scan.triple) {
                scan.quote = 0;
            } else if (i + 2 < text.size() && text[i + 1] == c && text[i + 2] == c) {
                scan.quote = 0;
                i += 2;
            }
            scan.last = c;
            continue;
        }
        if (c == '#') break;
        if (c == '\\') {
            scan.continued = true;
            return;
        }
        if (c == '\'' || c == '"') {
            scan.triple = i + 2 < text.size() && text[i + 1] == c && text[i + 2] == c;
            scan.quote = c;
            if (scan.triple) i += 2;
        } else if (c == '(' || c == '[' || c == '{') {
            ++scan.brackets;
        } else if ((c == ')' || c == ']' || c == '}') && scan.brackets > 0) {
            --scan.brackets;
        }
        if (static_cast<unsigned char>(c) >= 0xC0 && !scan.invisible && i > 0 &&
            non_printable(code_point_at(text, i)))
            scan.invisible = i;
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f') scan.last = c;
    }
    if (scan.quote && !scan.triple) scan.quote = 0;  // an unterminated string: the parser says so
}

}  // namespace

std::optional<Tree::LineProblem> Tree::layout_problem() const {
    // Python's tokenizer: each logical line's indentation, measured with tabs to multiples of
    // 8 (`indent`) and as 1 (`alternate`); the two must order the lines alike (else TabError).
    struct Level {
        std::size_t indent, alternate;
        std::string_view statement = {};  // the keyword of the last statement at this level
    };
    std::vector<Level> levels{{0, 0}};
    std::vector<std::size_t> widths{0};
    const std::string &text = unit_->text;
    auto at_line_start = [&](std::size_t row, std::string message) {
        return LineProblem{static_cast<int>(row), 1 + unit_->column_offset, std::move(message)};
    };
    LineScan scan;
    char previous_last = 0;      // the last character of the previous logical line
    bool previous_header = false;  // the previous logical line began a compound statement
    std::string_view keyword;
    for (std::size_t row = 0; row < line_starts_.size(); ++row) {
        std::size_t start = line_starts_[row], end = start;
        bool logical_start = scan.brackets == 0 && !scan.quote && !scan.continued;
        std::size_t indent = 0, alternate = 0;
        while (end < text.size() && (text[end] == ' ' || text[end] == '\t' || text[end] == '\f')) {
            if (text[end] == ' ') {
                ++indent;
                ++alternate;
            } else if (text[end] == '\t') {
                indent = (indent / 8 + 1) * 8;
                ++alternate;
            } else {  // a form feed starts the count again
                indent = alternate = 0;
            }
            ++end;
        }
        bool blank = end >= text.size() || text[end] == '\n' || text[end] == '\r' || text[end] == '#';
        scan_line(text, start, scan);
        if (scan.invisible) {
            char name[16];
            std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(code_point_at(text, *scan.invisible)));
            int at = column({static_cast<uint32_t>(row), static_cast<uint32_t>(*scan.invisible - start)});
            return LineProblem{static_cast<int>(row), at, std::string("invalid non-printable character ") + name};
        }
        if (blank) continue;
        std::size_t width = end - start;
        if (width > max_indentation_width)
            return at_line_start(row, "indentation of " + std::to_string(width) + " columns is more than the " +
                                      std::to_string(max_indentation_width) + " the parser supports");
        if (width > widths.back()) {
            widths.push_back(width);
            if (widths.size() - 1 > static_cast<std::size_t>(max_indentation_levels))
                return at_line_start(row, "too many levels of indentation (Python allows " +
                                          std::to_string(max_indentation_levels) + ")");
        }
        while (widths.size() > 1 && width < widths.back()) widths.pop_back();
        char last = scan.brackets == 0 && !scan.quote && !scan.continued ? scan.last : 0;
        if (!logical_start) {
            if (last) previous_last = last;  // the end of a logical line begun above
            continue;
        }
        const std::string tab_error = "inconsistent use of tabs and spaces in indentation";
        if (indent > levels.back().indent) {
            if (alternate <= levels.back().alternate) return at_line_start(row, tab_error);
            if (previous_last != ':' && !previous_header)
                return at_line_start(row, std::string("unexpected indent"));
            levels.push_back({indent, alternate});
        } else {
            while (levels.size() > 1 && indent < levels.back().indent) levels.pop_back();
            if (indent != levels.back().indent)
                return at_line_start(row, std::string("unindent does not match any outer indentation level"));
            if (alternate != levels.back().alternate) return at_line_start(row, tab_error);
        }
        // A header missing its colon is the parser's to report ("expected ':'"), not the indent
        // of its block; an else or elif with no statement it could belong to is Python's
        // "invalid syntax" at the keyword.
        keyword = compound_keyword(std::string_view(text).substr(end));
        if ((keyword == "else" || keyword == "elif") && !clause_follows(keyword, levels.back().statement))
            return LineProblem{static_cast<int>(row),
                               column({static_cast<uint32_t>(row), static_cast<uint32_t>(end - start)}),
                               "invalid syntax: '" + std::string(keyword) + "' follows no if" +
                                   (keyword == "else" ? std::string(", for, while or try") : std::string())};
        // A one-line `for` header with no `in` (for i range(n):) is refused here: the grammar's
        // recovery would point at the line before.
        if (keyword == "for" && last && !has_word(std::string_view(text).substr(end, line_end(text, end) - end), "in"))
            return LineProblem{static_cast<int>(row),
                               column({static_cast<uint32_t>(row), static_cast<uint32_t>(end - start)}),
                               "invalid syntax: expected 'in', as in for i in range(n)"};
        levels.back().statement = keyword;
        previous_last = last;
        previous_header = !keyword.empty();
    }
    return std::nullopt;
}

std::string_view Tree::text(TSNode node) const {
    std::size_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
    if (start > unit_->text.size() || end > unit_->text.size() || end < start) return {};
    if (!normalized_.empty())
        if (auto found = normalized_.find(static_cast<std::uint32_t>(start));
            found != normalized_.end() && kind(node) == "identifier")
            return found->second;
    return std::string_view(unit_->text).substr(start, end - start);
}

int Tree::column(TSPoint point) const {
    if (point.row >= line_starts_.size()) return 1 + unit_->column_offset;
    std::size_t start = line_starts_[point.row];
    std::size_t end = std::min(start + point.column, unit_->text.size());
    int characters = 0;
    for (std::size_t i = start; i < end; ++i)
        if (!is_utf8_continuation(static_cast<unsigned char>(unit_->text[i]))) ++characters;
    return characters + 1 + unit_->column_offset;
}

ast::Span Tree::span(TSNode node) const {
    TSPoint start = ts_node_start_point(node), end = ts_node_end_point(node);
    return {unit_index_,
            static_cast<int>(start.row) + unit_->first_line, column(start),
            static_cast<int>(end.row) + unit_->first_line, column(end)};
}

namespace {

// The tokens under `node` in order, walked with a cursor: an ERROR node may be deeper than the
// thread's stack allows recursion.
void collect_leaves(TSNode node, std::vector<TSNode> &leaves) {
    TSTreeCursor cursor = ts_tree_cursor_new(node);
    while (true) {
        if (ts_tree_cursor_goto_first_child(&cursor)) continue;
        leaves.push_back(ts_tree_cursor_current_node(&cursor));
        while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
            if (!ts_tree_cursor_goto_parent(&cursor)) {
                ts_tree_cursor_delete(&cursor);
                return;
            }
        }
    }
}

bool is_compound_keyword(std::string_view token) {
    for (std::string_view keyword : {"if", "elif", "else", "while", "for", "def", "with", "try",
                                     "except", "finally", "class"})
        if (token == keyword) return true;
    return false;
}

}  // namespace

// An ERROR node covers the tokens tree-sitter could not fit; say what Python would say where we
// can tell (an unclosed bracket, a missing colon), else show where the trouble starts.
void Tree::report_error_node(TSNode node, ast::Diagnostics &diagnostics) const {
    std::vector<TSNode> leaves;
    collect_leaves(node, leaves);
    std::vector<TSNode> open;
    for (TSNode leaf : leaves) {
        std::string_view token = text(leaf);
        if (token == "(" || token == "[" || token == "{") {
            open.push_back(leaf);
        } else if ((token == ")" || token == "]" || token == "}") && !open.empty()) {
            open.pop_back();
        }
    }
    if (!open.empty()) {
        diagnostics.report(ast::DiagnosticKind::Syntax, span(open.back()),
                           "'" + std::string(text(open.back())) + "' was never closed");
        return;
    }
    if (!leaves.empty() && is_compound_keyword(text(leaves.front()))) {
        uint32_t row = ts_node_start_point(node).row;
        TSNode last = leaves.front();
        bool colon = false;
        for (TSNode leaf : leaves) {
            if (ts_node_start_point(leaf).row != row) break;
            colon = colon || text(leaf) == ":";
            last = leaf;
        }
        if (!colon) {
            ast::Span end = span(last);
            end.line = end.end_line;
            end.column = end.end_column;
            end.end_column = end.column + 1;
            diagnostics.report(ast::DiagnosticKind::Syntax, end, "expected ':'");
            return;
        }
    }
    std::string_view snippet = text(node);
    if (std::size_t newline = snippet.find('\n'); newline != std::string_view::npos)
        snippet = snippet.substr(0, newline);
    if (snippet.size() > 30) snippet = snippet.substr(0, 30);
    diagnostics.report(ast::DiagnosticKind::Syntax, span(node),
                       snippet.empty() ? std::string("invalid syntax")
                                       : "invalid syntax near '" + ast::printable(snippet) + "'");
}

void Tree::report_errors(TSNode root, ast::Diagnostics &diagnostics) const {
    // Only subtrees that hold errors are entered, with an explicit stack for deep trees; the
    // order is the source order.
    std::vector<TSNode> pending{root};
    while (!pending.empty()) {
        TSNode node = pending.back();
        pending.pop_back();
        if (ts_node_is_missing(node)) {
            diagnostics.report(ast::DiagnosticKind::Syntax, span(node),
                               "invalid syntax: expected '" + std::string(kind(node)) + "'");
            continue;
        }
        if (kind(node) == "ERROR") {
            report_error_node(node, diagnostics);
            continue;
        }
        if (!ts_node_has_error(node)) continue;
        std::vector<TSNode> children;
        TSTreeCursor cursor = ts_tree_cursor_new(node);
        if (ts_tree_cursor_goto_first_child(&cursor)) {
            do children.push_back(ts_tree_cursor_current_node(&cursor));
            while (ts_tree_cursor_goto_next_sibling(&cursor));
        }
        ts_tree_cursor_delete(&cursor);
        pending.insert(pending.end(), children.rbegin(), children.rend());
    }
}

}  // namespace cudapy::syntax
