#include "passes/nonnegative.h"

#include <set>
#include <string>

#include "ast/visitor.h"

namespace cudapy::passes {

namespace {

using namespace cudapy::ast;

// The locals of a function that are non-negative wherever they are read: optimistically all of
// them at first, then every local with an assignment not proven non-negative is dropped, until
// nothing changes.
class Facts {
public:
    explicit Facts(const Function &function) : function_(function) {
        for (const auto &local : function.locals)
            if (local.type.is_integer() || local.type.is_bool()) nonnegative_.insert(local.name);
        bool changed = true;
        while (changed) {
            Refuter refuter(*this);
            refuter.visit(function.body);
            changed = refuter.changed;
        }
    }

    bool nonnegative(const Expr &e) const {
        if (e.type.is_scalar() && !e.type.is_signed() && !e.type.is_float()) return true;
        switch (e.kind) {
        case ExprKind::IntLiteral:
        case ExprKind::BoolLiteral:
        case ExprKind::ThreadIndex:
        case ExprKind::Length:
        case ExprKind::ArrayInfo: return true;
        case ExprKind::Variable: return nonnegative_.count(static_cast<const ast::Variable &>(e).name) > 0;
        case ExprKind::Cast: {
            const auto &c = static_cast<const Cast &>(e);
            Type from = c.operand->type;
            if (!from.is_integer() && !from.is_bool()) return false;
            int from_bytes = scalar_bytes(from.scalar), to_bytes = scalar_bytes(c.type.scalar);
            // Narrowing may wrap to a negative; so may an unsigned value of the same width.
            bool keeps_sign = to_bytes > from_bytes || (to_bytes == from_bytes && from.is_signed());
            return c.type.is_integer() && keeps_sign && nonnegative(*c.operand);
        }
        case ExprKind::Binary: {
            const auto &b = static_cast<const Binary &>(e);
            if (!b.type.is_integer()) return false;
            switch (b.op) {
            case BinaryOp::Add:
            case BinaryOp::Mul:
            case BinaryOp::FloorDiv:
            case BinaryOp::Mod:
            case BinaryOp::BitOr:
            case BinaryOp::BitXor: return nonnegative(*b.lhs) && nonnegative(*b.rhs);
            case BinaryOp::RightShift: return nonnegative(*b.lhs);
            case BinaryOp::BitAnd: return nonnegative(*b.lhs) || nonnegative(*b.rhs);
            default: return false;
            }
        }
        case ExprKind::Unary: {
            const auto &u = static_cast<const Unary &>(e);
            return u.op == UnaryOp::Plus && nonnegative(*u.operand);
        }
        case ExprKind::Conditional: {
            const auto &c = static_cast<const Conditional &>(e);
            return nonnegative(*c.then_value) && nonnegative(*c.else_value);
        }
        case ExprKind::Let: return nonnegative(*static_cast<const Let &>(e).body);
        default: return false;
        }
    }

private:
    // Drops every local some assignment may make negative.
    class Refuter : public Visitor {
    public:
        explicit Refuter(Facts &facts) : facts_(facts) {}
        bool changed = false;

    protected:
        void visit_assign(const Assign &s) override {
            if (s.target->kind == ExprKind::Variable)
                check(static_cast<const ast::Variable &>(*s.target).name, *s.value);
            Visitor::visit_assign(s);
        }
        void visit_let(const Let &e) override {
            check(e.variable, *e.value);
            Visitor::visit_let(e);
        }
        // Counting up from a non-negative start (by a step that is not negative: zero fails),
        // or down to a stop of -1 or more.
        void visit_for_range(const ForRange &s) override {
            auto step = integer_constant(*s.step);
            bool up = (step && *step > 0) || (!step && facts_.nonnegative(*s.step));
            bool down_to_zero = step && *step < 0 &&
                                (facts_.nonnegative(*s.stop) || integer_constant(*s.stop) == -1);
            if (!(facts_.nonnegative(*s.start) && (up || down_to_zero))) drop(s.variable);
            Visitor::visit_for_range(s);
        }

    private:
        void check(const std::string &name, const Expr &value) {
            if (!facts_.nonnegative(value)) drop(name);
        }
        void drop(const std::string &name) {
            if (facts_.nonnegative_.erase(name)) changed = true;
        }
        Facts &facts_;
    };

    const Function &function_;
    std::set<std::string> nonnegative_;
};

class DivisionMarker : public Mutator {
public:
    explicit DivisionMarker(const Facts &facts) : facts_(facts) {}

protected:
    ExprPtr mutate_binary(const std::shared_ptr<Binary> &e) override {
        ExprPtr result = Mutator::mutate_binary(e);
        auto &b = static_cast<Binary &>(*result);
        bool division = b.op == BinaryOp::FloorDiv || b.op == BinaryOp::Mod;
        if (!division || !b.type.is_integer() || b.operands_nonnegative) return result;
        if (!facts_.nonnegative(*b.lhs) || !facts_.nonnegative(*b.rhs)) return result;
        auto marked = std::make_shared<Binary>(b);
        marked->operands_nonnegative = true;
        return marked;
    }

    // A loop whose step cannot be negative needs no test of its direction.
    StmtPtr mutate_for_range(const std::shared_ptr<ForRange> &s) override {
        StmtPtr result = Mutator::mutate_for_range(s);
        auto &loop = static_cast<ForRange &>(*result);
        if (loop.step_nonnegative || integer_constant(*loop.step) || !facts_.nonnegative(*loop.step)) return result;
        auto marked = std::make_shared<ForRange>(loop);
        marked->step_nonnegative = true;
        return marked;
    }

private:
    const Facts &facts_;
};

}  // namespace

Program mark_nonnegative_division(Program program) {
    for (auto &function : program.functions) {
        Facts facts(function);
        DivisionMarker marker(facts);
        function.body = marker.mutate(function.body);
    }
    return program;
}

}  // namespace cudapy::passes
