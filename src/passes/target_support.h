// Reports what the program uses that its target cannot run: the CPU target lacks a few of
// CUDA's special functions.
#pragma once

#include "ast/diagnostic.h"
#include "ast/node.h"
#include "common/target.h"

namespace cudapy::passes {

void check_target_support(const ast::Program &program, Target target, ast::Diagnostics &diagnostics);

}  // namespace cudapy::passes
