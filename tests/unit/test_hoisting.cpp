#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "common/hoisted.h"
#include "pipeline/translate.h"

using namespace cudapy;
using ast::Scalar;

namespace {

pipeline::Translation translate(const std::string &text, Target target = Target::Cuda) {
    return pipeline::translate({{text, "k.py", 1, 0}}, {}, {}, target);
}

std::string kernel_text(const pipeline::Translation &t) {
    return t.source.substr(t.source.rfind("}  // namespace cudapy"));
}

// The value of a kernel's hoisted program `index` for parameters given as pointers.
template <typename T>
T evaluated(const pipeline::KernelInterface &kernel, std::size_t index, std::vector<void *> params) {
    std::vector<Scalar> types;
    for (const auto &param : kernel.params) types.push_back(param.is_array ? Scalar::Void : param.element);
    REQUIRE(well_formed(kernel.hoisted.at(index), types));
    std::uint64_t out = 0;
    evaluate(kernel.hoisted[index], params.data(), &out);
    T value;
    std::memcpy(&value, &out, sizeof value);
    return value;
}

template <typename T>
std::uint64_t bits_of(T value) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof value);
    return bits;
}

}  // namespace

TEST_CASE("a kernel's divisions and conversions of its parameters are hoisted") {
    auto t = translate(
        "# k : void (float* out, float x0, float x1, int width)\n"
        "def k(out, x0, x1, width):\n"
        "    dx = (x1 - x0) / width\n"
        "    out[idx] = x0 + idx * dx\n"
        "    out[0] = (x1 - x0) / width\n");
    REQUIRE(t.ok);
    std::string text = kernel_text(t);
    // float32 / int32 is float64; (double)x0 is the second value; the third stores the first
    // converted, the largest expression that moves.
    CHECK(text.find("cudapy::extent cudapy_extent, double cudapy_hoisted0, double cudapy_hoisted1, "
                    "float cudapy_hoisted2)") != std::string::npos);
    CHECK(text.find("dx = cudapy_hoisted0;") != std::string::npos);
    CHECK(text.find("(cudapy_hoisted1 + (((double)cudapy::idx()) * dx))") != std::string::npos);
    CHECK(text.find("out.data[0] = cudapy_hoisted2;") != std::string::npos);
    REQUIRE(t.kernels.size() == 1);
    REQUIRE(t.kernels[0].hoisted.size() == 3);
    CHECK(t.kernels[0].hoisted[0].type == Scalar::Float64);

    float x0 = -2.0f, x1 = 1.0f;
    int width = 3;
    void *out = nullptr;
    double dx = evaluated<double>(t.kernels[0], 0, {&out, &x0, &x1, &width});
    CHECK(bits_of(dx) == bits_of(static_cast<double>(x1 - x0) / static_cast<double>(width)));
    CHECK(evaluated<double>(t.kernels[0], 1, {&out, &x0, &x1, &width}) == -2.0);
}

TEST_CASE("the CPU target's entry passes the hoisted values after the extent") {
    auto t = translate("# k : void (double* out, float x, int n)\ndef k(out, x, n):\n    out[idx] = x / n\n",
                       Target::Cpu);
    REQUIRE(t.ok);
    CHECK(t.source.find("*static_cast<cudapy::extent *>(args[3]), *static_cast<double *>(args[4])") !=
          std::string::npos);
}

TEST_CASE("only what every thread computes alike, and the host as the GPU, is hoisted") {
    auto hoisted_count = [](const std::string &body, const std::string &params = "float x, float y, int n",
                            const std::string &names = "x, y, n") {
        auto t = translate("# k : void (float* out, " + params + ")\ndef k(out, " + names + "):\n" + body);
        REQUIRE(t.ok);
        return t.kernels.at(0).hoisted.size();
    };
    CHECK(hoisted_count("    out[0] = x * y\n") == 0);                   // cheaper than a parameter
    CHECK(hoisted_count("    out[0] = x / y\n") == 1);
    CHECK(hoisted_count("    out[idx] = x / float32(idx)\n") == 0);      // differs by thread
    CHECK(hoisted_count("    out[idx] = x / idx\n") == 1);               // float64(x) moves
    CHECK(hoisted_count("    out[0] = x / out[1]\n") == 0);              // reads memory
    CHECK(hoisted_count("    x = x + 1.0\n    out[0] = x / y\n") == 0);  // x is assigned
    CHECK(hoisted_count("    for x in range(3):\n        out[x] = y / n\n", "int x, float y, int n") == 1);
    CHECK(hoisted_count("    out[0] = math.sqrt(x / y)\n") == 1);        // the division, not sqrt
    CHECK(hoisted_count("    out[0] = n // 3\n") == 0);                  // integer arithmetic
    CHECK(hoisted_count("    out[0] = x ** y\n") == 0);
    CHECK(hoisted_count("    out[0] = int(x)\n") == 0);                  // float to integer
    CHECK(hoisted_count("    out[0] = h / 2.0\n", "float16 h", "h") == 0);
    CHECK(hoisted_count("    out[0] = 1.0 / 3.0\n") == 0);               // literals only
    CHECK(hoisted_count("    out[0] = x / 1.0\n    out[1] = y / 2.0\n    out[2] = x / 3.0\n"
                        "    out[3] = y / 4.0\n    out[4] = x / 5.0\n    out[5] = y / 6.0\n"
                        "    out[6] = x / 7.0\n    out[7] = y / 8.0\n    out[8] = x / 9.0\n") ==
          max_hoisted_values);
}

