// Values hoisted out of a kernel (passes/hoist_invariants): arithmetic on the kernel's scalar
// parameters that every thread would compute alike. A launch computes each once, on the host,
// and passes it as a hidden parameter after the extent: a division or a float64 conversion
// costs the GPU far more, thread by thread, than the host once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ast/type.h"

namespace cudapy {

enum class HoistedOp : std::uint8_t { Parameter, Constant, Convert, Negate, Add, Sub, Mul, Div };

// One step of a postfix program: pushes a parameter or a constant, or replaces the value(s)
// on top by the operation's result, of `type`.
struct HoistedStep {
    HoistedOp op = HoistedOp::Constant;
    ast::Scalar type = ast::Scalar::Float64;
    std::uint32_t parameter = 0;  // Parameter: the kernel parameter's index
    std::uint64_t bits = 0;       // Constant: the value's bits, zero-extended to 8 bytes
};

struct HoistedProgram {
    ast::Scalar type = ast::Scalar::Float64;  // of the value it computes
    std::vector<HoistedStep> steps;
};

// The most values hoisted out of one kernel.
inline constexpr std::size_t max_hoisted_values = 8;
// The deepest stack a program may need.
inline constexpr std::size_t max_hoisted_depth = 16;

// Whether a program computes one value of its type with at most max_hoisted_depth values on
// its stack, reading only parameters of `parameter_types` at their own types, each step of a
// type it supports: bool, integers, float32 and float64 (no float16).
bool well_formed(const HoistedProgram &program, const std::vector<ast::Scalar> &parameter_types);

// Runs a well-formed program on the kernel's parameters (one pointer per parameter, as a
// launch takes them) and stores the value, sizeof its type, at `out`. Each operation rounds as
// C++ on the GPU does: IEEE arithmetic in the operands' type, conversions rounding to nearest,
// integers wrapping to their width.
void evaluate(const HoistedProgram &program, void *const *params, void *out);

}  // namespace cudapy
