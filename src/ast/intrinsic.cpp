#include "ast/intrinsic.h"

#include <array>

namespace cudapy::ast {

namespace {

using K = IntrinsicKind;
using M = IntrinsicModule;

constexpr IntrinsicInfo math(std::string_view name, K kind, int arity = 1,
                             std::string_view cuda = {}) {
    return {name, cuda.empty() ? name : cuda, kind, arity, arity, M::Math};
}

constexpr IntrinsicInfo cmath(std::string_view name, std::string_view prelude, K kind = K::ComplexMath,
                              int min_arity = 1, int max_arity = 1) {
    return {name, prelude, kind, min_arity, max_arity, M::Cmath};
}

constexpr IntrinsicInfo float_math(std::string_view name, int arity = 1, std::string_view cuda = {}) {
    return math(name, K::FloatMath, arity, cuda);
}

// Float versions of the functions whose Python names return ints.
constexpr IntrinsicInfo single_rounding(std::string_view name, std::string_view cuda) {
    return {name, cuda, K::FloatMath, 1, 1, M::Math, true};
}

constexpr std::array table{
    float_math("acos"), float_math("acosh"), float_math("asin"), float_math("asinh"),
    float_math("atan"), float_math("atanh"), float_math("cbrt"), float_math("cos"),
    float_math("cosh"), float_math("cospi"), float_math("cyl_bessel_i0"),
    float_math("cyl_bessel_i1"), float_math("erf"), float_math("erfc"), float_math("erfcinv"),
    float_math("erfcx"), float_math("erfinv"), float_math("exp"), float_math("exp10"),
    float_math("exp2"), float_math("expm1"), float_math("fabs"), float_math("j0"),
    float_math("j1"), float_math("lgamma"), float_math("log10"), float_math("log1p"),
    float_math("log2"), float_math("logb"), float_math("nearbyint"), float_math("normcdf"),
    float_math("normcdfinv"), float_math("rcbrt"), float_math("rint"), float_math("rsqrt"),
    float_math("sin"), float_math("sinh"), float_math("sinpi"), float_math("sqrt"),
    float_math("tan"), float_math("tanh"), float_math("tgamma"), float_math("gamma", 1, "tgamma"),
    float_math("y0"), float_math("y1"),
    IntrinsicInfo{"log", "log", K::FloatMath, 1, 2, M::Math},  // log(x, base)
    float_math("atan2", 2), float_math("copysign", 2), float_math("fdim", 2),
    float_math("fmax", 2), float_math("fmin", 2), float_math("fmod", 2), float_math("hypot", 2),
    float_math("nextafter", 2), float_math("pow", 2), float_math("remainder", 2),
    float_math("rhypot", 2), float_math("fma", 3), float_math("norm3d", 3),
    float_math("rnorm3d", 3), float_math("norm4d", 4), float_math("rnorm4d", 4),
    single_rounding("floorf", "floor"), single_rounding("ceilf", "ceil"),
    single_rounding("truncf", "trunc"), single_rounding("roundf", "round"),
    math("floor", K::FloatToInt), math("ceil", K::FloatToInt), math("trunc", K::FloatToInt),
    math("isnan", K::FloatPredicate), math("isinf", K::FloatPredicate),
    math("isfinite", K::FloatPredicate), math("signbit", K::FloatPredicate),
    math("ldexp", K::ScaleByInt, 2), math("scalbn", K::ScaleByInt, 2),
    math("jn", K::IntOrder, 2), math("yn", K::IntOrder, 2), math("ilogb", K::FloatToInt32),
    math("llrint", K::FloatToInt64), math("lrint", K::FloatToInt64, 1, "llrint"),
    math("llround", K::FloatToInt64), math("lround", K::FloatToInt64, 1, "llround"),
    math("degrees", K::Angle), math("radians", K::Angle),
    IntrinsicInfo{"abs", "abs", K::Abs, 1, 1, M::Builtin},
    IntrinsicInfo{"min", "min", K::MinMax, 2, -1, M::Builtin},
    IntrinsicInfo{"max", "max", K::MinMax, 2, -1, M::Builtin},
    // halves to even, as Python; round(x, ndigits) a float of x's type, as numba rounds it
    IntrinsicInfo{"round", "rint", K::FloatToInt, 1, 2, M::Builtin},
    IntrinsicInfo{"complex", "complex", K::ComplexMake, 1, 2, M::Builtin},
    IntrinsicInfo{"real", "re", K::ComplexPart, 1, 1, M::Member},
    IntrinsicInfo{"imag", "im", K::ComplexPart, 1, 1, M::Member},
    IntrinsicInfo{"conjugate", "conj", K::ComplexConjugate, 1, 1, M::Member},
    IntrinsicInfo{"reshape", "reshape", K::ArrayReshape, 2, 33, M::Member},  // the array, then extents
    IntrinsicInfo{"T", "transpose", K::ArrayTranspose, 1, 1, M::Member},
    IntrinsicInfo{"bit_count", "bit_count", K::BitCount, 1, 1, M::Member},
    cmath("exp", "cexp"), cmath("log", "clog", K::ComplexMath, 1, 2), cmath("log10", "clog10"),
    cmath("sqrt", "csqrt"), cmath("sin", "csin"), cmath("cos", "ccos"), cmath("tan", "ctan"),
    cmath("asin", "casin"), cmath("acos", "cacos"), cmath("atan", "catan"),
    cmath("sinh", "csinh"), cmath("cosh", "ccosh"), cmath("tanh", "ctanh"),
    cmath("asinh", "casinh"), cmath("acosh", "cacosh"), cmath("atanh", "catanh"),
    cmath("phase", "cphase", K::ComplexToFloat), cmath("isnan", "cisnan", K::ComplexPredicate),
    cmath("isinf", "cisinf", K::ComplexPredicate),
    cmath("isfinite", "cisfinite", K::ComplexPredicate),
    cmath("rect", "crect", K::ComplexFromPolar, 2, 2),
};

const IntrinsicInfo *find(std::string_view name, IntrinsicModule module) {
    for (const auto &info : table)
        if (info.name == name && info.module == module) return &info;
    return nullptr;
}

}  // namespace

std::span<const IntrinsicInfo> intrinsics() { return table; }

std::optional<ResolvedIntrinsic> resolve_intrinsic(std::string_view name, IntrinsicModule module) {
    if (const IntrinsicInfo *info = find(name, module)) return ResolvedIntrinsic{info, info->single};
    if (module != M::Math || name.size() < 2 || name.back() != 'f') return std::nullopt;
    const IntrinsicInfo *base = find(name.substr(0, name.size() - 1), M::Math);
    if (!base || base->kind != K::FloatMath) return std::nullopt;
    return ResolvedIntrinsic{base, true};
}

}  // namespace cudapy::ast
