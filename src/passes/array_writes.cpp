#include "passes/array_writes.h"

#include <map>
#include <set>
#include <string>

#include "ast/visitor.h"

namespace cudapy::passes {

namespace {

using namespace cudapy::ast;

// The variables an array expression may refer to: `X`, the rows `X[i]` and slices `X[a:b]`
// of `X`, either branch of a conditional.
void roots(const Expr &e, std::set<std::string> &out) {
    switch (e.kind) {
    case ExprKind::Variable: out.insert(static_cast<const ast::Variable &>(e).name); return;
    case ExprKind::Index: return roots(*static_cast<const Index &>(e).array, out);
    case ExprKind::Conditional: {
        const auto &c = static_cast<const Conditional &>(e);
        roots(*c.then_value, out);
        roots(*c.else_value, out);
        return;
    }
    case ExprKind::Let: return roots(*static_cast<const Let &>(e).body, out);
    case ExprKind::Slice: return roots(*static_cast<const Slice &>(e).array, out);
    case ExprKind::Intrinsic: {  // a.real, a.imag, a.reshape(...), a.T: views of the array's memory
        const auto &i = static_cast<const Intrinsic &>(e);
        if ((i.info->kind == IntrinsicKind::ComplexPart || i.info->kind == IntrinsicKind::ArrayReshape ||
             i.info->kind == IntrinsicKind::ArrayTranspose) &&
            !i.args.empty() && i.args[0]->type.is_array())
            roots(*i.args[0], out);
        return;
    }
    default: return;
    }
}

// Finds the array parameters a function stores into: directly, through local variables that
// hold them or their rows, and through helpers known to store into theirs.
class WriteFinder : public Visitor {
public:
    WriteFinder(Function &function, const std::map<std::string, Function *> &functions)
        : function_(function), functions_(functions) {
        struct Aliases : Visitor {
            std::map<std::string, std::set<std::string>> &edges;
            explicit Aliases(std::map<std::string, std::set<std::string>> &e) : edges(e) {}
            void visit_assign(const Assign &s) override {
                if (s.target->kind == ExprKind::Variable && s.value->type.is_array())
                    roots(*s.value, edges[static_cast<const ast::Variable &>(*s.target).name]);
                Visitor::visit_assign(s);
            }
        } aliases(aliases_);
        aliases.visit(function.body);
    }

    bool changed = false;

private:
    void mark(const Expr &array) {
        std::set<std::string> names;
        roots(array, names);
        std::set<std::string> seen;
        for (const auto &name : names) mark_name(name, seen);
    }

    void mark_name(const std::string &name, std::set<std::string> &seen) {
        if (!seen.insert(name).second) return;
        for (auto &param : function_.params) {
            if (param.name == name && param.type.is_array() && !param.written) {
                param.written = true;
                changed = true;
            }
        }
        if (auto found = aliases_.find(name); found != aliases_.end())
            for (const auto &source : found->second) mark_name(source, seen);
    }

    void visit_assign(const Assign &s) override {
        if (s.target->kind == ExprKind::Index) mark(*static_cast<const Index &>(*s.target).array);
        Visitor::visit_assign(s);
    }

    // An atomic's or a cache-hinted store's first argument is the element it stores into.
    void visit_builtin(const Builtin &e) override {
        if (writes_element(e.which) && !e.args.empty() && e.args[0]->kind == ExprKind::Index)
            mark(*static_cast<const Index &>(*e.args[0]).array);
        Visitor::visit_builtin(e);
    }

    void visit_call(const Call &e) override {
        auto callee = functions_.find(e.callee);
        if (callee != functions_.end()) {
            const auto &params = callee->second->params;
            for (std::size_t i = 0; i < e.args.size() && i < params.size(); ++i)
                if (params[i].written) mark(*e.args[i]);
        }
        Visitor::visit_call(e);
    }

    Function &function_;
    const std::map<std::string, Function *> &functions_;
    std::map<std::string, std::set<std::string>> aliases_;  // local -> variables it may hold
};

}  // namespace

Program mark_array_writes(Program program) {
    std::map<std::string, Function *> functions;
    for (auto &f : program.functions) functions[f.name] = &f;
    // Writes flow from helpers to their callers; repeat until nothing new is learned.
    bool changed = true;
    while (changed) {
        changed = false;
        for (auto &f : program.functions) {
            WriteFinder finder(f, functions);
            finder.visit(f.body);
            changed = changed || finder.changed;
        }
    }
    return program;
}

}  // namespace cudapy::passes
