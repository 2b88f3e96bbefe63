// Type inference and checking: signatures applied, one type per variable inferred, every
// expression typed, implicit conversions made explicit, kernels told apart from helpers.
#pragma once

#include "ast/diagnostic.h"
#include "ast/node.h"

namespace cudapy::types {

void check(ast::Program &program, ast::Diagnostics &diagnostics);

}  // namespace cudapy::types
