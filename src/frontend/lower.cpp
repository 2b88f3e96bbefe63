#include "frontend/lower.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "ast/intrinsic.h"
#include "ast/visitor.h"
#include "frontend/suggest.h"

namespace cudapy::frontend {

namespace {

using namespace cudapy::ast;
using syntax::field;
using syntax::kind;

// Python constructs outside the kernel language, by tree-sitter node type, as users call them.
const std::map<std::string_view, std::string_view> &unsupported_constructs() {
    static const std::map<std::string_view, std::string_view> names{
        {"class_definition", "class definitions"},
        {"lambda", "lambda expressions"},
        {"list_comprehension", "list comprehensions"},
        {"dictionary_comprehension", "dict comprehensions"},
        {"set_comprehension", "set comprehensions"},
        {"generator_expression", "generator expressions"},
        {"yield", "yield"},
        {"await", "await"},
        {"try_statement", "try statements"},
        {"with_statement", "with statements"},
        {"global_statement", "global declarations"},
        {"nonlocal_statement", "nonlocal declarations"},
        {"string", "strings"},
        {"concatenated_string", "strings"},
        {"list", "lists"},
        {"dictionary", "dicts"},
        {"set", "sets"},
        {"tuple", "tuples"},
        {"expression_list", "tuples"},
        {"pattern_list", "tuple assignment"},
        {"tuple_pattern", "tuple assignment"},
        {"list_pattern", "list assignment"},
        {"slice", "slices"},
        {"import_statement", "imports"},
        {"import_from_statement", "imports"},
        {"future_import_statement", "imports"},
        {"raise_statement", "raise statements"},
        {"assert_statement", "assert statements"},
        {"delete_statement", "del statements"},
        {"print_statement", "Python 2 print statements"},
        {"exec_statement", "exec statements"},
        {"match_statement", "match statements"},
        {"named_expression", "assignment expressions (:=)"},
        {"none", "None"},
        {"ellipsis", "Ellipsis (...)"},
        {"function_definition", "nested functions"},
        {"decorated_definition", "nested functions"},
        {"list_splat", "*args unpacking"},
        {"dictionary_splat", "**kwargs unpacking"},
        {"keyword_argument", "keyword arguments"},
        {"type_alias_statement", "type aliases"},
        {"boolean_operator", "this boolean operator"},
    };
    return names;
}

struct ThreadIndexName {
    std::string_view object, attribute;
    ThreadIndexKind which;
};

constexpr ThreadIndexName thread_index_names[] = {
    {"threadIdx", "x", ThreadIndexKind::ThreadIdxX}, {"threadIdx", "y", ThreadIndexKind::ThreadIdxY},
    {"threadIdx", "z", ThreadIndexKind::ThreadIdxZ}, {"blockIdx", "x", ThreadIndexKind::BlockIdxX},
    {"blockIdx", "y", ThreadIndexKind::BlockIdxY},   {"blockIdx", "z", ThreadIndexKind::BlockIdxZ},
    {"blockDim", "x", ThreadIndexKind::BlockDimX},   {"blockDim", "y", ThreadIndexKind::BlockDimY},
    {"blockDim", "z", ThreadIndexKind::BlockDimZ},   {"gridDim", "x", ThreadIndexKind::GridDimX},
    {"gridDim", "y", ThreadIndexKind::GridDimY},     {"gridDim", "z", ThreadIndexKind::GridDimZ},
};

// Names a kernel may use without defining them; offered as suggestions for misspellings.
constexpr std::string_view builtin_names[] = {
    "idx", "idy", "idz", "threadIdx", "blockIdx", "blockDim", "gridDim", "len", "range",
    "xrange", "int", "float", "double", "bool", "abs", "min", "max", "pow", "round", "math",
    "warpSize",
};

// Module prefixes under which scalar type names may be called as casts: np.float32(x).
constexpr std::string_view type_modules[] = {"np", "numpy", "cp", "cudapy"};

constexpr std::string_view math_constants[] = {"pi", "e", "tau", "inf", "nan"};

std::optional<double> math_constant(std::string_view name) {
    if (name == "pi") return 3.141592653589793;
    if (name == "e") return 2.718281828459045;
    if (name == "tau") return 6.283185307179586;
    if (name == "inf") return std::numeric_limits<double>::infinity();
    if (name == "nan") return std::numeric_limits<double>::quiet_NaN();
    return std::nullopt;
}

bool is_comment(TSNode node) { return kind(node) == "comment"; }

// A node's named children in one pass over its children (indexing them one by one costs time
// in proportion to the index, which is quadratic over a long module or block).
std::vector<TSNode> named_children_with_comments(TSNode node) {
    std::vector<TSNode> children;
    TSTreeCursor cursor = ts_tree_cursor_new(node);
    if (ts_tree_cursor_goto_first_child(&cursor)) {
        do {
            TSNode child = ts_tree_cursor_current_node(&cursor);
            if (ts_node_is_named(child)) children.push_back(child);
        } while (ts_tree_cursor_goto_next_sibling(&cursor));
    }
    ts_tree_cursor_delete(&cursor);
    return children;
}

std::vector<TSNode> named_children(TSNode node) {
    std::vector<TSNode> children = named_children_with_comments(node);
    children.erase(std::remove_if(children.begin(), children.end(), is_comment), children.end());
    return children;
}

std::string without_underscores(std::string_view text) {
    std::string result;
    for (char c : text)
        if (c != '_') result.push_back(c);
    return result;
}

class FunctionLowering {
public:
    FunctionLowering(const syntax::Tree &tree, const std::set<std::string> &functions,
                     Diagnostics &diagnostics)
        : tree_(tree), functions_(functions), diagnostics_(diagnostics) {}

