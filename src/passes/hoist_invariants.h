// Moves out of each kernel the float arithmetic that reads nothing but the kernel's scalar
// parameters (never assigned in it) and literals: every thread would compute it alike, so it
// becomes a hidden parameter (Function::hoisted) that the launch computes once on the host
// (common/hoisted.h). `dx = (x1 - x0) / width` with float32 x and an int32 width costs each
// thread two float64 conversions and a float64 division; hoisted, a parameter read.
//
// Only expressions with a division or a conversion to a float move: a GPU converts at a
// quarter of its arithmetic rate or less and divides in a dozen instructions, while an add or
// a multiply costs no more than reading a parameter. Only what the host computes as the GPU does, each operation
// rounded in its type (NumPy's results), moves: IEEE +, -, *, / and negation on float32 and
// float64, conversions to floats and between integers; no float16, no math functions, nothing
// that could trap. At most max_hoisted_values per kernel.
#pragma once

#include "ast/node.h"

namespace cudapy::passes {

ast::Program hoist_invariants(ast::Program program);

}  // namespace cudapy::passes
