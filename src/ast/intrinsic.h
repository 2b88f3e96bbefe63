// The built-in functions a kernel may call: Python's builtins, CUDA's math library through
// the math module, complex numbers' functions through the cmath module, and their attributes
// and methods (z.real, z.imag, z.conjugate()). Shared by the frontend (names and arity), the type checker (argument and
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
    Abs,             // the argument's type; a complex number's magnitude, a float
    MinMax,          // the promoted type of all arguments, two or more of them
    ArrayReshape,    // a.reshape(shape): a C-contiguous array's elements in a new shape
    ArrayTranspose,  // a.T, a.transpose(): the array's axes reversed, a view
    BitCount,        // n.bit_count(): the ones of abs(n), an int64
    ComplexMake,     // complex(real[, imag]): a complex number
    ComplexPart,     // z.real, z.imag: a float of the components' type (of a real number too)
    ComplexConjugate,  // z.conjugate(): the argument's type
    ComplexMath,     // cmath's functions of a complex number: a complex number
    ComplexToFloat,  // cmath.phase: a float
    ComplexPredicate,  // cmath.isnan, isinf, isfinite: a bool
    ComplexFromPolar,  // cmath.rect(r, phi): a complex number
};

// Whether a kind is one of the complex numbers' functions (the kinds from ComplexMake on).
constexpr bool is_complex_function(IntrinsicKind kind) { return kind >= IntrinsicKind::ComplexMake; }

// Where a kernel finds the function: a builtin, `math.name`, `cmath.name`, or an attribute or
// method of a number (`z.real`, `z.conjugate()`).
enum class IntrinsicModule : unsigned char { Builtin, Math, Cmath, Member };

struct IntrinsicInfo {
    std::string_view name;       // as written after `math.`, or as a builtin
    std::string_view cuda_name;  // the double-precision CUDA name; float32 appends 'f' (the
                                 // prelude's name for the complex functions)
    IntrinsicKind kind;
    int min_arity, max_arity;    // max_arity -1: any number
    IntrinsicModule module;
    bool single = false;         // always computed in float32 (an f-suffixed name)
};

struct ResolvedIntrinsic {
    const IntrinsicInfo *info;
    bool single;  // computed in float32: the f-suffixed spelling, as math.sinf
};

// The intrinsic `name` names in `module`, if any. Every float function of the math module is
// also reachable with an 'f' suffix, which computes in float32.
std::optional<ResolvedIntrinsic> resolve_intrinsic(std::string_view name, IntrinsicModule module);
std::span<const IntrinsicInfo> intrinsics();

}  // namespace cudapy::ast