    Function lower(TSNode definition) {
        Function function;
        TSNode name = field(definition, "name");
        function.name = std::string(tree_.text(name));
        function.span = tree_.span(name);
        // The parser's error recovery can take a keyword for a name; Python cannot.
        static const std::set<std::string_view> keywords{
            "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
            "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
            "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
            "return", "try", "while", "with", "yield"};
        if (keywords.count(function.name))
            error(DiagnosticKind::Syntax, name, "'" + function.name + "' is a keyword and cannot name a function");
        if (kind(ts_node_child(definition, 0)) == "async")
            unsupported(definition, "async functions");
        if (TSNode returns = field(definition, "return_type"); !ts_node_is_null(returns))
            error(DiagnosticKind::Unsupported, returns,
                  "return annotations are not supported; give the signature in a comment "
                  "above the function or with sig=");
        lower_parameters(field(definition, "parameters"), function);
        TSNode body = field(definition, "body");
        if (ts_node_is_null(body) || named_children(body).empty())
            error(DiagnosticKind::Syntax, name, "expected an indented block after the definition of '" +
                                                    function.name + "'");
        collect_locals(body);
        function.body = lower_block(body, true);
        return function;
    }

private:
    void error(DiagnosticKind k, TSNode node, std::string message) {
        diagnostics_.report(k, tree_.span(node), std::move(message));
    }

    void unsupported(TSNode node, std::string_view what) {
        error(DiagnosticKind::Unsupported, node,
              std::string(what) + " are not supported in kernels");
    }

    // Reports a node outside the language, naming the construct.
    void refuse(TSNode node) {
        const auto &names = unsupported_constructs();
        auto found = names.find(kind(node));
        if (found != names.end()) {
            std::string_view what = found->second;
            // Singular constructs read better without "are".
            if (what == "yield" || what == "await" || what == "None" ||
                what == "Ellipsis (...)" || what == "tuple assignment" ||
                what == "list assignment" || what == "this boolean operator" ||
                what == "*args unpacking" || what == "**kwargs unpacking")
                error(DiagnosticKind::Unsupported, node,
                      std::string(what) + " is not supported in kernels");
            else
                unsupported(node, what);
            return;
        }
        error(DiagnosticKind::Unsupported, node,
              "'" + std::string(kind(node)) + "' is not supported in kernels");
    }

    void lower_parameters(TSNode parameters, Function &function) {
        for (TSNode parameter : named_children(parameters)) {
            std::string_view k = kind(parameter);
            if (k == "identifier") {
                std::string name(tree_.text(parameter));
                if (std::any_of(function.params.begin(), function.params.end(),
                                [&](const Param &p) { return p.name == name; }))
                    error(DiagnosticKind::Name, parameter,
                          "duplicate parameter '" + name + "'");
                function.params.push_back({name, Type{}, tree_.span(parameter)});
                params_.insert(name);
                continue;
            }
            // A refused parameter still names a parameter: uses of it are not errors too, and
            // a positional one (with a default or an annotation) counts in the signature.
            if (TSNode name = parameter_name(parameter); !ts_node_is_null(name)) {
                params_.insert(std::string(tree_.text(name)));
                bool positional = k == "default_parameter" || k == "typed_parameter" ||
                                  k == "typed_default_parameter";
                if (positional)
                    function.params.push_back({std::string(tree_.text(name)), Type{}, tree_.span(name)});
            }
            if (k == "typed_parameter" || k == "typed_default_parameter") {
                error(DiagnosticKind::Unsupported, parameter,
                      "parameter annotations are not supported; give the signature in a "
                      "comment above the function or with sig=");
            } else if (k == "default_parameter") {
                unsupported(parameter, "default arguments");
            } else if (k == "list_splat_pattern") {
                unsupported(parameter, "*args parameters");
            } else if (k == "dictionary_splat_pattern") {
                unsupported(parameter, "**kwargs parameters");
            } else {
                unsupported(parameter, "keyword-only and positional-only markers");
            }
        }
    }

    // The identifier a parameter node declares, whatever its form (x, x=1, *x, x: int).
    static TSNode parameter_name(TSNode parameter) {
        if (kind(parameter) == "identifier") return parameter;
        TSNode name = field(parameter, "name");
        if (!ts_node_is_null(name)) return name;
        for (TSNode child : named_children(parameter))
            if (kind(child) == "identifier") return child;
        return TSNode{};
    }

    // Python's scoping: a name assigned anywhere in the function is local to all of it. Names
    // bound by constructs that are refused anyway (nested functions, classes, tuple targets)
    // are remembered so that their uses do not add errors of their own.
    // A walk with its own stack: the tree may be far deeper than the thread's stack allows.
    void collect_locals(TSNode body) {
        std::vector<TSNode> pending{body};
        while (!pending.empty()) {
            TSNode node = pending.back();
            pending.pop_back();
            std::string_view k = kind(node);
            if (k == "function_definition" || k == "class_definition") {
                TSNode name = field(node, "name");
                if (!ts_node_is_null(name)) refused_names_.insert(std::string(tree_.text(name)));
                continue;
            }
            if (k == "lambda") continue;
            if (k == "assignment" || k == "augmented_assignment" || k == "for_statement") {
                TSNode left = field(node, "left");
                if (!ts_node_is_null(left)) {
                    if (kind(left) == "identifier") {
                        add_local(left);
                    } else if (is_tuple_target(left)) {
                        for (TSNode element : named_children(left)) {
                            if (kind(element) == "identifier")
                                add_local(element);
                            else if (is_tuple_target(element))
                                collect_refused_names(element);
                        }
                    }
                }
            }
            for (TSNode child : named_children_with_comments(node)) pending.push_back(child);
        }
    }

    static bool is_tuple_target(TSNode node) {
        std::string_view k = kind(node);
        return k == "pattern_list" || k == "tuple_pattern" || k == "list_pattern";
    }

    void collect_refused_names(TSNode target) {
        std::vector<TSNode> pending{target};
        while (!pending.empty()) {
            TSNode node = pending.back();
            pending.pop_back();
            if (kind(node) == "identifier") refused_names_.insert(std::string(tree_.text(node)));
            for (TSNode child : named_children(node)) pending.push_back(child);
        }
    }

    void add_local(TSNode identifier) {
        std::string name(tree_.text(identifier));
        if (!params_.count(name)) locals_.insert(name);
    }

