#include "passes/hoist_invariants.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "ast/printer.h"
#include "ast/visitor.h"
#include "common/hoisted.h"

namespace cudapy::passes {

namespace {

using namespace cudapy::ast;

bool movable_type(Type t) { return t.is_scalar() && t.scalar != Scalar::Float16; }

bool is_literal(const Expr &e) {
    return e.kind == ExprKind::IntLiteral || e.kind == ExprKind::FloatLiteral || e.kind == ExprKind::BoolLiteral;
}

// The scalar parameters of a kernel that nothing in it assigns.
std::set<std::string> fixed_parameters(const Function &kernel) {
    struct Assigned : Visitor {
        std::set<std::string> names;
        void visit_assign(const Assign &s) override {
            if (s.target->kind == ExprKind::Variable) names.insert(static_cast<const ast::Variable &>(*s.target).name);
            Visitor::visit_assign(s);
        }
        void visit_for_range(const ForRange &s) override {
            names.insert(s.variable);
            Visitor::visit_for_range(s);
        }
    } assigned;
    assigned.visit(kernel.body);
    std::set<std::string> fixed;
    for (const auto &param : kernel.params)
        if (movable_type(param.type) && !assigned.names.count(param.name)) fixed.insert(param.name);
    return fixed;
}

class Hoister : public Mutator {
public:
    explicit Hoister(Function &kernel) : kernel_(kernel), fixed_(fixed_parameters(kernel)) {}

private:
    ExprPtr mutate_unary(const std::shared_ptr<Unary> &e) override {
        auto value = hoisted(e);
        return value ? value : Mutator::mutate_unary(e);
    }
    ExprPtr mutate_binary(const std::shared_ptr<Binary> &e) override {
        auto value = hoisted(e);
        return value ? value : Mutator::mutate_binary(e);
    }
    ExprPtr mutate_cast(const std::shared_ptr<Cast> &e) override {
        auto value = hoisted(e);
        return value ? value : Mutator::mutate_cast(e);
    }

    // Whether `e` may move and is worth a parameter.
    bool movable(const Expr &e) {
        bool costly = false, reads_parameter = false;
        return computable(e, costly, reads_parameter) && costly && reads_parameter &&
               stack_depth(e) <= max_hoisted_depth;
    }

    // The values on the stack of the program computing `e` at its deepest.
    static std::size_t stack_depth(const Expr &e) {
        switch (e.kind) {
        case ExprKind::Cast: return stack_depth(*static_cast<const Cast &>(e).operand);
        case ExprKind::Unary: return stack_depth(*static_cast<const Unary &>(e).operand);
        case ExprKind::Binary: {
            const auto &b = static_cast<const Binary &>(e);
            return std::max(stack_depth(*b.lhs), stack_depth(*b.rhs) + 1);
        }
        default: return 1;
        }
    }

    // Whether the host computes `e` as the GPU does, from fixed parameters and literals;
    // `costly` is set by a division or a conversion in it.
    bool computable(const Expr &e, bool &costly, bool &reads_parameter) const {
        if (!movable_type(e.type)) return false;
        switch (e.kind) {
        case ExprKind::IntLiteral:
        case ExprKind::FloatLiteral:
        case ExprKind::BoolLiteral: return true;
        case ExprKind::Variable:
            reads_parameter = true;
            return fixed_.count(static_cast<const ast::Variable &>(e).name) > 0;
        case ExprKind::Cast: {
            const auto &c = static_cast<const Cast &>(e);
            const Type from = c.operand->type;
            if (!e.type.is_float() && (from.is_float() || !e.type.is_integer())) return false;
            if (e.type.is_float() && from != e.type && !is_literal(*c.operand)) costly = true;
            return computable(*c.operand, costly, reads_parameter);
        }
        case ExprKind::Unary: {
            const auto &u = static_cast<const Unary &>(e);
            if (!e.type.is_float() || u.op == UnaryOp::Invert || u.operand->type != e.type) return false;
            return computable(*u.operand, costly, reads_parameter);
        }
        case ExprKind::Binary: {
            const auto &b = static_cast<const Binary &>(e);
            bool arithmetic = b.op == BinaryOp::Add || b.op == BinaryOp::Sub || b.op == BinaryOp::Mul ||
                              b.op == BinaryOp::Div;
            if (!e.type.is_float() || !arithmetic || b.lhs->type != e.type || b.rhs->type != e.type) return false;
            if (b.op == BinaryOp::Div) costly = true;
            return computable(*b.lhs, costly, reads_parameter) && computable(*b.rhs, costly, reads_parameter);
        }
        default: return false;
        }
    }

    // The kernel's hidden parameter holding `e`: the one of an equal expression, or a new one
    // while there is room; null when `e` stays.
    ExprPtr hoisted(const ExprPtr &e) {
        if (!movable(*e)) return nullptr;
        std::string text = to_string(*e);
        auto found = names_.find(text);
        if (found == names_.end()) {
            if (kernel_.hoisted.size() >= max_hoisted_values) return nullptr;
            std::string name = ".hoisted" + std::to_string(kernel_.hoisted.size());
            kernel_.hoisted.push_back({name, e});
            found = names_.emplace(text, name).first;
        }
        auto variable = std::make_shared<ast::Variable>(e->span, found->second);
        variable->type = e->type;
        return variable;
    }

    Function &kernel_;
    std::set<std::string> fixed_;
    std::map<std::string, std::string> names_;  // an expression's text -> its parameter
};

}  // namespace

Program hoist_invariants(Program program) {
    for (auto &f : program.functions) {
        if (!f.is_kernel) continue;
        Hoister hoister(f);
        f.body = hoister.mutate(f.body);
    }
    return program;
}

}  // namespace cudapy::passes
