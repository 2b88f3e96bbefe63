#include "frontend/specialize.h"

#include <set>
#include <string_view>

namespace cudapy::frontend {

using syntax::field;
using syntax::kind;

std::string CompileTimeValue::text() const {
    switch (kind) {
    case Kind::Callable:
    case Kind::DType: {
        std::string joined;
        for (const auto &part : parts) joined += (joined.empty() ? "" : ".") + part;
        return joined;
    }
    case Kind::Boolean: return integer ? "True" : "False";
    case Kind::Integer: return std::to_string(integer);
    case Kind::Tuple: {
        std::string joined = "(";
        for (std::size_t i = 0; i < tuple.size(); ++i) joined += (i ? ", " : "") + std::to_string(tuple[i]);
        return joined + (tuple.size() == 1 ? ",)" : ")");
    }
    }
    return "";
}

namespace {

std::vector<TSNode> children_of(TSNode node) {
    std::vector<TSNode> children;
    for (std::uint32_t i = 0, n = ts_node_named_child_count(node); i < n; ++i)
        children.push_back(ts_node_named_child(node, i));
    return children;
}

}  // namespace

std::vector<CompileTimeParameter> compile_time_parameters(const syntax::Tree &tree, TSNode definition) {
    std::vector<std::string> names;
    for (TSNode parameter : children_of(field(definition, "parameters")))
        names.emplace_back(kind(parameter) == "identifier" ? tree.text(parameter) : std::string_view());
    std::set<std::string> called, shaping, assigned, tested;
    // A walk with its own stack, noting whether it is inside a shared or local array's call.
    std::vector<std::pair<TSNode, bool>> pending{{field(definition, "body"), false}};
    while (!pending.empty()) {
        auto [node, in_array_call] = pending.back();
        pending.pop_back();
        if (ts_node_is_null(node)) continue;
        std::string_view k = kind(node);
        if (k == "function_definition" || k == "class_definition" || k == "lambda") continue;
        bool inside = in_array_call;
        if (k == "call") {
            TSNode callee = field(node, "function");
            if (kind(callee) == "identifier") called.insert(std::string(tree.text(callee)));
            if (kind(callee) == "attribute" && tree.text(field(callee, "attribute")) == "array") inside = true;
        } else if (k == "identifier" && in_array_call) {
            shaping.insert(std::string(tree.text(node)));
        } else if (k == "assignment" || k == "augmented_assignment" || k == "for_statement") {
            TSNode left = field(node, "left");
            if (!ts_node_is_null(left) && kind(left) == "identifier") assigned.insert(std::string(tree.text(left)));
        } else if (k == "if_statement" || k == "elif_clause") {
            // `if flag:` and `if not flag:`: a literal argument prunes a branch, as numba does.
            TSNode condition = field(node, "condition");
            while (!ts_node_is_null(condition) && kind(condition) == "not_operator")
                condition = field(condition, "argument");
            if (!ts_node_is_null(condition) && kind(condition) == "identifier")
                tested.insert(std::string(tree.text(condition)));
        }
        for (TSNode child : children_of(node)) pending.push_back({child, inside});
    }
    std::vector<CompileTimeParameter> result;
    for (const auto &name : names) {
        bool fixed = !name.empty() && !assigned.count(name);
        result.push_back({name, fixed && (called.count(name) || shaping.count(name)), fixed && tested.count(name)});
    }
    return result;
}

std::string specialization_name(const std::string &function,
                                const std::vector<std::pair<std::string, CompileTimeValue>> &values,
                                const std::map<std::string, std::size_t> &tuple_items) {
    std::string name = function + "[";
    for (std::size_t i = 0; i < values.size(); ++i)
        name += (i ? ", " : "") + values[i].first + "=" + values[i].second.text();
    for (const auto &[parameter, count] : tuple_items)
        name += (name.back() == '[' ? "" : ", ") + parameter + "=<" + std::to_string(count) + " items>";
    return name + "]";
}

}  // namespace cudapy::frontend