    Block lower_block(TSNode block, bool function_body = false) {
        Block result;
        bool first = true;
        for (TSNode statement : named_children(block)) {
            // A docstring is documentation, not code.
            bool docstring = function_body && first && kind(statement) == "expression_statement" &&
                             ts_node_named_child_count(statement) == 1 &&
                             kind(ts_node_named_child(statement, 0)) == "string";
            first = false;
            if (!docstring) lower_statement(statement, result);
        }
        return result;
    }

    void lower_statement(TSNode node, Block &out) {
        std::string_view k = kind(node);
        Span span = tree_.span(node);
        if (k == "expression_statement") {
            auto children = named_children(node);
            if (children.size() != 1) {
                unsupported(node, "tuples");
                return;
            }
            TSNode child = children[0];
            std::string_view ck = kind(child);
            if (ck == "assignment") return lower_assignment(child, out);
            if (ck == "augmented_assignment") return lower_augmented_assignment(child, out);
            if (ck == "string") return;  // a string statement does nothing
            if (auto value = lower_expr(child)) out.push_back(std::make_shared<Evaluate>(span, value));
        } else if (k == "if_statement") {
            out.push_back(lower_if(node));
        } else if (k == "while_statement") {
            if (!ts_node_is_null(field(node, "alternative")))
                error(DiagnosticKind::Unsupported, field(node, "alternative"),
                      "'else' after a while loop is not supported in kernels");
            auto condition = lower_expr(field(node, "condition"));
            ++loop_depth_;
            auto body = lower_block(field(node, "body"));
            --loop_depth_;
            if (condition) out.push_back(std::make_shared<While>(span, condition, std::move(body)));
        } else if (k == "for_statement") {
            lower_for(node, out);
        } else if (k == "return_statement") {
            auto children = named_children(node);
            ExprPtr value;
            if (children.size() == 1) {
                value = lower_expr(children[0]);
                if (!value) return;
            } else if (children.size() > 1) {
                unsupported(node, "tuples");
                return;
            }
            out.push_back(std::make_shared<Return>(span, value));
        } else if (k == "pass_statement") {
        } else if (k == "break_statement" || k == "continue_statement") {
            bool is_break = k == "break_statement";
            if (loop_depth_ == 0) {
                error(DiagnosticKind::Syntax, node,
                      std::string("'") + (is_break ? "break" : "continue") + "' outside loop");
                return;
            }
            if (is_break)
                out.push_back(std::make_shared<Break>(span));
            else
                out.push_back(std::make_shared<Continue>(span));
        } else {
            refuse(node);
        }
    }

    ExprPtr lower_target(TSNode node) {
        std::string_view k = kind(node);
        if (k == "identifier") {
            std::string name(tree_.text(node));
            return std::make_shared<Variable>(tree_.span(node), name);
        }
        if (k == "subscript") return lower_subscript(node);
        if (k == "attribute") {
            error(DiagnosticKind::Unsupported, node,
                  "assignment to an attribute is not supported in kernels");
            return nullptr;
        }
        refuse(node);
        return nullptr;
    }

    // A fresh local for a value the translation needs to evaluate once. Its name is no Python
    // identifier, so it cannot collide with the user's.
    ExprPtr temporary(const Span &span) {
        return std::make_shared<Variable>(span, ".t" + std::to_string(++temporaries_));
    }

    // `a, b = b, a + b`: every value is evaluated before any target is assigned.
    void lower_tuple_assignment(TSNode node, TSNode left, TSNode right, Block &out) {
        std::vector<TSNode> target_nodes = named_children(left);
        std::vector<ExprPtr> targets;
        for (TSNode target_node : target_nodes) {
            if (is_tuple_target(target_node) || kind(target_node) == "list_splat_pattern") {
                error(DiagnosticKind::Unsupported, target_node,
                      "nested or starred tuple targets are not supported in kernels");
                return;
            }
            targets.push_back(lower_target(target_node));
        }
        std::string_view value_kind = kind(right);
        if (value_kind == "parenthesized_expression" && named_children(right).size() == 1)
            return lower_tuple_assignment(node, left, named_children(right)[0], out);
        if (value_kind != "expression_list" && value_kind != "tuple") {
            error(DiagnosticKind::Unsupported, right,
                  "tuple assignment in kernels takes a tuple of values, as in a, b = b, a");
            return;
        }
        std::vector<TSNode> value_nodes = named_children(right);
        if (value_nodes.size() != targets.size()) {
            error(DiagnosticKind::Type, right,
                  value_nodes.size() > targets.size()
                      ? "too many values to unpack (expected " + std::to_string(targets.size()) + ")"
                      : "not enough values to unpack (expected " + std::to_string(targets.size()) +
                            ", got " + std::to_string(value_nodes.size()) + ")");
            return;
        }
        std::vector<ExprPtr> values;
        for (TSNode value_node : value_nodes) values.push_back(lower_expr(value_node));
        if (std::any_of(targets.begin(), targets.end(), [](const auto &t) { return !t; }) ||
            std::any_of(values.begin(), values.end(), [](const auto &v) { return !v; }))
            return;
        Span span = tree_.span(node);
        for (auto &value : values) {
            // Literals cannot change under the assignments; everything else is held first.
            if (value->kind == ExprKind::IntLiteral || value->kind == ExprKind::FloatLiteral ||
                value->kind == ExprKind::BoolLiteral)
                continue;
            ExprPtr held = temporary(value->span);
            out.push_back(std::make_shared<Assign>(span, held, value));
            value = clone(held);
        }
        for (std::size_t i = 0; i < targets.size(); ++i)
            out.push_back(std::make_shared<Assign>(span, targets[i], values[i]));
    }

