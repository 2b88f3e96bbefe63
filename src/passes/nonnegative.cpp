#include "passes/nonnegative.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "ast/visitor.h"

namespace cudapy::passes {

namespace {

using namespace cudapy::ast;

// The largest value of an integer type; a bound of it says only that values are not negative.
std::uint64_t type_max(Type t) {
    int bits = 8 * scalar_bytes(t.scalar) - (t.is_signed() ? 1 : 0);
    return t.is_bool() ? 1 : bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
    std::uint64_t sum;
    return __builtin_add_overflow(a, b, &sum) ? ~std::uint64_t{0} : sum;
}

std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
    std::uint64_t product;
    return __builtin_mul_overflow(a, b, &product) ? ~std::uint64_t{0} : product;
}

// CUDA's limits on what the thread indices hold; a grid's threads along one dimension fit in an
// int32, as idx needs (see README).
std::uint64_t thread_index_bound(ThreadIndexKind kind) {
    constexpr std::uint64_t int32_max = 0x7fffffff;
    switch (kind) {
    case ThreadIndexKind::ThreadIdxX:
    case ThreadIndexKind::ThreadIdxY: return 1023;
    case ThreadIndexKind::ThreadIdxZ: return 63;
    case ThreadIndexKind::BlockDimX:
    case ThreadIndexKind::BlockDimY: return 1024;
    case ThreadIndexKind::BlockDimZ: return 64;
    case ThreadIndexKind::BlockIdxY:
    case ThreadIndexKind::BlockIdxZ: return 65534;
    case ThreadIndexKind::GridDimY:
    case ThreadIndexKind::GridDimZ: return 65535;
    case ThreadIndexKind::WarpSize: return 32;
    case ThreadIndexKind::LaneId: return 31;
    default: return int32_max;
    }
}

// blockDim.x * gridDim.x (either way round, any one axis): the grid's threads along it.
bool grid_threads(const Expr &a, const Expr &b) {
    if (a.kind != ExprKind::ThreadIndex || b.kind != ExprKind::ThreadIndex) return false;
    auto axis = [](ThreadIndexKind kind, ThreadIndexKind x) { return static_cast<int>(kind) - static_cast<int>(x); };
    ThreadIndexKind p = static_cast<const ThreadIndex &>(a).which, q = static_cast<const ThreadIndex &>(b).which;
    for (auto [dims, grid] : {std::pair{p, q}, std::pair{q, p}}) {
        int d = axis(dims, ThreadIndexKind::BlockDimX), g = axis(grid, ThreadIndexKind::GridDimX);
        if (d >= 0 && d < 3 && d == g) return true;
    }
    return false;
}

// An upper bound of each local of a function that is never negative, wherever it is read. The
// bounds start at nothing and grow with every assignment until none changes; a local whose
// bound keeps growing (`k += 1`) gets its type's maximum, and one an assignment may make
// negative is dropped.
class Facts {
public:
    explicit Facts(const Function &function) {
        for (const auto &local : function.locals)
            if (local.type.is_integer() || local.type.is_bool()) bounds_[local.name] = {0, local.type};
        for (int round = 0;; ++round) {
            Refuter refuter(*this, round >= widening_round);
            refuter.visit(function.body);
            if (!refuter.changed) break;
        }
    }

    bool nonnegative(const Expr &e) const { return bound(e).has_value(); }

    // An upper bound of `e`, known not to be negative; none if it may be negative.
    std::optional<std::uint64_t> bound(const Expr &e) const {
        if (e.type.is_scalar() && !e.type.is_signed() && !e.type.is_float()) {
            auto exact = bound_of_kind(e);
            return exact ? std::min(*exact, type_max(e.type)) : type_max(e.type);
        }
        auto found = bound_of_kind(e);
        if (found && e.type.is_scalar() && (e.type.is_integer() || e.type.is_bool()) && *found > type_max(e.type))
            return std::nullopt;  // the value wraps past its type's maximum
        return found;
    }

private:
    static constexpr int widening_round = 8;