TEST_CASE("helpers keep their arithmetic: only kernels have hidden parameters") {
    auto t = translate("# k : void (double* out, float x, int n)\ndef k(out, x, n):\n    out[0] = h(x, n)\n\n"
                       "def h(a, b):\n    return a / b\n");
    REQUIRE(t.ok);
    CHECK(t.kernels.at(0).hoisted.empty());
}

TEST_CASE("hoisted programs round, wrap and convert as C++ does") {
    auto t = translate(
        "# k : void (double* D, float* F, int64 big, uint64 huge, int8 small, bool flag, float x, double u)\n"
        "def k(D, F, big, huge, small, flag, x, u):\n"
        "    D[0] = float64(big) / u\n"
        "    D[1] = float64(huge) * 0.5\n"
        "    F[0] = float32(big) / float32(3)\n"
        "    F[1] = -(x / small)\n"
        "    D[2] = float64(int64(small))\n"
        "    F[2] = float32(flag) / 2\n"
        "    D[3] = float64(uint8(small))\n");
    REQUIRE(t.ok);
    const auto &k = t.kernels.at(0);
    REQUIRE(k.hoisted.size() == 7);
    void *array = nullptr;
    std::int64_t big = std::numeric_limits<std::int64_t>::max();
    std::uint64_t huge = std::numeric_limits<std::uint64_t>::max();
    std::int8_t small = -128;
    bool flag = true;
    float x = 1e-40f;  // subnormal: the host keeps it, as the GPU does without fast math
    double u = -3.0;
    std::vector<void *> params{&array, &array, &big, &huge, &small, &flag, &x, &u};
    CHECK(bits_of(evaluated<double>(k, 0, params)) == bits_of(static_cast<double>(big) / u));
    CHECK(evaluated<double>(k, 1, params) == static_cast<double>(huge) * 0.5);
    CHECK(bits_of(evaluated<float>(k, 2, params)) == bits_of(static_cast<float>(big) / 3.0f));
    CHECK(bits_of(evaluated<float>(k, 3, params)) == bits_of(-(x / static_cast<float>(small))));
    CHECK(evaluated<double>(k, 4, params) == -128.0);
    CHECK(evaluated<float>(k, 5, params) == 0.5f);
    CHECK(evaluated<double>(k, 6, params) == 128.0);  // uint8(-128) wraps to 128
    double zero = 0.0;
    std::vector<void *> by_zero{&array, &array, &big, &huge, &small, &flag, &x, &zero};
    CHECK(std::isinf(evaluated<double>(k, 0, by_zero)));  // a float division by zero does not trap
}

TEST_CASE("malformed hoisted programs are refused") {
    using Step = HoistedStep;
    const std::vector<Scalar> params{Scalar::Float32, Scalar::Int32, Scalar::Void};
    auto program = [](Scalar type, std::vector<Step> steps) { return HoistedProgram{type, std::move(steps)}; };
    Step x{HoistedOp::Parameter, Scalar::Float32, 0, 0};
    Step n{HoistedOp::Parameter, Scalar::Int32, 1, 0};
    Step to_float{HoistedOp::Convert, Scalar::Float32, 0, 0};
    Step divide{HoistedOp::Div, Scalar::Float32, 0, 0};
    CHECK(well_formed(program(Scalar::Float32, {x, n, to_float, divide}), params));
    CHECK_FALSE(well_formed(program(Scalar::Float32, {x, n, divide}), params));           // int operand
    CHECK_FALSE(well_formed(program(Scalar::Float32, {x, divide}), params));              // one operand
    CHECK_FALSE(well_formed(program(Scalar::Float32, {x, x}), params));                   // two results
    CHECK_FALSE(well_formed(program(Scalar::Float64, {x}), params));                      // another type
    CHECK_FALSE(well_formed(program(Scalar::Float32, {Step{HoistedOp::Parameter, Scalar::Float32, 3, 0}}),
                            params));                                                     // no such parameter
    CHECK_FALSE(well_formed(program(Scalar::Float32, {Step{HoistedOp::Parameter, Scalar::Float32, 1, 0}}),
                            params));                                                     // not its type
    CHECK_FALSE(well_formed(program(Scalar::Int32, {x, Step{HoistedOp::Convert, Scalar::Int32, 0, 0}}),
                            params));                                                     // float to integer
    CHECK_FALSE(well_formed(program(Scalar::Float16, {Step{HoistedOp::Constant, Scalar::Float16, 0, 0}}),
                            params));
    CHECK_FALSE(well_formed(program(Scalar::Float32, {Step{static_cast<HoistedOp>(200), Scalar::Float32, 0, 0}}),
                            params));
    std::vector<Step> deep(max_hoisted_depth + 1, x);
    for (std::size_t i = 0; i < max_hoisted_depth; ++i) deep.push_back(divide);
    CHECK_FALSE(well_formed(program(Scalar::Float32, deep), params));
}
