#include <doctest/doctest.h>

#include "emit/cuda.h"
#include "jit/compiler.h"
#include "pipeline/translate.h"

using namespace cudapy;

namespace {

pipeline::Translation translate(const std::string &text) {
    return pipeline::translate({{text, "k.py", 1, 0}}, {});
}

std::string kernel_text(const pipeline::Translation &t) {
    auto start = t.source.rfind("}  // namespace cudapy");
    return t.source.substr(start);
}

}  // namespace

TEST_CASE("C names avoid C++ keywords and CUDA names") {
    CHECK(emit::c_name("x") == "x");
    CHECK(emit::c_name("new") == "new_py");
    CHECK(emit::c_name("sqrtf") == "sqrtf");
    CHECK(emit::c_function_name("sqrtf") == "sqrtf_py");
    CHECK(emit::c_function_name("y0") == "y0_py");
    CHECK(emit::c_name("threadIdx") == "threadIdx_py");
    CHECK(emit::c_name("cudapy_i1") == "cudapy_i1_py");
    CHECK(emit::c_name("max") == "max");
    CHECK(emit::c_function_name("max") == "max_py");
    CHECK(emit::c_name("new_py") == "new_py_py");
    CHECK(emit::c_name(".t1") == "cudapy_t1");
}

TEST_CASE("kernels, helpers and parameter layouts") {
    auto t = translate(
        "# k : void (int8 a, double b, int* out)\ndef k(a, b, out):\n    out[idx] = h(a)\n\n"
        "def h(v):\n    return v * 2\n");
    REQUIRE(t.ok);
    REQUIRE(t.kernels.size() == 1);
    const auto &k = t.kernels[0];
    CHECK(k.symbol == "k");
    REQUIRE(k.params.size() == 3);
    CHECK(k.params[0].offset == 0);
    CHECK(k.params[0].bytes == 1);
    CHECK(k.params[1].offset == 8);
    CHECK(k.params[2].offset == 16);
    CHECK(k.params[2].written);
    CHECK(k.args_size == 32);
    auto text = kernel_text(t);
    CHECK(text.find("static __device__ signed char h(signed char v);") != std::string::npos);
    CHECK(text.find("return cudapy::mul(v, ((signed char)2));") != std::string::npos);
}

TEST_CASE("writes through helpers mark the kernel's array") {
    auto t = translate(
        "# k : void (float* A, float* B)\ndef k(A, B):\n    put(A, B[0])\n\n"
        "# put : void (float* T, float v)\ndef put(T, v):\n    T[idx] = v\n");
    REQUIRE(t.ok);
    REQUIRE(t.kernels.size() == 1);
    CHECK(t.kernels[0].params[0].written);
    CHECK_FALSE(t.kernels[0].params[1].written);
}

TEST_CASE("type errors stop translation with all their diagnostics") {
    auto t = translate("# k : void (float* X)\ndef k(X):\n    X[1.5] = 1\n    X = 3\n");
    CHECK_FALSE(t.ok);
    REQUIRE(t.diagnostics.size() == 2);
    CHECK(t.diagnostics[0].message == "array indices must be integers, not float32");
    CHECK(t.diagnostics[1].message.find("cannot assign to the array parameter 'X'") == 0);
}

TEST_CASE("diagnostics print the source line and a caret under the span") {
    std::vector<ast::SourceUnit> units{{"def k(X):\n    X[0] = y\n", "user.py", 20, 4}};
    std::vector<ast::Diagnostic> diagnostics{
        {ast::DiagnosticKind::Name, {0, 21, 16, 21, 17}, "unknown name 'y'"}};
    CHECK(pipeline::format_diagnostics(diagnostics, units) ==
          "user.py:21:16: name error: unknown name 'y'\n"
          "        X[0] = y\n"
          "               ^\n");
}

TEST_CASE("NVRTC's log maps back to #line positions") {
    auto entries = jit::parse_log(
        "kernels.py(12): error: identifier \"q\" is undefined\n\n"
        "kernels.py(3): warning: variable \"z\" was declared but never referenced\n"
        "1 error detected in the compilation of \"cudapy_kernels.cu\".\n");
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].file == "kernels.py");
    CHECK(entries[0].line == 12);
    CHECK(entries[0].is_error);
    CHECK(entries[0].message == "identifier \"q\" is undefined");
    CHECK(entries[0].column == 0);
    CHECK_FALSE(entries[1].is_error);
}

TEST_CASE("the caret under NVRTC's quote of a line gives the column") {
    auto entries = jit::parse_log(
        "mine.cu(3): error: identifier \"not_declared\" is undefined\n"
        "      x[0] = not_declared;\n"
        "             ^\n\n"
        "mine.cu(4): error: expected a \";\"\n"
        "  }\n"
        "  ^ ^\n");
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].line == 3);
    CHECK(entries[0].column == 14);
    CHECK(entries[0].quoted_line == "      x[0] = not_declared;");
    // Not a caret line of one caret: no column.
    CHECK(entries[1].column == 0);
    auto tabbed = jit::parse_log("k.cu(4): error: identifier \"y\" is undefined\n"
                                 "\tx[0] = y;\n"
                                 "\t       ^\n");
    REQUIRE(tabbed.size() == 1);
    CHECK(tabbed[0].column == 9);
    auto gcc = jit::parse_log("k.cu:7:12: error: 'y' was not declared in this scope\n");
    REQUIRE(gcc.size() == 1);
    CHECK(gcc[0].line == 7);
    CHECK(gcc[0].column == 12);
}