    void lower_assignment(TSNode node, Block &out) {
        if (TSNode left = field(node, "left"); is_tuple_target(left)) {
            TSNode right = field(node, "right");
            if (!ts_node_is_null(right) && kind(right) != "assignment")
                return lower_tuple_assignment(node, left, right, out);
        }
        if (!ts_node_is_null(field(node, "type"))) {
            error(DiagnosticKind::Unsupported, field(node, "type"),
                  "variable annotations are not supported in kernels");
            return;
        }
        // `a = b = value` nests assignments on the right.
        std::vector<TSNode> target_nodes{field(node, "left")};
        TSNode right = field(node, "right");
        while (!ts_node_is_null(right) && kind(right) == "assignment") {
            target_nodes.push_back(field(right, "left"));
            right = field(right, "right");
        }
        if (ts_node_is_null(right)) {
            error(DiagnosticKind::Syntax, node, "assignment without a value");
            return;
        }
        std::vector<ExprPtr> targets;
        for (TSNode target_node : target_nodes) targets.push_back(lower_target(target_node));
        bool targets_ok = std::all_of(targets.begin(), targets.end(), [](const auto &t) { return t != nullptr; });
        // A refused target (a tuple) makes errors in its value noise.
        ExprPtr value = targets_ok ? lower_expr(right) : nullptr;
        if (!value) {
            for (TSNode target_node : target_nodes)
                if (kind(target_node) == "identifier")
                    failed_locals_.insert(std::string(tree_.text(target_node)));
            return;
        }
        Span span = tree_.span(node);
        if (targets.size() == 1) {
            out.push_back(std::make_shared<Assign>(span, targets[0], value));
            return;
        }
        // Python evaluates the value once and assigns it to each target from left to right,
        // each converting it to its own type. A literal or a variable can simply be repeated.
        ExprKind k = value->kind;
        bool simple = k == ExprKind::IntLiteral || k == ExprKind::FloatLiteral ||
                      k == ExprKind::BoolLiteral || k == ExprKind::Variable ||
                      k == ExprKind::ThreadIndex;
        if (!simple) {
            ExprPtr held = temporary(span);
            out.push_back(std::make_shared<Assign>(span, held, value));
            value = held;
        }
        for (const auto &target : targets)
            out.push_back(std::make_shared<Assign>(span, target, clone(value)));
    }

    void lower_augmented_assignment(TSNode node, Block &out) {
        TSNode op_node = field(node, "operator");
        std::string_view op_text = kind(op_node);
        op_text.remove_suffix(1);  // "+=" -> "+"
        auto op = binary_op(op_text, op_node);
        auto target = lower_target(field(node, "left"));
        auto value = lower_expr(field(node, "right"));
        if (!op || !target || !value) return;
        Span span = tree_.span(node);
        // X[f()] += v evaluates f() once.
        if (target->kind == ExprKind::Index) {
            auto &index = static_cast<Index &>(*target).index;
            if (contains_call(*index)) {
                ExprPtr held = temporary(index->span);
                out.push_back(std::make_shared<Assign>(span, held, index));
                index = clone(held);
            }
        }
        auto combined = std::make_shared<Binary>(span, *op, clone(target), value);
        out.push_back(std::make_shared<Assign>(span, target, combined));
    }

    StmtPtr lower_if(TSNode node) {
        auto condition = lower_expr(field(node, "condition"));
        auto then_body = lower_block(field(node, "consequence"));
        Block else_body;
        // elif clauses become nested ifs in the else branch, innermost last.
        std::vector<TSNode> alternatives;
        for (TSNode child : named_children(node))
            if (kind(child) == "elif_clause" || kind(child) == "else_clause") alternatives.push_back(child);
        for (auto it = alternatives.rbegin(); it != alternatives.rend(); ++it) {
            if (kind(*it) == "else_clause") {
                else_body = lower_block(field(*it, "body"));
            } else {
                auto elif_condition = lower_expr(field(*it, "condition"));
                auto elif_body = lower_block(field(*it, "consequence"));
                Block nested;
                if (elif_condition)
                    nested.push_back(std::make_shared<If>(tree_.span(*it), elif_condition,
                                                          std::move(elif_body),
                                                          std::move(else_body)));
                else_body = std::move(nested);
            }
        }
        if (!condition) condition = std::make_shared<BoolLiteral>(tree_.span(node), false);
        return std::make_shared<If>(tree_.span(node), condition, std::move(then_body),
                                    std::move(else_body));
    }

    void lower_for(TSNode node, Block &out) {
        if (kind(ts_node_child(node, 0)) == "async") {
            unsupported(node, "async for loops");
            return;
        }
        if (!ts_node_is_null(field(node, "alternative")))
            error(DiagnosticKind::Unsupported, field(node, "alternative"),
                  "'else' after a for loop is not supported in kernels");
        TSNode left = field(node, "left");
        TSNode right = field(node, "right");
        if (kind(left) != "identifier") {
            error(DiagnosticKind::Unsupported, left,
                  "a for loop in a kernel takes one variable, as in 'for i in range(n)'");
            return;
        }
        std::string callee = kind(right) == "call" ? std::string(tree_.text(field(right, "function")))
                                                    : std::string();
        if (callee != "range" && callee != "xrange") {
            error(DiagnosticKind::Unsupported, right,
                  "for loops in kernels iterate over range(...) or xrange(...) only");
            return;
        }
        auto args = lower_arguments(field(right, "arguments"));
        if (!args) return;
        if (args->empty() || args->size() > 3) {
            error(DiagnosticKind::Type, right,
                  callee + "() takes 1 to 3 arguments, " + std::to_string(args->size()) +
                      " given");
            return;
        }
        Span call_span = tree_.span(right);
        ExprPtr start, stop, step;
        if (args->size() == 1) {
            start = std::make_shared<IntLiteral>(call_span, 0);
            stop = (*args)[0];
        } else {
            start = (*args)[0];
            stop = (*args)[1];
        }
        step = args->size() == 3 ? (*args)[2] : std::make_shared<IntLiteral>(call_span, 1);
        ++loop_depth_;
        auto body = lower_block(field(node, "body"));
        --loop_depth_;
        out.push_back(std::make_shared<ForRange>(tree_.span(node), std::string(tree_.text(left)),
                                                 tree_.span(left), start, stop, step,
                                                 std::move(body)));
    }

    std::optional<BinaryOp> binary_op(std::string_view text, TSNode node) {
        static const std::map<std::string_view, BinaryOp> ops{
            {"+", BinaryOp::Add},        {"-", BinaryOp::Sub},        {"*", BinaryOp::Mul},
            {"/", BinaryOp::Div},        {"//", BinaryOp::FloorDiv},  {"%", BinaryOp::Mod},
            {"**", BinaryOp::Pow},       {"<<", BinaryOp::LeftShift}, {">>", BinaryOp::RightShift},
            {"&", BinaryOp::BitAnd},     {"|", BinaryOp::BitOr},      {"^", BinaryOp::BitXor},
        };
        auto found = ops.find(text);
        if (found != ops.end()) return found->second;
        error(DiagnosticKind::Unsupported, node,
              "the operator '" + std::string(text) + "' is not supported in kernels");
        return std::nullopt;
    }

