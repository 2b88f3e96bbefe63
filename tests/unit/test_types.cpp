#include <doctest/doctest.h>

#include "types/promote.h"
#include "types/signature.h"

using namespace cudapy;
using ast::Scalar;
using ast::Type;

namespace {

Type t(Scalar s) { return Type::of(s); }

}  // namespace

TEST_CASE("strong operands promote as NumPy does") {
    CHECK(types::promote_strong(t(Scalar::Int32), t(Scalar::Int64)) == t(Scalar::Int64));
    CHECK(types::promote_strong(t(Scalar::Int32), t(Scalar::UInt32)) == t(Scalar::Int64));
    CHECK(types::promote_strong(t(Scalar::Int64), t(Scalar::UInt64)) == t(Scalar::Float64));
    CHECK(types::promote_strong(t(Scalar::UInt8), t(Scalar::Int8)) == t(Scalar::Int16));
    CHECK(types::promote_strong(t(Scalar::Int16), t(Scalar::UInt8)) == t(Scalar::Int16));
    CHECK(types::promote_strong(t(Scalar::Float32), t(Scalar::Int32)) == t(Scalar::Float64));
    CHECK(types::promote_strong(t(Scalar::Float32), t(Scalar::Int16)) == t(Scalar::Float32));
    CHECK(types::promote_strong(t(Scalar::Float32), t(Scalar::Float64)) == t(Scalar::Float64));
    CHECK(types::promote_strong(t(Scalar::Bool), t(Scalar::UInt16)) == t(Scalar::UInt16));
}

TEST_CASE("weak literals take the other operand's type (NEP 50)") {
    types::Typed f32{t(Scalar::Float32), false}, i8{t(Scalar::Int8), false};
    types::Typed weak_int{t(Scalar::Int32), true}, weak_float{t(Scalar::Float32), true};
    CHECK(types::promote(f32, weak_float).type == t(Scalar::Float32));
    CHECK_FALSE(types::promote(f32, weak_float).weak);
    CHECK(types::promote(i8, weak_int).type == t(Scalar::Int8));
    CHECK(types::promote(weak_int, i8).type == t(Scalar::Int8));
    CHECK(types::promote(i8, weak_float).type == ast::default_float);
    CHECK(types::promote(weak_int, weak_int).weak);
    CHECK(types::promote(weak_int, weak_float).type == ast::default_float);
    types::Typed boolean{t(Scalar::Bool), false};
    CHECK(types::promote(boolean, boolean).type == ast::default_int);
    CHECK(types::promote(boolean, f32).type == t(Scalar::Float32));
    CHECK(types::promote(i8, boolean).type == t(Scalar::Int8));
    CHECK(types::promote(boolean, weak_int).type == ast::default_int);
    CHECK(types::promote(boolean, weak_float).type == ast::default_float);
}

TEST_CASE("implicit conversions follow same-kind casting") {
    CHECK(types::converts_implicitly({t(Scalar::Int64), false}, t(Scalar::Int32)));
    CHECK(types::converts_implicitly({t(Scalar::Int32), false}, t(Scalar::Float32)));
    CHECK_FALSE(types::converts_implicitly({t(Scalar::Float32), false}, t(Scalar::Int32)));
    CHECK_FALSE(types::converts_implicitly({t(Scalar::Int32), false}, t(Scalar::Bool)));
    CHECK_FALSE(types::converts_implicitly({Type::array_of(Scalar::Float32), false},
                                           Type::array_of(Scalar::Float64)));
    CHECK(types::converts_implicitly({Type::array_of(Scalar::Float32), false},
                                     Type::array_of(Scalar::Float32)));
}

TEST_CASE("CudaPy signatures parse with and without names") {
    types::SignatureError error;
    auto s = types::parse_signature("saxpy : void (float alpha, float* X, float *Y)", error);
    REQUIRE(s);
    CHECK(s->function_name == "saxpy");
    CHECK(s->return_type.is_void());
    REQUIRE(s->params.size() == 3);
    CHECK(s->params[0].type == t(Scalar::Float32));
    CHECK(s->params[0].name == "alpha");
    CHECK(s->params[1].type == Type::array_of(Scalar::Float32));
    CHECK(s->params[2].type == Type::array_of(Scalar::Float32));
    CHECK(s->params[2].name == "Y");

    auto unnamed = types::parse_signature("int(double, uint8*, bool)", error);
    REQUIRE(unnamed);
    CHECK(unnamed->function_name.empty());
    CHECK(unnamed->return_type == t(Scalar::Int32));
    CHECK(unnamed->params[1].type == Type::array_of(Scalar::UInt8));
    CHECK(unnamed->params[1].name.empty());

    auto rows = types::parse_signature("void (float** M)", error);
    REQUIRE(rows);
    CHECK(rows->params[0].type == Type::array_of(Scalar::Float32, 2));

    auto empty = types::parse_signature("void ()", error);
    REQUIRE(empty);
    CHECK(empty->params.empty());
}

TEST_CASE("numba's signatures: short type names, and parameters alone for a kernel") {
    types::SignatureError error;
    auto s = types::parse_signature("(i4[::1], f8, b1, u8, c8, intp)", error);
    REQUIRE(s);
    CHECK(s->return_type.is_void());
    REQUIRE(s->params.size() == 6);
    CHECK(s->params[0].type == Type::nd_array(Scalar::Int32, 1, ast::Layout::C));
    CHECK(s->params[1].type == t(Scalar::Float64));
    CHECK(s->params[2].type == t(Scalar::Bool));
    CHECK(s->params[3].type == t(Scalar::UInt64));
    CHECK(s->params[4].type == t(Scalar::Complex64));
    CHECK(s->params[5].type == t(Scalar::Int64));
    auto device = types::parse_signature("f2(f2, u1)", error);
    REQUIRE(device);
    CHECK(device->return_type == t(Scalar::Float16));
    CHECK(device->params[1].type == t(Scalar::UInt8));
    CHECK_FALSE(types::parse_signature("k : (int* X)", error));
    CHECK(error.message == "expected a return type after ':'");
}

TEST_CASE("bad signatures say what and where") {
    types::SignatureError error;
    CHECK_FALSE(types::parse_signature("void (flaot x)", error));
    CHECK(error.message == "unknown type 'flaot'");
    CHECK(error.offset == 6);
    CHECK_FALSE(types::parse_signature("void (float x", error));
    CHECK(error.message == "expected ',' or ')' in the parameter list");
    CHECK_FALSE(types::parse_signature("float* (int n)", error));
    CHECK(error.message == "a function cannot return an array");
    CHECK_FALSE(types::parse_signature("void (float*** X)", error));
    CHECK(error.message == "arrays of more than two levels (T***) are not supported");
    CHECK_FALSE(types::parse_signature("void (void x)", error));
    CHECK_FALSE(types::parse_signature("void (int x) trailing", error));
    CHECK(error.message == "unexpected text after the parameter list");
}
