#include "frontend/literals.h"

#include <cstdint>
#include <limits>

namespace cudapy::frontend {

namespace {

using namespace cudapy::ast;
// 128 bits hold every value of the 64-bit types and their sums and products.
__extension__ typedef __int128 Exact;
__extension__ typedef unsigned __int128 ExactMagnitude;

std::optional<Exact> fold_exact(BinaryOp op, Exact a, Exact b, std::string &failure);

// The value of an integer literal, possibly signed by unary operators or combined with other
// literals by an operation kept whole, exactly.
std::optional<Exact> exact_value(const Expr &e) {
    if (e.kind == ExprKind::IntLiteral) return static_cast<Exact>(static_cast<const IntLiteral &>(e).value);
    if (e.kind == ExprKind::Binary) {
        const auto &b = static_cast<const Binary &>(e);
        auto lhs = exact_value(*b.lhs), rhs = exact_value(*b.rhs);
        std::string failure;
        if (!lhs || !rhs) return std::nullopt;
        return fold_exact(b.op, *lhs, *rhs, failure);
    }
    if (e.kind != ExprKind::Unary) return std::nullopt;
    const auto &u = static_cast<const Unary &>(e);
    auto operand = exact_value(*u.operand);
    if (!operand) return std::nullopt;
    switch (u.op) {
    case UnaryOp::Negate: return -*operand;
    case UnaryOp::Plus: return *operand;
    case UnaryOp::Invert: return ~*operand;
    }
    return std::nullopt;
}

std::string decimal(Exact value) {
    bool negative = value < 0;
    ExactMagnitude magnitude = negative ? -static_cast<ExactMagnitude>(value) : static_cast<ExactMagnitude>(value);
    std::string digits;
    do {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(magnitude % 10)));
        magnitude /= 10;
    } while (magnitude != 0);
    return (negative ? "-" : "") + digits;
}

constexpr Exact largest = static_cast<Exact>(std::numeric_limits<std::uint64_t>::max());
constexpr Exact smallest = static_cast<Exact>(std::numeric_limits<std::int64_t>::min());

bool fits_64_bits(Exact value) { return value <= largest && value >= smallest; }

std::variant<ExprPtr, LiteralError> literal(const Span &span, Exact value) {
    if (!fits_64_bits(value))
        return LiteralError{"the integer " + decimal(value) + " does not fit in 64 bits", true};
    if (value >= 0) return std::make_shared<IntLiteral>(span, static_cast<std::uint64_t>(value));
    auto magnitude = std::make_shared<IntLiteral>(span, static_cast<std::uint64_t>(-value));
    return std::make_shared<Unary>(span, UnaryOp::Negate, magnitude);
}

const char too_large[] = "the integer is too large for 64 bits";

// Python's `a op b` on integers; none, with `failure` set, where Python raises or the value
// leaves 128 bits, and none without it for `/` and negative powers, which give floats.
std::optional<Exact> fold_exact(BinaryOp op, Exact a, Exact b, std::string &failure) {
    Exact result = 0;
    switch (op) {
    case BinaryOp::Add:
        if (__builtin_add_overflow(a, b, &result)) break;
        return result;
    case BinaryOp::Sub:
        if (__builtin_sub_overflow(a, b, &result)) break;
        return result;
    case BinaryOp::Mul:
        if (__builtin_mul_overflow(a, b, &result)) break;
        return result;
    case BinaryOp::FloorDiv:
    case BinaryOp::Mod: {
        if (b == 0) {
            failure = "integer division or modulo by zero";
            return std::nullopt;
        }
        Exact quotient = a / b, remainder = a % b;
        if (remainder != 0 && ((remainder < 0) != (b < 0))) {
            quotient -= 1;
            remainder += b;
        }
        return op == BinaryOp::FloorDiv ? quotient : remainder;
    }
    case BinaryOp::Pow: {
        if (b < 0) {
            if (a == 0) failure = "0 cannot be raised to a negative power";
            return std::nullopt;
        }
        Exact base = a, exponent = b;
        result = 1;
        while (exponent != 0) {
            if ((exponent & 1) && __builtin_mul_overflow(result, base, &result)) {
                failure = too_large;
                return std::nullopt;
            }
            exponent >>= 1;
            if (exponent != 0 && __builtin_mul_overflow(base, base, &base)) {
                failure = too_large;
                return std::nullopt;
            }
        }
        return result;
    }
    case BinaryOp::LeftShift:
    case BinaryOp::RightShift:
        if (b < 0) {
            failure = "negative shift count";
            return std::nullopt;
        }
        if (op == BinaryOp::RightShift) return b >= 127 ? (a < 0 ? -1 : 0) : a >> static_cast<int>(b);
        if (a == 0) return 0;
        if (b >= 126 || __builtin_mul_overflow(a, static_cast<Exact>(1) << static_cast<int>(b), &result)) break;
        return result;
    case BinaryOp::BitAnd: return a & b;
    case BinaryOp::BitOr: return a | b;
    case BinaryOp::BitXor: return a ^ b;
    case BinaryOp::Div: return std::nullopt;
    }
    failure = too_large;
    return std::nullopt;
}

}  // namespace

bool is_literal_zero(const Expr &e) {
    switch (e.kind) {
    case ExprKind::IntLiteral: return static_cast<const IntLiteral &>(e).value == 0;
    case ExprKind::FloatLiteral: return static_cast<const FloatLiteral &>(e).value == 0.0;
    case ExprKind::Unary: {
        const auto &u = static_cast<const Unary &>(e);
        return u.op != UnaryOp::Invert && is_literal_zero(*u.operand);
    }
    default: return false;
    }
}

std::optional<std::variant<ExprPtr, LiteralError>> fold_literal(const Span &span, UnaryOp op, const Expr &operand) {
    // -0.1 is one float literal, typed as one (a float64 where it meets one), not float32's -0.1.
    if (operand.kind == ExprKind::FloatLiteral && op != UnaryOp::Invert) {
        double value = static_cast<const FloatLiteral &>(operand).value;
        return std::make_shared<FloatLiteral>(span, op == UnaryOp::Negate ? -value : value);
    }
    auto value = exact_value(operand);
    if (!value) return std::nullopt;
    // -literal is how a negative literal is written: it stays one unless it came out of folding.
    if (op == UnaryOp::Negate && operand.kind == ExprKind::IntLiteral) return std::nullopt;
    switch (op) {
    case UnaryOp::Negate: return literal(span, -*value);
    case UnaryOp::Plus: return literal(span, *value);
    case UnaryOp::Invert: return literal(span, ~*value);
    }
    return std::nullopt;
}

std::optional<std::variant<ExprPtr, LiteralError>> fold_literals(const Span &span, BinaryOp op, const Expr &lhs,
                                                                const Expr &rhs) {
    auto a = exact_value(lhs), b = exact_value(rhs);
    if (!a || !b) return std::nullopt;
    std::string failure;
    auto result = fold_exact(op, *a, *b, failure);
    if (!result) {
        if (failure.empty()) return std::nullopt;
        return LiteralError{failure};
    }
    return literal(span, *result);
}

std::optional<std::string> out_of_range(const Expr &e) {
    if (e.kind != ExprKind::Binary && e.kind != ExprKind::Unary) return std::nullopt;
    auto value = exact_value(e);
    if (!value || fits_64_bits(*value)) return std::nullopt;
    return "the integer " + decimal(*value) + " does not fit in 64 bits";
}

}  // namespace cudapy::frontend
