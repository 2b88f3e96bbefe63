#include "syntax/tree.h"

#include <cstring>
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

}  // namespace

TSNode field(TSNode node, const char *name) {
    return ts_node_child_by_field_name(node, name, static_cast<uint32_t>(std::strlen(name)));
}

Tree::Tree(const ast::SourceUnit &unit, int unit_index, ast::Diagnostics &diagnostics)
    : unit_(&unit), unit_index_(unit_index), tree_(parse_text(unit.text), &ts_tree_delete) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < unit.text.size(); ++i)
        if (unit.text[i] == '\n') line_starts_.push_back(i + 1);
    // The grammar's scanner loses track of indentation too deep or too wide and then reports
    // nonsense; say what is wrong instead.
    if (auto problem = indentation_problem()) {
        ast::Span span{unit_index_, problem->first + unit.first_line, 1 + unit.column_offset,
                       problem->first + unit.first_line, 2 + unit.column_offset};
        diagnostics.report(ast::DiagnosticKind::Syntax, span, problem->second);
        return;
    }
    report_errors(root(), diagnostics);
}

std::optional<std::pair<int, std::string>> Tree::indentation_problem() const {
    std::vector<std::size_t> widths{0};
    const std::string &text = unit_->text;
    for (std::size_t row = 0; row < line_starts_.size(); ++row) {
        std::size_t start = line_starts_[row], end = start;
        while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
        if (end >= text.size() || text[end] == '\n' || text[end] == '\r' || text[end] == '#') continue;
        std::size_t width = end - start;
        if (width > max_indentation_width)
            return std::make_pair(static_cast<int>(row),
                                  "indentation of " + std::to_string(width) + " columns is more than the " +
                                      std::to_string(max_indentation_width) + " the parser supports");
        if (width > widths.back()) {
            widths.push_back(width);
            if (widths.size() - 1 > static_cast<std::size_t>(max_indentation_levels))
                return std::make_pair(static_cast<int>(row),
                                      "too many levels of indentation (Python allows " +
                                          std::to_string(max_indentation_levels) + ")");
        }
        while (widths.size() > 1 && width < widths.back()) widths.pop_back();
    }
    return std::nullopt;
}

std::string_view Tree::text(TSNode node) const {
    std::size_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
    if (start > unit_->text.size() || end > unit_->text.size() || end < start) return {};
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

void collect_leaves(TSNode node, std::vector<TSNode> &leaves) {
    uint32_t count = ts_node_child_count(node);
    if (count == 0) {
        leaves.push_back(node);
        return;
    }
    for (uint32_t i = 0; i < count; ++i) collect_leaves(ts_node_child(node, i), leaves);
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
                                       : "invalid syntax near '" + std::string(snippet) + "'");
}

void Tree::report_errors(TSNode node, ast::Diagnostics &diagnostics) const {
    if (ts_node_is_missing(node)) {
        diagnostics.report(ast::DiagnosticKind::Syntax, span(node),
                           "invalid syntax: expected '" + std::string(kind(node)) + "'");
        return;
    }
    if (kind(node) == "ERROR") {
        report_error_node(node, diagnostics);
        return;
    }
    if (!ts_node_has_error(node)) return;
    uint32_t count = ts_node_child_count(node);
    for (uint32_t i = 0; i < count; ++i) report_errors(ts_node_child(node, i), diagnostics);
}

}  // namespace cudapy::syntax
