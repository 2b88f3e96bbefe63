// The translation pipeline: source units in, CUDA C++ and the kernels' interfaces out. The
// stages run in a flat list and are timed; CUDAPY_DUMP_PASSES=1 prints the AST after each.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "ast/diagnostic.h"
#include "ast/node.h"
#include "ast/source.h"
#include "ast/type.h"
#include "common/hoisted.h"
#include "common/target.h"
#include "emit/cuda.h"

namespace cudapy::pipeline {

// One kernel parameter as the caller passes it.
struct ParamLayout {
    std::string name;
    bool is_array = false;
    int array_depth = 0;
    int ndim = 0;
    ast::Layout layout = ast::Layout::C;
    ast::Scalar element = ast::Scalar::Void;  // the scalar, or the arrays' scalar
    bool written = false;
    std::size_t offset = 0, bytes = 0;  // in the packed argument block
};

struct KernelInterface {
    std::string name;    // the Python name
    std::string symbol;  // the C name of the __global__ function
    std::vector<ParamLayout> params;
    std::size_t args_size = 0;
    // The kernel's hidden parameters after the extent, each computed at a launch.
    std::vector<HoistedProgram> hoisted;
    // It uses numba's grid group: launched cooperatively, every block resident at once.
    bool cooperative = false;
};

// A helper's result as the calls typed it: an elementwise operation's output type.
struct HelperResult {
    std::string name;  // the Python name
    ast::Scalar type = ast::Scalar::Void;  // Void: returns nothing, or not a scalar
};

struct StageTime {
    const char *stage;  // "parse", "lower", "check types", ..., "emit"
    double milliseconds;
};

struct Translation {
    bool ok = false;
    std::vector<StageTime> stage_times;  // of the stages that ran
    std::string source;  // CUDA C++, or C++ for the CPU target
    std::vector<ast::Diagnostic> diagnostics;
    std::vector<KernelInterface> kernels;
    std::vector<HelperResult> helpers;  // those a kernel calls, directly or not
    std::vector<emit::AssertSite> asserts;  // by the number the emitted code gives them
};

Translation translate(const std::vector<ast::SourceUnit> &units,
                      const std::map<std::string, std::string> &signatures,
                      const std::vector<ast::ConstantArray> &constants = {},
                      Target target = Target::Cuda, const ast::Linkage &linkage = {},
                      ast::Typing typing = ast::Typing::CudaPy,
                      const std::map<std::string, std::vector<std::string>> &overloads = {});

// The declaration of a device function that kernels call as `name` and linked CUDA C++ defines
// as `symbol`, from its signature text (`int32(int32, float32)`): scalar parameters and a
// scalar or void result. Throws Error(InvalidArgument) saying what is wrong.
ast::DeclaredFunction declared_function(const std::string &name, const std::string &symbol,
                                        const std::string &signature, ast::CallingConvention convention);

// "file:line:col: error: message" with the source line and a caret under the span, for each.
std::string format_diagnostics(const std::vector<ast::Diagnostic> &diagnostics,
                               const std::vector<ast::SourceUnit> &units);

}  // namespace cudapy::pipeline
