// Marks the array parameters each function may store into, directly or through the helpers it
// passes them to, so that callers copy back only what a kernel can change.
#pragma once

#include "ast/node.h"

namespace cudapy::passes {

ast::Program mark_array_writes(ast::Program program);

}  // namespace cudapy::passes