    std::optional<std::vector<ExprPtr>> lower_arguments(TSNode arguments) {
        if (kind(arguments) != "argument_list") {
            refuse(arguments);
            return std::nullopt;
        }
        std::vector<ExprPtr> args;
        bool ok = true;
        for (TSNode argument : named_children(arguments)) {
            auto value = lower_expr(argument);
            if (value)
                args.push_back(value);
            else
                ok = false;
        }
        if (!ok) return std::nullopt;
        return args;
    }

    ExprPtr lower_subscript(TSNode node) {
        // Every named child after the indexed value is an index (X[i, j] has two).
        auto subscripts = named_children(node);
        if (!subscripts.empty()) subscripts.erase(subscripts.begin());
        if (subscripts.size() != 1) {
            error(DiagnosticKind::Unsupported, node,
                  "arrays in kernels take one index, as in X[i]");
            return nullptr;
        }
        auto array = lower_expr(field(node, "value"));
        auto index = lower_expr(subscripts[0]);
        if (!array || !index) return nullptr;
        return std::make_shared<Index>(tree_.span(node), array, index);
    }

    // Lowering, checking and printing recurse on expressions; past this depth they would risk
    // the stack of the calling thread, where CPython gives up on such code as well.
    static constexpr int max_expression_depth = 1000;

    ExprPtr lower_expr(TSNode node) {
        if (ts_node_is_null(node)) return nullptr;
        struct Depth {
            int &depth;
            explicit Depth(int &d) : depth(++d) {}
            ~Depth() { --depth; }
        } depth(expression_depth_);
        if (expression_depth_ > max_expression_depth) {
            if (!reported_depth_)
                error(DiagnosticKind::Unsupported, node,
                      "the expression is nested too deeply (more than " +
                          std::to_string(max_expression_depth) + " levels)");
            reported_depth_ = true;
            return nullptr;
        }
        return lower_expr_at_depth(node);
    }

    ExprPtr lower_expr_at_depth(TSNode node) {
        std::string_view k = kind(node);
        Span span = tree_.span(node);
        if (k == "identifier") return lower_name(node);
        if (k == "integer") return lower_integer(node);
        if (k == "float") return lower_float(node);
        if (k == "true" || k == "false") return std::make_shared<BoolLiteral>(span, k == "true");
        if (k == "parenthesized_expression") {
            auto children = named_children(node);
            if (children.size() != 1) {
                refuse(node);
                return nullptr;
            }
            return lower_expr(children[0]);
        }
        if (k == "binary_operator") {
            TSNode op_node = field(node, "operator");
            auto op = binary_op(kind(op_node), op_node);
            auto lhs = lower_expr(field(node, "left")), rhs = lower_expr(field(node, "right"));
            if (!op || !lhs || !rhs) return nullptr;
            return std::make_shared<Binary>(span, *op, lhs, rhs);
        }
        if (k == "unary_operator") {
            std::string_view op = kind(field(node, "operator"));
            auto operand = lower_expr(field(node, "argument"));
            if (!operand) return nullptr;
            UnaryOp unary = op == "-" ? UnaryOp::Negate : op == "+" ? UnaryOp::Plus : UnaryOp::Invert;
            return std::make_shared<Unary>(span, unary, operand);
        }
        if (k == "not_operator") {
            auto operand = lower_expr(field(node, "argument"));
            if (!operand) return nullptr;
            return std::make_shared<Not>(span, operand);
        }
        if (k == "boolean_operator") {
            std::string_view op = kind(field(node, "operator"));
            auto lhs = lower_expr(field(node, "left")), rhs = lower_expr(field(node, "right"));
            if (!lhs || !rhs) return nullptr;
            return std::make_shared<Logical>(span, op == "and" ? LogicalOp::And : LogicalOp::Or,
                                             lhs, rhs);
        }
        if (k == "comparison_operator") return lower_comparison(node);
        if (k == "conditional_expression") {
            auto children = named_children(node);
            if (children.size() != 3) {
                refuse(node);
                return nullptr;
            }
            auto then_value = lower_expr(children[0]);
            auto condition = lower_expr(children[1]);
            auto else_value = lower_expr(children[2]);
            if (!then_value || !condition || !else_value) return nullptr;
            return std::make_shared<Conditional>(span, condition, then_value, else_value);
        }
        if (k == "call") return lower_call(node);
        if (k == "attribute") return lower_attribute(node);
        if (k == "subscript") return lower_subscript(node);
        refuse(node);
        return nullptr;
    }

    ExprPtr lower_name(TSNode node) {
        std::string name(tree_.text(node));
        Span span = tree_.span(node);
        if (params_.count(name) || locals_.count(name))
            return std::make_shared<Variable>(span, name);
        if (refused_names_.count(name)) return nullptr;  // its definition was reported
        if (name == "idx") return std::make_shared<ThreadIndex>(span, ThreadIndexKind::Idx);
        if (name == "idy") return std::make_shared<ThreadIndex>(span, ThreadIndexKind::Idy);
        if (name == "idz") return std::make_shared<ThreadIndex>(span, ThreadIndexKind::Idz);
        if (name == "warpSize") return std::make_shared<ThreadIndex>(span, ThreadIndexKind::WarpSize);
        if (functions_.count(name)) {
            error(DiagnosticKind::Name, node,
                  "the function '" + name + "' can only be called, not used as a value");
            return nullptr;
        }
        if (name == "threadIdx" || name == "blockIdx" || name == "blockDim" || name == "gridDim") {
            error(DiagnosticKind::Name, node, "'" + name + "' needs a component: " + name + ".x, " +
                                                  name + ".y or " + name + ".z");
            return nullptr;
        }
        unknown_name(node, name, "name");
        return nullptr;
    }

