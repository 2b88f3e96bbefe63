#include "passes/unbound_locals.h"

#include <set>
#include <string>
#include <vector>

#include "ast/visitor.h"

namespace cudapy::passes {

namespace {

using namespace cudapy::ast;

// The names a block assigns anywhere (loop variables and names bound inside expressions too).
struct Assigned : Visitor {
    std::set<std::string> names;
    void visit_assign(const Assign &s) override {
        if (s.target->kind == ExprKind::Variable) names.insert(static_cast<const Variable &>(*s.target).name);
        Visitor::visit_assign(s);
    }
    void visit_for_range(const ForRange &s) override {
        names.insert(s.variable);
        Visitor::visit_for_range(s);
    }
    void visit_let(const Let &e) override {
        names.insert(e.variable);
        Visitor::visit_let(e);
    }
};

// A forward walk that keeps the locals some path may have assigned so far; a read of a local
// outside that set is reached by no assignment at all.
class Walk : public Visitor {
public:
    Walk(const Function &function, Diagnostics &diagnostics) : diagnostics_(diagnostics) {
        Assigned assigned;
        assigned.visit(function.body);
        locals_ = assigned.names;
        for (const auto &param : function.params) locals_.erase(param.name);
    }

    void run(const Block &body) { visit(body); }

protected:
    void visit_variable(const Variable &e) override {
        if (!reachable_ || !locals_.count(e.name) || maybe_assigned_.count(e.name) || !reported_.insert(e.name).second)
            return;
        diagnostics_.report(DiagnosticKind::Name, e.span,
                            "the local variable '" + e.name + "' is read before any assignment to it "
                            "(Python raises UnboundLocalError here): a name assigned anywhere in a "
                            "function is local to all of it");
    }
    void visit_let(const Let &e) override {
        visit(*e.value);
        maybe_assigned_.insert(e.variable);
        visit(*e.body);
    }
    void visit_assign(const Assign &s) override {
        visit(*s.value);
        if (s.target->kind == ExprKind::Variable)
            maybe_assigned_.insert(static_cast<const Variable &>(*s.target).name);
        else
            visit(*s.target);
    }
    void visit_if(const If &s) override {
        visit(*s.condition);
        std::set<std::string> before = maybe_assigned_;
        bool reachable = reachable_;
        visit(s.then_body);
        std::set<std::string> after_then = std::move(maybe_assigned_);
        bool then_reachable = reachable_;
        maybe_assigned_ = std::move(before);
        reachable_ = reachable;
        visit(s.else_body);
        // A branch that jumped away adds nothing to what follows.
        if (!reachable_) maybe_assigned_.clear();
        if (then_reachable) maybe_assigned_.insert(after_then.begin(), after_then.end());
        reachable_ = reachable_ || then_reachable;
    }
    // A loop's body may follow an earlier pass through it: what it assigns anywhere may be
    // assigned at its top.
    void visit_while(const While &s) override {
        enter_loop(s.body);
        visit(*s.condition);
        visit(s.body);
        leave_loop();
    }
    void visit_for_range(const ForRange &s) override {
        visit(*s.start);
        visit(*s.stop);
        visit(*s.step);
        enter_loop(s.body);
        maybe_assigned_.insert(s.variable);
        visit(s.body);
        leave_loop();
    }
    // What follows a jump in its block is never reached; nothing is refused there.
    void visit_break(const Break &) override { reachable_ = false; }
    void visit_continue(const Continue &) override { reachable_ = false; }
    void visit_return(const Return &s) override {
        Visitor::visit_return(s);
        reachable_ = false;
    }

private:
    void enter_loop(const Block &body) {
        reachable_before_loop_.push_back(reachable_);
        Assigned assigned;
        assigned.visit(body);
        maybe_assigned_.insert(assigned.names.begin(), assigned.names.end());
    }
    // After the loop: everything its body may assign (already in the set), reached by its exit
    // or a break, unless it was unreachable from the start.
    void leave_loop() { reachable_ = reachable_before_loop_.back(), reachable_before_loop_.pop_back(); }

    Diagnostics &diagnostics_;
    std::set<std::string> locals_;
    std::set<std::string> maybe_assigned_;
    std::set<std::string> reported_;
    bool reachable_ = true;
    std::vector<bool> reachable_before_loop_;
};

}  // namespace

void check_unbound_locals(const Program &program, Diagnostics &diagnostics) {
    for (const auto &function : program.functions) Walk(function, diagnostics).run(function.body);
}

}  // namespace cudapy::passes
