#include <doctest/doctest.h>

#include "ast/printer.h"
#include "frontend/lower.h"
#include "frontend/suggest.h"
#include "syntax/tree.h"

using namespace cudapy;

namespace {

struct Lowered {
    ast::Program program;
    ast::Diagnostics diagnostics;
};

Lowered lower(const std::string &text) {
    static std::vector<ast::SourceUnit> keep;  // trees and spans refer to their units
    keep.push_back({text, "test.py", 10, 0});
    Lowered result;
    syntax::Tree tree(keep.back(), 0, result.diagnostics);
    if (!result.diagnostics.any()) result.program = frontend::lower({&tree}, {}, {}, result.diagnostics);
    return result;
}

std::string first_message(const Lowered &lowered) {
    return lowered.diagnostics.list().empty() ? "" : lowered.diagnostics.list()[0].message;
}

}  // namespace

TEST_CASE("suggestions find likely typos only") {
    CHECK(frontend::closest_name("lne", {"len", "range"}) == "len");
    CHECK(frontend::closest_name("xrnage", {"xrange", "idx"}) == "xrange");
    CHECK_FALSE(frontend::closest_name("foo", {"len", "range"}));
}

TEST_CASE("functions, signature comments and locals are lowered") {
    auto lowered = lower("# f : void (float* X)\ndef f(X):\n    s = 0\n    for i in range(3):\n        s += i\n    X[0] = s\n");
    REQUIRE_FALSE(lowered.diagnostics.any());
    REQUIRE(lowered.program.functions.size() == 1);
    const auto &f = lowered.program.functions[0];
    CHECK(f.name == "f");
    CHECK(f.signature == "void (float* X)");
    CHECK(f.span.line == 11);
    REQUIRE(f.params.size() == 1);
    CHECK(f.body.size() == 3);
    CHECK(f.body[1]->kind == ast::StmtKind::ForRange);
}

TEST_CASE("elif chains become nested ifs") {
    auto lowered = lower("def f(x):\n    if x < 0:\n        pass\n    elif x < 1:\n        pass\n    else:\n        return\n");
    REQUIRE_FALSE(lowered.diagnostics.any());
    const auto &outer = static_cast<const ast::If &>(*lowered.program.functions[0].body[0]);
    REQUIRE(outer.else_body.size() == 1);
    const auto &inner = static_cast<const ast::If &>(*outer.else_body[0]);
    CHECK(inner.else_body.size() == 1);
    CHECK(inner.else_body[0]->kind == ast::StmtKind::Return);
}

TEST_CASE("constructs outside the language are refused by name at their position") {
    auto lambda = lower("def f(x):\n    g = lambda y: y\n");
    CHECK(first_message(lambda) == "lambda expressions are not supported in kernels");
    CHECK(lambda.diagnostics.list()[0].span.line == 11);
    CHECK(lambda.diagnostics.list()[0].span.column == 9);
    CHECK(first_message(lower("def f(x):\n    a = [1, 2]\n")) == "lists are not supported in kernels");
    CHECK(first_message(lower("def f(x, *rest):\n    pass\n")) ==
          "'*rest' is not supported: a kernel or helper takes a fixed number of parameters, each named once (*args parameters)");
    CHECK(first_message(lower("def f(x=1):\n    pass\n")) == "default arguments are not supported in kernels");
    CHECK(first_message(lower("class A:\n    pass\n")) ==
          "only function definitions and constants (NAME = number) are allowed at the top level of kernel source");
    CHECK(first_message(lower("def f(x):\n    try:\n        pass\n    except:\n        pass\n")) ==
          "try statements are not supported in kernels");
}

TEST_CASE("unknown names get suggestions") {
    auto lowered = lower("def f(X):\n    X[0] = lenn(X)\n");
    CHECK(first_message(lowered) == "unknown function 'lenn'; did you mean 'len'?");
    CHECK(first_message(lower("def f(X):\n    X[0] = math.sqr(2.0)\n")) ==
          "unknown function 'math.sqr'; did you mean 'math.sqrt'?");
    CHECK(first_message(lower("def f(X):\n    X[0] = countt\n")) == "unknown name 'countt'");
}

TEST_CASE("break outside a loop and several errors at once") {
    auto lowered = lower("def f(X):\n    break\n    y = {}\n    z = ()\n");
    REQUIRE(lowered.diagnostics.count() == 3);
    CHECK(lowered.diagnostics.list()[0].message == "'break' outside loop");
    CHECK(lowered.diagnostics.list()[1].message == "dicts are not supported in kernels");
}

TEST_CASE("integer literals in every Python spelling") {
    auto lowered = lower("def f(X):\n    X[0] = 0x1F\n    X[1] = 0o17\n    X[2] = 0b101\n    X[3] = 1_000\n");
    REQUIRE_FALSE(lowered.diagnostics.any());
    auto text = ast::to_string(lowered.program);
    CHECK(text.find("31") != std::string::npos);
    CHECK(text.find("15") != std::string::npos);
    CHECK(text.find("1000") != std::string::npos);
    // Arithmetic on literals is Python's, exact, before the result is typed: 31 + 15 + 5 + 1000.
    CHECK(ast::to_string(lower("def f(X):\n    X[0] = 0x1F + 0o17 + 0b101 + 1_000\n").program).find("1051") !=
          std::string::npos);
    CHECK(first_message(lower("def f(X):\n    X[0] = 99999999999999999999999\n")) ==
          "the integer literal 99999999999999999999999 does not fit in 64 bits");
}

TEST_CASE("syntax errors are reported with the file's line numbers") {
    auto lowered = lower("def f(X):\n    X[0] = (1 +\n");
    REQUIRE(lowered.diagnostics.any());
    CHECK(lowered.diagnostics.list()[0].kind == ast::DiagnosticKind::Syntax);
    CHECK(lowered.diagnostics.list()[0].span.line == 11);
}
