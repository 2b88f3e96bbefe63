// Concrete syntax trees to the untyped AST, with names resolved: parameters, locals, the
// program's functions, thread indices and built-ins. Everything outside the kernel language is
// refused by name at its position.
#pragma once

#include <vector>

#include "ast/diagnostic.h"
#include "ast/node.h"
#include "syntax/tree.h"

namespace cudapy::frontend {

// `constant_arrays` are the arrays kernels may read through `const.array_like(name)`;
// `linkage` declares the device functions of CUDA C++ that kernels may call.
ast::Program lower(const std::vector<const syntax::Tree *> &trees,
                   const std::vector<ast::ConstantArray> &constant_arrays, const ast::Linkage &linkage,
                   ast::Diagnostics &diagnostics);

}  // namespace cudapy::frontend
