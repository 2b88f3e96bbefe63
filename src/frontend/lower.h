// Concrete syntax trees to the untyped AST, with names resolved: parameters, locals, the
// program's functions, thread indices and built-ins. Everything outside the kernel language is
// refused by name at its position.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "ast/diagnostic.h"
#include "ast/node.h"
#include "syntax/tree.h"

namespace cudapy::frontend {

// `constant_arrays` are the arrays kernels may read through `const.array_like(name)`;
// `linkage` declares the device functions of CUDA C++ that kernels may call;
// `tuple_parameters` gives, by function, the item count of each parameter its signature makes
// a tuple (0 for the others): each becomes a parameter per item, `p[0]`, `p[1]`, ..., which
// the function uses as a tuple.
ast::Program lower(const std::vector<const syntax::Tree *> &trees,
                   const std::vector<ast::ConstantArray> &constant_arrays, const ast::Linkage &linkage,
                   ast::Diagnostics &diagnostics,
                   const std::map<std::string, std::vector<std::size_t>> &tuple_parameters = {});

}  // namespace cudapy::frontend
