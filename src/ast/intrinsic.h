// The built-in functions a kernel may call, shared by the frontend (names and arity), the type
// checker (result types) and the emitter (the CUDA function for the argument type).
#pragma once

#include <span>
#include <string_view>

namespace cudapy::ast {

enum class IntrinsicKind {
    FloatMath,  // float -> float, applied in the argument's float type: sqrt, sin, atan2, ...
    Abs,        // the argument's type
    MinMax,     // the promoted type of all arguments, two or more of them
};

struct IntrinsicInfo {
    std::string_view name;       // as written in Python (`math.` prefix dropped)
    std::string_view cuda_name;  // the double-precision CUDA name; float32 appends 'f'
    IntrinsicKind kind;
    int arity;                   // for MinMax: the minimum
    bool in_math_module;         // called as math.name rather than as a builtin
};

std::span<const IntrinsicInfo> intrinsics();
// The intrinsic called `name` (math module or builtin), or null.
const IntrinsicInfo *find_intrinsic(std::string_view name, bool in_math_module);

}  // namespace cudapy::ast
