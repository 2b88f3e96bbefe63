// Helpers specialized by their calls' compile-time arguments, as numba's device functions take
// a dtype, a function or a shape: `f(ary, uint32, 32, cuda.atomic.add)` calls a copy of `f` in
// which those parameters are the values given, named after them.
#pragma once

#include <cstddef>
#include <map>
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

// A function definition's parameter, by name (empty for one written otherwise than as a plain
// name). `compile_time` marks one that only a compile-time value can stand for: one the
// function calls (`binop(a, b)`) or that shapes or types its shared and local arrays
// (`shared.array(n, T)`), and never assigns; `flag` one that is an `if` condition and never
// assigned, whose literal value a copy made for the others also takes, pruning the branch it
// rules out (as numba does).
struct CompileTimeParameter {
    std::string name;
    bool compile_time = false;
    bool flag = false;
};
std::vector<CompileTimeParameter> compile_time_parameters(const syntax::Tree &tree, TSNode definition);

// The name of `function`'s copy with `values` (by parameter name) for those parameters:
// `f[T=uint32, n=32]`.
// Parameters given tuples show their item counts: `f[t=<3 items>]`.
std::string specialization_name(const std::string &function,
                                const std::vector<std::pair<std::string, CompileTimeValue>> &values,
                                const std::map<std::string, std::size_t> &tuple_items = {});

}  // namespace cudapy::frontend
