// NumPy's type promotion with NEP 50's weak Python literals.
#pragma once

#include <vector>

#include "ast/type.h"

namespace cudapy::types {

// A type as the checker sees it: a weak type comes from Python literals only.
struct Typed {
    ast::Type type;
    bool weak = false;
};

// The type NumPy gives a binary arithmetic operation on two strong scalars.
ast::Type promote_strong(ast::Type a, ast::Type b);
// NumPy's result type of several strong scalars together (np.result_type), which promoting
// pairwise would not always give: int8, uint16 and float16 are float32 together, where
// (int8 with uint16) with float16 is float64. Bools alone stay bool.
ast::Type promote_strong_all(const std::vector<ast::Type> &types);
// The same with NEP 50: a weak operand takes the kind of the other where it can. Two bools give
// int32, as Python's True + True == 2.
Typed promote(Typed a, Typed b);
// Whether a value converts implicitly where a fixed type is expected (arguments, returns):
// NumPy's "same_kind" casting, and weak literals wherever their kind fits.
bool converts_implicitly(Typed from, ast::Type to);

}  // namespace cudapy::types
