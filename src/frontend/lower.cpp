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
#include "ast/libdevice.h"
#include "ast/source.h"
#include "ast/visitor.h"
#include "frontend/literals.h"
#include "frontend/specialize.h"
#include "frontend/suggest.h"
#include "frontend/unicode.h"

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
    "cmath", "complex", "warpSize",
};

// Module prefixes under which scalar type names may be called as casts: np.float32(x).
constexpr std::string_view type_modules[] = {"np", "numpy", "numba"};

// The operator module's functions of two operands, as the operators they are.
constexpr std::pair<std::string_view, BinaryOp> operator_binary[] = {
    {"add", BinaryOp::Add},          {"sub", BinaryOp::Sub},         {"mul", BinaryOp::Mul},
    {"truediv", BinaryOp::Div},      {"floordiv", BinaryOp::FloorDiv}, {"mod", BinaryOp::Mod},
    {"pow", BinaryOp::Pow},          {"lshift", BinaryOp::LeftShift}, {"rshift", BinaryOp::RightShift},
    {"and_", BinaryOp::BitAnd},      {"or_", BinaryOp::BitOr},       {"xor", BinaryOp::BitXor},
};
constexpr std::pair<std::string_view, CompareOp> operator_compare[] = {
    {"lt", CompareOp::Less},  {"le", CompareOp::LessEqual}, {"gt", CompareOp::Greater},
    {"ge", CompareOp::GreaterEqual}, {"eq", CompareOp::Equal}, {"ne", CompareOp::NotEqual},
};
constexpr std::pair<std::string_view, UnaryOp> operator_unary[] = {
    {"neg", UnaryOp::Negate}, {"pos", UnaryOp::Plus}, {"invert", UnaryOp::Invert}, {"inv", UnaryOp::Invert},
};

template <typename Op, std::size_t N>
std::optional<Op> operator_named(const std::pair<std::string_view, Op> (&table)[N], std::string_view name) {
    for (const auto &[text, op] : table)
        if (text == name) return op;
    return std::nullopt;
}

bool is_operator_function(std::string_view name) {
    return operator_named(operator_binary, name) || operator_named(operator_compare, name) ||
           operator_named(operator_unary, name) || name == "not_" || name == "abs";
}

// The modules whose functions kernels call by the module's name.
bool is_module_name(std::string_view name) {
    for (std::string_view module : {"math", "cmath", "cuda", "cp", "cudapy", "np", "numpy", "numba", "operator"})
        if (name == module) return true;
    return false;
}

// numba.cuda.X, cudapy.cuda.X, cuda.X, cp.X and cudapy.X all name cudapy's X.
std::vector<std::string> without_module(std::vector<std::string> parts) {
    std::size_t drop = 0;
    if (parts.size() > 2 && (parts[0] == "numba" || parts[0] == "cudapy") && parts[1] == "cuda")
        drop = 2;
    else if (parts.size() > 1 && (parts[0] == "cuda" || parts[0] == "cp" || parts[0] == "cudapy"))
        drop = 1;
    parts.erase(parts.begin(), parts.begin() + static_cast<std::ptrdiff_t>(drop));
    return parts;
}

// The value of an integer expression of literals, as shapes are written (TPB * 2).
std::optional<long long> fold_integer(const Expr &e) {
    switch (e.kind) {
    case ExprKind::IntLiteral: {
        auto value = static_cast<const IntLiteral &>(e).value;
        if (value > static_cast<std::uint64_t>(std::numeric_limits<long long>::max())) return std::nullopt;
        return static_cast<long long>(value);
    }
    case ExprKind::Unary: {
        const auto &u = static_cast<const Unary &>(e);
        auto operand = fold_integer(*u.operand);
        if (!operand || u.op == UnaryOp::Invert) return std::nullopt;
        return u.op == UnaryOp::Negate ? -*operand : *operand;
    }
    case ExprKind::Binary: {
        const auto &b = static_cast<const Binary &>(e);
        auto l = fold_integer(*b.lhs), r = fold_integer(*b.rhs);
        if (!l || !r) return std::nullopt;
        constexpr long long limit = 1LL << 31;  // no shape comes close; no overflow either
        if (*l > limit || *l < -limit || *r > limit || *r < -limit) return std::nullopt;
        switch (b.op) {
        case BinaryOp::Add: return *l + *r;
        case BinaryOp::Sub: return *l - *r;
        case BinaryOp::Mul: return *l * *r;
        case BinaryOp::FloorDiv:
            if (*r == 0) return std::nullopt;
            return *l / *r - ((*l % *r != 0) && ((*l < 0) != (*r < 0)) ? 1 : 0);
        default: return std::nullopt;
        }
    }
    default: return std::nullopt;
    }
}

// What every function of the program can name besides its own variables.
struct Globals {
    std::set<std::string> functions;
    // module-level `NAME = function`: the dotted name of the function NAME stands for
    // (["math", "cos"], or a function of the program's), so that a call of NAME calls it.
    std::map<std::string, std::vector<std::string>> function_aliases;
    // module-level `NAME = constant`, and `Class.member = constant` for the members of a
    // namespace of constants (an IntEnum's), kept as "Class.member"
    std::map<std::string, ExprPtr> constants;
    std::set<std::string> namespaces;  // the classes of `Class.member = constant`
    // module-level `NAME = (2, 3)`: tuples of integers, read as a helper's tuple parameter is
    std::map<std::string, CompileTimeValue> tuple_constants;
    // module-level `NAME = (1.0, 2.5)`: other tuples of constants, which loops walk
    std::map<std::string, std::vector<ExprPtr>> value_tuples;
    std::set<std::string> failed_constants;    // reported where they are defined
    std::map<std::string, const ConstantArray *> constant_arrays;
    // The program's function definitions, and their parameters (marked where only a
    // compile-time value can stand for one; see specialize.h).
    std::map<std::string, std::pair<const syntax::Tree *, TSNode>> definitions;
    std::map<std::string, std::vector<CompileTimeParameter>> parameters;
    // The tuple and record parameters of functions whose signatures have them.
    std::map<std::string, std::vector<ast::SplitParameter>> split_parameters;
    // module-level `NAME = Record(x=float32, v=(float64, 3))`: record types, which declared
    // arrays take as their dtype
    std::map<std::string, ast::RecordParameter> record_types;
};

// The copies of helpers that calls with compile-time arguments ask for, by the copy's name.
struct Specializations {
    struct Request {
        std::string function;
        std::map<std::string, CompileTimeValue> values;  // by parameter
        std::map<std::string, std::size_t> tuple_items;  // tuple parameters' item counts
    };
    std::map<std::string, Request> requested;
    std::vector<std::string> pending;            // requested, not lowered yet
    std::set<std::string> called_as_written;     // functions some call calls without a copy
};

