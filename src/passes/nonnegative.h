// Proves integer operands non-negative where the code shows it (literals, thread indices,
// len(), unsigned values, loop variables counting up from a non-negative start, locals only
// ever assigned such values) and marks the // and % whose operands are, so the emitter can use
// C's division there instead of Python's floor semantics.
#pragma once

#include "ast/node.h"

namespace cudapy::passes {

ast::Program mark_nonnegative_division(ast::Program program);

}  // namespace cudapy::passes