    void unknown_name(TSNode node, const std::string &name, std::string_view what) {
        std::vector<std::string> candidates(params_.begin(), params_.end());
        candidates.insert(candidates.end(), locals_.begin(), locals_.end());
        candidates.insert(candidates.end(), functions_.begin(), functions_.end());
        for (auto builtin : builtin_names) candidates.emplace_back(builtin);
        std::string message = "unknown " + std::string(what) + " '" + name + "'";
        if (auto close = closest_name(name, candidates)) message += "; did you mean '" + *close + "'?";
        error(DiagnosticKind::Name, node, message);
    }

    // The literal as written, shortened for messages.
    std::string quoted_literal(TSNode node) {
        std::string_view text = tree_.text(node);
        return printable(text.size() > 40 ? std::string(text.substr(0, 37)) + "..." : std::string(text));
    }

    ExprPtr lower_integer(TSNode node) {
        std::string_view written = tree_.text(node);
        if (written.back() == '_' || written.find("__") != std::string_view::npos ||
            written.back() == 'l' || written.back() == 'L') {
            error(DiagnosticKind::Syntax, node, "invalid integer literal " + quoted_literal(node));
            return nullptr;
        }
        std::string text = without_underscores(written);
        Span span = tree_.span(node);
        if (!text.empty() && (text.back() == 'j' || text.back() == 'J')) {
            unsupported(node, "complex numbers");
            return nullptr;
        }
        int base = 10;
        std::string digits = text;
        if (text.size() > 2 && text[0] == '0') {
            char prefix = static_cast<char>(std::tolower(static_cast<unsigned char>(text[1])));
            if (prefix == 'x') base = 16;
            if (prefix == 'o') base = 8;
            if (prefix == 'b') base = 2;
            if (base != 10) digits = text.substr(2);
        }
        if (base == 10 && digits.size() > 1 && digits[0] == '0' &&
            digits.find_first_not_of('0') != std::string::npos) {
            error(DiagnosticKind::Syntax, node,
                  "leading zeros in decimal integer literals are not permitted; use an 0o "
                  "prefix for octal integers");
            return nullptr;
        }
        errno = 0;
        char *end = nullptr;
        unsigned long long value = std::strtoull(digits.c_str(), &end, base);
        if (errno == ERANGE || end == digits.c_str() || *end != '\0') {
            error(DiagnosticKind::Type, node,
                  "the integer literal " + quoted_literal(node) + " does not fit in 64 bits");
            return nullptr;
        }
        return std::make_shared<IntLiteral>(span, value);
    }

    ExprPtr lower_float(TSNode node) {
        std::string text = without_underscores(tree_.text(node));
        if (!text.empty() && (text.back() == 'j' || text.back() == 'J')) {
            unsupported(node, "complex numbers");
            return nullptr;
        }
        return std::make_shared<FloatLiteral>(tree_.span(node), std::strtod(text.c_str(), nullptr));
    }

    ExprPtr lower_comparison(TSNode node) {
        std::vector<ExprPtr> operands;
        std::vector<std::pair<std::string_view, TSNode>> operators;
        uint32_t count = ts_node_child_count(node);
        for (uint32_t i = 0; i < count; ++i) {
            TSNode child = ts_node_child(node, i);
            if (is_comment(child)) continue;
            if (ts_node_is_named(child)) {
                auto operand = lower_expr(child);
                if (!operand) return nullptr;
                operands.push_back(operand);
            } else {
                operators.emplace_back(kind(child), child);
            }
        }
        static const std::map<std::string_view, CompareOp> ops{
            {"<", CompareOp::Less},          {"<=", CompareOp::LessEqual},
            {">", CompareOp::Greater},       {">=", CompareOp::GreaterEqual},
            {"==", CompareOp::Equal},        {"!=", CompareOp::NotEqual},
        };
        if (operands.size() != operators.size() + 1) {
            refuse(node);
            return nullptr;
        }
        Span span = tree_.span(node);
        std::vector<CompareOp> compare_ops;
        for (const auto &[text, op_node] : operators) {
            auto found = ops.find(text);
            if (found == ops.end()) {
                error(DiagnosticKind::Unsupported, op_node,
                      "the operator '" + std::string(text) + "' is not supported in kernels");
                return nullptr;
            }
            compare_ops.push_back(found->second);
        }
        // `a < b < c` is `a < b and b < c` with each operand evaluated once, in order, and c
        // only if a < b holds. An operand used twice is held in a temporary unless it is a
        // variable or a literal; the first one too when it calls a helper, to keep the order.
        auto simple = [](const ExprPtr &e) {
            auto k = e->kind;
            return k == ExprKind::Variable || k == ExprKind::IntLiteral ||
                   k == ExprKind::FloatLiteral || k == ExprKind::BoolLiteral ||
                   k == ExprKind::ThreadIndex;
        };
        ExprPtr result;
        ExprPtr left = operands[0];
        std::vector<std::pair<std::string, ExprPtr>> pending;  // Lets of the current step
        if (operators.size() > 1 && contains_call(*left)) {
            auto held = temporary(left->span);
            pending.emplace_back(static_cast<ast::Variable &>(*held).name, left);
            left = held;
        }
        for (std::size_t i = 0; i < compare_ops.size(); ++i) {
            ExprPtr right = operands[i + 1];
            ExprPtr right_again = right;
            bool reused = i + 1 < compare_ops.size();
            if (reused && !simple(right)) {
                auto held = temporary(right->span);
                pending.emplace_back(static_cast<ast::Variable &>(*held).name, right);
                right = held;
                right_again = held;
            }
            ExprPtr step = std::make_shared<Compare>(span, compare_ops[i], left, right);
            for (auto it = pending.rbegin(); it != pending.rend(); ++it)
                step = std::make_shared<Let>(span, it->first, it->second, step);
            pending.clear();
            result = result ? std::make_shared<Logical>(span, LogicalOp::And, result, step) : step;
            left = reused ? clone(right_again) : nullptr;
        }
        return result;
    }

