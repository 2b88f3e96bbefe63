// The typed AST printed as CUDA C++, or as C++ for the CPU target. Every statement carries a
// #line directive naming the user's Python file and line, so compiler errors, -lineinfo and
// debuggers point there.
#pragma once

#include <string>
#include <vector>

#include "ast/node.h"
#include "ast/source.h"
#include "common/target.h"

namespace cudapy::emit {

// The C name a Python variable gets in the emitted code: C++ keywords and CUDA's built-in names
// are renamed, distinct names staying distinct.
std::string c_name(const std::string &python_name);
// The same for a function, which must also avoid the names of CUDA's device functions.
std::string c_function_name(const std::string &python_name);

// The name of the function through which kernels call declared device function `python_name`.
std::string declared_function_name(const std::string &python_name);

// The file name the emitted code gives the functions that call declared device functions: a
// compiler error there means the linked CUDA C++ does not define one as declared.
inline constexpr const char *linkage_file = "<cudapy linkage>";
// The file name of the translation's own code after linked CUDA C++: an error there with
// linked code present is reported with the linked code's.
inline constexpr const char *generated_file = "<cudapy generated>";

// The name of a kernel's entry point in the CPU target's shared object.
std::string host_entry_name(const std::string &kernel_symbol);

// A check of the program that a debug build on the GPU reports by its number (an assert, or a
// divisor of // or % that may be zero): where it is, the Python exception and what it says.
struct AssertSite {
    std::string file;
    int line = 0;
    std::string exception;
    std::string message;
};

struct Emitted {
    std::string source;
    std::vector<AssertSite> asserts;  // numbered from 1 in this order
};

// For the CPU, each kernel also gets an entry point, host_entry_name(symbol), of the type
// cudapy::host_entry (see prelude_host.h) that runs a range of the launch's blocks.
Emitted emit(const ast::Program &program, const std::vector<ast::SourceUnit> &units, Target target);

}  // namespace cudapy::emit
