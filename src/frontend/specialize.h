// Helpers specialized by their calls' compile-time arguments, as numba's device functions take
// a dtype, a function or a shape: `f(ary, uint32, 32, cuda.atomic.add)` calls a copy of `f` in
// which those parameters are the values given, named after them.
#pragma once

#include <utility>
#include <string>
#include <vector>

#include "syntax/tree.h"

namespace cudapy::frontend {

// What a compile-time argument is.
struct CompileTimeValue {
    enum class Kind { Callable, DType, Integer, Boolean, Tuple };
    Kind kind = Kind::Integer;
    std::vector<std::string> parts;  // Callable, DType: the dotted name (cuda.atomic.add, uint32)
    long long integer = 0;           // Integer; Boolean as 0 or 1
    std::vector<long long> tuple;    // Tuple: its integers

    static CompileTimeValue named(Kind kind, std::vector<std::string> parts) {
        CompileTimeValue value;
        value.kind = kind;
        value.parts = std::move(parts);
        return value;
    }
    static CompileTimeValue number(Kind kind, long long integer) {
        CompileTimeValue value;
        value.kind = kind;
        value.integer = integer;
        return value;
    }

    std::string text() const;  // as Python writes it
};

// A function definition's parameters, by name (empty for one written otherwise than as a plain
// name), each marked when a call's compile-time value for it makes a copy: one the function
// calls (`binop(a, b)`), that shapes or types its shared and local arrays (`shared.array(n, T)`)
// or that is an `if` condition (a literal prunes a branch), and never assigns.
std::vector<std::pair<std::string, bool>> compile_time_parameters(const syntax::Tree &tree, TSNode definition);

// The name of `function`'s copy with `values` (by parameter name) for those parameters:
// `f[T=uint32, n=32]`.
std::string specialization_name(const std::string &function,
                                const std::vector<std::pair<std::string, CompileTimeValue>> &values);

}  // namespace cudapy::frontend
