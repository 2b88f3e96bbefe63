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
// `split_parameters` gives, by function, the parameters its signature makes tuples or records:
// a tuple becomes a parameter per item, `p[0]`, `p[1]`, ..., which the function uses as a
// tuple; a record array a strided array per field, `p.x`, `p.y`, ..., which `p[i].x`,
// `p[i]['x']` and `r = p[i]; r.x` index.
ast::Program lower(const std::vector<const syntax::Tree *> &trees,
                   const std::vector<ast::ConstantArray> &constant_arrays, const ast::Linkage &linkage,
                   ast::Diagnostics &diagnostics,
                   const std::map<std::string, std::vector<ast::SplitParameter>> &split_parameters = {});

}  // namespace cudapy::frontend
