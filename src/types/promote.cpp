#include "types/promote.h"

#include <algorithm>
#include <optional>

namespace cudapy::types {

using ast::Scalar;
using ast::Type;

namespace {

Scalar signed_of_size(int bytes) {
    switch (bytes) {
    case 1: return Scalar::Int8;
    case 2: return Scalar::Int16;
    case 4: return Scalar::Int32;
    default: return Scalar::Int64;
    }
}

Scalar float_of_size(int bytes) {
    switch (bytes) {
    case 2: return Scalar::Float16;
    case 4: return Scalar::Float32;
    default: return Scalar::Float64;
    }
}

// The smallest float that holds every value of an integer type exactly (NumPy's choice).
int float_bytes_for_integer(Type t) {
    int bytes = ast::scalar_bytes(t.scalar);
    return bytes == 1 ? 2 : bytes == 2 ? 4 : 8;
}

// NumPy's type number of each scalar, by which its promotion of several types picks the one
// that promotes all the others (float16 comes last, after float64).
int numpy_type_number(Scalar s) {
    switch (s) {
    case Scalar::Bool: return 0;
    case Scalar::Int8: return 1;
    case Scalar::UInt8: return 2;
    case Scalar::Int16: return 3;
    case Scalar::UInt16: return 4;
    case Scalar::Int32: return 5;
    case Scalar::UInt32: return 6;
    case Scalar::Int64: return 7;
    case Scalar::UInt64: return 8;
    case Scalar::Float32: return 11;
    case Scalar::Float64: return 12;
    case Scalar::Complex64: return 14;
    case Scalar::Complex128: return 15;
    case Scalar::Float16: return 23;
    case Scalar::Void: break;
    }
    return -1;
}

}  // namespace

Type promote_strong_all(const std::vector<Type> &types) {
    // As NumPy's PyArray_PromoteDTypeSequence: the type of the highest number promotes each
    // of the others, and those results are promoted together.
    Type main = types.front();
    for (Type t : types)
        if (numpy_type_number(t.scalar) > numpy_type_number(main.scalar)) main = t;
    std::optional<Type> result;
    for (Type t : types) {
        if (t == main) continue;
        Type promoted = promote_strong(main, t);
        result = result ? promote_strong(*result, promoted) : promoted;
    }
    return result ? *result : main;
}

// The bytes of the float that holds a real type's values as NumPy promotes them (0 for bool),
// or a complex type's components.
int float_bytes(Type t) {
    if (t.is_bool()) return 0;
    if (t.is_complex()) return ast::scalar_bytes(t.scalar) / 2;
    return t.is_float() ? ast::scalar_bytes(t.scalar) : float_bytes_for_integer(t);
}

Type promote_strong(Type a, Type b) {
    if (a == b) return a;
    if (a.is_bool()) return b;
    if (b.is_bool()) return a;
    // A complex type holds the other's values in components of the wider float.
    if (a.is_complex() || b.is_complex())
        return Type::of(ast::complex_of(float_of_size(std::max(float_bytes(a), float_bytes(b)))));
    if (a.is_float() && b.is_float())
        return ast::scalar_bytes(a.scalar) >= ast::scalar_bytes(b.scalar) ? a : b;
    if (a.is_float() || b.is_float()) {
        Type f = a.is_float() ? a : b, i = a.is_float() ? b : a;
        int bytes = std::max(ast::scalar_bytes(f.scalar), float_bytes_for_integer(i));
        return Type::of(float_of_size(bytes));
    }
    int size_a = ast::scalar_bytes(a.scalar), size_b = ast::scalar_bytes(b.scalar);
    if (a.is_signed() == b.is_signed()) return size_a >= size_b ? a : b;
    Type s = a.is_signed() ? a : b, u = a.is_signed() ? b : a;
    int size_s = ast::scalar_bytes(s.scalar), size_u = ast::scalar_bytes(u.scalar);
    if (size_s > size_u) return s;
    if (size_u < 8) return Type::of(signed_of_size(2 * size_u));
    return Type::of(Scalar::Float64);
}

Typed promote(Typed a, Typed b) {
    if (a.weak && b.weak) {
        if (a.type.is_complex() || b.type.is_complex()) return {ast::default_complex, true};
        if (a.type.is_float() || b.type.is_float()) return {ast::default_float, true};
        return {promote_strong(a.type, b.type), true};
    }
    if (a.weak) std::swap(a, b);
    if (!b.weak) {
        // Python's True + True is 2, where NumPy's would be True.
        if (a.type.is_bool() && b.type.is_bool()) return {ast::default_int, false};
        return {promote_strong(a.type, b.type), false};
    }
    // b is a weak literal, a is strong. A complex literal makes a float complex in its width,
    // and an integer or bool the default complex (NEP 50).
    if (b.type.is_complex() && !a.type.is_complex()) {
        if (a.type.is_float()) return {Type::of(ast::complex_of(a.type.scalar)), false};
        return {ast::default_complex, false};
    }
    if (a.type.is_bool()) return {b.type.is_float() ? ast::default_float : ast::default_int, false};
    if (b.type.is_float() && a.type.is_integer()) return {ast::default_float, false};
    return {a.type, false};
}

bool converts_implicitly(Typed from, Type to) {
    if (from.type == to) return true;
    if (from.type.is_array() || to.is_array()) return false;
    if (!from.type.is_scalar() || !to.is_scalar()) return false;
    if (to.is_bool()) return false;
    if (from.type.is_bool()) return true;
    if (from.type.is_complex() && !to.is_complex()) return false;  // Python's TypeError
    if (from.type.is_float() && to.is_integer()) return false;
    return true;
}

}  // namespace cudapy::types
