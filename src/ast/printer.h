// A readable dump of the AST with types, for CUDAPY_DUMP_PASSES and tests.
#pragma once

#include <string>

#include "ast/node.h"

namespace cudapy::ast {

std::string to_string(const Expr &expr);
std::string to_string(const Program &program);

}  // namespace cudapy::ast
