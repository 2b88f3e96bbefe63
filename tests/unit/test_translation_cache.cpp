#include <doctest/doctest.h>

#include <string>

#include "driver/translation_cache.h"
#include "pipeline/translate.h"

using namespace cudapy;

namespace {

pipeline::Translation saxpy() {
    ast::SourceUnit unit{"# saxpy : void (float alpha, float* X, float* Y)\n"
                         "def saxpy(alpha, X, Y):\n"
                         "    assert alpha > 0, \"alpha\"\n"
                         "    if idx < len(X):\n"
                         "        Y[idx] = alpha * X[idx] + Y[idx]\n",
                         "saxpy.py", 1, 0};
    return pipeline::translate({unit}, {});
}

}  // namespace

TEST_CASE("a translation reads back as it was written") {
    auto translation = saxpy();
    REQUIRE(translation.ok);
    REQUIRE(translation.kernels.size() == 1);
    REQUIRE(translation.asserts.size() == 1);
    auto read = driver::decode_translation(driver::encode_translation(translation));
    REQUIRE(read);
    CHECK(read->ok);
    CHECK(read->source == translation.source);
    CHECK(read->diagnostics.empty());
    const auto &kernel = read->kernels.at(0), &original = translation.kernels.at(0);
    CHECK(kernel.name == original.name);
    CHECK(kernel.symbol == original.symbol);
    CHECK(kernel.args_size == original.args_size);
    REQUIRE(kernel.params.size() == original.params.size());
    for (std::size_t i = 0; i < kernel.params.size(); ++i) {
        const auto &a = kernel.params[i], &b = original.params[i];
        CHECK(a.name == b.name);
        CHECK(a.is_array == b.is_array);
        CHECK(a.array_depth == b.array_depth);
        CHECK(a.ndim == b.ndim);
        CHECK(a.layout == b.layout);
        CHECK(a.element == b.element);
        CHECK(a.written == b.written);
        CHECK(a.offset == b.offset);
        CHECK(a.bytes == b.bytes);
    }
    CHECK(read->asserts.at(0).file == "saxpy.py");
    CHECK(read->asserts.at(0).line == 3);
    CHECK(read->asserts.at(0).exception == "AssertionError");
    CHECK(read->asserts.at(0).message == "alpha");
}

TEST_CASE("bytes that are not a whole translation read as none") {
    std::string bytes = driver::encode_translation(saxpy());
    for (std::size_t cut : {std::size_t{0}, std::size_t{7}, bytes.size() / 2, bytes.size() - 1})
        CHECK_FALSE(driver::decode_translation(bytes.substr(0, cut)));
    CHECK_FALSE(driver::decode_translation(bytes + "x"));
    // The assert count, before the one site: its file ("saxpy.py"), line, exception
    // ("AssertionError") and message ("alpha").
    std::size_t assert_count = bytes.size() - (8 + (8 + 8) + 8 + (8 + 14) + (8 + 5));
    std::string huge_count = bytes;
    huge_count.replace(assert_count, 8, std::string(8, '\xff'));
    CHECK_FALSE(driver::decode_translation(huge_count));
    std::string same = bytes;
    same.replace(assert_count, 8, std::string("\x01\0\0\0\0\0\0\0", 8));
    CHECK(driver::decode_translation(same));
}

TEST_CASE("the key names every input of a translation") {
    ast::SourceUnit unit{"def f(X):\n    X[idx] = 1\n", "f.py", 1, 0};
    auto key = driver::translation_key({unit}, {}, {}, {});
    CHECK(key == driver::translation_key({unit}, {}, {}, {}));
    ast::SourceUnit moved = unit;
    moved.first_line = 2;
    CHECK(key != driver::translation_key({moved}, {}, {}, {}));
    ast::SourceUnit renamed = unit;
    renamed.file = "g.py";
    CHECK(key != driver::translation_key({renamed}, {}, {}, {}));
    CHECK(key != driver::translation_key({unit}, {{"f", "void (int* X)"}}, {}, {}));
    ast::ConstantArray table{"T", ast::Scalar::Int32, {2}, std::string(8, '\0')};
    CHECK(key != driver::translation_key({unit}, {}, {table}, {}));
    ast::Linkage declared;
    declared.functions.push_back({"g", "g", ast::CallingConvention::C, ast::Type::of(ast::Scalar::Int32),
                                  {ast::Type::of(ast::Scalar::Int32)}});
    CHECK(key != driver::translation_key({unit}, {}, {}, declared));
    ast::Linkage numba_convention = declared;
    numba_convention.functions[0].convention = ast::CallingConvention::Numba;
    CHECK(driver::translation_key({unit}, {}, {}, declared) !=
          driver::translation_key({unit}, {}, {}, numba_convention));
    ast::Linkage linked;
    linked.sources.push_back({"__device__ int g(int x) { return x; }", "g.cu"});
    CHECK(key != driver::translation_key({unit}, {}, {}, linked));
}