    bool expect_intrinsic_arity(const IntrinsicInfo &info, const std::string &name,
                                std::size_t given, TSNode node) {
        auto low = static_cast<std::size_t>(info.min_arity);
        if (given >= low && (info.max_arity < 0 || given <= static_cast<std::size_t>(info.max_arity)))
            return true;
        std::string expected = info.max_arity < 0 ? "at least " + std::to_string(low)
                               : info.max_arity == info.min_arity
                                   ? std::to_string(low)
                                   : std::to_string(low) + " or " + std::to_string(info.max_arity);
        error(DiagnosticKind::Type, node,
              name + "() takes " + expected + " argument" + (expected == "1" ? "" : "s") + ", " +
                  std::to_string(given) + " given");
        return false;
    }

    ExprPtr lower_attribute(TSNode node) {
        TSNode object = field(node, "object");
        std::string object_name(tree_.text(object));
        std::string attribute(tree_.text(field(node, "attribute")));
        Span span = tree_.span(node);
        for (const auto &name : thread_index_names)
            if (name.object == object_name && name.attribute == attribute)
                return std::make_shared<ThreadIndex>(span, name.which);
        if (object_name == "math") {
            if (auto value = math_constant(attribute))
                return std::make_shared<FloatLiteral>(span, *value);
        }
        error(DiagnosticKind::Unsupported, node,
              "the attribute '" + object_name + "." + attribute + "' is not supported in kernels");
        return nullptr;
    }

    ExprPtr lower_call(TSNode node) {
        TSNode callee = field(node, "function");
        Span span = tree_.span(node);
        std::string module, name;
        if (kind(callee) == "identifier") {
            name = std::string(tree_.text(callee));
        } else if (kind(callee) == "attribute") {
            module = std::string(tree_.text(field(callee, "object")));
            name = std::string(tree_.text(field(callee, "attribute")));
        } else {
            error(DiagnosticKind::Unsupported, callee,
                  "only named functions can be called in kernels");
            return nullptr;
        }

        TSNode arguments = field(node, "arguments");
        // float('inf') and float('nan') are the one use of strings in kernel code.
        if (module.empty() && name == "float") {
            auto children = named_children(arguments);
            if (children.size() == 1 && kind(children[0]) == "string") {
                std::string text(tree_.text(children[0]));
                text.erase(std::remove(text.begin(), text.end(), '\''), text.end());
                text.erase(std::remove(text.begin(), text.end(), '"'), text.end());
                std::transform(text.begin(), text.end(), text.begin(),
                               [](unsigned char c) { return std::tolower(c); });
                double value = std::numeric_limits<double>::quiet_NaN();
                if (text == "inf" || text == "+inf" || text == "infinity")
                    value = std::numeric_limits<double>::infinity();
                else if (text == "-inf" || text == "-infinity")
                    value = -std::numeric_limits<double>::infinity();
                else if (text != "nan")
                    return error(DiagnosticKind::Type, children[0],
                                 "float() of a string accepts 'inf', '-inf' and 'nan' only"),
                           nullptr;
                return std::make_shared<FloatLiteral>(span, value);
            }
        }

        auto args = lower_arguments(arguments);
        if (!args) return nullptr;
        auto expect_arity = [&](std::size_t n) {
            if (args->size() == n) return true;
            error(DiagnosticKind::Type, node,
                  name + "() takes " + std::to_string(n) + " argument" + (n == 1 ? "" : "s") +
                      ", " + std::to_string(args->size()) + " given");
            return false;
        };

        // The program's own functions shadow Python's built-ins, as they would in Python.
        if (module.empty() && functions_.count(name))
            return std::make_shared<Call>(span, name, std::move(*args));
        if (module.empty() && (refused_names_.count(name) || failed_locals_.count(name)))
            return nullptr;  // its definition was reported
        if (module.empty() && (name == "idx" || name == "idy" || name == "idz" || name == "warpSize")) {
            error(DiagnosticKind::Type, callee, "'" + name + "' is a number, not a function: write " + name);
            return nullptr;
        }
        bool type_module = std::find(std::begin(type_modules), std::end(type_modules), module) !=
                           std::end(type_modules);
        if (module.empty() || type_module) {
            if (auto scalar = scalar_from_name(name); scalar && *scalar != Scalar::Void) {
                if (!expect_arity(1)) return nullptr;
                return std::make_shared<Cast>(span, Type::of(*scalar), (*args)[0], false);
            }
        }
        if (module == "math") {
            if (auto resolved = resolve_intrinsic(name, true)) {
                if (!expect_intrinsic_arity(*resolved->info, name, args->size(), node)) return nullptr;
                return std::make_shared<Intrinsic>(span, *resolved, std::move(*args));
            }
            std::vector<std::string> candidates;
            for (const auto &info : intrinsics())
                if (info.in_math_module) candidates.emplace_back(info.name);
            for (auto constant : math_constants) candidates.emplace_back(constant);
            std::string message = "unknown function 'math." + name + "'";
            if (auto close = closest_name(name, candidates))
                message += "; did you mean 'math." + *close + "'?";
            error(DiagnosticKind::Name, callee, message);
            return nullptr;
        }
        if (!module.empty()) {
            std::string message = "unknown function '" + module + "." + name + "'";
            if (resolve_intrinsic(name, true))
                message += "; call the math module by its own name, as in math." + name + "(...)";
            error(DiagnosticKind::Name, callee, message);
            return nullptr;
        }
        if (name == "range" || name == "xrange") {
            error(DiagnosticKind::Unsupported, node,
                  name + "() can only be used as the iterable of a for loop");
            return nullptr;
        }
        if (name == "len") {
            if (!expect_arity(1)) return nullptr;
            return std::make_shared<Length>(span, (*args)[0]);
        }
        if (name == "pow") {
            if (!expect_arity(2)) return nullptr;
            return std::make_shared<Binary>(span, BinaryOp::Pow, (*args)[0], (*args)[1]);
        }
        if (auto resolved = resolve_intrinsic(name, false)) {
            if (!expect_intrinsic_arity(*resolved->info, name, args->size(), node)) return nullptr;
            return std::make_shared<Intrinsic>(span, *resolved, std::move(*args));
        }
        if (params_.count(name) || locals_.count(name)) {
            error(DiagnosticKind::Type, callee, "'" + name + "' is a variable, not a function");
            return nullptr;
        }
        if (name == "print") {
            error(DiagnosticKind::Unsupported, callee, "print() is not supported in kernels yet");
            return nullptr;
        }
        if (resolve_intrinsic(name, true)) {
            error(DiagnosticKind::Name, callee,
                  "unknown function '" + name + "'; call it as math." + name + "(...), with "
                  "the module named");
            return nullptr;
        }
        unknown_name(callee, name, "function");
        return nullptr;
    }

