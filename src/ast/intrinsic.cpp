#include "ast/intrinsic.h"

#include <array>

namespace cudapy::ast {

namespace {

constexpr IntrinsicInfo float_math(std::string_view name, std::string_view cuda, int arity) {
    return {name, cuda, IntrinsicKind::FloatMath, arity, true};
}

constexpr std::array table{
    float_math("sqrt", "sqrt", 1),     float_math("exp", "exp", 1),
    float_math("exp2", "exp2", 1),     float_math("expm1", "expm1", 1),
    float_math("log", "log", 1),       float_math("log2", "log2", 1),
    float_math("log10", "log10", 1),   float_math("log1p", "log1p", 1),
    float_math("sin", "sin", 1),       float_math("cos", "cos", 1),
    float_math("tan", "tan", 1),       float_math("asin", "asin", 1),
    float_math("acos", "acos", 1),     float_math("atan", "atan", 1),
    float_math("sinh", "sinh", 1),     float_math("cosh", "cosh", 1),
    float_math("tanh", "tanh", 1),     float_math("asinh", "asinh", 1),
    float_math("acosh", "acosh", 1),   float_math("atanh", "atanh", 1),
    float_math("fabs", "fabs", 1),     float_math("erf", "erf", 1),
    float_math("erfc", "erfc", 1),     float_math("gamma", "tgamma", 1),
    float_math("lgamma", "lgamma", 1), float_math("cbrt", "cbrt", 1),
    float_math("atan2", "atan2", 2),   float_math("hypot", "hypot", 2),
    float_math("copysign", "copysign", 2), float_math("fmod", "fmod", 2),
    float_math("pow", "pow", 2),
    IntrinsicInfo{"abs", "abs", IntrinsicKind::Abs, 1, false},
    IntrinsicInfo{"min", "min", IntrinsicKind::MinMax, 2, false},
    IntrinsicInfo{"max", "max", IntrinsicKind::MinMax, 2, false},
};

}  // namespace

std::span<const IntrinsicInfo> intrinsics() { return table; }

const IntrinsicInfo *find_intrinsic(std::string_view name, bool in_math_module) {
    for (const auto &info : table)
        if (info.name == name && info.in_math_module == in_math_module) return &info;
    return nullptr;
}

}  // namespace cudapy::ast
