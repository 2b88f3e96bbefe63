#include "passes/array_writes.h"

#include <map>
#include <string>

#include "ast/visitor.h"

namespace cudapy::passes {

namespace {

using namespace cudapy::ast;

class WriteFinder : public Visitor {
public:
    WriteFinder(Function &function, const std::map<std::string, Function *> &functions)
        : function_(function), functions_(functions) {}

    bool changed = false;

private:
    void mark(const Expr &array) {
        if (array.kind != ExprKind::Variable) return;
        const auto &name = static_cast<const ast::Variable &>(array).name;
        for (auto &param : function_.params) {
            if (param.name == name && param.type.is_array() && !param.written) {
                param.written = true;
                changed = true;
            }
        }
    }

    void visit_assign(const Assign &s) override {
        if (s.target->kind == ExprKind::Index) mark(*static_cast<const Index &>(*s.target).array);
        Visitor::visit_assign(s);
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