ExprPtr integer_literal(const Span &span, long long value) {
    if (value >= 0) return std::make_shared<IntLiteral>(span, static_cast<std::uint64_t>(value));
    return std::make_shared<Unary>(span, UnaryOp::Negate,
                                   std::make_shared<IntLiteral>(span, 0 - static_cast<std::uint64_t>(value)));
}

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
    FunctionLowering(const syntax::Tree &tree, const Globals &globals, Diagnostics &diagnostics,
                     Specializations *specializations = nullptr,
                     std::map<std::string, CompileTimeValue> substitutions = {},
                     std::map<std::string, std::size_t> tuple_items = {})
        : tree_(tree), globals_(globals), functions_(globals.functions), diagnostics_(diagnostics),
          specializations_(specializations), substitutions_(std::move(substitutions)),
          tuple_items_(std::move(tuple_items)) {}

    // The value of a module-level `name = value`: numbers and arithmetic on them and on the
    // constants defined before it.
    ExprPtr lower_constant(TSNode value, const std::string &name) {
        auto lowered = lower_expr(value);
        if (!lowered) return nullptr;
        struct Constness : Visitor {
            bool constant = true;
            void visit_variable(const ast::Variable &) override { constant = false; }
            void visit_thread_index(const ThreadIndex &) override { constant = false; }
            void visit_call(const Call &) override { constant = false; }
            void visit_index(const Index &) override { constant = false; }
            void visit_length(const Length &) override { constant = false; }
            void visit_array_info(const ArrayInfo &) override { constant = false; }
            void visit_slice(const Slice &) override { constant = false; }
            void visit_array_alloc(const ArrayAlloc &) override { constant = false; }
            void visit_builtin(const Builtin &) override { constant = false; }
            void visit_string_literal(const StringLiteral &) override { constant = false; }
        } constness;
        constness.visit(*lowered);
        if (constness.constant) return lowered;
        error(DiagnosticKind::Unsupported, value,
              "the module-level name '" + name + "' must be a constant: a number, or arithmetic "
              "on numbers and other constants");
        return nullptr;
    }

    // The items of a module-level tuple of constants that are not all integers
    // (`WEIGHTS = (0.25, 0.5)`), each lowered; none for another value.
    std::optional<std::vector<ExprPtr>> value_tuple(TSNode value, const std::string &name) {
        while (kind(value) == "parenthesized_expression" && named_children(value).size() == 1)
            value = named_children(value)[0];
        if (kind(value) != "tuple" || named_children(value).empty()) return std::nullopt;
        std::vector<ExprPtr> items;
        for (TSNode item : named_children(value)) {
            if (kind(item) == "list_splat") return std::nullopt;
            auto lowered = lower_constant(item, name);
            if (!lowered) return std::vector<ExprPtr>{};
            items.push_back(lowered);
        }
        return items;
    }

    // A module-level tuple of integer constants (`SHAPE = (16, 16)`), or none.
    std::optional<CompileTimeValue> tuple_constant(TSNode value) {
        while (kind(value) == "parenthesized_expression" && named_children(value).size() == 1)
            value = named_children(value)[0];
        if (kind(value) != "tuple") return std::nullopt;
        return compile_time_value(value, true);
    }

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
        collect_tuple_locals(body);
        collect_grid_groups(body);
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
        // The grammar reads Python 2's `x` as a string; Python 3 has no such syntax.
        if (kind(node) == "string" && tree_.text(node).substr(0, 1) == "`") {
            error(DiagnosticKind::Syntax, node, "invalid syntax: backticks are Python 2's repr(); write repr(x)");
            return;
        }
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
        auto split = globals_.split_parameters.find(function.name);
        std::size_t position = 0;
        for (TSNode parameter : named_children(parameters)) {
            std::string_view k = kind(parameter);
            std::size_t index = position++;
            if (k == "identifier") {
                std::string name(tree_.text(parameter));
                if (substitutions_.count(name)) continue;  // a compile-time value in this copy
                if (std::any_of(function.params.begin(), function.params.end(),
                                [&](const Param &p) { return p.name == name; }))
                    error(DiagnosticKind::Name, parameter,
                          "duplicate parameter '" + name + "'");
                const ast::SplitParameter *parts =
                    split != globals_.split_parameters.end() && index < split->second.size() ? &split->second[index]
                                                                                              : nullptr;
                std::size_t items = parts ? parts->tuple_items : 0;
                if (auto passed = tuple_items_.find(name); passed != tuple_items_.end()) items = passed->second;
                params_.insert(name);
                if (parts && parts->record) {
                    // A record array: a strided array per field, used through records_.
                    for (const auto &record_field : parts->record->fields)
                        function.params.push_back({name + "." + record_field.name, Type{}, tree_.span(parameter)});
                    records_[name] = RecordView{name, &*parts->record, {}};
                    continue;
                }
                if (items == 0) {
                    function.params.push_back({name, Type{}, tree_.span(parameter)});
                    continue;
                }
                // A tuple: a parameter per item, used as a tuple local's items are.
                for (std::size_t item = 0; item < items; ++item) {
                    function.params.push_back({tuple_item_name(name, item), Type{}, tree_.span(parameter)});
                    params_.insert(tuple_item_name(name, item));
                }
                tuple_locals_[name] = items;
                if (parts && !parts->item_names.empty()) named_tuples_[name] = parts->item_names;
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
                function.refused_parameters = true;
                error(DiagnosticKind::Unsupported, parameter,
                      "'" + std::string(tree_.text(parameter)) + "' is not supported: a kernel or helper "
                      "takes a fixed number of parameters, each named once (*args parameters)");
            } else if (k == "dictionary_splat_pattern") {
                function.refused_parameters = true;
                unsupported(parameter, "**kwargs parameters");
            } else {
                function.refused_parameters = true;
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
                        // A loop's targets may nest (`for i, (a, b) in enumerate(zip(A, B))`).
                        bool loop = k == "for_statement";
                        std::vector<TSNode> elements = named_children(left);
                        while (!elements.empty()) {
                            TSNode element = elements.back();
                            elements.pop_back();
                            if (kind(element) == "identifier") {
                                add_local(element);
                            } else if (is_tuple_target(element) && loop) {
                                for (TSNode inner : named_children(element)) elements.push_back(inner);
                            } else if (is_tuple_target(element)) {
                                collect_refused_names(element);
                            }
                        }
                    }
                }
            }
            for (TSNode child : named_children_with_comments(node)) pending.push_back(child);
        }
    }

    // Locals that only ever hold a tuple of one length (`p = (i, j)`, `p = cuda.grid(2)`), and
    // are never augmented, looped over or unpacked into: each item is a variable of its own,
    // `p[0]` (a constant index reads one), and `X[p]` indexes by all of them.
    void collect_tuple_locals(TSNode body) {
        std::map<std::string, std::size_t> lengths;
        std::set<std::string> others;
        each_binding(body, [&](std::string_view k, TSNode node) {
            TSNode left = field(node, "left"), right = field(node, "right");
            std::vector<TSNode> names = kind(left) == "identifier" ? std::vector<TSNode>{left}
                                        : is_tuple_target(left) ? named_children(left)
                                                                : std::vector<TSNode>{};
            for (TSNode name_node : names) {
                std::string name(tree_.text(name_node));
                auto length = k == "assignment" && names.size() == 1 ? tuple_length(right) : std::nullopt;
                if (!length || (lengths.count(name) && lengths[name] != *length))
                    others.insert(name);
                else
                    lengths[name] = *length;
            }
        });
        for (const auto &[name, length] : lengths)
            if (!others.count(name) && locals_.count(name)) tuple_locals_[name] = length;
    }

    // Locals that only ever hold numba's grid group (`g = cuda.cg.this_grid()`): `g.sync()`
    // waits for the grid.
    void collect_grid_groups(TSNode body) {
        std::set<std::string> groups, others;
        each_binding(body, [&](std::string_view k, TSNode node) {
            TSNode left = field(node, "left");
            if (ts_node_is_null(left) || kind(left) != "identifier") return;
            std::string name(tree_.text(left));
            (k == "assignment" && is_this_grid(field(node, "right")) ? groups : others).insert(name);
        });
        for (const auto &name : groups)
            if (!others.count(name) && locals_.count(name)) grid_groups_.insert(name);
    }

    // Calls `visit(kind, node)` for each assignment, augmented assignment and for loop of the
    // body, outside nested definitions. A walk with its own stack: the tree may be far deeper
    // than the thread's stack allows.
    template <typename Visit>
    void each_binding(TSNode body, Visit &&visit) {
        std::vector<TSNode> pending{body};
        while (!pending.empty()) {
            TSNode node = pending.back();
            pending.pop_back();
            std::string_view k = kind(node);
            if (k == "function_definition" || k == "class_definition" || k == "lambda") continue;
            if (k == "assignment" || k == "augmented_assignment" || k == "for_statement") visit(k, node);
            for (TSNode child : named_children_with_comments(node)) pending.push_back(child);
        }
    }

    // Whether an expression is a call of numba's cg.this_grid() (as cuda.cg.this_grid()).
    bool is_this_grid(TSNode value) {
        if (ts_node_is_null(value) || kind(value) != "call") return false;
        auto parts = dotted(field(value, "function"));
        if (!parts || !named_children(field(value, "arguments")).empty()) return false;
        auto name = without_module(*parts);
        return name.size() == 2 && name[0] == "cg" && name[1] == "this_grid" &&
               !locals_.count(name[0]) && !params_.count(name[0]);
    }

    // The length of a tuple display or of cuda.grid(n)/gridsize(n) with a literal n of 2 or 3.
    std::optional<std::size_t> tuple_length(TSNode value) {
        if (ts_node_is_null(value)) return std::nullopt;
        while (kind(value) == "parenthesized_expression" && named_children(value).size() == 1)
            value = named_children(value)[0];
        std::string_view k = kind(value);
        if (k == "tuple" || k == "expression_list") {
            auto items = named_children(value);
            for (TSNode item : items)
                if (kind(item) == "list_splat") return std::nullopt;
            return items.empty() ? std::nullopt : std::optional<std::size_t>(items.size());
        }
        if (k != "call") return std::nullopt;
        auto parts = dotted(field(value, "function"));
        auto arguments = named_children(field(value, "arguments"));
        if (!parts || arguments.size() != 1 || kind(arguments[0]) != "integer") return std::nullopt;
        auto name = without_module(*parts);
        if (name.size() != 1 || (name[0] != "grid" && name[0] != "gridsize") || functions_.count(name[0]))
            return std::nullopt;
        std::string_view digits = tree_.text(arguments[0]);
        if (digits != "2" && digits != "3") return std::nullopt;  // grid(1) is an int
        return static_cast<std::size_t>(digits[0] - '0');
    }

    // The variable holding item `index` of the tuple local `name`.
    static std::string tuple_item_name(const std::string &name, std::size_t index) {
        return name + "[" + std::to_string(index) + "]";
    }

    // The items of the tuple local an expression names, as variables; none for another one.
    std::optional<std::vector<ExprPtr>> tuple_local_items(TSNode node) {
        while (kind(node) == "parenthesized_expression" && named_children(node).size() == 1)
            node = named_children(node)[0];
        if (kind(node) != "identifier") return std::nullopt;
        std::string name(tree_.text(node));
        auto found = tuple_locals_.find(name);
        if (found == tuple_locals_.end()) return std::nullopt;
        std::vector<ExprPtr> items;
        for (std::size_t i = 0; i < found->second; ++i)
            items.push_back(std::make_shared<Variable>(tree_.span(node), tuple_item_name(name, i)));
        return items;
    }

    // Record parameters, and the locals bound to one record of them (`r = p[i]`).
    struct RecordView {
        std::string array;  // the record parameter: its fields are the parameters `array.field`
        const ast::RecordParameter *record;
        std::vector<ExprPtr> index;  // of a local: the variables holding its record's indices
    };

    static TSNode without_parentheses(TSNode node) {
        while (kind(node) == "parenthesized_expression" && named_children(node).size() == 1)
            node = named_children(node)[0];
        return node;
    }

    // The record parameter an expression names as a whole (`p`, not `p[i]`); none otherwise.
    const RecordView *record_array_named(TSNode node) {
        node = without_parentheses(node);
        if (kind(node) != "identifier") return nullptr;
        auto found = records_.find(std::string(tree_.text(node)));
        return found != records_.end() && found->second.index.empty() && !found->second.record->single
                   ? &found->second : nullptr;
    }

    // A field array that stands for a record array where only its extents matter (`p.shape[0]`,
    // `len(p)`): one whose own dimensions do not follow the record's, where there is one.
    ExprPtr record_extents(const RecordView &view, const Span &span) {
        const ast::RecordField *chosen = &view.record->fields.front();
        for (const auto &candidate : view.record->fields)
            if (candidate.own_ndim == 0) {
                chosen = &candidate;
                break;
            }
        return std::make_shared<Variable>(span, view.array + "." + chosen->name);
    }

    // The record parameter or local an expression names one record of, from its text alone:
    // `p[i, j]` of a record array, a local bound to one, a single record.
    const RecordView *record_named(TSNode node) {
        node = without_parentheses(node);
        if (kind(node) == "subscript") return record_array_named(field(node, "value"));
        if (kind(node) != "identifier") return nullptr;
        auto found = records_.find(std::string(tree_.text(node)));
        if (found == records_.end()) return nullptr;
        return found->second.record->single || !found->second.index.empty() ? &found->second : nullptr;
    }

    struct RecordAt {
        const RecordView *view = nullptr;
        std::vector<ExprPtr> index;
    };

    // One record: `p[i, j]` of a record array, a local bound to one (`r`), or a single record
    // parameter. Its view is null for other expressions, and after an error (reported).
    RecordAt record_at(TSNode node, bool &failed) {
        node = without_parentheses(node);
        Span span = tree_.span(node);
        if (kind(node) == "identifier") {
            auto found = records_.find(std::string(tree_.text(node)));
            if (found == records_.end()) return {};
            const RecordView &view = found->second;
            if (view.record->single) return {&view, {integer_literal(span, 0)}};
            if (view.index.empty()) return {};
            RecordAt at{&view, {}};
            for (const auto &variable : view.index) at.index.push_back(clone(variable));
            return at;
        }
        if (kind(node) != "subscript") return {};
        const RecordView *view = record_array_named(field(node, "value"));
        if (!view) return {};
        auto subscripts = named_children(node);
        subscripts.erase(subscripts.begin());
        RecordAt at{view, {}};
        for (TSNode subscript : subscripts) {
            if (kind(subscript) == "slice") {
                error(DiagnosticKind::Unsupported, subscript,
                      "slices of the record array '" + view->array + "' are not supported in kernels: "
                      "index one record, as in " + view->array + "[i].field");
                failed = true;
                return {};
            }
            if (auto items = tuple_local_items(subscript)) {
                for (auto &item : *items) at.index.push_back(item);
                continue;
            }
            auto index = lower_expr(subscript);
            if (!index) {
                failed = true;
                return {};
            }
            at.index.push_back(index);
        }
        if (at.index.size() != view->record->ndim) {
            error(DiagnosticKind::Type, node,
                  "the record array '" + view->array + "' has " + std::to_string(view->record->ndim) +
                      " dimension" + (view->record->ndim == 1 ? "" : "s") + ": a record is " + view->array + "[" +
                      (view->record->ndim == 1 ? "i" : "i, j") + "], with an index per dimension");
            failed = true;
            return {};
        }
        return at;
    }

    // The field `name` of the record `object` denotes, as a field array and the indices of the
    // record in it; none for what is no record (`handled` false) or after an error.
    std::optional<std::pair<const ast::RecordField *, RecordAt>> record_field(TSNode object, const std::string &name,
                                                                              TSNode where, bool &handled) {
        bool failed = false;
        RecordAt at = record_at(object, failed);
        handled = failed || at.view;
        if (!at.view) return std::nullopt;
        for (const auto &candidate : at.view->record->fields)
            if (candidate.name == ast::normalize_identifier(name)) return std::make_pair(&candidate, std::move(at));
        std::string names;
        for (const auto &candidate : at.view->record->fields) names += (names.empty() ? "" : ", ") + candidate.name;
        error(DiagnosticKind::Name, where, "the record has no field '" + name + "'; its fields: " + names);
        return std::nullopt;
    }

    // `r.x` or `r['x']` of a record `r`: an element of the field's array, indexed further by
    // `more` for a field that is an array (`r.v[k]`). Null with `handled` false for others.
    ExprPtr lower_record_field(TSNode node, TSNode object, const std::string &name, std::vector<ExprPtr> more,
                               bool &handled) {
        auto found = record_field(object, name, node, handled);
        if (!found) return nullptr;
        auto &[record_field_info, at] = *found;
        if (record_field_info->own_ndim != more.size()) {
            std::string example = "v[k";
            for (std::size_t d = 1; d < record_field_info->own_ndim; ++d) example += ", k" + std::to_string(d);
            error(DiagnosticKind::Unsupported, node,
                  more.empty() ? "the field '" + name + "' is an array of " + std::to_string(record_field_info->own_ndim) +
                                     " dimension" + (record_field_info->own_ndim == 1 ? "" : "s") +
                                     ": index it, as in r." + example + "]"
                               : "the field '" + name + "' is indexed with " + std::to_string(more.size()) +
                                     " indices but has " + std::to_string(record_field_info->own_ndim) + " dimension" +
                                     (record_field_info->own_ndim == 1 ? "" : "s"));
            return nullptr;
        }
        auto indices = std::move(at.index);
        for (auto &index : more) indices.push_back(std::move(index));
        Span span = tree_.span(node);
        auto array = std::make_shared<Variable>(tree_.span(object), at.view->array + "." + record_field_info->name);
        if (!is_complex(record_field_info->scalar)) return std::make_shared<Index>(span, array, std::move(indices));
        // A complex field's parts: complex(re, im) of the field's own type.
        auto [real, imaginary] = complex_parts(span, array, indices);
        auto resolved = resolve_intrinsic("complex", IntrinsicModule::Builtin);
        return std::make_shared<Cast>(span, Type::of(record_field_info->scalar),
                                      std::make_shared<Intrinsic>(span, *resolved, std::vector<ExprPtr>{real, imaginary}),
                                      false);
    }

    static bool is_complex(Scalar scalar) { return scalar == Scalar::Complex64 || scalar == Scalar::Complex128; }

    // The elements holding the real and the imaginary part of a complex field's element.
    std::pair<ExprPtr, ExprPtr> complex_parts(const Span &span, const ExprPtr &array, const std::vector<ExprPtr> &indices) {
        std::vector<ExprPtr> real_at, imaginary_at;
        for (const auto &index : indices) {
            real_at.push_back(clone(index));
            imaginary_at.push_back(clone(index));
        }
        real_at.push_back(integer_literal(span, 0));
        imaginary_at.push_back(integer_literal(span, 1));
        return {std::make_shared<Index>(span, clone(array), std::move(real_at)),
                std::make_shared<Index>(span, clone(array), std::move(imaginary_at))};
    }

    // A store target that is a complex field of a record (`r.z`, `p[i]['z']`, `r.zs[k]`): the
    // field's element, read as a complex number (null after an error); none for other targets.
    std::optional<ExprPtr> complex_field_target(TSNode target) {
        auto access = field_named(target);
        if (!access && kind(target) == "subscript") access = field_named(field(target, "value"));  // r.zs[k]
        const RecordView *view = access ? record_named(access->object) : nullptr;
        if (!view) return std::nullopt;
        for (const auto &candidate : view->record->fields)
            if (candidate.name == ast::normalize_identifier(access->name) && is_complex(candidate.scalar))
                return lower_expr(target);
        return std::nullopt;
    }

    // `o.f` or `o['f']`, by its text: the object and the name, which may be a record's field.
    struct FieldNamed {
        TSNode object;
        std::string name;
    };

    std::optional<FieldNamed> field_named(TSNode node) {
        if (kind(node) == "attribute")
            return FieldNamed{field(node, "object"), std::string(tree_.text(field(node, "attribute")))};
        if (kind(node) == "subscript" && named_children(node).size() == 2)
            if (auto name = field_string(named_children(node)[1])) return FieldNamed{field(node, "value"), *name};
        return std::nullopt;
    }

    // The indices of a complex field's element (`element`, as complex_field_target gives it)
    // held in temporaries, so that its reads and stores evaluate them once.
    void hold_indices(const ExprPtr &element, Block &out) {
        const auto &parts = static_cast<const Intrinsic &>(*static_cast<const Cast &>(*element).operand);
        auto &real_at = static_cast<Index &>(*parts.args[0]).indices;
        auto &imaginary_at = static_cast<Index &>(*parts.args[1]).indices;
        for (std::size_t d = 0; d + 1 < real_at.size(); ++d) {
            if (real_at[d]->kind == ExprKind::Variable || real_at[d]->kind == ExprKind::IntLiteral) continue;
            ExprPtr held = temporary(element->span);
            out.push_back(std::make_shared<Assign>(element->span, held, real_at[d]));
            real_at[d] = clone(held);
            imaginary_at[d] = clone(held);
        }
    }

    // `r.z = value` and `r.z op= value` of a complex field: the value, of the field's type,
    // stored part by part; the value first, then the indices, as Python evaluates them.
    void store_complex_field(TSNode node, const ExprPtr &element, ExprPtr value, Block &out) {
        Span span = tree_.span(node);
        const auto &made = static_cast<const Cast &>(*element);
        ExprPtr held = temporary(span);
        out.push_back(std::make_shared<Assign>(span, held, std::make_shared<Cast>(span, made.type, value, false)));
        hold_indices(element, out);
        const auto &parts = static_cast<const Intrinsic &>(*made.operand);
        auto part = [&](const char *member) {
            auto resolved = resolve_intrinsic(member, IntrinsicModule::Member);
            return std::make_shared<Intrinsic>(span, *resolved, std::vector<ExprPtr>{clone(held)});
        };
        out.push_back(std::make_shared<Assign>(span, clone(parts.args[0]), part("real")));
        out.push_back(std::make_shared<Assign>(span, clone(parts.args[1]), part("imag")));
    }

    // `y[i] = x[j]`: a record stored into another of the same fields, field by field, element
    // by element of a field that is an array. The value's indices are evaluated first, each once.
    bool lower_record_copy(TSNode node, Block &out) {
        TSNode left = field(node, "left"), right = field(node, "right");
        if (kind(left) != "subscript" || ts_node_is_null(right) || kind(right) == "assignment" ||
            !record_array_named(field(left, "value")))
            return false;
        bool failed = false;
        RecordAt source = record_at(right, failed);
        if (failed) return true;
        if (!source.view) {
            error(DiagnosticKind::Type, node,
                  "a record of '" + record_array_named(field(left, "value"))->array + "' is assigned a record (" +
                      std::string(tree_.text(left)) + " = x[j]) or its fields one by one (" +
                      std::string(tree_.text(left)) + ".field = value)");
            return true;
        }
        Span span = tree_.span(node);
        auto hold = [&](std::vector<ExprPtr> &indices) {
            for (auto &index : indices) {
                if (index->kind == ExprKind::Variable || index->kind == ExprKind::IntLiteral) continue;
                ExprPtr held = temporary(span);
                out.push_back(std::make_shared<Assign>(span, held, index));
                index = clone(held);
            }
        };
        hold(source.index);
        RecordAt target = record_at(left, failed);
        if (failed) return true;
        hold(target.index);
        const auto &to = target.view->record->fields;
        const auto &from = source.view->record->fields;
        auto same = [](const ast::RecordField &a, const ast::RecordField &b) {
            return a.name == b.name && a.scalar == b.scalar && a.extents == b.extents;
        };
        bool matching = to.size() == from.size() && std::all_of(to.begin(), to.end(), [&](const ast::RecordField &f) {
            return std::any_of(from.begin(), from.end(), [&](const ast::RecordField &g) { return same(f, g); });
        });
        if (!matching) {
            error(DiagnosticKind::Type, node,
                  "the records of '" + target.view->array + "' and '" + source.view->array +
                      "' differ in their fields; a record is assigned one of the same fields");
            return true;
        }
        constexpr long long most_elements = 1024;  // of a field that is an array, copied one by one
        for (const auto &record_field : to) {
            long long elements = 1;
            for (long long extent : record_field.extents) elements *= extent;
            if (elements > most_elements) {
                error(DiagnosticKind::Unsupported, node,
                      "the field '" + record_field.name + "' holds " + std::to_string(elements) +
                          " elements, more than a record assignment copies (" + std::to_string(most_elements) +
                          "); copy it with a loop");
                return true;
            }
            int parts = is_complex(record_field.scalar) ? 2 : 1;
            for (long long element = 0; element < elements; ++element) {
                std::vector<ExprPtr> own;
                long long rest = element;
                for (auto extent = record_field.extents.rbegin(); extent != record_field.extents.rend(); ++extent) {
                    own.insert(own.begin(), integer_literal(span, rest % *extent));
                    rest /= *extent;
                }
                for (int part = 0; part < parts; ++part) {
                    auto indices_of = [&](const RecordAt &at) {
                        std::vector<ExprPtr> indices;
                        for (const auto &index : at.index) indices.push_back(clone(index));
                        for (const auto &index : own) indices.push_back(clone(index));
                        if (parts == 2) indices.push_back(integer_literal(span, part));
                        return std::make_shared<Index>(span, std::make_shared<Variable>(span, at.view->array + "." + record_field.name),
                                                       std::move(indices));
                    };
                    out.push_back(std::make_shared<Assign>(span, indices_of(target), indices_of(source)));
                }
            }
        }
        return true;
    }

    // The field a subscript's string names: `'x'` of `r['x']`.
    std::optional<std::string> field_string(TSNode subscript) {
        if (kind(subscript) != "string") return std::nullopt;
        std::string text(tree_.text(subscript));
        if (text.size() < 2 || (text.front() != '"' && text.front() != '\'') || text.back() != text.front())
            return std::nullopt;
        return text.substr(1, text.size() - 2);
    }

    // `r = p[i]` (or `r = s`, another record): `r` names that record from now on; its indices
    // are evaluated here, once, as NumPy's record view would be taken here.
    bool lower_record_binding(TSNode node, Block &out) {
        TSNode left = field(node, "left");
        TSNode right = field(node, "right");
        if (kind(left) != "identifier" || ts_node_is_null(right)) return false;
        bool failed = false;
        RecordAt at = record_at(right, failed);
        if (failed) return true;
        std::string name(tree_.text(left));
        auto existing = records_.find(name);
        if (!at.view) {
            if (existing == records_.end()) return false;
            error(DiagnosticKind::Type, node,
                  "'" + name + "' names a record; it can only be bound to another record of the same "
                  "record array");
            return true;
        }
        Span span = tree_.span(node);
        if (existing != records_.end() && (existing->second.index.empty() || existing->second.array != at.view->array)) {
            error(DiagnosticKind::Type, node,
                  existing->second.index.empty()
                      ? "the record parameter '" + name + "' cannot be assigned"
                      : "'" + name + "' names a record of '" + existing->second.array + "'; it cannot name one of '" +
                            at.view->array + "' too");
            return true;
        }
        if (existing == records_.end()) {
            RecordView bound{at.view->array, at.view->record, {}};
            for (std::size_t d = 0; d < at.index.size(); ++d) bound.index.push_back(temporary(span));
            existing = records_.emplace(name, std::move(bound)).first;
        }
        // Every index is evaluated before any is stored: `r = p[r_index]` may read the old ones.
        std::vector<ExprPtr> held;
        for (auto &index : at.index) {
            ExprPtr value = temporary(span);
            out.push_back(std::make_shared<Assign>(span, value, index));
            held.push_back(value);
        }
        for (std::size_t d = 0; d < held.size(); ++d)
            out.push_back(std::make_shared<Assign>(span, clone(existing->second.index[d]), clone(held[d])));
        return true;
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
        auto statements = named_children(block);
        if (statements.empty() && !function_body) missing_block(block);
        for (TSNode statement : statements) {
            // A docstring is documentation, not code.
            bool docstring = function_body && first && kind(statement) == "expression_statement" &&
                             ts_node_named_child_count(statement) == 1 &&
                             kind(ts_node_named_child(statement, 0)) == "string";
            first = false;
            if (!docstring) lower_statement(statement, result);
        }
        return result;
    }

    // A compound statement whose body is missing: tree-sitter takes the unindented line after
    // it as the next statement, where Python stops with an IndentationError.
    void missing_block(TSNode block) {
        // (An empty block's parent, as tree-sitter finds it, may be a token of the header.)
        TSNode header = ts_node_parent(block);
        while (!ts_node_is_null(header) && !ts_node_is_named(header)) header = ts_node_parent(header);
        if (ts_node_is_null(header)) return;
        static const std::map<std::string_view, std::string_view> statements{
            {"for_statement", "'for' statement"},   {"while_statement", "'while' statement"},
            {"if_statement", "'if' statement"},     {"elif_clause", "'elif' statement"},
            {"else_clause", "'else' statement"},    {"with_statement", "'with' statement"},
            {"try_statement", "'try' statement"},   {"except_clause", "'except' statement"},
            {"finally_clause", "'finally' statement"}};
        auto found = statements.find(kind(header));
        std::string what = found != statements.end() ? std::string(found->second) : "'" + std::string(kind(header)) + "'";
        error(DiagnosticKind::Syntax, header,
              "expected an indented block after " + what + " on line " + std::to_string(tree_.span(header).line));
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
            auto broke = loop_else_flag(node, out);
            auto condition = lower_expr(field(node, "condition"));
            auto body = lower_loop_body(field(node, "body"), broke);
            if (condition) out.push_back(std::make_shared<While>(span, condition, std::move(body)));
            lower_loop_else(node, broke, out);
        } else if (k == "for_statement") {
            auto broke = loop_else_flag(node, out);
            lower_for(node, broke, out);
            lower_loop_else(node, broke, out);
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
        } else if (k == "assert_statement") {
            lower_assert(node, out);
        } else if (k == "pass_statement") {
        } else if (k == "break_statement" || k == "continue_statement") {
            bool is_break = k == "break_statement";
            if (loop_depth_ == 0) {
                error(DiagnosticKind::Syntax, node,
                      std::string("'") + (is_break ? "break" : "continue") + "' outside loop");
                return;
            }
            if (is_break) {
                if (const ExprPtr &broke = break_flags_.back())  // the loop has an else clause
                    out.push_back(std::make_shared<Assign>(span, clone(broke), std::make_shared<BoolLiteral>(span, true)));
                out.push_back(std::make_shared<Break>(span));
            } else
                out.push_back(std::make_shared<Continue>(span));
        } else {
            refuse(node);
        }
    }

    // `assert condition[, "message"]`; without a message the failure shows the condition.
    void lower_assert(TSNode node, Block &out) {
        auto children = named_children(node);
        if (children.empty()) return;
        auto condition = lower_expr(children[0]);
        std::string message(tree_.text(children[0]));
        if (children.size() > 1) {
            auto text = string_value(children[1]);
            if (!text) {
                error(DiagnosticKind::Unsupported, children[1],
                      "the message of an assert in a kernel must be a string literal");
                return;
            }
            message = *text;
        }
        if (condition) out.push_back(std::make_shared<Assert>(tree_.span(node), condition, message));
    }

    // The text of a plain string literal ('...', "...", r'...', triple-quoted); none for
    // f-strings, byte strings and concatenations.
    std::optional<std::string> string_value(TSNode node) {
        if (kind(node) != "string") return std::nullopt;
        for (TSNode child : named_children(node))
            if (kind(child) == "interpolation") return std::nullopt;
        std::string_view text = tree_.text(node);
        bool raw = false;
        while (!text.empty() && text.front() != '\'' && text.front() != '"') {
            char prefix = static_cast<char>(std::tolower(static_cast<unsigned char>(text.front())));
            if (prefix != 'r' && prefix != 'u') return std::nullopt;
            raw = raw || prefix == 'r';
            text.remove_prefix(1);
        }
        if (text.empty()) return std::nullopt;
        std::size_t quotes = text.size() >= 6 && text.substr(0, 3) == std::string(3, text.front()) ? 3 : 1;
        if (text.size() < 2 * quotes) return std::nullopt;
        text = text.substr(quotes, text.size() - 2 * quotes);
        if (raw) return std::string(text);
        return unescaped(text, node);
    }

    // A string literal's text with Python's escapes replaced; an error (and none) for the
    // escapes Python refuses.
    std::optional<std::string> unescaped(std::string_view text, TSNode node) {
        std::string value;
        auto invalid = [&](const std::string &message) {
            error(DiagnosticKind::Syntax, node, message);
            return std::nullopt;
        };
        auto hex_digits = [&](std::size_t at, std::size_t count) -> std::optional<char32_t> {
            if (at + count > text.size()) return std::nullopt;
            char32_t code = 0;
            for (std::size_t k = 0; k < count; ++k) {
                char c = text[at + k];
                if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
                code = code * 16 + static_cast<char32_t>(std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10);
            }
            return code;
        };
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] != '\\' || i + 1 == text.size()) {
                value += text[i];
                continue;
            }
            char escaped = text[++i];
            switch (escaped) {
            case 'a': value += '\a'; break;
            case 'b': value += '\b'; break;
            case 'f': value += '\f'; break;
            case 'n': value += '\n'; break;
            case 'r': value += '\r'; break;
            case 't': value += '\t'; break;
            case 'v': value += '\v'; break;
            case '\\': value += '\\'; break;
            case '\'': value += '\''; break;
            case '"': value += '"'; break;
            case '\n': break;  // a line continuation
            case 'x':
            case 'u':
            case 'U': {
                std::size_t count = escaped == 'x' ? 2 : escaped == 'u' ? 4 : 8;
                auto code = hex_digits(i + 1, count);
                if (!code) return invalid(std::string("truncated \\") + escaped + std::string(count, 'X') + " escape");
                if (*code > 0x10FFFF) return invalid("illegal Unicode character in a \\U escape");
                append_utf8(value, *code);
                i += count;
                break;
            }
            case 'N': {
                std::size_t close = text.find('}', i + 1);
                if (i + 1 >= text.size() || text[i + 1] != '{' || close == std::string_view::npos)
                    return invalid("malformed \\N character escape");
                std::string name(text.substr(i + 2, close - i - 2));
                auto code = unicode_character(name);
                if (!code) return invalid("unknown Unicode character name '" + printable(name) + "'");
                append_utf8(value, *code);
                i = close;
                break;
            }
            default:
                if (escaped >= '0' && escaped <= '7') {
                    char32_t code = 0;
                    std::size_t k = i;
                    for (; k < text.size() && k < i + 3 && text[k] >= '0' && text[k] <= '7'; ++k)
                        code = code * 8 + static_cast<char32_t>(text[k] - '0');
                    append_utf8(value, code);
                    i = k - 1;
                    break;
                }
                // Python keeps an unknown escape as it is (and warns).
                value += '\\';
                value += escaped;
            }
        }
        return value;
    }

    void complex_field_alone(TSNode node) {
        error(DiagnosticKind::Unsupported, node,
              "a complex field of a record is assigned in a statement of its own, as in " +
                  std::string(tree_.text(node)) + " = value");
    }

    ExprPtr lower_target(TSNode node) {
        std::string_view k = kind(node);
        if (k == "identifier") {
            std::string name(tree_.text(node));
            return std::make_shared<Variable>(tree_.span(node), name);
        }
        if (k == "subscript") {
            auto target = lower_subscript(node);
            if (target && target->kind == ExprKind::Cast) {
                complex_field_alone(node);
                return nullptr;
            }
            if (target && target->kind != ExprKind::Index) {
                error(DiagnosticKind::Unsupported, node,
                      target->kind == ExprKind::Slice ? "assignment to a slice is not supported in kernels"
                                                      : "assignment to an array's shape is not supported");
                return nullptr;
            }
            if (target) {
                const auto &array = *static_cast<const Index &>(*target).array;
                if (array.kind == ExprKind::Variable &&
                    constant_locals_.count(static_cast<const ast::Variable &>(array).name)) {
                    error(DiagnosticKind::Type, node,
                          "the constant array '" + static_cast<const ast::Variable &>(array).name +
                              "' cannot be written");
                    return nullptr;
                }
            }
            return target;
        }
        if (k == "attribute") {
            bool handled = false;
            auto target = lower_record_field(node, field(node, "object"), std::string(tree_.text(field(node, "attribute"))),
                                             {}, handled);
            if (!handled)
                error(DiagnosticKind::Unsupported, node, "assignment to an attribute is not supported in kernels");
            if (target && target->kind == ExprKind::Cast) {
                complex_field_alone(node);
                return nullptr;
            }
            return target;
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
    // `p = (a, b)` or `p = cuda.grid(2)` for a tuple local: its items, each assigned once every
    // value is known (`p = (p[1], p[0])` swaps).
    void lower_tuple_local_assignment(TSNode node, const std::string &name, TSNode right, Block &out) {
        while (kind(right) == "parenthesized_expression" && named_children(right).size() == 1)
            right = named_children(right)[0];
        std::size_t count = tuple_locals_.at(name);
        std::vector<ExprPtr> values;
        if (auto given = tuple_value(right, count)) {
            if (given->empty()) return;  // reported
            values = std::move(*given);
        } else {
            for (TSNode item : named_children(right)) values.push_back(lower_expr(item));
        }
        if (std::any_of(values.begin(), values.end(), [](const auto &v) { return !v; })) return;
        std::vector<ExprPtr> targets;
        for (std::size_t i = 0; i < count; ++i)
            targets.push_back(std::make_shared<Variable>(tree_.span(field(node, "left")), tuple_item_name(name, i)));
        assign_together(tree_.span(node), targets, values, out);
    }

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
        if (std::optional<std::vector<ExprPtr>> results = tuple_result(right, targets.size(), out)) {
            if (results->empty()) return;  // reported
            if (std::any_of(targets.begin(), targets.end(), [](const auto &t) { return !t; })) return;
            assign_together(tree_.span(node), targets, std::move(*results), out);
            return;
        }
        if (auto unpacked = tuple_value(right, targets.size())) {
            if (unpacked->empty()) return;  // reported
            if (std::any_of(targets.begin(), targets.end(), [](const auto &t) { return !t; })) return;
            for (std::size_t i = 0; i < targets.size(); ++i)
                out.push_back(std::make_shared<Assign>(tree_.span(node), targets[i], (*unpacked)[i]));
            return;
        }
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
        assign_together(tree_.span(node), targets, values, out);
    }

    // The values of a call that returns a tuple, unpacked (`frac, whole = math.modf(x)`): its
    // arguments held first, so that each is evaluated once; none for other values, and an empty
    // list where an error was reported.
    std::optional<std::vector<ExprPtr>> tuple_result(TSNode node, std::size_t count, Block &out) {
        if (kind(node) != "call") return std::nullopt;
        if (auto pair = match_all_result(node, count, out)) return pair;
        if (auto pair = libdevice_pair(node, count, out)) return pair;
        auto parts = dotted(field(node, "function"));
        if (!parts || parts->size() != 2 || (*parts)[0] != "math" || (*parts)[1] != "modf" ||
            !names_module(field(field(node, "function"), "object")))
            return std::nullopt;
        auto arguments = lower_arguments(field(node, "arguments"));
        if (!arguments) return std::vector<ExprPtr>{};
        if (arguments->size() != 1 || count != 2) {
            error(DiagnosticKind::Type, node,
                  arguments->size() != 1 ? "modf() takes 1 argument, " + std::to_string(arguments->size()) + " given"
                                         : "math.modf() gives 2 values, not " + std::to_string(count));
            return std::vector<ExprPtr>{};
        }
        return modf_parts(node, (*arguments)[0], Scalar::Float64, out);
    }

    // modf of `value` in `precision`, as Python's: the fraction fmod(x, 1) (±0.0 for ±inf), the
    // whole part the rest (exact: an integer no larger than x), both with x's sign.
    std::vector<ExprPtr> modf_parts(TSNode node, ExprPtr value, Scalar precision, Block &out) {
        Span span = tree_.span(node);
        auto typed = [&](ExprPtr e) { return std::make_shared<Cast>(span, Type::of(precision), std::move(e), false); };
        auto x = held(node, typed(std::move(value)), out);
        auto math = [&](const char *name, std::vector<ExprPtr> args) -> ExprPtr {
            return std::make_shared<Intrinsic>(span, *resolve_intrinsic(name, IntrinsicModule::Math), std::move(args));
        };
        auto fraction = held(
            node,
            std::make_shared<Conditional>(span, math("isinf", {use(x)}),
                                          math("copysign", {typed(std::make_shared<FloatLiteral>(span, 0.0)), use(x)}),
                                          math("fmod", {use(x), typed(std::make_shared<FloatLiteral>(span, 1.0))})),
            out);
        ExprPtr whole =
            math("copysign", {std::make_shared<Binary>(span, BinaryOp::Sub, use(x), use(fraction)), use(x)});
        return std::vector<ExprPtr>{use(fraction), whole};
    }

    // numba's libdevice functions of two values, unpacked (`s, c = libdevice.sincos(x)`): the
    // sine and the cosine (of pi times x for sincospi), modf's fraction and whole part, or
    // frexp's mantissa and int32 exponent, in float64, or in float32 for the f forms.
    std::optional<std::vector<ExprPtr>> libdevice_pair(TSNode node, std::size_t count, Block &out) {
        TSNode function = field(node, "function");
        auto parts = dotted(function);
        if (!parts) return std::nullopt;
        auto name = without_module(*parts);
        if (name.size() != 2 || name[0] != "libdevice" || locals_.count(name[0]) || params_.count(name[0]))
            return std::nullopt;
        const ast::LibdeviceFunction *row = ast::find_libdevice(name[1]);
        if (!row || row->pair == ast::LibdevicePair::None) return std::nullopt;
        Span span = tree_.span(node);
        auto arguments = lower_arguments(field(node, "arguments"));
        if (!arguments) return std::vector<ExprPtr>{};
        if (!expect_arity("libdevice." + name[1], 1, 1, arguments->size(), node)) return std::vector<ExprPtr>{};
        if (count != 2) {
            error(DiagnosticKind::Type, node, "libdevice." + name[1] + "() gives 2 values, not " + std::to_string(count));
            return std::vector<ExprPtr>{};
        }
        Scalar precision = row->single ? Scalar::Float32 : Scalar::Float64;
        if (row->pair == ast::LibdevicePair::Modf) return modf_parts(node, (*arguments)[0], precision, out);
        auto x = held(node, std::make_shared<Cast>(span, Type::of(precision), (*arguments)[0], false), out);
        auto math = [&](const std::string &function, std::vector<ExprPtr> args) -> ExprPtr {
            return std::make_shared<Intrinsic>(span, *resolve_intrinsic(function, IntrinsicModule::Math),
                                               std::move(args));
        };
        if (row->pair == ast::LibdevicePair::Frexp) {
            // x = mantissa * 2**exponent, the mantissa's magnitude in [0.5, 1); zeros, infinities
            // and NaN are their own mantissa, with exponent 0 (as C's and NumPy's frexp).
            auto scaled = held(node,
                               std::make_shared<Logical>(
                                   span, LogicalOp::And, math("isfinite", {use(x)}),
                                   std::make_shared<Compare>(span, CompareOp::NotEqual, use(x),
                                                             std::make_shared<IntLiteral>(span, 0))),
                               out);
            auto exponent = held(
                node,
                std::make_shared<Conditional>(
                    span, use(scaled),
                    std::make_shared<Binary>(span, BinaryOp::Add, math("ilogb", {use(x)}),
                                             std::make_shared<IntLiteral>(span, 1)),
                    std::make_shared<Cast>(span, Type::of(Scalar::Int32), std::make_shared<IntLiteral>(span, 0), false)),
                out);
            ExprPtr mantissa = std::make_shared<Conditional>(
                span, use(scaled),
                math("ldexp", {use(x), std::make_shared<Unary>(span, UnaryOp::Negate, use(exponent))}), use(x));
            return std::vector<ExprPtr>{mantissa, use(exponent)};
        }
        std::string cosine = "cos" + row->math.substr(std::string_view("sin").size());
        return std::vector<ExprPtr>{math(row->math, {use(x)}), math(cosine, {use(x)})};
    }

    // `lanes, same = cuda.match_all_sync(mask, value)`: the lanes of mask when all their values
    // are equal (else 0), and whether they are.
    std::optional<std::vector<ExprPtr>> match_all_result(TSNode node, std::size_t count, Block &out) {
        TSNode function = field(node, "function");
        auto parts = dotted(function);
        if (!parts) return std::nullopt;
        auto name = without_module(*parts);
        if (name.size() != 1 || name[0] != "match_all_sync") return std::nullopt;
        if (parts->size() == 1 ? functions_.count(name[0]) || params_.count(name[0]) || locals_.count(name[0])
                               : name.size() == parts->size() || !names_module(field(function, "object")))
            return std::nullopt;
        Span span = tree_.span(node);
        auto arguments = lower_arguments(field(node, "arguments"));
        if (!arguments) return std::vector<ExprPtr>{};
        const BuiltinInfo &info = *builtin_info(BuiltinKind::MatchAllSync);
        if (!builtin_arity(info, arguments->size(), node)) return std::vector<ExprPtr>{};
        if (count != 2) {
            error(DiagnosticKind::Type, node, "match_all_sync() gives 2 values, not " + std::to_string(count));
            return std::vector<ExprPtr>{};
        }
        auto lanes = held(node, std::make_shared<Builtin>(span, BuiltinKind::MatchAllSync, std::move(*arguments)), out);
        return std::vector<ExprPtr>{
            use(lanes), std::make_shared<Compare>(span, CompareOp::NotEqual, use(lanes), std::make_shared<IntLiteral>(span, 0))};
    }

    // Assigns each value to its target after all are evaluated, as Python's a, b = b, a does.
    void assign_together(const Span &span, const std::vector<ExprPtr> &targets, std::vector<ExprPtr> values,
                         Block &out) {
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

    // The values of an expression that gives a tuple: `cuda.grid(n)`, `cuda.gridsize(n)` and
    // `X.shape`, unpacked into `count` targets; none for any other expression, and an empty
    // list after an error.
    std::optional<std::vector<ExprPtr>> tuple_value(TSNode node, std::size_t count) {
        Span span = tree_.span(node);
        if (auto items = tuple_local_items(node)) {
            if (items->size() == count) return items;
            error(DiagnosticKind::Type, node,
                  "the tuple '" + std::string(tree_.text(node)) + "' holds " + std::to_string(items->size()) +
                      " values, not " + std::to_string(count));
            return std::vector<ExprPtr>{};
        }
        if (kind(node) == "attribute" && tree_.text(field(node, "attribute")) == "shape" &&
            !names_module(field(node, "object"))) {
            const RecordView *records = record_array_named(field(node, "object"));
            if (records && count != records->record->ndim) {
                error(DiagnosticKind::Type, node,
                      "the record array '" + records->array + "' has " + std::to_string(records->record->ndim) +
                          " dimensions, not " + std::to_string(count));
                return std::vector<ExprPtr>{};
            }
            auto array = records ? record_extents(*records, span) : lower_expr(field(node, "object"));
            if (!array) return std::vector<ExprPtr>{};
            std::vector<ExprPtr> values;
            for (std::size_t d = 0; d < count; ++d)
                values.push_back(std::make_shared<ArrayInfo>(span, ArrayInfoKind::Shape, static_cast<int>(d),
                                                             d ? clone(array) : array));
            return values;
        }
        if (kind(node) != "call") return std::nullopt;
        auto parts = dotted(field(node, "function"));
        if (!parts) return std::nullopt;
        auto name = without_module(*parts);
        if (name.size() != 1 || (name[0] != "grid" && name[0] != "gridsize") || functions_.count(name[0]))
            return std::nullopt;
        auto n = grid_dimensions(node, name[0]);
        if (!n) return std::vector<ExprPtr>{};
        if (static_cast<std::size_t>(*n) != count) {
            error(DiagnosticKind::Type, node,
                  name[0] + "(" + std::to_string(*n) + ") gives " + std::to_string(*n) + " value" +
                      (*n == 1 ? "" : "s") + ", not " + std::to_string(count));
            return std::vector<ExprPtr>{};
        }
        static constexpr ThreadIndexKind grid[] = {ThreadIndexKind::Idx, ThreadIndexKind::Idy, ThreadIndexKind::Idz};
        static constexpr ThreadIndexKind size[] = {ThreadIndexKind::GridSizeX, ThreadIndexKind::GridSizeY,
                                                   ThreadIndexKind::GridSizeZ};
        std::vector<ExprPtr> values;
        for (std::size_t d = 0; d < count; ++d)
            values.push_back(std::make_shared<ThreadIndex>(span, name[0] == "grid" ? grid[d] : size[d]));
        return values;
    }

    // The n of grid(n) or gridsize(n): a constant 1, 2 or 3.
    std::optional<int> grid_dimensions(TSNode call, const std::string &name) {
        auto arguments = named_children(field(call, "arguments"));
        std::optional<long long> n;
        if (arguments.size() == 1)
            if (auto value = lower_expr(arguments[0])) n = fold_integer(*value);
        if (!n || *n < 1 || *n > 3) {
            error(DiagnosticKind::Type, call, name + "() takes one constant argument: 1, 2 or 3");
            return std::nullopt;
        }
        return static_cast<int>(*n);
    }

    // The identifiers of a dotted name (`cuda.threadIdx.x`), or none for other expressions.
    std::optional<std::vector<std::string>> dotted(TSNode node) {
        std::vector<std::string> parts;
        while (kind(node) == "attribute") {
            parts.emplace_back(tree_.text(field(node, "attribute")));
            node = field(node, "object");
        }
        if (kind(node) != "identifier") return std::nullopt;
        parts.emplace_back(tree_.text(node));
        std::reverse(parts.begin(), parts.end());
        return parts;
    }

    // Whether an expression names a module rather than a value (an array).
    bool names_module(TSNode node) {
        auto parts = dotted(node);
        if (!parts) return false;
        const std::string &first = parts->front();
        if (params_.count(first) || locals_.count(first)) return false;
        static const std::set<std::string> modules{"cuda", "numba", "cp", "cudapy", "np", "numpy", "math", "cmath"};
        return modules.count(first) > 0;
    }

    void lower_assignment(TSNode node, Block &out) {
        if (lower_record_allocation(node, out) || lower_record_binding(node, out) || lower_record_copy(node, out))
            return;
        if (TSNode right = field(node, "right"); !ts_node_is_null(right) && kind(right) != "assignment")
            if (auto element = complex_field_target(field(node, "left"))) {
                auto value = lower_expr(right);
                if (*element && value) store_complex_field(node, *element, value, out);
                return;
            }
        if (TSNode left = field(node, "left"); kind(left) == "identifier" &&
                                               tuple_locals_.count(std::string(tree_.text(left))))
            return lower_tuple_local_assignment(node, std::string(tree_.text(left)), field(node, "right"), out);
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
        if (value->kind == ExprKind::ArrayAlloc &&
            static_cast<const ArrayAlloc &>(*value).space == MemorySpace::Constant)
            for (const auto &target : targets)
                if (target->kind == ExprKind::Variable)
                    constant_locals_.insert(static_cast<const ast::Variable &>(*target).name);
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
        if (auto element = complex_field_target(field(node, "left"))) {
            if (*element) hold_indices(*element, out);
            auto value = lower_expr(field(node, "right"));
            if (!op || !*element || !value) return;
            if (auto combined = binary(tree_.span(node), *op, clone(*element), value, field(node, "right")))
                store_complex_field(node, *element, combined, out);
            return;
        }
        auto target = lower_target(field(node, "left"));
        auto value = lower_expr(field(node, "right"));
        if (!op || !target || !value) return;
        Span span = tree_.span(node);
        // X[f()] += v evaluates f() once.
        if (target->kind == ExprKind::Index) {
            for (auto &index : static_cast<Index &>(*target).indices) {
                if (!contains_call(*index)) continue;
                ExprPtr held = temporary(index->span);
                out.push_back(std::make_shared<Assign>(span, held, index));
                index = clone(held);
            }
        }
        auto combined = binary(span, *op, clone(target), value, field(node, "right"));
        if (!combined) return;
        out.push_back(std::make_shared<Assign>(span, target, combined));
    }

    // The truth of a condition that is a compile-time parameter of this copy of a helper
    // (`if neg_idx:` in the copy made for neg_idx=False), or `not` of one; none otherwise.
    std::optional<bool> compile_time_truth(TSNode condition) {
        while (kind(condition) == "parenthesized_expression" && named_children(condition).size() == 1)
            condition = named_children(condition)[0];
        if (kind(condition) == "not_operator")
            if (auto operand = compile_time_truth(field(condition, "argument"))) return !*operand;
        if (kind(condition) != "identifier") return std::nullopt;
        auto value = substitutions_.find(std::string(tree_.text(condition)));
        if (value == substitutions_.end() || (value->second.kind != CompileTimeValue::Kind::Boolean &&
                                              value->second.kind != CompileTimeValue::Kind::Integer))
            return std::nullopt;
        return value->second.integer != 0;
    }

    StmtPtr lower_if(TSNode node) {
        // A branch that a compile-time parameter rules out is not lowered, as numba prunes it:
        // its assignments do not type the variables of the branch that runs.
        std::optional<bool> known = compile_time_truth(field(node, "condition"));
        auto condition = known ? std::make_shared<BoolLiteral>(tree_.span(field(node, "condition")), *known)
                               : lower_expr(field(node, "condition"));
        auto then_body = known == false ? Block{} : lower_block(field(node, "consequence"));
        if (known == true)
            return std::make_shared<If>(tree_.span(node), condition, std::move(then_body), Block{});
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

    // A loop's `else` runs when the loop ends without a break: a flag, false before the loop,
    // that each break of the loop sets first. None for a loop without one.
    ExprPtr loop_else_flag(TSNode loop, Block &out) {
        if (ts_node_is_null(field(loop, "alternative"))) return nullptr;
        Span span = tree_.span(loop);
        ExprPtr broke = temporary(span);
        out.push_back(std::make_shared<Assign>(span, broke, std::make_shared<BoolLiteral>(span, false)));
        return clone(broke);
    }

    Block lower_loop_body(TSNode body, const ExprPtr &broke) {
        ++loop_depth_;
        break_flags_.push_back(broke);
        auto block = lower_block(body);
        break_flags_.pop_back();
        --loop_depth_;
        return block;
    }

    void lower_loop_else(TSNode loop, const ExprPtr &broke, Block &out) {
        if (!broke) return;
        TSNode alternative = field(loop, "alternative");
        Span span = tree_.span(alternative);
        auto body = lower_block(field(alternative, "body"));
        out.push_back(std::make_shared<If>(span, std::make_shared<Not>(span, clone(broke)), std::move(body), Block{}));
    }

    void lower_for(TSNode node, const ExprPtr &broke, Block &out) {
        if (kind(ts_node_child(node, 0)) == "async") {
            unsupported(node, "async for loops");
            return;
        }
        TSNode left = field(node, "left");
        TSNode right = field(node, "right");
        std::string callee = walked_call(right);
        if (callee != "range" && callee != "xrange") {
            lower_for_each(node, left, right, broke, out);
            return;
        }
        if (kind(left) != "identifier") {
            error(DiagnosticKind::Unsupported, left,
                  "a for loop over range() takes one variable, as in 'for i in range(n)'");
            return;
        }
        auto bounds = range_bounds(right, callee);
        if (!bounds) return;
        auto body = lower_loop_body(field(node, "body"), broke);
        out.push_back(std::make_shared<ForRange>(tree_.span(node), std::string(tree_.text(left)),
                                                 tree_.span(left), (*bounds)[0], (*bounds)[1], (*bounds)[2],
                                                 std::move(body)));
    }

    // The name of the function a loop's iterable calls when it is one a loop walks (range,
    // xrange, enumerate, zip) and not a variable of the function; "" otherwise.
    std::string walked_call(TSNode iterable) {
        if (kind(iterable) != "call") return {};
        TSNode function = field(iterable, "function");
        std::string name(tree_.text(function));
        if (name != "range" && name != "xrange" && name != "enumerate" && name != "zip") return {};
        if (params_.count(name) || locals_.count(name)) return {};
        return name;
    }

    // range(stop), range(start, stop) or range(start, stop, step): start, stop and step.
    std::optional<std::array<ExprPtr, 3>> range_bounds(TSNode call, const std::string &callee) {
        auto args = lower_arguments(field(call, "arguments"));
        if (!args) return std::nullopt;
        if (args->empty() || args->size() > 3) {
            error(DiagnosticKind::Type, call,
                  callee + "() takes 1 to 3 arguments, " + std::to_string(args->size()) + " given");
            return std::nullopt;
        }
        Span call_span = tree_.span(call);
        std::array<ExprPtr, 3> bounds;
        bounds[0] = args->size() == 1 ? std::make_shared<IntLiteral>(call_span, 0) : (*args)[0];
        bounds[1] = args->size() == 1 ? (*args)[0] : (*args)[1];
        bounds[2] = args->size() == 3 ? (*args)[2] : std::make_shared<IntLiteral>(call_span, 1);
        if (is_literal_zero(*bounds[2])) {
            error(DiagnosticKind::Type, named_children(field(call, "arguments"))[2],
                  callee + "() arg 3 must not be zero");
            return std::nullopt;
        }
        return bounds;
    }

    // What a for loop walks: an array, a range, a tuple, or enumerate() or zip() of others.
    // Each gives its element at a position k counted from 0; the arrays, bounds and tuple items
    // are evaluated once, before the loop, into temporaries.
    struct Walk {
        enum class Kind { Array, Range, Items, Enumerate, Zip } kind = Kind::Array;
        TSNode node{};
        ExprPtr array;              // Array
        ExprPtr start, stop, step;  // Range; Enumerate's start (null: 0)
        ExprPtr next;               // Range: its next element, of the type its loop would give
        std::vector<ExprPtr> items; // Items: a tuple's, whose element type they promote to
        std::vector<Walk> parts;    // Enumerate: one; Zip: one or more
    };

    // The items of a tuple a for loop walks: a tuple display, a tuple local or a compile-time
    // tuple (a module's or a closure's, or a helper's argument), each lowered; none for
    // another iterable, an empty vector after an error.
    std::optional<std::vector<ExprPtr>> walked_items(TSNode iterable) {
        if (kind(iterable) == "tuple") {
            std::vector<ExprPtr> items;
            for (TSNode item : named_children(iterable)) {
                if (kind(item) == "list_splat") return std::nullopt;
                auto value = lower_expr(item);
                if (!value) return std::vector<ExprPtr>{};
                items.push_back(value);
            }
            if (items.empty()) return std::nullopt;
            return items;
        }
        if (kind(iterable) != "identifier") return std::nullopt;
        if (auto items = tuple_local_items(iterable)) return items;
        if (const auto *tuple = value_tuple_named(iterable)) {
            std::vector<ExprPtr> items;
            for (const auto &item : *tuple) items.push_back(clone(item));
            return items;
        }
        const CompileTimeValue *value = compile_time_named(std::string(tree_.text(iterable)));
        if (!value || value->kind != CompileTimeValue::Kind::Tuple || value->tuple.empty()) return std::nullopt;
        std::vector<ExprPtr> items;
        for (long long item : value->tuple) items.push_back(integer_literal(tree_.span(iterable), item));
        return items;
    }

    // A temporary's own node at each place that reads it.
    static ExprPtr use(const ExprPtr &temporary) {
        return std::make_shared<ast::Variable>(temporary->span, static_cast<const ast::Variable &>(*temporary).name);
    }

    ExprPtr held(TSNode node, ExprPtr value, Block &out) {
        auto temp = temporary(tree_.span(node));
        out.push_back(std::make_shared<Assign>(tree_.span(node), temp, std::move(value)));
        return temp;
    }

    std::optional<Walk> lower_walk(TSNode iterable, Block &out) {
        while (kind(iterable) == "parenthesized_expression" && named_children(iterable).size() == 1)
            iterable = named_children(iterable)[0];
        Walk walk;
        walk.node = iterable;
        std::string callee = walked_call(iterable);
        static const std::set<std::string_view> values_not_arrays{
            "string", "concatenated_string", "tuple", "list", "set", "dictionary", "list_comprehension",
            "set_comprehension", "dictionary_comprehension", "generator_expression", "integer", "float",
            "true", "false", "none"};
        if (callee.empty())
            if (auto items = walked_items(iterable)) {
                if (items->empty()) return std::nullopt;  // reported
                walk.kind = Walk::Kind::Items;
                for (auto &item : *items) walk.items.push_back(held(iterable, item, out));
                return walk;
            }
        if (callee.empty() && values_not_arrays.count(kind(iterable))) {
            error(DiagnosticKind::Unsupported, iterable,
                  "a kernel's for loop walks an array, a tuple, range(), enumerate() or zip(), not " +
                      std::string(kind(iterable) == "concatenated_string" ? "a string"
                                  : kind(iterable) == "tuple"             ? "an empty or unpacked tuple"
                                                                          : "a " + std::string(kind(iterable))));
            return std::nullopt;
        }
        if (callee.empty()) {
            auto array = lower_expr(iterable);
            if (!array) return std::nullopt;
            walk.array = held(iterable, array, out);
            return walk;
        }
        if (callee == "range" || callee == "xrange") {
            auto bounds = range_bounds(iterable, callee);
            if (!bounds) return std::nullopt;
            walk.kind = Walk::Kind::Range;
            walk.start = held(iterable, (*bounds)[0], out);
            walk.stop = held(iterable, (*bounds)[1], out);
            walk.step = held(iterable, (*bounds)[2], out);
            // range()'s own checks (integers; a step that is not zero, at run time) by a loop
            // over the range that stops at once.
            Span span = tree_.span(iterable);
            auto check = std::make_shared<ForRange>(
                span, std::static_pointer_cast<ast::Variable>(temporary(span))->name, span, use(walk.start),
                use(walk.stop), use(walk.step), Block{std::make_shared<Break>(span)});
            check->counted = callee + "()";
            out.push_back(check);
            // The elements, counted from start by step in the type of all three bounds, as a
            // loop over the range counts: start + (stop - stop) + (step - step).
            auto zero_of = [&](const ExprPtr &bound) {
                return std::make_shared<Binary>(span, BinaryOp::Sub, use(bound), use(bound));
            };
            walk.next = held(iterable,
                             std::make_shared<Binary>(
                                 span, BinaryOp::Add,
                                 std::make_shared<Binary>(span, BinaryOp::Add, use(walk.start), zero_of(walk.stop)),
                                 zero_of(walk.step)),
                             out);
            // Typed as a loop over the range types its variable, literal bounds or not.
            static_cast<Assign &>(*out.back()).typed_value = true;
            return walk;
        }
        std::vector<TSNode> arguments = named_children(field(iterable, "arguments"));
        for (TSNode argument : arguments)
            if (kind(argument) == "keyword_argument" || kind(argument) == "list_splat" ||
                kind(argument) == "dictionary_splat") {
                error(DiagnosticKind::Unsupported, argument,
                      callee + "() in a kernel's for loop takes its arguments by position");
                return std::nullopt;
            }
        if (callee == "enumerate") {
            if (arguments.empty() || arguments.size() > 2) {
                error(DiagnosticKind::Type, iterable,
                      "enumerate() takes an iterable and an optional start, " +
                          std::to_string(arguments.size()) + " given");
                return std::nullopt;
            }
            walk.kind = Walk::Kind::Enumerate;
        } else {
            if (arguments.empty()) {
                error(DiagnosticKind::Type, iterable, "zip() in a kernel's for loop takes one or more iterables");
                return std::nullopt;
            }
            walk.kind = Walk::Kind::Zip;
        }
        std::size_t walked = callee == "enumerate" ? 1 : arguments.size();
        for (std::size_t i = 0; i < walked; ++i) {
            auto part = lower_walk(arguments[i], out);
            if (!part) return std::nullopt;
            walk.parts.push_back(std::move(*part));
        }
        if (callee == "enumerate" && arguments.size() == 2) {
            auto start = lower_expr(arguments[1]);
            if (!start) return std::nullopt;
            walk.start = held(arguments[1], start, out);
            // An empty loop over range(start, start) checks that the start is an integer.
            Span span = tree_.span(arguments[1]);
            auto check = std::make_shared<ForRange>(
                span, std::static_pointer_cast<ast::Variable>(temporary(span))->name, span, use(walk.start),
                use(walk.start), std::make_shared<IntLiteral>(span, 1), Block{});
            check->counted = "enumerate()'s start";
            out.push_back(check);
        }
        return walk;
    }

    // The number of elements a walk gives: an array's length, a range's, the shortest of zip's.
    ExprPtr walk_length(const Walk &walk) {
        Span span = tree_.span(walk.node);
        auto int_literal = [&](std::int64_t value) -> ExprPtr { return std::make_shared<IntLiteral>(span, value); };
        switch (walk.kind) {
        case Walk::Kind::Array: {
            auto length = std::make_shared<Length>(span, use(walk.array));
            length->walked = true;
            return length;
        }
        case Walk::Kind::Range: {
            // ceil((stop - start) / step) at least 0, for a step of either sign, is
            // -((start - stop) // step) at least 0 with Python's floor division.
            ExprPtr count = std::make_shared<Unary>(
                span, UnaryOp::Negate,
                std::make_shared<Binary>(span, BinaryOp::FloorDiv,
                                         std::make_shared<Binary>(span, BinaryOp::Sub, use(walk.start), use(walk.stop)),
                                         use(walk.step)));
            auto resolved = resolve_intrinsic("max", IntrinsicModule::Builtin);
            // int64 as an array's length: positions, and so enumerate's counts, are int64
            // whatever the loop walks.
            return std::make_shared<Cast>(
                span, Type::of(Scalar::Int64),
                std::make_shared<Intrinsic>(span, *resolved, std::vector<ExprPtr>{count, int_literal(0)}), false);
        }
        case Walk::Kind::Items:  // int64, as an array's length: enumerate's counts are int64
            return std::make_shared<Cast>(span, Type::of(Scalar::Int64),
                                          int_literal(static_cast<std::int64_t>(walk.items.size())), false);
        case Walk::Kind::Enumerate: return walk_length(walk.parts[0]);
        case Walk::Kind::Zip: {
            ExprPtr shortest = walk_length(walk.parts[0]);
            for (std::size_t i = 1; i < walk.parts.size(); ++i) {
                auto resolved = resolve_intrinsic("min", IntrinsicModule::Builtin);
                shortest = std::make_shared<Intrinsic>(span, *resolved,
                                                       std::vector<ExprPtr>{shortest, walk_length(walk.parts[i])});
            }
            return shortest;
        }
        }
        return nullptr;
    }

    // Assigns the element at position `k` of `walk` to `target`, unpacking enumerate's pairs
    // and zip's tuples into tuple targets.
    bool bind_walk(TSNode target, const Walk &walk, const std::string &k, Block &body) {
        while (kind(target) == "parenthesized_expression" && named_children(target).size() == 1)
            target = named_children(target)[0];
        Span span = tree_.span(target);
        auto position = [&] { return std::make_shared<ast::Variable>(span, k); };
        if (walk.kind == Walk::Kind::Array)
            return bind_value(target,
                              std::make_shared<Index>(tree_.span(walk.node), use(walk.array),
                                                      std::vector<ExprPtr>{position()}),
                              body);
        if (walk.kind == Walk::Kind::Items) {
            // Item k as `item0 if k == 0 else item1 if k == 1 else ...`: the items' promoted
            // type, as numba's homogeneous tuples give.
            Span walked = tree_.span(walk.node);
            ExprPtr item = use(walk.items.back());
            for (std::size_t i = walk.items.size() - 1; i-- > 0;)
                item = std::make_shared<Conditional>(
                    walked,
                    std::make_shared<Compare>(walked, CompareOp::Equal, position(),
                                              std::make_shared<IntLiteral>(walked, static_cast<std::int64_t>(i))),
                    use(walk.items[i]), item);
            return bind_value(target, item, body);
        }
        if (walk.kind == Walk::Kind::Range) {
            if (!bind_value(target, use(walk.next), body)) return false;
            Span walked = tree_.span(walk.node);
            body.push_back(std::make_shared<Assign>(
                walked, use(walk.next), std::make_shared<Binary>(walked, BinaryOp::Add, use(walk.next), use(walk.step))));
            return true;
        }
        std::size_t items = walk.kind == Walk::Kind::Enumerate ? 2 : walk.parts.size();
        if (!is_tuple_target(target) || named_children(target).size() != items) {
            error(DiagnosticKind::Unsupported, target,
                  std::string(walk.kind == Walk::Kind::Enumerate ? "enumerate()" : "zip()") + " gives " +
                      std::to_string(items) + (items == 1 ? " value" : " values") +
                      " at a time: unpack them into as many variables, as in " +
                      (walk.kind == Walk::Kind::Enumerate ? "'for i, v in enumerate(A)'" : "'for a, b in zip(A, B)'"));
            return false;
        }
        std::vector<TSNode> targets = named_children(target);
        if (walk.kind == Walk::Kind::Zip) {
            for (std::size_t i = 0; i < items; ++i)
                if (!bind_walk(targets[i], walk.parts[i], k, body)) return false;
            return true;
        }
        ExprPtr counter = position();
        if (walk.start) counter = std::make_shared<Binary>(span, BinaryOp::Add, counter, use(walk.start));
        return bind_value(targets[0], counter, body) && bind_walk(targets[1], walk.parts[0], k, body);
    }

    bool bind_value(TSNode target, const ExprPtr &value, Block &body) {
        if (kind(target) != "identifier") {
            error(DiagnosticKind::Unsupported, target,
                  "this loop variable takes one value; only enumerate() and zip() give several");
            return false;
        }
        body.push_back(std::make_shared<Assign>(
            tree_.span(target), std::make_shared<ast::Variable>(tree_.span(target), std::string(tree_.text(target))),
            value));
        return true;
    }

    // `for v in A`, `for i, v in enumerate(A[, start])`, `for a, b in zip(A, B, ...)`, and these
    // nested (`for i, (a, b) in enumerate(zip(A, range(n)))`): a loop over positions, each
    // element read into its variable at the top of the body (so a body that writes an array
    // sees the writes, as Python's iteration over a NumPy array does). What the loop walks is
    // evaluated once, before it.
    void lower_for_each(TSNode node, TSNode left, TSNode right, const ExprPtr &broke, Block &out) {
        Block before;
        auto walk = lower_walk(right, before);
        if (!walk) return;
        out.insert(out.end(), std::make_move_iterator(before.begin()), std::make_move_iterator(before.end()));
        Span span = tree_.span(node);
        auto counter = std::static_pointer_cast<ast::Variable>(temporary(tree_.span(left)));
        Block body;
        if (!bind_walk(left, *walk, counter->name, body)) return;
        auto rest = lower_loop_body(field(node, "body"), broke);
        body.insert(body.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
        out.push_back(std::make_shared<ForRange>(span, counter->name, tree_.span(left),
                                                 std::make_shared<IntLiteral>(span, 0), walk_length(*walk),
                                                 std::make_shared<IntLiteral>(span, 1), std::move(body)));
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
        TSNode value = field(node, "value");
        Span span = tree_.span(node);
        if (subscripts.empty()) {
            refuse(node);
            return nullptr;
        }
        // X.shape[d]
        if (kind(value) == "attribute" && tree_.text(field(value, "attribute")) == "shape" &&
            !names_module(field(value, "object"))) {
            const RecordView *records = record_array_named(field(value, "object"));
            auto array = records ? record_extents(*records, span) : lower_expr(field(value, "object"));
            auto dimension = subscripts.size() == 1 ? lower_expr(subscripts[0]) : nullptr;
            auto d = dimension ? fold_integer(*dimension) : std::nullopt;
            if (!array) return nullptr;
            if (!d || *d < -8 || *d > 8) {
                error(DiagnosticKind::Unsupported, subscripts[0],
                      "the dimension in X.shape[d] must be a constant integer");
                return nullptr;
            }
            if (records) {
                long long ndim = records->record->ndim;
                if (*d < -ndim || *d >= ndim) {
                    error(DiagnosticKind::Type, node,
                          "shape[" + std::to_string(*d) + "] is out of range: the record array has " +
                              std::to_string(ndim) + " dimension" + (ndim == 1 ? "" : "s"));
                    return nullptr;
                }
                if (*d < 0) *d += ndim;
            }
            return std::make_shared<ArrayInfo>(span, ArrayInfoKind::Shape, static_cast<int>(*d), array);
        }
        // r['x'] of a record r, and r.v[k] or r['v'][k] of a field that is an array.
        if (subscripts.size() == 1)
            if (auto name = field_string(subscripts[0])) {
                bool handled = false;
                auto element = lower_record_field(node, value, *name, {}, handled);
                if (handled) return element;
            }
        if (auto access = field_named(value); access && record_named(access->object)) {
            std::vector<ExprPtr> more;
            for (TSNode subscript : subscripts) {
                if (kind(subscript) == "slice") {
                    error(DiagnosticKind::Unsupported, subscript,
                          "slices of a record's field are not supported in kernels: index its elements");
                    return nullptr;
                }
                auto index = lower_expr(subscript);
                if (!index) return nullptr;
                more.push_back(index);
            }
            bool handled = false;
            return lower_record_field(node, access->object, access->name, std::move(more), handled);
        }
        if (subscripts.size() == 1 && kind(subscripts[0]) == "slice") return lower_slice(node, subscripts[0]);
        // Class["member"]: an IntEnum's member by its name.
        if (kind(value) == "identifier" && subscripts.size() == 1 && kind(subscripts[0]) == "string") {
            std::string text(tree_.text(subscripts[0]));
            bool found = false;
            if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front()) {
                auto member = namespace_member(value, text.substr(1, text.size() - 2), node, found);
                if (found) return member;
            }
        }
        if (kind(value) == "identifier")
            if (const CompileTimeValue *given = compile_time_named(std::string(tree_.text(value)));
                given && given->kind == CompileTimeValue::Kind::Tuple)
                return tuple_item(subscripts, *given);
        auto items = tuple_local_items(value);
        if (!items)
            if (auto tuple = value_tuple_named(value); tuple) {
                items = std::vector<ExprPtr>{};
                for (const auto &item : *tuple) items->push_back(clone(item));
            }
        if (items) {
            CompileTimeValue positions = CompileTimeValue::number(CompileTimeValue::Kind::Tuple, 0);
            for (std::size_t i = 0; i < items->size(); ++i) positions.tuple.push_back(static_cast<long long>(i));
            auto position = tuple_item(subscripts, positions);
            if (!position) return nullptr;
            return (*items)[static_cast<std::size_t>(fold_integer(*position).value_or(0))];
        }
        auto array = lower_expr(value);
        std::vector<ExprPtr> indices;
        bool ok = array != nullptr;
        for (TSNode subscript : subscripts) {
            if (kind(subscript) == "slice") {
                error(DiagnosticKind::Unsupported, subscript,
                      "slices in kernels take one dimension, as in X[a:b] of a 1-d array");
                return nullptr;
            }
            if (auto items = tuple_local_items(subscript)) {  // X[p]: p's items index X
                for (auto &item : *items) indices.push_back(item);
                continue;
            }
            auto index = lower_expr(subscript);
            ok = ok && index;
            indices.push_back(index);
        }
        if (!ok) return nullptr;
        return std::make_shared<Index>(span, array, std::move(indices));
    }

    // An item of a tuple this copy of a helper was given (`shape[0]`), by a constant index.
    ExprPtr tuple_item(const std::vector<TSNode> &subscripts, const CompileTimeValue &tuple) {
        auto index = subscripts.size() == 1 ? lower_expr(subscripts[0]) : nullptr;
        auto position = index ? fold_integer(*index) : std::nullopt;
        auto count = static_cast<long long>(tuple.tuple.size());
        if (!position || *position < -count || *position >= count) {
            error(DiagnosticKind::Type, subscripts[0],
                  "the tuple " + tuple.text() + " is indexed by a constant integer from " +
                      std::to_string(-count) + " to " + std::to_string(count - 1));
            return nullptr;
        }
        long long item = tuple.tuple[static_cast<std::size_t>(*position < 0 ? *position + count : *position)];
        return integer_literal(tree_.span(subscripts[0]), item);
    }

    // X[start:stop], either bound optional; a step is refused.
    ExprPtr lower_slice(TSNode node, TSNode slice) {
        TSNode bounds[3] = {};
        int colons = 0;
        for (uint32_t i = 0; i < ts_node_child_count(slice); ++i) {
            TSNode child = ts_node_child(slice, i);
            if (!ts_node_is_named(child)) {
                if (tree_.text(child) == ":") ++colons;
                continue;
            }
            if (is_comment(child)) continue;
            if (colons < 3) bounds[colons] = child;
        }
        auto array = lower_expr(field(node, "value"));
        ExprPtr start = ts_node_is_null(bounds[0]) ? nullptr : lower_expr(bounds[0]);
        ExprPtr stop = ts_node_is_null(bounds[1]) ? nullptr : lower_expr(bounds[1]);
        ExprPtr step = ts_node_is_null(bounds[2]) ? nullptr : lower_expr(bounds[2]);
        if (!array || (!ts_node_is_null(bounds[0]) && !start) || (!ts_node_is_null(bounds[1]) && !stop) ||
            (!ts_node_is_null(bounds[2]) && !step))
            return nullptr;
        if (step && is_literal_zero(*step)) {
            error(DiagnosticKind::Type, bounds[2], "slice step cannot be zero");
            return nullptr;
        }
        auto view = std::make_shared<Slice>(tree_.span(node), array, start, stop);
        view->step = step;
        return view;
    }

    // Lowering, checking and printing recurse on expressions, several frames a level; past
    // this depth they would risk the stack of the calling thread (a small one under a
    // sanitizer). CPython's parser stops at 200 nested brackets too.
    static constexpr int max_expression_depth = 200;

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

    // operator.add(a, b) and the operator module's other functions: the operators they are.
    ExprPtr lower_operator_call(TSNode node, const std::string &name, std::vector<ExprPtr> args) {
        Span span = tree_.span(node);
        bool unary = operator_named(operator_unary, name) || name == "not_" || name == "abs";
        if (!is_operator_function(name)) {
            error(DiagnosticKind::Name, field(node, "function"),
                  "kernels have no operator." + name + "; they call the operator module's arithmetic, "
                  "bitwise and comparison functions (operator.add, operator.lt, ...)");
            return nullptr;
        }
        if (!expect_arity("operator." + name, unary ? 1 : 2, unary ? 1 : 2, args.size(), node)) return nullptr;
        if (auto op = operator_named(operator_binary, name)) {
            TSNode divisor = named_children(field(node, "arguments")).back();
            return binary(span, *op, args[0], args[1], divisor);
        }
        if (auto op = operator_named(operator_compare, name))
            return std::make_shared<Compare>(span, *op, args[0], args[1]);
        if (name == "not_") return std::make_shared<Not>(span, args[0]);
        if (name == "abs") {
            auto resolved = resolve_intrinsic("abs", IntrinsicModule::Builtin);
            return std::make_shared<Intrinsic>(span, *resolved, std::move(args));
        }
        return std::make_shared<Unary>(span, *operator_named(operator_unary, name), args[0]);
    }

    // lhs op rhs, as Python computes it: arithmetic on literals done exactly, and a division by
    // a literal zero refused at the divisor (`divisor`), where Python would raise. `node` is the
    // operation's own node, or null for one no source operator wrote.
    ExprPtr binary(const Span &span, BinaryOp op, const ExprPtr &lhs, const ExprPtr &rhs, TSNode divisor,
                   TSNode node = TSNode{}) {
        if ((op == BinaryOp::Div || op == BinaryOp::FloorDiv || op == BinaryOp::Mod) && is_literal_zero(*rhs)) {
            error(DiagnosticKind::Type, divisor,
                  op == BinaryOp::Div ? "division by zero" : "integer division or modulo by zero");
            return nullptr;
        }
        auto whole = std::make_shared<Binary>(span, op, lhs, rhs);
        if (auto folded = fold_literals(span, op, *lhs, *rhs)) return literal_or_error(*folded, whole, node);
        for (const ExprPtr &operand : {lhs, rhs})
            if (auto message = out_of_range(*operand)) {
                diagnostics_.report(DiagnosticKind::Type, operand->span, *message);
                return nullptr;
            }
        return whole;
    }

    // A folded literal; an error where Python raises; and for a value outside the 64-bit types,
    // the operation kept whole inside an enclosing operation that may bring it back, else an
    // error.
    ExprPtr literal_or_error(const std::variant<ExprPtr, LiteralError> &folded, const ExprPtr &whole, TSNode node) {
        auto *failure = std::get_if<LiteralError>(&folded);
        if (!failure) return std::get<ExprPtr>(folded);
        if (failure->out_of_range && !ts_node_is_null(node)) {
            TSNode parent = ts_node_parent(node);
            while (!ts_node_is_null(parent) && kind(parent) == "parenthesized_expression") parent = ts_node_parent(parent);
            if (!ts_node_is_null(parent) && (kind(parent) == "binary_operator" || kind(parent) == "unary_operator"))
                return whole;
        }
        diagnostics_.report(DiagnosticKind::Type, whole->span, failure->message);
        return nullptr;
    }

    static bool is_bitwise(std::string_view op) { return op == "&" || op == "^" || op == "|"; }

    // A chain of &, ^ and |, grouped by Python's precedence (| below ^ below &): the grammar
    // binds ^ tighter than &, so its tree is taken apart into operands and operators in source
    // order, each operand an expression of its own.
    ExprPtr lower_bitwise(TSNode chain) {
        std::vector<TSNode> operands, operators;
        std::vector<TSNode> pending{chain};
        while (!pending.empty()) {
            TSNode node = pending.back();
            pending.pop_back();
            if (ts_node_is_null(node)) return nullptr;
            if (kind(node) == "binary_operator" && is_bitwise(kind(field(node, "operator")))) {
                // Right first: the stack gives back left, operator, right.
                pending.push_back(field(node, "right"));
                pending.push_back(field(node, "operator"));
                pending.push_back(field(node, "left"));
                continue;
            }
            (operands.size() == operators.size() ? operands : operators).push_back(node);
        }
        if (operators.size() > static_cast<std::size_t>(max_expression_depth)) {
            if (!reported_depth_)
                error(DiagnosticKind::Unsupported, chain,
                      "the expression is nested too deeply (more than " + std::to_string(max_expression_depth) +
                          " levels)");
            reported_depth_ = true;
            return nullptr;
        }
        std::vector<ExprPtr> values;
        for (TSNode operand : operands) values.push_back(lower_expr(operand));
        for (const auto &value : values)
            if (!value) return nullptr;
        // Operands and operators folded level by level, loosest last, each level from the left.
        std::vector<std::pair<std::string_view, BinaryOp>> levels{
            {"&", BinaryOp::BitAnd}, {"^", BinaryOp::BitXor}, {"|", BinaryOp::BitOr}};
        for (const auto &[text, op] : levels) {
            for (std::size_t i = 0; i < operators.size();) {
                if (kind(operators[i]) != text) {
                    ++i;
                    continue;
                }
                Span span = join(values[i]->span, values[i + 1]->span);
                ExprPtr combined = binary(span, op, values[i], values[i + 1], operands[i + 1]);
                if (!combined) return nullptr;
                values[i] = combined;
                values.erase(values.begin() + static_cast<std::ptrdiff_t>(i) + 1);
                operands.erase(operands.begin() + static_cast<std::ptrdiff_t>(i) + 1);
                operators.erase(operators.begin() + static_cast<std::ptrdiff_t>(i));
            }
        }
        return values[0];
    }

    static Span join(const Span &first, const Span &last) {
        return Span{first.unit, first.line, first.column, last.end_line, last.end_column};
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
            if (is_bitwise(kind(field(node, "operator")))) return lower_bitwise(node);
            TSNode op_node = field(node, "operator");
            auto op = binary_op(kind(op_node), op_node);
            auto lhs = lower_expr(field(node, "left")), rhs = lower_expr(field(node, "right"));
            if (!op || !lhs || !rhs) return nullptr;
            return binary(span, *op, lhs, rhs, field(node, "right"), node);
        }
        if (k == "unary_operator") {
            std::string_view op = kind(field(node, "operator"));
            auto operand = lower_expr(field(node, "argument"));
            if (!operand) return nullptr;
            UnaryOp unary = op == "-" ? UnaryOp::Negate : op == "+" ? UnaryOp::Plus : UnaryOp::Invert;
            auto whole = std::make_shared<Unary>(span, unary, operand);
            if (auto folded = fold_literal(span, unary, *operand)) return literal_or_error(*folded, whole, node);
            return whole;
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
        if (const CompileTimeValue *value = compile_time_named(name)) return compile_time_expr(node, name, *value);
        if (tuple_locals_.count(name)) {
            error(DiagnosticKind::Unsupported, node,
                  "the tuple '" + name + "' can be indexed by a constant (" + name + "[0]), unpacked, or "
                  "index an array (X[" + name + "]); it cannot be used as a value");
            return nullptr;
        }
        if (auto record = records_.find(name); record != records_.end()) {
            const std::string &field_name = record->second.record->fields.front().name;
            bool whole = record->second.index.empty() && !record->second.record->single;
            error(DiagnosticKind::Unsupported, node,
                  whole ? "the record array '" + name + "' is used through its records' fields, as in " + name +
                              "[i]." + field_name + " or " + name + "[i]['" + field_name + "'], and its shape; it "
                              "cannot be used as a value or passed on"
                        : "the record '" + name + "' is used through its fields, as in " + name + "." + field_name +
                              " or " + name + "['" + field_name + "']; it cannot be used as a value or passed on");
            return nullptr;
        }
        if (params_.count(name) || locals_.count(name))
            return std::make_shared<Variable>(span, name);
        if (refused_names_.count(name)) return nullptr;  // its definition was reported
        if (name == "idx") return std::make_shared<ThreadIndex>(span, ThreadIndexKind::Idx);
        if (name == "idy") return std::make_shared<ThreadIndex>(span, ThreadIndexKind::Idy);
        if (name == "idz") return std::make_shared<ThreadIndex>(span, ThreadIndexKind::Idz);
        if (name == "warpSize" || name == "warpsize") return std::make_shared<ThreadIndex>(span, ThreadIndexKind::WarpSize);
        if (name == "laneid") return std::make_shared<ThreadIndex>(span, ThreadIndexKind::LaneId);
        if (auto constant = globals_.constants.find(name); constant != globals_.constants.end())
            return clone(constant->second);
        if (globals_.failed_constants.count(name)) return nullptr;
        if (globals_.value_tuples.count(name)) {
            error(DiagnosticKind::Unsupported, node,
                  "the tuple '" + name + "' can be indexed by a constant (" + name +
                      "[0]) or walked by a for loop; it cannot be used as a value");
            return nullptr;
        }
        if (globals_.constant_arrays.count(name)) {
            error(DiagnosticKind::Name, node,
                  "the constant array '" + name + "' is read through cuda.const.array_like(" + name + ")");
            return nullptr;
        }
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

    // The items of the module-level tuple of constants an identifier names, or null.
    const std::vector<ExprPtr> *value_tuple_named(TSNode node) const {
        if (kind(node) != "identifier") return nullptr;
        std::string name(tree_.text(node));
        if (params_.count(name) || locals_.count(name)) return nullptr;
        auto tuple = globals_.value_tuples.find(name);
        return tuple == globals_.value_tuples.end() ? nullptr : &tuple->second;
    }

    // The compile-time value `name` stands for here: a parameter of this copy of a helper, or
    // a module-level tuple the function does not shadow; null for any other name.
    const CompileTimeValue *compile_time_named(const std::string &name) const {
        if (auto value = substitutions_.find(name); value != substitutions_.end()) return &value->second;
        if (params_.count(name) || locals_.count(name)) return nullptr;
        auto tuple = globals_.tuple_constants.find(name);
        return tuple == globals_.tuple_constants.end() ? nullptr : &tuple->second;
    }

    // A parameter this copy of a helper was made for, read as a value: its integer or bool.
    ExprPtr compile_time_expr(TSNode node, const std::string &name, const CompileTimeValue &value) {
        Span span = tree_.span(node);
        if (value.kind == CompileTimeValue::Kind::Integer) return integer_literal(span, value.integer);
        if (value.kind == CompileTimeValue::Kind::Boolean) return std::make_shared<BoolLiteral>(span, value.integer != 0);
        std::string can = value.kind == CompileTimeValue::Kind::Tuple
                              ? "index it by a constant or shape an array with it"
                              : value.kind == CompileTimeValue::Kind::DType ? "call it (a cast) or type an array with it"
                                                                              : "call it";
        error(DiagnosticKind::Type, node,
              "'" + name + "' is " + value.text() + " here: " + can + "; it is not a value");
        return nullptr;
    }

    // The compile-time value an argument gives a parameter that only such a value can stand for
    // (`wanted`: the helper calls it, or shapes or types an array with it); none otherwise.
    std::optional<CompileTimeValue> compile_time_value(TSNode node, bool wanted) {
        if (!wanted) return std::nullopt;
        while (kind(node) == "parenthesized_expression" && named_children(node).size() == 1)
            node = named_children(node)[0];
        std::string_view k = kind(node);
        using Kind = CompileTimeValue::Kind;
        if (k == "identifier" || k == "attribute") {
            auto parts = dotted(node);
            if (!parts) return std::nullopt;
            const std::string &first = parts->front();
            if (parts->size() == 1)
                if (const CompileTimeValue *value = compile_time_named(first)) return *value;
            if (params_.count(first) || locals_.count(first)) return std::nullopt;
            if (parts->size() == 1 && functions_.count(first)) return CompileTimeValue::named(Kind::Callable, *parts);
            if (parts->size() == 1)
                if (auto alias = globals_.function_aliases.find(first); alias != globals_.function_aliases.end())
                    return CompileTimeValue::named(Kind::Callable, alias->second);
            if (parts->size() == 1 || is_module_name(first))
                if (auto scalar = scalar_from_name(parts->back()); scalar && *scalar != Scalar::Void)
                    return CompileTimeValue::named(Kind::DType, *parts);
            if (parts->size() > 1 && is_module_name(first)) return CompileTimeValue::named(Kind::Callable, *parts);
            if (auto constant = globals_.constants.find(first); parts->size() == 1 && constant != globals_.constants.end())
                if (auto value = fold_integer(*constant->second)) return CompileTimeValue::number(Kind::Integer, *value);
            return std::nullopt;
        }
        if (k == "tuple") {
            CompileTimeValue value = CompileTimeValue::number(Kind::Tuple, 0);
            for (TSNode element : named_children(node)) {
                auto item = compile_time_value(element, true);
                if (!item || item->kind != Kind::Integer) return std::nullopt;
                value.tuple.push_back(item->integer);
            }
            return value;
        }
        if (k == "true" || k == "false") return CompileTimeValue::number(Kind::Boolean, k == "true");
        if (k == "integer" || (k == "unary_operator" && kind(field(node, "argument")) == "integer"))
            if (auto lowered = lower_expr(node))
                if (auto value = fold_integer(*lowered)) return CompileTimeValue::number(Kind::Integer, *value);
        return std::nullopt;
    }

    // A call of the program's function `name` giving compile-time values to parameters that
    // only such values can stand for: a call of the copy of `name` made for them, with the other
    // arguments. None when the call gives no such value.
    std::optional<ExprPtr> specialized_call(TSNode node, const std::string &name) {
        auto parameters = globals_.parameters.find(name);
        if (!specializations_ || parameters == globals_.parameters.end()) return std::nullopt;
        auto arguments = named_children(field(node, "arguments"));
        std::vector<std::pair<std::string, CompileTimeValue>> values, flags;
        std::map<std::string, std::size_t> tuple_items;
        std::vector<std::pair<TSNode, std::optional<std::vector<ExprPtr>>>> runtime;  // tuples' items
        for (std::size_t i = 0; i < arguments.size(); ++i) {
            if (kind(arguments[i]) == "keyword_argument" || kind(arguments[i]) == "list_splat" ||
                kind(arguments[i]) == "dictionary_splat")
                return std::nullopt;  // refused as written
            const CompileTimeParameter *parameter = i < parameters->second.size() ? &parameters->second[i] : nullptr;
            bool named = parameter && !parameter->name.empty();
            if (named)
                if (auto value = compile_time_value(arguments[i], parameter->compile_time || parameter->flag)) {
                    (parameter->compile_time ? values : flags).emplace_back(parameter->name, *value);
                    continue;
                }
            // A tuple passes its items, to a copy that takes a parameter for each.
            auto items = named ? passed_tuple(arguments[i]) : std::nullopt;
            if (items) tuple_items[parameter->name] = items->size();
            runtime.emplace_back(arguments[i], std::move(items));
        }
        // Literal flags ride along with a copy made anyway; alone they make none.
        if (values.empty() && tuple_items.empty()) {
            specializations_->called_as_written.insert(name);
            return std::nullopt;
        }
        values.insert(values.end(), flags.begin(), flags.end());
        std::string copy = specialization_name(name, values, tuple_items);
        if (!specializations_->requested.count(copy)) {
            specializations_->requested[copy] = {name, {values.begin(), values.end()}, tuple_items};
            specializations_->pending.push_back(copy);
        }
        std::vector<ExprPtr> args;
        bool ok = true;
        for (auto &[argument, items] : runtime) {
            if (items) {
                for (auto &item : *items) {
                    args.push_back(item);
                    ok = ok && item;
                }
                continue;
            }
            args.push_back(lower_expr(argument));
            ok = ok && args.back();
        }
        if (!ok) return ExprPtr{};
        return ExprPtr(std::make_shared<Call>(tree_.span(node), copy, std::move(args)));
    }

    // The items of a tuple an argument passes: a tuple local's, or a tuple display's (each
    // lowered); none for another argument.
    std::optional<std::vector<ExprPtr>> passed_tuple(TSNode argument) {
        if (auto items = tuple_local_items(argument)) return items;
        while (kind(argument) == "parenthesized_expression" && named_children(argument).size() == 1)
            argument = named_children(argument)[0];
        if (kind(argument) != "tuple" || named_children(argument).empty()) return std::nullopt;
        std::vector<ExprPtr> items;
        for (TSNode item : named_children(argument)) {
            if (kind(item) == "list_splat") return std::nullopt;
            items.push_back(lower_expr(item));
        }
        return items;
    }

    // Whether `name`, called or used as a module at `node`, is a variable of the function: a
    // name assigned anywhere in a function is its local throughout, as in Python, so `len = 3`
    // makes `len(X)` a call of the number.
    bool rebound(const std::string &name, TSNode node) {
        if (!params_.count(name) && !locals_.count(name)) return false;
        if (refused_names_.count(name) || failed_locals_.count(name)) return true;  // reported
        error(DiagnosticKind::Type, node,
              "'" + name + "' is a variable of this function (it is " +
                  (params_.count(name) ? "a parameter" : "assigned in it") + "), not " +
                  (ts_node_is_null(node) || kind(node) == "identifier" ? "a function" : "a module") +
                  ": rename the variable");
        return true;
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
        if (!text.empty() && (text.back() == 'j' || text.back() == 'J'))
            return imaginary(span, std::strtod(text.substr(0, text.size() - 1).c_str(), nullptr));
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
        if (!text.empty() && (text.back() == 'j' || text.back() == 'J'))
            return imaginary(tree_.span(node), std::strtod(text.substr(0, text.size() - 1).c_str(), nullptr));
        return std::make_shared<FloatLiteral>(tree_.span(node), std::strtod(text.c_str(), nullptr));
    }

    // Python's imaginary literal (2.5j): complex(0.0, value), a literal as its parts are.
    static ExprPtr complex_literal(Span span, double real, double imag) {
        auto resolved = resolve_intrinsic("complex", IntrinsicModule::Builtin);
        std::vector<ExprPtr> parts{std::make_shared<FloatLiteral>(span, real),
                                   std::make_shared<FloatLiteral>(span, imag)};
        return std::make_shared<Intrinsic>(span, *resolved, std::move(parts));
    }

    static ExprPtr imaginary(Span span, double value) { return complex_literal(span, 0.0, value); }

    // z.real, z.imag and z.conjugate() of a number (a complex one, or a real one, as Python
    // allows).
    ExprPtr lower_member(TSNode node, TSNode object, const std::string &member) {
        auto resolved = resolve_intrinsic(member, IntrinsicModule::Member);
        auto operand = lower_expr(object);
        if (!operand) return nullptr;
        return std::make_shared<Intrinsic>(tree_.span(node), *resolved, std::vector<ExprPtr>{operand});
    }

    // a.reshape(shape): the extents given one by one, or as a tuple (a display or a tuple
    // local), or as one int.
    ExprPtr lower_reshape(TSNode node, TSNode object) {
        auto arguments = named_children(field(node, "arguments"));
        for (TSNode argument : arguments)
            if (kind(argument) == "keyword_argument" || kind(argument) == "list_splat") {
                error(DiagnosticKind::Unsupported, argument,
                      "reshape() in kernels takes the new shape alone, as a tuple or as extents");
                return nullptr;
            }
        std::vector<ExprPtr> args{lower_expr(object)};
        bool ok = args[0] != nullptr;
        std::optional<std::vector<ExprPtr>> items = arguments.size() == 1 ? passed_tuple(arguments[0]) : std::nullopt;
        if (items) {
            for (auto &item : *items) ok = ok && item;
            args.insert(args.end(), items->begin(), items->end());
        } else {
            for (TSNode argument : arguments) {
                args.push_back(lower_expr(argument));
                ok = ok && args.back();
            }
        }
        if (!ok) return nullptr;
        auto resolved = resolve_intrinsic("reshape", IntrinsicModule::Member);
        if (!expect_intrinsic_arity(*resolved->info, "reshape", args.size(), node)) return nullptr;
        return std::make_shared<Intrinsic>(tree_.span(node), *resolved, std::move(args));
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

    // Whether `given` arguments suit a function taking `low` to `high` of them (high -1: any
    // number from low); says "name() takes ..." at `node` when they do not.
    bool expect_arity(const std::string &name, int low, int high, std::size_t given, TSNode node) {
        auto at_least = static_cast<std::size_t>(low);
        if (given >= at_least && (high < 0 || given <= static_cast<std::size_t>(high))) return true;
        std::string expected = high < 0      ? "at least " + std::to_string(low)
                               : high == low ? std::to_string(low)
                                             : std::to_string(low) + " or " + std::to_string(high);
        error(DiagnosticKind::Type, node,
              name + "() takes " + expected + " argument" + (expected == "1" ? "" : "s") + ", " +
                  std::to_string(given) + " given");
        return false;
    }

    bool expect_intrinsic_arity(const IntrinsicInfo &info, const std::string &name,
                                std::size_t given, TSNode node) {
        return expect_arity(name, info.min_arity, info.max_arity, given, node);
    }

    // The constant `object.member` when `object` names a namespace of constants (and no
    // variable): `found` tells whether it does; an unknown member is an error naming them.
    ExprPtr namespace_member(TSNode object, const std::string &member, TSNode node, bool &found) {
        std::string name(tree_.text(object));
        if (!globals_.namespaces.count(name) || params_.count(name) || locals_.count(name)) return nullptr;
        found = true;
        if (auto constant = globals_.constants.find(name + "." + member); constant != globals_.constants.end())
            return clone(constant->second);
        if (globals_.failed_constants.count(name + "." + member)) return nullptr;
        std::string members;
        for (auto it = globals_.constants.lower_bound(name + "."); it != globals_.constants.end() &&
                                                                  it->first.rfind(name + ".", 0) == 0;
             ++it)
            members += (members.empty() ? "" : ", ") + it->first.substr(name.size() + 1);
        error(DiagnosticKind::Name, node, "'" + name + "' has no member '" + member + "'; its members: " + members);
        return nullptr;
    }

    ExprPtr lower_attribute(TSNode node) {
        TSNode object = field(node, "object");
        std::string object_name(tree_.text(object));
        std::string attribute(tree_.text(field(node, "attribute")));
        Span span = tree_.span(node);
        if (bool handled = false; true) {
            auto element = lower_record_field(node, object, attribute, {}, handled);
            if (handled) return element;
        }
        if (auto named = kind(object) == "identifier" ? named_tuples_.find(object_name) : named_tuples_.end();
            named != named_tuples_.end()) {  // p.x of a named tuple: its item
            const auto &names = named->second;
            auto found = std::find(names.begin(), names.end(), ast::normalize_identifier(attribute));
            if (found != names.end())
                return std::make_shared<Variable>(span, tuple_item_name(object_name, static_cast<std::size_t>(found - names.begin())));
            std::string listed;
            for (const auto &item : names) listed += (listed.empty() ? "" : ", ") + item;
            error(DiagnosticKind::Name, node, "the named tuple '" + object_name + "' has no field '" + attribute +
                                                  "'; its fields: " + listed);
            return nullptr;
        }
        if (const RecordView *records = record_array_named(object); records && (attribute == "size" || attribute == "ndim")) {
            if (attribute == "ndim") return integer_literal(span, records->record->ndim);
            ExprPtr size = std::make_shared<ArrayInfo>(span, ArrayInfoKind::Shape, 0, record_extents(*records, span));
            for (int d = 1; d < records->record->ndim; ++d)
                size = std::make_shared<Binary>(span, BinaryOp::Mul, size,
                                                std::make_shared<ArrayInfo>(span, ArrayInfoKind::Shape, d,
                                                                            record_extents(*records, span)));
            return size;
        }
        if (kind(object) == "identifier") {
            bool found = false;
            auto member = namespace_member(object, attribute, node, found);
            if (found) return member;
        }
        if (auto parts = dotted(node); parts && names_module(object)) {
            auto name = without_module(*parts);
            if (name.size() == 2) {
                for (const auto &index : thread_index_names)
                    if (index.object == name[0] && index.attribute == name[1])
                        return std::make_shared<ThreadIndex>(span, index.which);
            }
            if (name.size() == 1 && name[0] == "laneid") return std::make_shared<ThreadIndex>(span, ThreadIndexKind::LaneId);
            if (name.size() == 1 && name[0] == "warpsize")
                return std::make_shared<ThreadIndex>(span, ThreadIndexKind::WarpSize);
        }
        for (const auto &name : thread_index_names)
            if (name.object == object_name && name.attribute == attribute)
                return std::make_shared<ThreadIndex>(span, name.which);
        if (!names_module(object) && (attribute == "size" || attribute == "ndim" || attribute == "shape")) {
            if (attribute == "shape") {
                error(DiagnosticKind::Unsupported, node,
                      object_name + ".shape is a tuple: index it, as in " + object_name +
                          ".shape[0], or unpack it, as in n, m = " + object_name + ".shape");
                return nullptr;
            }
            auto array = lower_expr(object);
            if (!array) return nullptr;
            return std::make_shared<ArrayInfo>(span, attribute == "size" ? ArrayInfoKind::Size : ArrayInfoKind::Ndim,
                                               0, array);
        }
        // math.pi and the others; NumPy's np.pi, np.e, np.inf and np.nan (it has no tau).
        bool numpy = (object_name == "np" || object_name == "numpy") && names_module(object);
        if (object_name == "math" || object_name == "cmath" || (numpy && attribute != "tau")) {
            if (auto value = math_constant(attribute))
                return std::make_shared<FloatLiteral>(span, *value);
        }
        if (object_name == "cmath" && (attribute == "infj" || attribute == "nanj"))
            return imaginary(span, attribute == "infj" ? std::numeric_limits<double>::infinity()
                                                       : std::numeric_limits<double>::quiet_NaN());
        if (!names_module(object) && (attribute == "real" || attribute == "imag" || attribute == "T"))
            return lower_member(node, object, attribute);
        error(DiagnosticKind::Unsupported, node,
              "the attribute '" + object_name + "." + attribute + "' is not supported in kernels");
        return nullptr;
    }

    // The calls of numba.cuda's vocabulary: shared/local/const arrays, barriers, atomics, warp
    // functions, grid(), print(). Returns none for other calls, and a null expression after an
    // error.
    std::optional<ExprPtr> lower_cuda_call(TSNode node, const std::string &module,
                                           const std::string &name, bool prefixed) {
        Span span = tree_.span(node);
        TSNode arguments = field(node, "arguments");
        if (module.empty() && functions_.count(name) && !prefixed) return std::nullopt;
        if (module.empty() && (params_.count(name) || locals_.count(name))) return std::nullopt;
        if ((module == "shared" || module == "local") && name == "array")
            return lower_array_declaration(node, module);
        if (module == "const" && name == "array_like") return lower_constant_array(node);
        if (module == "fp16" && !locals_.count(module) && !params_.count(module)) return lower_fp16_call(node, name);
        if (module == "libdevice" && !locals_.count(module) && !params_.count(module))
            return lower_libdevice_call(node, name);
        if ((module == "cg" && name == "this_grid" && !locals_.count(module) && !params_.count(module)) ||
            (grid_groups_.count(module) && name == "sync"))
            return lower_grid_group_call(node, module == "cg" ? "cg.this_grid" : "cg.this_grid().sync");
        if (!module.empty() && module != "atomic") return std::nullopt;
        if (module == "atomic") return lower_atomic(node, name);
        if (name == "print") return lower_print(node);
        if (name == "grid" || name == "gridsize") {
            auto n = grid_dimensions(node, name);
            if (!n) return ExprPtr{};
            if (*n != 1) {
                error(DiagnosticKind::Unsupported, node,
                      name + "(" + std::to_string(*n) + ") gives a tuple: unpack it, as in " +
                          (*n == 2 ? "x, y = " : "x, y, z = ") + name + "(" + std::to_string(*n) + ")");
                return ExprPtr{};
            }
            return ExprPtr(std::make_shared<ThreadIndex>(span, name == "grid" ? ThreadIndexKind::Idx
                                                                             : ThreadIndexKind::GridSizeX));
        }
        if (prefixed && (name == "fma" || name == "cbrt")) {
            auto args = lower_arguments(arguments);
            if (!args) return ExprPtr{};
            auto resolved = resolve_intrinsic(name, IntrinsicModule::Math);
            if (!expect_intrinsic_arity(*resolved->info, name, args->size(), node)) return ExprPtr{};
            return ExprPtr(std::make_shared<Intrinsic>(span, *resolved, std::move(*args)));
        }
        const BuiltinInfo *builtin = find_builtin(name);
        if (!builtin || builtin->group == BuiltinGroup::Atomic) return std::nullopt;
        if (builtin->group == BuiltinGroup::CacheHint) return lower_element_builtin(node, *builtin);
        if (builtin->which == BuiltinKind::MatchAllSync) {
            error(DiagnosticKind::Unsupported, node,
                  "match_all_sync() gives two values: unpack them, as in lanes, same = "
                  "cuda.match_all_sync(mask, value)");
            return ExprPtr{};
        }
        auto args = lower_arguments(arguments);
        if (!args) return ExprPtr{};
        if (!builtin_arity(*builtin, args->size(), node)) return ExprPtr{};
        if (args->size() < static_cast<std::size_t>(builtin->max_args()))  // the full warp's mask
            args->push_back(std::make_shared<IntLiteral>(span, 0xffffffffu));
        return ExprPtr(std::make_shared<Builtin>(span, builtin->which, std::move(*args)));
    }

    // cg.this_grid() and a grid group's sync(): builtins without arguments.
    ExprPtr lower_grid_group_call(TSNode node, std::string_view name) {
        const BuiltinInfo *builtin = find_builtin(name);
        auto args = lower_arguments(field(node, "arguments"));
        if (!args) return nullptr;
        if (!builtin_arity(*builtin, args->size(), node)) return nullptr;
        return std::make_shared<Builtin>(tree_.span(node), builtin->which, std::move(*args));
    }

    bool builtin_arity(const BuiltinInfo &builtin, std::size_t given, TSNode node) {
        return expect_arity(std::string(builtin.name), builtin.min_args(), builtin.max_args(), given, node);
    }

    // atomic.op(array, index, value...): the first argument becomes the element it updates;
    // an n-d array takes a tuple index.
    ExprPtr lower_atomic(TSNode node, const std::string &name) {
        const BuiltinInfo *found = find_builtin("atomic." + name);
        if (!found || found->group != BuiltinGroup::Atomic) {
            std::vector<std::string> candidates;
            for (const auto &info : builtins())
                if (info.group == BuiltinGroup::Atomic) candidates.emplace_back(info.name.substr(std::string_view("atomic.").size()));
            std::string message = "unknown function 'atomic." + name + "'";
            if (name == "and" || name == "or")
                message += "; numba spells it atomic." + name + "_";
            else if (auto close = closest_name(name, candidates))
                message += "; did you mean 'atomic." + *close + "'?";
            error(DiagnosticKind::Name, field(node, "function"), message);
            return nullptr;
        }
        return lower_element_builtin(node, *found);
    }

    // A builtin of an array element (an atomic, a cache-hinted load or store): its first
    // arguments, (array, index), become the element.
    ExprPtr lower_element_builtin(TSNode node, const BuiltinInfo &builtin) {
        const BuiltinInfo *found = &builtin;
        auto arguments = named_children(field(node, "arguments"));
        for (TSNode argument : arguments)
            if (kind(argument) == "keyword_argument") {
                refuse(argument);
                return nullptr;
            }
        if (!builtin_arity(*found, arguments.size(), node)) return nullptr;
        Span span = tree_.span(node);
        auto array = lower_expr(arguments[0]);
        std::vector<ExprPtr> indices;
        std::size_t first_value = 2;
        bool ok = array != nullptr;
        if (found->arguments.front() == BuiltinArgument::FirstElement) {
            indices.push_back(std::make_shared<IntLiteral>(span, 0));
            first_value = 1;
        } else {
            TSNode index = arguments[1];
            while (kind(index) == "parenthesized_expression" && named_children(index).size() == 1)
                index = named_children(index)[0];
            std::vector<TSNode> index_nodes = kind(index) == "tuple" ? named_children(index) : std::vector<TSNode>{index};
            if (auto items = tuple_local_items(index)) {
                indices = std::move(*items);
                index_nodes.clear();
            }
            for (TSNode index_node : index_nodes) {
                auto lowered = lower_expr(index_node);
                ok = ok && lowered;
                indices.push_back(lowered);
            }
        }
        std::vector<ExprPtr> values;
        for (std::size_t i = first_value; i < arguments.size(); ++i) {
            auto value = lower_expr(arguments[i]);
            ok = ok && value;
            values.push_back(value);
        }
        if (!ok) return nullptr;
        if (writes_element(found->which) && array->kind == ExprKind::Variable &&
            constant_locals_.count(static_cast<ast::Variable &>(*array).name)) {
            error(DiagnosticKind::Type, arguments[0],
                  "the constant array '" + static_cast<ast::Variable &>(*array).name + "' cannot be written");
            return nullptr;
        }
        std::vector<ExprPtr> args{std::make_shared<Index>(tree_.span(arguments[0]), array, std::move(indices))};
        for (auto &value : values) args.push_back(value);
        return std::make_shared<Builtin>(span, found->which, std::move(args));
    }

    // The items a printed tuple shows: a tuple local's, or a thread index's three
    // (`print(cuda.threadIdx)` shows `(x, y, z)`, as numba's does).
    std::optional<std::vector<ExprPtr>> printed_tuple(TSNode argument) {
        if (auto items = tuple_local_items(argument)) return items;
        auto parts = dotted(argument);
        if (!parts || parts->empty()) return std::nullopt;
        auto name = without_module(*parts);
        if (name.size() != 1 || locals_.count(name[0]) || params_.count(name[0])) return std::nullopt;
        std::vector<ExprPtr> items;
        for (const auto &index : thread_index_names)
            if (index.object == name[0]) items.push_back(std::make_shared<ThreadIndex>(tree_.span(argument), index.which));
        if (items.empty()) return std::nullopt;
        return items;
    }

    ExprPtr lower_print(TSNode node) {
        std::vector<ExprPtr> args;
        std::vector<bool> joined;
        bool ok = true;
        for (TSNode argument : named_children(field(node, "arguments"))) {
            if (auto items = printed_tuple(argument)) {
                // Python's repr of a tuple: (a, b), and (a,) for one item.
                Span span = tree_.span(argument);
                args.push_back(std::make_shared<StringLiteral>(span, "("));
                joined.push_back(false);
                for (std::size_t i = 0; i < items->size(); ++i) {
                    if (i) {
                        args.push_back(std::make_shared<StringLiteral>(span, ","));
                        joined.push_back(true);
                    }
                    args.push_back((*items)[i]);
                    joined.push_back(i == 0);
                }
                args.push_back(std::make_shared<StringLiteral>(span, items->size() == 1 ? ",)" : ")"));
                joined.push_back(true);
                continue;
            }
            if (kind(argument) == "keyword_argument") {
                error(DiagnosticKind::Unsupported, argument,
                      "print() in kernels takes no keyword arguments (sep=, end=, file=)");
                ok = false;
                continue;
            }
            if (kind(argument) == "string" || kind(argument) == "concatenated_string") {
                auto text = string_value(argument);
                if (!text) {
                    error(DiagnosticKind::Unsupported, argument,
                          "print() in kernels takes plain string literals, not f-strings or bytes");
                    ok = false;
                    continue;
                }
                args.push_back(std::make_shared<StringLiteral>(tree_.span(argument), *text));
                joined.push_back(false);
                continue;
            }
            auto value = lower_expr(argument);
            ok = ok && value;
            args.push_back(value);
            joined.push_back(false);
        }
        if (!ok) return nullptr;
        auto print = std::make_shared<Builtin>(tree_.span(node), BuiltinKind::Print, std::move(args));
        print->joined = std::move(joined);
        return print;
    }

    // numba's cuda.libdevice functions (see ast/libdevice.h): the arguments converted to the
    // function's float or integer type, as libdevice's C signatures take them.
    ExprPtr lower_libdevice_call(TSNode node, const std::string &name) {
        const ast::LibdeviceFunction *function = ast::find_libdevice(name);
        if (!function) {
            error(DiagnosticKind::Name, node,
                  "cuda.libdevice." + name + " is not in cudapy's kernel language: it has libdevice's "
                  "float functions that the math module has (sin, sinf, fast_sinf, ...), popc, clz, "
                  "ffs, brev and their ll forms, and sincos, sincospi, modf and frexp, which give 2 values");
            return nullptr;
        }
        if (function->pair != ast::LibdevicePair::None) {
            error(DiagnosticKind::Unsupported, node,
                  "libdevice." + name + "() gives 2 values: unpack them, as in a, b = libdevice." + name + "(x)");
            return nullptr;
        }
        auto args = lower_arguments(field(node, "arguments"));
        if (!args) return nullptr;
        Span span = tree_.span(node);
        if (function->bits) {
            if (!expect_arity("libdevice." + name, 1, 1, args->size(), node)) return nullptr;
            auto operand = std::make_shared<Cast>(span, Type::of(function->single ? Scalar::Int32 : Scalar::Int64),
                                                  (*args)[0], false);
            return std::make_shared<Builtin>(span, *function->bits, std::vector<ExprPtr>{operand});
        }
        auto resolved = resolve_intrinsic(function->math, IntrinsicModule::Math);
        if (!resolved || !expect_intrinsic_arity(*resolved->info, "libdevice." + name, args->size(), node)) return nullptr;
        Scalar precision = function->single ? Scalar::Float32 : Scalar::Float64;
        for (auto &arg : *args) arg = std::make_shared<Cast>(span, Type::of(precision), arg, false);
        return std::make_shared<Intrinsic>(span, *resolved, std::move(*args));
    }

    // numba's cuda.fp16 functions of float16 values: arithmetic in the GPU's half
    // instructions, each rounded once; hfma's product and sum exact in float64 (a product of
    // halves has 22 bits, and a finite half result keeps the sum within 53), then rounded
    // once; hmax and hmin return the other operand of a NaN, as CUDA's do; the math functions
    // in float32, rounded to half.
    ExprPtr lower_fp16_call(TSNode node, const std::string &name) {
        static const std::map<std::string, int> arities{
            {"hadd", 2}, {"hsub", 2}, {"hmul", 2}, {"hdiv", 2}, {"hneg", 1}, {"habs", 1}, {"hfma", 3},
            {"heq", 2}, {"hne", 2}, {"hge", 2}, {"hgt", 2}, {"hle", 2}, {"hlt", 2}, {"hmax", 2},
            {"hmin", 2}, {"hsin", 1}, {"hcos", 1}, {"hexp", 1}, {"hexp2", 1}, {"hexp10", 1},
            {"hlog", 1}, {"hlog2", 1}, {"hlog10", 1}, {"hsqrt", 1}, {"hrsqrt", 1}, {"hrcp", 1},
            {"hceil", 1}, {"hfloor", 1}, {"htrunc", 1}, {"hrint", 1}};
        auto arity = arities.find(name);
        if (arity == arities.end()) {
            std::string known;
            for (const auto &[function, _] : arities) known += (known.empty() ? "" : ", ") + function;
            error(DiagnosticKind::Name, node, "cuda.fp16 has no function '" + name + "'; it has " + known);
            return nullptr;
        }
        auto args = lower_arguments(field(node, "arguments"));
        if (!args || !expect_arity("fp16." + name, arity->second, arity->second, args->size(), node)) return nullptr;
        Span span = tree_.span(node);
        auto cast = [&](Scalar to, ExprPtr value) { return std::make_shared<Cast>(span, Type::of(to), std::move(value), false); };
        auto half = [&](std::size_t i) { return cast(Scalar::Float16, (*args)[i]); };
        auto single = [&](std::size_t i) { return cast(Scalar::Float32, half(i)); };
        auto math_call = [&](const char *function, std::vector<ExprPtr> operands) -> ExprPtr {
            return std::make_shared<Intrinsic>(span, *resolve_intrinsic(function, IntrinsicModule::Math), std::move(operands));
        };
        static const std::map<std::string, BinaryOp> arithmetic{
            {"hadd", BinaryOp::Add}, {"hsub", BinaryOp::Sub}, {"hmul", BinaryOp::Mul}, {"hdiv", BinaryOp::Div}};
        static const std::map<std::string, CompareOp> comparisons{
            {"heq", CompareOp::Equal}, {"hne", CompareOp::NotEqual}, {"hge", CompareOp::GreaterEqual},
            {"hgt", CompareOp::Greater}, {"hle", CompareOp::LessEqual}, {"hlt", CompareOp::Less}};
        static const std::map<std::string, const char *> functions{
            {"hsin", "sin"}, {"hcos", "cos"}, {"hexp", "exp"}, {"hexp2", "exp2"}, {"hexp10", "exp10"},
            {"hlog", "log"}, {"hlog2", "log2"}, {"hlog10", "log10"}, {"hsqrt", "sqrt"}, {"hrsqrt", "rsqrt"},
            {"hceil", "ceilf"}, {"hfloor", "floorf"}, {"htrunc", "truncf"}, {"hrint", "rint"},
            {"hmax", "fmax"}, {"hmin", "fmin"}};
        if (auto op = arithmetic.find(name); op != arithmetic.end())
            return std::make_shared<Binary>(span, op->second, half(0), half(1));
        if (auto op = comparisons.find(name); op != comparisons.end())
            return std::make_shared<Compare>(span, op->second, half(0), half(1));
        if (name == "hneg") return std::make_shared<Unary>(span, UnaryOp::Negate, half(0));
        if (name == "habs")
            return std::make_shared<Intrinsic>(span, *resolve_intrinsic("abs", IntrinsicModule::Builtin),
                                               std::vector<ExprPtr>{half(0)});
        if (name == "hrcp")
            return cast(Scalar::Float16, std::make_shared<Binary>(span, BinaryOp::Div, std::make_shared<FloatLiteral>(span, 1.0),
                                                                  single(0)));
        if (name == "hfma") {
            auto wide = [&](std::size_t i) { return cast(Scalar::Float64, half(i)); };
            auto product = std::make_shared<Binary>(span, BinaryOp::Mul, wide(0), wide(1));
            return cast(Scalar::Float16, std::make_shared<Binary>(span, BinaryOp::Add, product, wide(2)));
        }
        const char *function = functions.at(name);
        std::vector<ExprPtr> operands{single(0)};
        if (arity->second == 2) operands.push_back(single(1));
        return cast(Scalar::Float16, math_call(function, std::move(operands)));
    }

    // What shared.array(shape, dtype, alignment=None) and local.array(...) declare.
    struct Declaration {
        std::vector<long long> shape;
        MemorySpace memory;
        int alignment;
        TSNode dtype;
    };

    // shared.array(shape, dtype, alignment=None) and local.array(...), positional or by
    // keyword.
    ExprPtr lower_array_declaration(TSNode node, const std::string &space) {
        auto declared = array_declaration(node, space);
        if (!declared) return nullptr;
        if (record_type_named(declared->dtype)) {
            error(DiagnosticKind::Unsupported, node,
                  "an array of records is declared in an assignment of its own, as in r = " +
                      std::string(tree_.text(node)));
            return nullptr;
        }
        ExprPtr element_of = array_dtype_of(declared->dtype);
        // An element type taken from an array is set by the checker; float64 holds its place.
        auto scalar = element_of ? std::optional<Scalar>(Scalar::Float64) : dtype(declared->dtype);
        if (!scalar) return nullptr;
        Type type = Type::nd_array(*scalar, static_cast<std::uint8_t>(declared->shape.size()), Layout::C);
        auto alloc = std::make_shared<ArrayAlloc>(tree_.span(node), declared->memory, type, std::move(declared->shape),
                                                  "", ++allocations_);
        alloc->element_of = std::move(element_of);
        alloc->alignment = declared->alignment;
        return alloc;
    }

    // The record type a dtype names: a module-level `NAME = Record(...)`.
    const ast::RecordParameter *record_type_named(TSNode node) {
        if (kind(node) != "identifier") return nullptr;
        std::string name(tree_.text(node));
        if (params_.count(name) || locals_.count(name)) return nullptr;
        auto found = globals_.record_types.find(name);
        return found != globals_.record_types.end() ? &found->second : nullptr;
    }

    // `r = cuda.local.array(shape, dtype=rec)` (or shared) of a record type: an array per
    // field, `r.x`, `r.y`, ..., which r's records index as a record array parameter's do.
    bool lower_record_allocation(TSNode node, Block &out) {
        TSNode left = field(node, "left"), right = field(node, "right");
        if (kind(left) != "identifier" || ts_node_is_null(right) || kind(right) != "call") return false;
        auto parts = dotted(field(right, "function"));
        if (!parts || parts->size() < 2 || parts->back() != "array") return false;
        const std::string &space = (*parts)[parts->size() - 2];
        if ((space != "local" && space != "shared") || !names_module(field(right, "function"))) return false;
        TSNode dtype_node{};
        std::size_t position = 0;
        for (TSNode argument : named_children(field(right, "arguments"))) {
            if (kind(argument) == "keyword_argument") {
                if (tree_.text(field(argument, "name")) == "dtype") dtype_node = field(argument, "value");
            } else if (position++ == 1) {
                dtype_node = argument;
            }
        }
        if (ts_node_is_null(dtype_node) || !record_type_named(dtype_node)) return false;
        std::string name(tree_.text(left));
        if (records_.count(name)) {
            error(DiagnosticKind::Type, node, "'" + name + "' names records already; declare the array under a new name");
            return true;
        }
        auto declared = array_declaration(right, space);
        if (!declared) return true;
        if (declared->memory == MemorySpace::DynamicShared) {
            error(DiagnosticKind::Unsupported, right, "dynamic shared memory holds numbers, not records");
            return true;
        }
        const ast::RecordParameter *type = record_type_named(dtype_node);
        auto &record = local_record_types_.emplace_back(std::make_unique<ast::RecordParameter>(*type));
        record->ndim = static_cast<std::uint8_t>(declared->shape.size());
        Span span = tree_.span(node);
        for (const auto &record_field : record->fields) {
            std::vector<long long> shape = declared->shape;
            shape.insert(shape.end(), record_field.extents.begin(), record_field.extents.end());
            Scalar element = record_field.scalar;
            if (is_complex(element)) {  // as its parts, as a parameter's complex field is
                element = ast::component_of(element);
                shape.push_back(2);
            }
            if (shape.size() > 8) {
                error(DiagnosticKind::Type, right, "the field '" + record_field.name + "' has more than 8 dimensions with the array's");
                return true;
            }
            Type field_type = Type::nd_array(element, static_cast<std::uint8_t>(shape.size()), Layout::C);
            auto alloc = std::make_shared<ArrayAlloc>(span, declared->memory, field_type, std::move(shape), "", ++allocations_);
            alloc->alignment = declared->alignment;
            out.push_back(std::make_shared<Assign>(span, std::make_shared<Variable>(span, name + "." + record_field.name), alloc));
        }
        records_[name] = RecordView{name, record.get(), {}};
        return true;
    }

    std::optional<Declaration> array_declaration(TSNode node, const std::string &space) {
        std::string what = space + ".array()";
        TSNode shape_node{}, dtype_node{}, alignment_node{};
        std::size_t position = 0;
        for (TSNode argument : named_children(field(node, "arguments"))) {
            if (kind(argument) == "keyword_argument") {
                std::string keyword(tree_.text(field(argument, "name")));
                if (keyword == "shape") {
                    shape_node = field(argument, "value");
                } else if (keyword == "dtype") {
                    dtype_node = field(argument, "value");
                } else if (keyword == "alignment") {
                    alignment_node = field(argument, "value");
                } else {
                    error(DiagnosticKind::Type, argument,
                          what + " takes shape, dtype and alignment, not '" + keyword + "'");
                    return std::nullopt;
                }
                continue;
            }
            if (position == 0) {
                shape_node = argument;
            } else if (position == 1) {
                dtype_node = argument;
            } else if (position == 2) {
                alignment_node = argument;
            } else {
                error(DiagnosticKind::Type, argument, what + " takes shape, dtype and alignment");
                return std::nullopt;
            }
            ++position;
        }
        if (ts_node_is_null(shape_node) || ts_node_is_null(dtype_node)) {
            error(DiagnosticKind::Type, node, what + " needs a shape and a dtype");
            return std::nullopt;
        }
        TSNode shape_value = shape_node;
        while (kind(shape_value) == "parenthesized_expression" && named_children(shape_value).size() == 1)
            shape_value = named_children(shape_value)[0];
        std::vector<TSNode> extent_nodes = kind(shape_value) == "tuple" ? named_children(shape_value)
                                                                        : std::vector<TSNode>{shape_value};
        // A shape this copy of a helper was given as a tuple: its extents, each at the name.
        const CompileTimeValue *given_shape = nullptr;
        if (kind(shape_value) == "identifier")
            if (const CompileTimeValue *value = compile_time_named(std::string(tree_.text(shape_value)));
                value && value->kind == CompileTimeValue::Kind::Tuple) {
                given_shape = value;
                extent_nodes.assign(value->tuple.size(), shape_value);
            }
        std::vector<long long> shape;
        long long elements = 1;
        for (TSNode extent_node : extent_nodes) {
            auto extent = given_shape ? integer_literal(tree_.span(extent_node), given_shape->tuple[shape.size()])
                                      : lower_expr(extent_node);
            auto value = extent ? fold_integer(*extent) : std::nullopt;
            if (!value) {
                if (extent)
                    error(DiagnosticKind::Type, extent_node,
                          "the shape of a " + space + " array must be constant: integers and "
                          "module-level constants, as in (16, 16) or TPB");
                return std::nullopt;
            }
            if (*value < 0 || (*value == 0 && (space != "shared" || extent_nodes.size() != 1))) {
                error(DiagnosticKind::Type, extent_node,
                      "a " + space + " array's extent must be positive" +
                          (space == "shared" ? std::string(" (a shape of 0 alone asks for dynamic shared memory)")
                                             : std::string()));
                return std::nullopt;
            }
            shape.push_back(*value);
            elements = *value == 0 ? 0 : elements * *value;
            if (elements > (1LL << 31)) {
                error(DiagnosticKind::Type, shape_node, "the " + space + " array is too large");
                return std::nullopt;
            }
        }
        if (shape.empty() || shape.size() > 8) {
            error(DiagnosticKind::Type, shape_node, "a " + space + " array has 1 to 8 dimensions");
            return std::nullopt;
        }
        MemorySpace memory = space == "local" ? MemorySpace::Local
                             : elements == 0  ? MemorySpace::DynamicShared
                                              : MemorySpace::Shared;
        auto alignment = array_alignment(alignment_node, memory, what);
        if (!alignment) return std::nullopt;
        return Declaration{std::move(shape), memory, *alignment, dtype_node};
    }

    // numba's alignment= of a declared array: none (0, the element's own) or a constant power
    // of two of bytes its storage starts at a multiple of.
    std::optional<int> array_alignment(TSNode node, MemorySpace memory, const std::string &what) {
        constexpr long long max_alignment = 4096;
        if (ts_node_is_null(node) || kind(node) == "none") return 0;
        static const std::set<std::string_view> not_integers{"string", "concatenated_string", "float",
                                                             "true", "false"};
        std::optional<long long> bytes;
        if (!not_integers.count(kind(node))) {
            ExprPtr value = lower_expr(node);
            if (!value) return std::nullopt;  // reported
            bytes = fold_integer(*value);
        }
        if (!bytes) {
            error(DiagnosticKind::Type, node, what + "'s alignment must be a constant integer, not " +
                                                  std::string(tree_.text(node)));
            return std::nullopt;
        }
        if (*bytes < 1 || *bytes > max_alignment || (*bytes & (*bytes - 1)) != 0) {
            error(DiagnosticKind::Type, node,
                  what + "'s alignment must be a power of 2 from 1 to " + std::to_string(max_alignment) +
                      " bytes, not " + std::to_string(*bytes));
            return std::nullopt;
        }
        if (memory == MemorySpace::DynamicShared) {
            error(DiagnosticKind::Unsupported, node,
                  "alignment= applies to arrays of a constant shape; dynamic shared memory starts at "
                  "the alignment of its largest use");
            return std::nullopt;
        }
        return static_cast<int>(*bytes);
    }

    // The array X of a dtype given as X.dtype (X a parameter or local), or null.
    ExprPtr array_dtype_of(TSNode node) {
        if (kind(node) != "attribute" || tree_.text(field(node, "attribute")) != "dtype") return nullptr;
        TSNode object = field(node, "object");
        if (kind(object) != "identifier") return nullptr;
        std::string name(tree_.text(object));
        if (!params_.count(name) && !locals_.count(name)) return nullptr;
        return lower_expr(object);
    }

    // A dtype named as float32, np.float32, numpy.float32, numba.float32 or cudapy.float32.
    std::optional<Scalar> dtype(TSNode node) {
        auto parts = dotted(node);
        if (!parts && kind(node) == "string") {
            if (auto text = string_value(node)) parts = std::vector<std::string>{*text};
        }
        std::optional<Scalar> scalar;
        auto value = parts && parts->size() == 1 ? substitutions_.find(parts->front()) : substitutions_.end();
        if (value != substitutions_.end()) {
            if (value->second.kind == CompileTimeValue::Kind::DType) scalar = scalar_from_name(value->second.parts.back());
        } else if (parts && (parts->size() == 1 || names_module(node)) && !params_.count(parts->front()) &&
                   !locals_.count(parts->front())) {
            auto alias = parts->size() == 1 ? globals_.function_aliases.find(parts->front())
                                            : globals_.function_aliases.end();
            scalar = scalar_from_name(alias != globals_.function_aliases.end() ? alias->second.back() : parts->back());
        }
        if (!scalar || *scalar == Scalar::Void) {
            std::string given(tree_.text(node));  // a string shown with its own quotes
            error(DiagnosticKind::Type, node,
                  "unknown dtype " + (kind(node) == "string" ? given : "'" + given + "'") +
                      "; name one, as in float32 or np.int32");
            return std::nullopt;
        }
        return scalar;
    }

    ExprPtr lower_constant_array(TSNode node) {
        auto arguments = named_children(field(node, "arguments"));
        if (arguments.size() != 1 || kind(arguments[0]) != "identifier") {
            error(DiagnosticKind::Type, node, "const.array_like() takes one argument: the name of a constant array");
            return nullptr;
        }
        std::string name(tree_.text(arguments[0]));
        auto found = globals_.constant_arrays.find(name);
        if (found == globals_.constant_arrays.end()) {
            error(DiagnosticKind::Name, arguments[0],
                  "'" + name + "' is not a constant array of the program (a NumPy array of the "
                  "kernel's module, given with cudapy_program_add_constant_array)");
            return nullptr;
        }
        const ConstantArray &array = *found->second;
        Type type = Type::nd_array(array.element, static_cast<std::uint8_t>(array.shape.size()), Layout::C);
        return std::make_shared<ArrayAlloc>(tree_.span(node), MemorySpace::Constant, type, array.shape, name,
                                            ++allocations_);
    }

    ExprPtr lower_call(TSNode node) {
        TSNode callee = field(node, "function");
        Span span = tree_.span(node);
        std::string module, name;
        if (std::string method(kind(callee) == "attribute" ? tree_.text(field(callee, "attribute")) : "");
            (method == "conjugate" || method == "bit_count") && !names_module(field(callee, "object"))) {
            if (!named_children(field(node, "arguments")).empty()) {
                error(DiagnosticKind::Type, node, method + "() takes no arguments");
                return nullptr;
            }
            return lower_member(node, field(callee, "object"), method);
        }
        if (kind(callee) == "attribute" && tree_.text(field(callee, "attribute")) == "sync" &&
            is_this_grid(field(callee, "object")))
            return lower_grid_group_call(node, "cg.this_grid().sync");
        if (kind(callee) == "attribute" && tree_.text(field(callee, "attribute")) == "reshape" &&
            !names_module(field(callee, "object")))
            return lower_reshape(node, field(callee, "object"));
        if (kind(callee) == "attribute" && tree_.text(field(callee, "attribute")) == "transpose" &&
            !names_module(field(callee, "object"))) {  // a.transpose(): a.T; axes are not taken
            if (!named_children(field(node, "arguments")).empty()) {
                error(DiagnosticKind::Unsupported, node,
                      "transpose() in kernels reverses all axes and takes no arguments (a.T)");
                return nullptr;
            }
            return lower_member(node, field(callee, "object"), "T");
        }
        auto parts = dotted(callee);
        if (!parts) {
            error(DiagnosticKind::Unsupported, callee,
                  "only named functions can be called in kernels");
            return nullptr;
        }
        // A parameter that is a function or a dtype in this copy of a helper: call that.
        bool substituted = false;
        if (parts->size() == 1)
            if (auto value = substitutions_.find(parts->front()); value != substitutions_.end() &&
                                                                 !value->second.parts.empty()) {
                parts = value->second.parts;
                substituted = true;
            }
        if (!substituted && (parts->size() == 1 || is_module_name(parts->front())))
            if (rebound(parts->front(), callee)) return nullptr;
        if (parts->size() == 1)
            if (auto alias = globals_.function_aliases.find(parts->front()); alias != globals_.function_aliases.end())
                parts = alias->second;
        bool prefixed = parts->size() > 1;
        auto unqualified = without_module(*parts);
        if (unqualified.size() == 1) {
            name = unqualified[0];
        } else if (unqualified.size() == 2) {
            module = unqualified[0];
            name = unqualified[1];
        } else {
            for (std::size_t i = 0; i + 1 < parts->size(); ++i) module += (i ? "." : "") + (*parts)[i];
            name = parts->back();
        }
        if (auto cooperative = lower_cuda_call(node, module, name, prefixed)) return *cooperative;
        if (module.empty() && functions_.count(name) && !params_.count(name) && !locals_.count(name))
            if (auto call = specialized_call(node, name)) return *call;

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

        if (module.empty() && name == "len" && !functions_.count(name)) {
            auto children = named_children(arguments);
            if (children.size() == 1)
                if (auto items = tuple_local_items(children[0]))  // a tuple's length is known
                    return integer_literal(span, static_cast<long long>(items->size()));
            if (children.size() == 1)
                if (const RecordView *records = record_array_named(children[0]))
                    return std::make_shared<Length>(span, record_extents(*records, span));
        }
        auto args = lower_arguments(arguments);
        if (!args) return nullptr;
        auto expect_count = [&](int n) { return expect_arity(name, n, n, args->size(), node); };

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
        if (module.empty() && name == "complex") {
            auto resolved = resolve_intrinsic(name, IntrinsicModule::Builtin);
            if (!expect_intrinsic_arity(*resolved->info, name, args->size(), node)) return nullptr;
            return std::make_shared<Intrinsic>(span, *resolved, std::move(*args));
        }
        if (module.empty() || type_module) {
            if (auto scalar = scalar_from_name(name); scalar && *scalar != Scalar::Void) {
                if (!expect_count(1)) return nullptr;
                return std::make_shared<Cast>(span, Type::of(*scalar), (*args)[0], false);
            }
        }
        if (module == "operator") return lower_operator_call(node, name, std::move(*args));
        if (module == "math" || module == "cmath") {
            auto in = module == "math" ? IntrinsicModule::Math : IntrinsicModule::Cmath;
            if (auto resolved = resolve_intrinsic(name, in)) {
                if (!expect_intrinsic_arity(*resolved->info, name, args->size(), node)) return nullptr;
                return std::make_shared<Intrinsic>(span, *resolved, std::move(*args));
            }
            std::vector<std::string> candidates;
            for (const auto &info : intrinsics())
                if (info.module == in) candidates.emplace_back(info.name);
            for (auto constant : math_constants) candidates.emplace_back(constant);
            std::string message = "unknown function '" + module + "." + name + "'";
            if (auto close = closest_name(name, candidates))
                message += "; did you mean '" + module + "." + *close + "'?";
            error(DiagnosticKind::Name, callee, message);
            return nullptr;
        }
        if (!module.empty()) {
            std::string message = "unknown function '" + module + "." + name + "'";
            if (resolve_intrinsic(name, IntrinsicModule::Math))
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
            if (!expect_count(1)) return nullptr;
            return std::make_shared<Length>(span, (*args)[0]);
        }
        if (name == "pow") {
            if (!expect_count(2)) return nullptr;
            return binary(span, BinaryOp::Pow, (*args)[0], (*args)[1], node);
        }
        if (auto resolved = resolve_intrinsic(name, IntrinsicModule::Builtin)) {
            if (!expect_intrinsic_arity(*resolved->info, name, args->size(), node)) return nullptr;
            return std::make_shared<Intrinsic>(span, *resolved, std::move(*args));
        }

        if (resolve_intrinsic(name, IntrinsicModule::Math)) {
            error(DiagnosticKind::Name, callee,
                  "unknown function '" + name + "'; call it as math." + name + "(...), with "
                  "the module named");
            return nullptr;
        }
        unknown_name(callee, name, "function");
        return nullptr;
    }

    const syntax::Tree &tree_;
    const Globals &globals_;
    const std::set<std::string> &functions_;
    Diagnostics &diagnostics_;
    Specializations *specializations_;  // where calls ask for copies of helpers
    // In a copy of a helper: the compile-time values of the parameters it was made for, and
    // the item counts of the parameters its calls pass tuples for.
    std::map<std::string, CompileTimeValue> substitutions_;
    std::map<std::string, std::size_t> tuple_items_;
    std::set<std::string> params_;
    std::set<std::string> locals_;
    std::map<std::string, std::size_t> tuple_locals_;  // locals holding a tuple, by its length
    std::map<std::string, RecordView> records_;  // record parameters and locals bound to a record
    std::map<std::string, std::vector<std::string>> named_tuples_;  // named tuple parameters' item names
    std::vector<std::unique_ptr<ast::RecordParameter>> local_record_types_;  // of declared record arrays
    std::set<std::string> grid_groups_;  // locals holding numba's grid group
    std::set<std::string> refused_names_;  // bound only by refused constructs
    std::set<std::string> failed_locals_;  // whose assignment failed to lower
    int loop_depth_ = 0;
    std::vector<ExprPtr> break_flags_;  // per enclosing loop: what its breaks set (its else), or null
    int temporaries_ = 0;
    int allocations_ = 0;
    std::set<std::string> constant_locals_;  // locals bound to constant arrays
    int expression_depth_ = 0;
    bool reported_depth_ = false;  // once per function is enough
};

// Decorators of ours, or of the numba.cuda vocabulary, which cudapy itself applies.
bool is_own_decorator(std::string_view text) {
    for (std::string_view prefix : {"@cudapy.", "@cp.", "@cuda.jit", "@numba.cuda.jit"})
        if (text.substr(0, prefix.size()) == prefix) return true;
    return false;
}

// A CudaPy signature comment: `# name : rettype (params)`. Returns the name and the signature.
std::optional<std::pair<std::string, std::string>> signature_comment(std::string_view text) {
    std::size_t i = 1;  // past '#'
    auto skip_spaces = [&] {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    };
    // Bytes of non-ASCII letters count as a name's: the parse has checked that it is UTF-8.
    auto is_word = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
    };
    skip_spaces();
    std::size_t name_start = i;
    while (i < text.size() && is_word(text[i])) ++i;
    if (i == name_start) return std::nullopt;
    std::string name = ast::normalize_identifier(text.substr(name_start, i - name_start));
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

// A top-level `NAME = value` statement: its name and the assignment.
std::optional<std::pair<std::string, TSNode>> constant_definition(const syntax::Tree &tree, TSNode statement) {
    if (kind(statement) != "expression_statement" || ts_node_named_child_count(statement) != 1) return std::nullopt;
    TSNode assignment = ts_node_named_child(statement, 0);
    if (kind(assignment) != "assignment") return std::nullopt;
    TSNode left = field(assignment, "left"), right = field(assignment, "right");
    if (ts_node_is_null(right) || kind(right) == "assignment" || !ts_node_is_null(field(assignment, "type")))
        return std::nullopt;
    if (kind(left) == "identifier") return std::make_pair(std::string(tree.text(left)), assignment);
    // `Class.member = constant`: a member of a namespace of constants.
    if (kind(left) == "attribute" && kind(field(left, "object")) == "identifier")
        return std::make_pair(std::string(tree.text(field(left, "object"))) + "." +
                                  std::string(tree.text(field(left, "attribute"))),
                              assignment);
    return std::nullopt;
}

// A module-level `NAME = Record(x=float32, v=(float64, 3, 2))`: a record type of those fields
// (a field that is an array gives its element type and extents), which the Python side writes
// for a record dtype a kernel reads as a global. None for another value; after an error too.
std::optional<ast::RecordParameter> record_type_definition(const syntax::Tree &tree, TSNode value, Diagnostics &diagnostics,
                                                           bool &is_record) {
    is_record = kind(value) == "call" && kind(field(value, "function")) == "identifier" &&
                tree.text(field(value, "function")) == "Record";
    if (!is_record) return std::nullopt;
    auto fail = [&](TSNode where, const std::string &message) {
        diagnostics.report(DiagnosticKind::Type, tree.span(where), message);
        return std::nullopt;
    };
    ast::RecordParameter record;
    for (TSNode argument : named_children(field(value, "arguments"))) {
        if (kind(argument) != "keyword_argument")
            return fail(argument, "a record's fields are named: Record(x=float32, v=(float64, 3))");
        ast::RecordField described;
        described.name = ast::normalize_identifier(tree.text(field(argument, "name")));
        for (const auto &other : record.fields)
            if (other.name == described.name) return fail(argument, "the field '" + described.name + "' is named twice");
        TSNode type = field(argument, "value");
        std::vector<TSNode> extents;
        if (kind(type) == "tuple") {
            auto items = named_children(type);
            if (items.empty()) return fail(type, "expected the field's element type and extents, as (float64, 3)");
            type = items.front();
            extents.assign(items.begin() + 1, items.end());
        }
        auto scalar = kind(type) == "identifier" ? scalar_from_name(tree.text(type)) : std::nullopt;
        if (!scalar || *scalar == Scalar::Void)
            return fail(type, "the field '" + described.name + "' holds '" + std::string(tree.text(type)) +
                                  "', which is not a number type (int64, float32, ...)");
        described.scalar = *scalar;
        for (TSNode extent : extents) {
            std::string digits(tree.text(extent));
            if (kind(extent) != "integer" || digits.size() > 9 ||
                !std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
                return fail(extent, "the extents of the field '" + described.name + "' are integers");
            described.extents.push_back(std::stoll(digits));
        }
        if (extents.size() > 7) return fail(argument, "the field '" + described.name + "' has too many dimensions");
        described.own_ndim = static_cast<std::uint8_t>(extents.size());
        record.fields.push_back(std::move(described));
    }
    if (record.fields.empty()) return fail(value, "a record has at least one field");
    return record;
}

// The function a module-level `NAME = value` names, when `value` is a function of the program,
// of the math or operator module, or an element type (numba's kernels call functions passed to them under other names).
std::optional<std::vector<std::string>> function_alias(const syntax::Tree &tree, TSNode value, const Globals &globals) {
    if (kind(value) == "identifier") {
        std::string name(tree.text(value));
        // A program function, or an element type (`T = float32`: T names the type, and casts).
        if (globals.functions.count(name)) return std::vector<std::string>{name};
        if (auto scalar = scalar_from_name(name); scalar && *scalar != Scalar::Void)
            return std::vector<std::string>{name};
        return std::nullopt;
    }
    if (kind(value) != "attribute") return std::nullopt;
    TSNode object = field(value, "object"), attribute = field(value, "attribute");
    // A function of the kernel language passed in as a value: cuda.ldcg, cuda.atomic.add.
    if (kind(object) == "attribute" && kind(field(object, "object")) == "identifier" &&
        tree.text(field(object, "object")) == "cuda" && tree.text(field(object, "attribute")) == "atomic") {
        std::string name(tree.text(attribute));
        if (!find_builtin("atomic." + name)) return std::nullopt;
        return std::vector<std::string>{"cuda", "atomic", name};
    }
    if (kind(object) != "identifier") return std::nullopt;
    std::string module(tree.text(object)), name(tree.text(attribute));
    if (module == "cuda") {
        const BuiltinInfo *builtin = find_builtin(name);
        if (!builtin || builtin->group == BuiltinGroup::Atomic) return std::nullopt;
        return std::vector<std::string>{module, name};
    }
    if (module == "math" ? !resolve_intrinsic(name, IntrinsicModule::Math)
                         : module != "operator" || !is_operator_function(name))
        return std::nullopt;
    return std::vector<std::string>{module, name};
}

}  // namespace

ast::Program lower(const std::vector<const syntax::Tree *> &trees,
                   const std::vector<ast::ConstantArray> &constant_arrays, const ast::Linkage &linkage,
                   ast::Diagnostics &diagnostics,
                   const std::map<std::string, std::vector<ast::SplitParameter>> &split_parameters) {
    std::vector<Definition> definitions;
    std::vector<std::pair<std::string, Definition>> constants;  // module-level NAME = value
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
                if (linkage.find(name)) {
                    diagnostics.report(DiagnosticKind::Name, span,
                                       "the function '" + name + "' is defined here and also declared "
                                       "as a device function of the linked CUDA C++");
                    continue;
                }
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
            if (auto constant = constant_definition(*tree, node)) {
                constants.push_back({constant->first, {tree, constant->second}});
                continue;
            }
            diagnostics.report(DiagnosticKind::Unsupported, tree->span(node),
                               "only function definitions and constants (NAME = number) are "
                               "allowed at the top level of kernel source");
        }
    }

    Globals globals;
    globals.split_parameters = split_parameters;
    for (const auto &[name, span] : defined) globals.functions.insert(name);
    for (const auto &declared : linkage.functions) globals.functions.insert(declared.name);
    ast::Program program;
    program.constants = constant_arrays;
    program.linkage = linkage;
    for (const auto &array : program.constants) globals.constant_arrays[array.name] = &array;
    for (const auto &[name, definition] : constants) {
        Span span = definition.tree->span(definition.node);
        if (globals.functions.count(name) || globals.constants.count(name)) {
            diagnostics.report(DiagnosticKind::Name, span, "'" + name + "' is defined twice at the top level");
            continue;
        }
        if (auto target = function_alias(*definition.tree, field(definition.node, "right"), globals)) {
            globals.function_aliases[name] = std::move(*target);
            continue;
        }
        bool is_record = false;
        auto record = record_type_definition(*definition.tree, field(definition.node, "right"), diagnostics, is_record);
        if (is_record) {
            if (record) globals.record_types[name] = std::move(*record);
            continue;
        }
        FunctionLowering lowering(*definition.tree, globals, diagnostics);
        if (auto dot = name.find('.'); dot != std::string::npos) {
            globals.namespaces.insert(name.substr(0, dot));
            if (auto value = lowering.lower_constant(field(definition.node, "right"), name))
                globals.constants[name] = value;
            else
                globals.failed_constants.insert(name);
            continue;
        }
        if (auto tuple = lowering.tuple_constant(field(definition.node, "right"))) {
            globals.tuple_constants[name] = std::move(*tuple);
        } else if (auto items = lowering.value_tuple(field(definition.node, "right"), name)) {
            if (items->empty())
                globals.failed_constants.insert(name);
            else
                globals.value_tuples[name] = std::move(*items);
        } else if (auto value = lowering.lower_constant(field(definition.node, "right"), name)) {
            globals.constants[name] = value;
        } else {
            globals.failed_constants.insert(name);
        }
    }

    std::set<std::string> &names = globals.functions;
    for (const auto &definition : definitions) {
        std::string name(definition.tree->text(field(definition.node, "name")));
        globals.definitions[name] = {definition.tree, definition.node};
        globals.parameters[name] = compile_time_parameters(*definition.tree, definition.node);
    }
    // A function some of whose parameters only compile-time values can stand for is lowered as
    // the copies its calls ask for, and as it is written only when some call or none asks for
    // that (a kernel, or a helper its calls give runtime values, whose errors then show).
    auto is_template = [&](const std::string &name) {
        const auto &parameters = globals.parameters[name];
        return std::any_of(parameters.begin(), parameters.end(), [](const auto &p) { return p.compile_time; });
    };
    Specializations specializations;
    std::vector<std::string> templates;
    // A function's own diagnostics wait until its calls are known: one that every call passes
    // a tuple is lowered as its copies alone.
    std::map<std::string, Diagnostics> as_written;
    for (const auto &definition : definitions) {
        std::string name(definition.tree->text(field(definition.node, "name")));
        if (is_template(name)) {
            templates.push_back(name);
            continue;
        }
        FunctionLowering lowering(*definition.tree, globals, as_written[name], &specializations);
        program.functions.push_back(lowering.lower(definition.node));
    }
    // Each copy may ask for copies of the helpers it calls; a cycle of copies repeats a name.
    constexpr std::size_t max_copies = 1000;
    for (std::size_t next = 0; next < specializations.pending.size() && next < max_copies; ++next) {
        std::string copy = specializations.pending[next];
        const auto &request = specializations.requested.at(copy);
        auto [tree, node] = globals.definitions.at(request.function);
        FunctionLowering lowering(*tree, globals, diagnostics, &specializations, request.values,
                                  request.tuple_items);
        Function function = lowering.lower(node);
        function.name = copy;
        program.functions.push_back(std::move(function));
    }
    std::set<std::string> copied;
    for (const auto &[copy, request] : specializations.requested) copied.insert(request.function);
    auto only_copies = [&](const std::string &name) {
        return copied.count(name) && !specializations.called_as_written.count(name);
    };
    std::erase_if(program.functions, [&](const Function &f) {
        return as_written.count(f.name) && only_copies(f.name);
    });
    for (auto &[name, found] : as_written)
        if (!only_copies(name)) diagnostics.merge(found);
    for (const auto &name : templates) {
        if (only_copies(name)) continue;
        auto [tree, node] = globals.definitions.at(name);
        FunctionLowering lowering(*tree, globals, diagnostics, &specializations);
        program.functions.push_back(lowering.lower(node));
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
