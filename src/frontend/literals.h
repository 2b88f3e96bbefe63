// Python's arithmetic on integer literals, done exactly (Python's integers are unbounded) before
// the result is typed like a literal written as it is: `2**31` is 2147483648, not -2147483648.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "ast/node.h"

namespace cudapy::frontend {

// A binary operation on two literal operands (literals, or operations on literals kept whole),
// folded: the literal it gives (a negative value as -literal), or the ZeroDivisionError or
// ValueError Python raises. A value outside the 64-bit types is a LiteralError with
// `out_of_range` set: an enclosing operation on literals may still bring it back in range
// (`10**20 // 10**10`), so the caller keeps the operation whole there. Nothing when an operand
// is no integer literal or the operation gives no integer.
struct LiteralError {
    std::string message;
    bool out_of_range = false;
};
std::optional<std::variant<ast::ExprPtr, LiteralError>> fold_literals(const ast::Span &span, ast::BinaryOp op,
                                                                     const ast::Expr &lhs, const ast::Expr &rhs);

// The same for a unary operation (-, +, ~) on an integer literal, and - and + on a float one.
std::optional<std::variant<ast::ExprPtr, LiteralError>> fold_literal(const ast::Span &span, ast::UnaryOp op,
                                                                    const ast::Expr &operand);

// The message for an operation on literals kept whole whose value is outside the 64-bit types.
std::optional<std::string> out_of_range(const ast::Expr &e);

// Whether `e` is a literal zero, integer or float, possibly signed: a divisor Python refuses.
bool is_literal_zero(const ast::Expr &e);

}  // namespace cudapy::frontend
