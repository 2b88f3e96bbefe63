#include "ast/type.h"

#include <array>
#include <utility>

namespace cudapy::ast {

bool Type::is_integer() const {
    return array_depth == 0 && scalar >= Scalar::Int8 && scalar <= Scalar::UInt64;
}

bool Type::is_signed() const {
    return array_depth == 0 &&
           ((scalar >= Scalar::Int8 && scalar <= Scalar::Int64) || is_float());
}

bool Type::is_float() const {
    return array_depth == 0 && scalar >= Scalar::Float16 && scalar <= Scalar::Float64;
}

bool Type::is_complex() const {
    return array_depth == 0 && (scalar == Scalar::Complex64 || scalar == Scalar::Complex128);
}

Scalar complex_of(Scalar component) {
    return component == Scalar::Float64 ? Scalar::Complex128 : Scalar::Complex64;
}

Scalar component_of(Scalar complex) {
    return complex == Scalar::Complex128 ? Scalar::Float64 : Scalar::Float32;
}

int scalar_bytes(Scalar s) {
    switch (s) {
    case Scalar::Bool:
    case Scalar::Int8:
    case Scalar::UInt8: return 1;
    case Scalar::Int16:
    case Scalar::UInt16:
    case Scalar::Float16: return 2;
    case Scalar::Int32:
    case Scalar::UInt32:
    case Scalar::Float32: return 4;
    case Scalar::Int64:
    case Scalar::UInt64:
    case Scalar::Float64:
    case Scalar::Complex64: return 8;
    case Scalar::Complex128: return 16;
    case Scalar::Void: return 0;
    }
    return 0;
}

namespace {

constexpr std::array<std::pair<std::string_view, Scalar>, 20> scalar_names{{
    {"bool", Scalar::Bool},       {"int8", Scalar::Int8},       {"int16", Scalar::Int16},
    {"int32", Scalar::Int32},     {"int64", Scalar::Int64},     {"uint8", Scalar::UInt8},
    {"uint16", Scalar::UInt16},   {"uint32", Scalar::UInt32},   {"uint64", Scalar::UInt64},
    {"float16", Scalar::Float16}, {"float32", Scalar::Float32}, {"float64", Scalar::Float64},
    {"complex64", Scalar::Complex64}, {"complex128", Scalar::Complex128}, {"void", Scalar::Void},
    // CudaPy's spellings come after the canonical ones so that type_name() prefers NumPy's.
    {"int", Scalar::Int32},       {"float", Scalar::Float32},   {"double", Scalar::Float64},
    {"bool_", Scalar::Bool},      {"complex", Scalar::Complex128},
}};

}  // namespace

std::optional<Scalar> scalar_from_name(std::string_view name) {
    for (const auto &[text, scalar] : scalar_names)
        if (text == name) return scalar;
    return std::nullopt;
}

std::string type_name(Type t) {
    std::string name = "?";
    for (const auto &[text, scalar] : scalar_names) {
        if (scalar == t.scalar) {
            name = std::string(text);
            break;
        }
    }
    if (t.array_depth != 1 || t.is_vector()) {
        name.append(t.array_depth, '*');
        return name;
    }
    // NumPy's slice notation: `::1` marks the dimension that moves fastest.
    name += '[';
    for (int d = 0; d < t.ndim; ++d) {
        if (d) name += ", ";
        bool contiguous = (t.layout == Layout::C && d == t.ndim - 1) || (t.layout == Layout::F && d == 0);
        name += contiguous ? "::1" : ":";
    }
    return name + ']';
}

}  // namespace cudapy::ast
