// Refuses reads of a function's local variables that no assignment can precede, where Python
// raises UnboundLocalError (`X[idx] = v; v = 7`, or a module constant read before the function
// assigns a local of its name). Reads that only some paths leave unassigned are kept.
#pragma once

#include "ast/diagnostic.h"
#include "ast/node.h"

namespace cudapy::passes {

void check_unbound_locals(const ast::Program &program, ast::Diagnostics &diagnostics);

}  // namespace cudapy::passes