    std::optional<std::uint64_t> bound_of_kind(const Expr &e) const {
        switch (e.kind) {
        case ExprKind::IntLiteral: return static_cast<const IntLiteral &>(e).value;
        case ExprKind::BoolLiteral: return 1;
        case ExprKind::ThreadIndex: return thread_index_bound(static_cast<const ThreadIndex &>(e).which);
        case ExprKind::Length:
        case ExprKind::ArrayInfo: return std::uint64_t{1} << 62;  // no array holds more elements
        case ExprKind::Variable: {
            auto found = bounds_.find(static_cast<const ast::Variable &>(e).name);
            if (found == bounds_.end()) return std::nullopt;
            return found->second.first;
        }
        case ExprKind::Cast: {
            const auto &c = static_cast<const Cast &>(e);
            Type from = c.operand->type;
            if (!from.is_integer() && !from.is_bool()) return std::nullopt;
            auto operand = bound(*c.operand);
            if (!operand || !c.type.is_integer()) return std::nullopt;
            // Narrowing wraps what exceeds the target's maximum (bound() then refuses it).
            return operand;
        }
        case ExprKind::Binary: {
            const auto &b = static_cast<const Binary &>(e);
            if (!b.type.is_integer()) return std::nullopt;
            auto l = bound(*b.lhs), r = bound(*b.rhs);
            switch (b.op) {
            case BinaryOp::Add:
                if (!l || !r) return std::nullopt;
                return saturating_add(*l, *r);
            case BinaryOp::Mul:
                if (!l || !r) return std::nullopt;
                if (grid_threads(*b.lhs, *b.rhs)) return thread_index_bound(ThreadIndexKind::GridSizeX);
                return saturating_mul(*l, *r);
            case BinaryOp::FloorDiv:
                if (!l || !r) return std::nullopt;
                return *l;
            case BinaryOp::Mod:
                if (!l || !r) return std::nullopt;
                return std::min(*l, *r);
            case BinaryOp::BitOr:
            case BinaryOp::BitXor: {
                if (!l || !r) return std::nullopt;
                std::uint64_t high = std::max(*l, *r);
                int bits = high == 0 ? 0 : 64 - __builtin_clzll(high);
                return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
            }
            case BinaryOp::RightShift: return l;
            case BinaryOp::BitAnd:
                if (l && r) return std::min(*l, *r);
                return l ? l : r;
            default: return std::nullopt;
            }
        }
        case ExprKind::Unary: {
            const auto &u = static_cast<const Unary &>(e);
            if (u.op != UnaryOp::Plus) return std::nullopt;
            return bound(*u.operand);
        }
        case ExprKind::Conditional: {
            const auto &c = static_cast<const Conditional &>(e);
            auto a = bound(*c.then_value), b = bound(*c.else_value);
            if (!a || !b) return std::nullopt;
            return std::max(*a, *b);
        }
        case ExprKind::Let: return bound(*static_cast<const Let &>(e).body);
        default: return std::nullopt;
        }
    }

    // Raises each local's bound to what its assignments may give, or drops it.
    class Refuter : public Visitor {
    public:
        Refuter(Facts &facts, bool widen) : facts_(facts), widen_(widen) {}
        bool changed = false;

    protected:
        void visit_assign(const Assign &s) override {
            if (s.target->kind == ExprKind::Variable)
                assign(static_cast<const ast::Variable &>(*s.target).name, facts_.bound(*s.value));
            Visitor::visit_assign(s);
        }
        void visit_let(const Let &e) override {
            assign(e.variable, facts_.bound(*e.value));
            Visitor::visit_let(e);
        }
        // Counting up from a non-negative start (by a step that is not negative: zero fails),
        // to below its stop, or down to a stop of -1 or more from its start.
        void visit_for_range(const ForRange &s) override {
            auto step = integer_constant(*s.step);
            bool up = (step && *step > 0) || (!step && facts_.nonnegative(*s.step));
            bool down_to_zero = step && *step < 0 &&
                                (facts_.nonnegative(*s.stop) || integer_constant(*s.stop) == -1);
            auto start = facts_.bound(*s.start), stop = facts_.bound(*s.stop);
            if (!start || !(up || down_to_zero))
                assign(s.variable, std::nullopt);
            else if (up)
                assign(s.variable, stop ? std::max(*start, *stop) : std::optional<std::uint64_t>());
            else
                assign(s.variable, start);
            Visitor::visit_for_range(s);
        }

    private:
        void assign(const std::string &name, std::optional<std::uint64_t> value) {
            auto found = facts_.bounds_.find(name);
            if (found == facts_.bounds_.end()) return;
            auto &[bound, type] = found->second;
            if (!value || *value > type_max(type)) {
                facts_.bounds_.erase(found);
                changed = true;
            } else if (*value > bound) {
                bound = widen_ ? type_max(type) : *value;
                changed = true;
            }
        }
        Facts &facts_;
        bool widen_;
    };

    std::map<std::string, std::pair<std::uint64_t, Type>> bounds_;
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
