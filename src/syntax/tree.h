// Parsing Python source with tree-sitter into a concrete syntax tree, and mapping tree-sitter's
// byte positions to the user's file lines and character columns.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <tree_sitter/api.h>

#include "ast/diagnostic.h"
#include "ast/source.h"

namespace cudapy::syntax {

class Tree {
public:
    // Parses `unit`; every ERROR and MISSING node is reported as a syntax diagnostic.
    Tree(const ast::SourceUnit &unit, int unit_index, ast::Diagnostics &diagnostics);

    // Whether the text was parsed (a source too long to parse was only reported).
    bool parsed() const { return tree_ != nullptr; }
    TSNode root() const { return ts_tree_root_node(tree_.get()); }
    // The node's source text; an identifier's in NFKC form, as Python reads names (so `𝐱` is
    // `x`).
    std::string_view text(TSNode node) const;
    ast::Span span(TSNode node) const;
    const ast::SourceUnit &unit() const { return *unit_; }
    int unit_index() const { return unit_index_; }

private:
    // Python's limit on nested blocks, and the widest indentation the grammar's scanner keeps
    // (it stores widths in bytes).
    static constexpr int max_indentation_levels = 100;
    static constexpr std::size_t max_lines = 65000;
    static constexpr std::size_t max_indentation_width = 255;

    int column(TSPoint point) const;
    // A line Python's tokenizer refuses, or one the grammar's scanner cannot take: where (a
    // row, and a column as diagnostics count them) and what is wrong.
    struct LineProblem {
        int row, column;
        std::string message;
    };
    // The first such line: indented too deep or too wide (continuation lines inside brackets
    // count too, which only makes such code fail a little earlier), indented where Python
    // expects no block or dedented to no outer level, mixing tabs and spaces inconsistently,
    // or holding a non-printable character in code.
    std::optional<LineProblem> layout_problem() const;
    void report_errors(TSNode node, ast::Diagnostics &diagnostics) const;
    void report_error_node(TSNode node, ast::Diagnostics &diagnostics) const;
    void normalize_identifiers();

    const ast::SourceUnit *unit_;
    int unit_index_;
    std::vector<std::size_t> line_starts_;
    std::unique_ptr<TSTree, decltype(&ts_tree_delete)> tree_;
    // The NFKC form of each non-ASCII identifier that differs from its text, by start byte.
    std::unordered_map<std::uint32_t, std::string> normalized_;
};

// The node's type as a string_view ("function_definition", "identifier", ...).
inline std::string_view kind(TSNode node) { return ts_node_type(node); }
// The child of `node` in field `field`; a null node (ts_node_is_null) when absent.
TSNode field(TSNode node, const char *field);

}  // namespace cudapy::syntax