    const syntax::Tree &tree_;
    const std::set<std::string> &functions_;
    Diagnostics &diagnostics_;
    std::set<std::string> params_;
    std::set<std::string> locals_;
    std::set<std::string> refused_names_;  // bound only by refused constructs
    std::set<std::string> failed_locals_;  // whose assignment failed to lower
    int loop_depth_ = 0;
    int temporaries_ = 0;
    int expression_depth_ = 0;
    bool reported_depth_ = false;  // once per function is enough
};

// Decorators of ours, or of the numba.cuda vocabulary, which cudapy itself applies.
bool is_own_decorator(std::string_view text) {
    for (std::string_view prefix : {"@cudapy.", "@cp.", "@cuda.jit"})
        if (text.substr(0, prefix.size()) == prefix) return true;
    return false;
}

// A CudaPy signature comment: `# name : rettype (params)`. Returns the name and the signature.
std::optional<std::pair<std::string, std::string>> signature_comment(std::string_view text) {
    std::size_t i = 1;  // past '#'
    auto skip_spaces = [&] {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    };
    auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    skip_spaces();
    std::size_t name_start = i;
    while (i < text.size() && is_word(text[i])) ++i;
    if (i == name_start) return std::nullopt;
    std::string name(text.substr(name_start, i - name_start));
    skip_spaces();
    if (i >= text.size() || text[i] != ':') return std::nullopt;
    ++i;
    skip_spaces();
    std::string signature(text.substr(i));
    while (!signature.empty() && std::isspace(static_cast<unsigned char>(signature.back())))
        signature.pop_back();
    if (signature.empty()) return std::nullopt;
    return std::make_pair(name, signature);
}

// Ordinary comments also contain "word: ..."; one that names no function is taken for a
// signature only if it reads like one, a type and '('.
bool looks_like_signature(std::string_view signature) {
    std::size_t j = 0;
    while (j < signature.size() && (std::isalnum(static_cast<unsigned char>(signature[j])) || signature[j] == '_')) ++j;
    if (j == 0) return false;
    while (j < signature.size() && (signature[j] == ' ' || signature[j] == '*')) ++j;
    return j < signature.size() && signature[j] == '(';
}

struct Definition {
    const syntax::Tree *tree;
    TSNode node;
};

}  // namespace

ast::Program lower(const std::vector<const syntax::Tree *> &trees, ast::Diagnostics &diagnostics) {
    std::vector<Definition> definitions;
    std::map<std::string, Span> defined;
    std::vector<std::pair<std::string, std::pair<std::string, Span>>> comments;

    for (const syntax::Tree *tree : trees) {
        for (TSNode node : named_children_with_comments(tree->root())) {
            std::string_view k = kind(node);
            TSNode definition = node;
            if (k == "comment") {
                if (auto signature = signature_comment(tree->text(node)))
                    comments.push_back({signature->first, {signature->second, tree->span(node)}});
                continue;
            }
            if (k == "decorated_definition") {
                bool ok = true;
                for (TSNode decorator : named_children(node)) {
                    if (kind(decorator) != "decorator") continue;
                    if (!is_own_decorator(tree->text(decorator))) {
                        diagnostics.report(DiagnosticKind::Unsupported, tree->span(decorator),
                                           "decorators other than cudapy's are not supported on "
                                           "kernel functions");
                        ok = false;
                    }
                }
                definition = field(node, "definition");
                if (!ok) continue;
                k = kind(definition);
            }
            if (k == "function_definition") {
                std::string name(tree->text(field(definition, "name")));
                Span span = tree->span(field(definition, "name"));
                if (auto previous = defined.find(name); previous != defined.end()) {
                    diagnostics.report(DiagnosticKind::Name, span,
                                       "the function '" + name + "' is defined twice (first at "
                                       "line " + std::to_string(previous->second.line) + ")");
                    continue;
                }
                defined.emplace(name, span);
                definitions.push_back({tree, definition});
                continue;
            }
            if (k == "import_statement" || k == "import_from_statement" ||
                k == "future_import_statement")
                continue;  // host-side imports around the kernels
            if (k == "expression_statement" && ts_node_named_child_count(node) == 1 &&
                kind(ts_node_named_child(node, 0)) == "string")
                continue;  // a module docstring
            if (k == "ERROR") continue;  // reported by the parser
            diagnostics.report(DiagnosticKind::Unsupported, tree->span(node),
                               "only function definitions are allowed at the top level of "
                               "kernel source");
        }
    }

    std::set<std::string> names;
    for (const auto &[name, span] : defined) names.insert(name);

    ast::Program program;
    for (const auto &definition : definitions) {
        FunctionLowering lowering(*definition.tree, names, diagnostics);
        program.functions.push_back(lowering.lower(definition.node));
    }
    std::vector<std::string> function_names(names.begin(), names.end());
    for (auto &[name, signature] : comments) {
        if (!names.count(name)) {
            // A signature comment naming no function is likely a misspelling; an ordinary
            // comment that only looks like one names nothing close.
            if (!looks_like_signature(signature.first)) continue;
            if (auto close = closest_name(name, function_names))
                diagnostics.report(DiagnosticKind::Name, signature.second,
                                   "the signature comment names '" + name + "', but no function "
                                   "of that name is defined; did you mean '" + *close + "'?");
            continue;
        }
        for (auto &function : program.functions) {
            if (function.name != name) continue;
            if (!function.signature.empty()) {
                diagnostics.report(DiagnosticKind::Type, signature.second,
                                   "a second signature comment for '" + name + "'");
                continue;
            }
            function.signature = signature.first;
            function.signature_span = signature.second;
        }
    }
    return program;
}

}  // namespace cudapy::frontend
