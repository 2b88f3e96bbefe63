// Types of the C-like AST: scalars (complex numbers among them) and arrays of scalars.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cudapy::ast {

// The numbering matches cudapy_scalar_type in the public header, after Void.
enum class Scalar : std::uint8_t {
    Bool,
    Int8, Int16, Int32, Int64,
    UInt8, UInt16, UInt32, UInt64,
    Float16, Float32, Float64,
    Complex64, Complex128,  // NumPy's: two float32s, two float64s
    Void,
};

// How an n-dimensional array is laid out; the numbering matches cudapy_layout.
enum class Layout : std::uint8_t { C, F, Any };

struct Type {
    Scalar scalar = Scalar::Void;
    // 0 for a scalar; 1 for an array (CudaPy's `T*`, NumPy's `T[:, ::1]`); 2 for `T**`, an
    // array of 1-d arrays.
    std::uint8_t array_depth = 0;
    // Dimensions of an array of depth 1 (1 for the rows of `T**`); 0 for a scalar.
    std::uint8_t ndim = 0;
    Layout layout = Layout::C;  // of an array of depth 1; a 1-d F array is a C array

    static constexpr Type of(Scalar s) { return Type{s, 0, 0, Layout::C}; }
    static constexpr Type array_of(Scalar s, std::uint8_t depth = 1) { return Type{s, depth, 1, Layout::C}; }
    static constexpr Type nd_array(Scalar s, std::uint8_t ndim, Layout layout) {
        return Type{s, 1, ndim, ndim == 1 && layout == Layout::F ? Layout::C : layout};
    }

    bool is_void() const { return scalar == Scalar::Void && array_depth == 0; }
    bool is_array() const { return array_depth > 0; }
    bool is_scalar() const { return array_depth == 0 && scalar != Scalar::Void; }
    bool is_bool() const { return is_scalar() && scalar == Scalar::Bool; }
    bool is_integer() const;  // signed or unsigned, not bool
    bool is_signed() const;
    bool is_float() const;
    bool is_complex() const;
    bool is_numeric() const { return is_integer() || is_float(); }
    // CudaPy's `T*`: one dimension, contiguous.
    bool is_vector() const { return array_depth == 1 && ndim == 1 && layout == Layout::C; }
    // What indexing with one subscript gives: an element, or a row of `T**`.
    Type element() const {
        return array_depth == 2 ? array_of(scalar) : of(scalar);
    }

    friend bool operator==(const Type &, const Type &) = default;
};

// Size in bytes of a scalar.
int scalar_bytes(Scalar s);
// The name used in signatures and messages: "float32", "int32*", "float32[:, ::1]", ...
std::string type_name(Type t);
// CudaPy's and NumPy's names: int, float, double, bool, void, int8..uint64, float16..64.
std::optional<Scalar> scalar_from_name(std::string_view name);

// The default types of literals and of int/int true division (CudaPy's `int` and `float`);
// a complex literal is Python's complex, two float64s.
inline constexpr Type default_int = Type::of(Scalar::Int32);
inline constexpr Type default_float = Type::of(Scalar::Float32);
inline constexpr Type default_complex = Type::of(Scalar::Complex128);

// The complex type of float components `component` (float16 and float32: complex64), and the
// float type of a complex type's components.
Scalar complex_of(Scalar component);
Scalar component_of(Scalar complex);

// A parameter that a kernel receives as several: numba's tuple (`Tuple(int64, float64)`), a
// parameter per item; a NumPy structured array (`Record(x: float32, v: float32(3))[:]`), a
// strided array per field, the record's dimensions first and a field's own after them. A
// single record is passed as an array of one.
struct RecordField {
    std::string name;
    std::uint8_t own_ndim = 0;  // of a field that is itself an array, as `v: float32(3)`
    std::vector<long long> extents;  // its own_ndim extents
    // A complex field passes as its parts, a last dimension of 2 floats: a record's size need
    // not be a multiple of a complex number's, only of its parts'.
    Scalar scalar = Scalar::Void;
};

struct RecordParameter {
    std::uint8_t ndim = 1;  // of the record array; 1 for a single record
    bool single = false;    // a record, not an array of records: its fields are at index 0
    std::vector<RecordField> fields;
};

struct SplitParameter {
    std::size_t tuple_items = 0;
    std::vector<std::string> item_names;  // of a named tuple (`NamedTuple(x: float64, y: int64)`)
    std::optional<RecordParameter> record;

    bool split() const { return tuple_items > 0 || record.has_value(); }
};

}  // namespace cudapy::ast
