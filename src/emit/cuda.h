// The typed AST printed as CUDA C++. Every statement carries a #line directive naming the
// user's Python file and line, so compiler errors, -lineinfo and debuggers point there.
#pragma once

#include <string>
#include <vector>

#include "ast/node.h"
#include "ast/source.h"

namespace cudapy::emit {

// The C name a Python variable gets in the emitted code: C++ keywords and CUDA's built-in names
// are renamed, distinct names staying distinct.
std::string c_name(const std::string &python_name);
// The same for a function, which must also avoid the names of CUDA's device functions.
std::string c_function_name(const std::string &python_name);

std::string emit_cuda(const ast::Program &program, const std::vector<ast::SourceUnit> &units);

}  // namespace cudapy::emit
