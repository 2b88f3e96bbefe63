// The built-in functions a kernel may call: Python's builtins and CUDA's math library through
// the math module. Shared by the frontend (names and arity), the type checker (argument and
// result types) and the emitter (the CUDA function for the argument type).
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace cudapy::ast {

enum class IntrinsicKind {
    FloatMath,       // floats to a float of the arguments' type: sqrt, atan2, fma, ...
    FloatToInt,      // Python's math.floor, ceil, trunc and round: an int64
    FloatPredicate,  // isnan, isinf, isfinite, signbit: a bool
    ScaleByInt,      // ldexp(x, n), scalbn(x, n): a float and an int32
    IntOrder,        // jn(n, x), yn(n, x): an int32 order and a float
    FloatToInt32,    // ilogb
    FloatToInt64,    // llrint, llround (lrint, lround alike)
    Angle,           // degrees, radians
    Abs,             // the argument's type
    MinMax,          // the promoted type of all arguments, two or more of them
};

struct IntrinsicInfo {
    std::string_view name;       // as written after `math.`, or as a builtin
    std::string_view cuda_name;  // the double-precision CUDA name; float32 appends 'f'
    IntrinsicKind kind;
    int min_arity, max_arity;    // max_arity -1: any number
    bool in_math_module;         // math.name rather than a builtin
    bool single = false;         // always computed in float32 (an f-suffixed name)
};

struct ResolvedIntrinsic {
    const IntrinsicInfo *info;
    bool single;  // computed in float32: the f-suffixed spelling, as math.sinf
};

// The intrinsic `name` (after `math.` when in_math_module) names, if any. Every float function
// of the math module is also reachable with an 'f' suffix, which computes in float32.
std::optional<ResolvedIntrinsic> resolve_intrinsic(std::string_view name, bool in_math_module);
std::span<const IntrinsicInfo> intrinsics();

}  // namespace cudapy::ast
