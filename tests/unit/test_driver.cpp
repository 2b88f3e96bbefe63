// The driver used directly from C++, as a host program without the C ABI would: a program
// compiled for the CPU target and launched, checked against the same arithmetic done here.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "common/error.h"
#include "driver/launch.h"
#include "driver/program.h"

using namespace cudapy;

namespace {

// A 1-d array argument as kernels take one: its data and its length.
struct Vector {
    float *data;
    std::int64_t length;
};

driver::CompileOptions cpu() {
    driver::CompileOptions options;
    options.target = Target::Cpu;
    return options;
}

}  // namespace

TEST_CASE("a C++ host compiles and launches a kernel through the driver") {
    driver::Program program;
    program.add_source("# saxpy : void (float alpha, float* X, float* Y)\n"
                       "def saxpy(alpha, X, Y):\n"
                       "    if idx < len(X):\n"
                       "        Y[idx] = alpha * X[idx] + Y[idx]\n",
                       "saxpy.py", 1, 0);
    auto module = program.compile(cpu());
    auto &kernel = module->kernel("saxpy");
    CHECK(kernel.interface.params.size() == 3);

    std::vector<float> x(1000), y(1000), expected(1000);
    for (std::size_t i = 0; i < x.size(); ++i) {
        x[i] = static_cast<float>(i) * 0.5f;
        y[i] = 3.0f - static_cast<float>(i);
        expected[i] = 2.0f * x[i] + y[i];
    }
    float alpha = 2.0f;
    Vector x_arg{x.data(), static_cast<std::int64_t>(x.size())};
    Vector y_arg{y.data(), static_cast<std::int64_t>(y.size())};
    void *args[] = {&alpha, &x_arg, &y_arg};
    driver::LaunchRequest request;
    request.block.x = 0;  // by thread counts
    request.threads = {static_cast<std::uint32_t>(x.size()), 1, 1};
    driver::Launch launch(kernel, request);
    launch.run(args);
    CHECK(y == expected);
}

TEST_CASE("the driver reports bad input as errors with their status") {
    driver::Program program;
    program.add_source("def k(X):\n    X[idx] = undefined_name\n", "bad.py", 1, 0);
    try {
        program.translated();
        FAIL("a translation error was expected");
    } catch (const Error &error) {
        CHECK(error.status() == Status::Translation);
        REQUIRE(!program.diagnostics().empty());
        CHECK(program.diagnostics()[0].span.line == 2);
    }
    CHECK_THROWS_AS(program.add_source("x = 1\n", "f.py", 0, 0), Error);

    driver::Program good;
    good.add_source("# k : void (int* X)\ndef k(X):\n    X[idx] = 1\n", "k.py", 1, 0);
    auto module = good.compile(cpu());
    try {
        module->kernel("missing");
        FAIL("NotFound was expected");
    } catch (const Error &error) {
        CHECK(error.status() == Status::NotFound);
    }
    driver::LaunchRequest too_large;
    too_large.grid = {1, 1, 1};
    too_large.block = {2048, 1, 1};
    CHECK_THROWS_AS(driver::Launch(module->kernel("k"), too_large), Error);
}
