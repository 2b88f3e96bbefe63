#include "emit/cuda.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "ast/intrinsic.h"
#include "ast/visitor.h"

extern const char cudapy_prelude[];
extern const char cudapy_prelude_arithmetic[];
extern const char cudapy_prelude_complex[];
extern const char cudapy_prelude_cuda[];
extern const char cudapy_prelude_cuda_toolbox[];
extern const char cudapy_prelude_host[];

namespace cudapy::emit {

namespace {

using namespace cudapy::ast;

// Names a variable of the emitted code cannot have: C++'s keywords and literals, CUDA's
// built-in variables and types, and the lower-case macros and globals of the C headers the two
// preludes include (names written in capitals, the usual macros, are renamed as a class).
const std::set<std::string> &reserved_names() {
    static const std::set<std::string> names{
        "alignas", "alignof", "asm", "auto", "bool", "case", "catch", "char", "char8_t",
        "char16_t", "char32_t", "const", "consteval", "constexpr", "constinit", "const_cast",
        "co_await", "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
        "dynamic_cast", "enum", "explicit", "export", "extern", "float", "friend", "goto",
        "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "nullptr",
        "operator", "private", "protected", "public", "register", "reinterpret_cast",
        "requires", "short", "signed", "sizeof", "static", "static_assert", "static_cast",
        "struct", "switch", "template", "this", "thread_local", "throw", "typedef", "typeid",
        "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t",
        "bitand", "bitor", "compl", "not_eq", "or_eq", "xor", "xor_eq", "and_eq", "true", "false",
        "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3", "uint3", "size_t",
        "std", "errno", "stdin", "stdout", "stderr", "linux", "unix", "i386", "assert", "offsetof",
        "va_arg", "va_start", "va_end", "va_copy", "va_list", "setjmp", "longjmp", "math_errhandling",
    };
    return names;
}

// Functions of the C library and of CUDA's math and integer API, which live in the emitted
// code's global scope: a kernel or helper of one of these names is renamed.
const std::set<std::string> &reserved_function_names() {
    static const std::set<std::string> names{
        "main", "printf", "malloc", "free", "memcpy", "memset", "exit", "abort", "clock",
        "clock64", "min", "max", "abs", "labs", "llabs", "umin", "umax", "llmin", "llmax", "ullmin",
        "ullmax", "brev", "brevll", "byte_perm", "clz", "clzll", "ffs", "ffsll", "popc", "popcll",
        "mul24", "umul24", "mulhi", "umulhi", "mul64hi", "umul64hi", "sad", "usad", "hadd",
        "rhadd", "uhadd", "urhadd", "isnan", "isinf", "isfinite", "signbit", "isnormal",
        "fpclassify", "sincos", "sincospi", "modf", "frexp", "ldexp", "nan", "remquo", "fdividef",
        "saturate", "cospi", "sinpi", "rsqrt", "rcbrt", "rhypot", "rnorm", "rnorm3d", "rnorm4d",
        "norm", "norm3d", "norm4d", "normcdf", "normcdfinv", "erfcx", "erfinv", "erfcinv",
        "cyl_bessel_i0", "cyl_bessel_i1", "j0", "j1", "jn", "y0", "y1", "yn", "rint", "lrint",
        "llrint", "lround", "llround", "nearbyint", "fdim", "fma", "fmod", "remainder", "scalbn",
        "scalbln", "logb", "ilogb", "nextafter", "copysign", "hypot", "cbrt", "exp10", "expm1",
        "log1p", "lgamma", "tgamma", "erf", "erfc", "fabs", "fmin", "fmax", "floor", "ceil",
        "trunc", "round", "sqrt", "pow", "exp", "exp2", "log", "log2", "log10", "sin", "cos",
        "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
        "atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc",
        "atomicDec", "atomicCAS", "atomicAnd", "atomicOr", "atomicXor",
    };
    return names;
}

bool math_function_name(const std::string &name) {
    for (const auto &info : intrinsics()) {
        if (info.module == IntrinsicModule::Member) continue;  // spelled cudapy::name, or a field
        std::string base(info.cuda_name);
        if (name == base || name == base + "f") return true;
    }
    return name.size() > 1 && name.back() == 'f' && reserved_function_names().count(name.substr(0, name.size() - 1));
}

bool is_c_identifier(const std::string &name) {
    return !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
           std::all_of(name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

std::string c_type(Type t) {
    std::string base;
    switch (t.scalar) {
    case Scalar::Bool: base = "bool"; break;
    case Scalar::Int8: base = "signed char"; break;
    case Scalar::Int16: base = "short"; break;
    case Scalar::Int32: base = "int"; break;
    case Scalar::Int64: base = "long long"; break;
    case Scalar::UInt8: base = "unsigned char"; break;
    case Scalar::UInt16: base = "unsigned short"; break;
    case Scalar::UInt32: base = "unsigned int"; break;
    case Scalar::UInt64: base = "unsigned long long"; break;
    case Scalar::Float16: base = "cudapy::half"; break;
    case Scalar::Float32: base = "float"; break;
    case Scalar::Float64: base = "double"; break;
    case Scalar::Complex64: base = "cudapy::complex<float>"; break;
    case Scalar::Complex128: base = "cudapy::complex<double>"; break;
    case Scalar::Void: base = "void"; break;
    }
    if (t.array_depth == 1 && !t.is_vector())
        return "cudapy::ndarray<" + base + ", " + std::to_string(t.ndim) + ", " +
               std::to_string(static_cast<int>(t.layout)) + ">";
    for (int i = 0; i < t.array_depth; ++i) base = "cudapy::array<" + base + ">";
    return base;
}

// The bytes of `text` inside a C string literal: printable ASCII as it is but for '"' and '\\',
// every other byte as a three-digit octal escape, so that no byte from outside (a file name, a
// string of the kernel) can end the literal, splice a line or start a trigraph or a longer
// escape. For printf's format, '%' is doubled.
std::string escaped(const std::string &text, bool format) {
    std::string result;
    for (char c : text) {
        auto byte = static_cast<unsigned char>(c);
        if (c == '%' && format) {
            result += "%%";
        } else if (c == '"' || c == '\\' || c == '?') {
            result += '\\';
            result += c;
        } else if (byte >= 0x20 && byte < 0x7F) {
            result += c;
        } else {
            char octal[5];
            std::snprintf(octal, sizeof octal, "\\%03o", byte);
            result += octal;
        }
    }
    return result;
}

std::string format_text(const std::string &text) { return escaped(text, true); }

// The storage an array declared in a kernel lives in.
std::string storage_name(const ArrayAlloc &a) {
    switch (a.space) {
    case MemorySpace::Shared: return "cudapy_shared" + std::to_string(a.id);
    case MemorySpace::Local: return "cudapy_local" + std::to_string(a.id);
    case MemorySpace::Constant: return "cudapy_constant_" + c_name(a.constant);
    case MemorySpace::DynamicShared: return "cudapy::dynamic_shared()";
    }
    return "";
}

long long elements(const std::vector<long long> &shape) {
    long long count = 1;
    for (long long extent : shape) count *= extent;
    return count;
}

// Whether a program calls the GPU prelude's cooperation functions or atomics, declares dynamic
// shared memory or reads the lane id.
// Whether the program computes with complex numbers anywhere: in a signature, a variable, an
// array, or an expression (a complex value is made by one of those, or by a complex function).
bool is_complex_scalar(Type t) { return t.scalar == Scalar::Complex64 || t.scalar == Scalar::Complex128; }

bool uses_complex(const Program &program) {
    struct Finder : Visitor {
        bool found = false;
        void visit_intrinsic(const Intrinsic &e) override {
            found = found || e.type.is_complex() || is_complex_function(e.info->kind);
            Visitor::visit_intrinsic(e);
        }
        void visit_cast(const Cast &e) override {
            found = found || e.type.is_complex();
            Visitor::visit_cast(e);
        }
        void visit_array_alloc(const ArrayAlloc &a) override { found = found || is_complex_scalar(a.type); }
    } finder;
    for (const auto &constant : program.constants)
        if (is_complex_scalar(Type::of(constant.element))) return true;
    for (const auto &f : program.functions) {
        if (is_complex_scalar(f.return_type)) return true;
        for (const auto &p : f.params)
            if (is_complex_scalar(p.type)) return true;
        for (const auto &l : f.locals)
            if (is_complex_scalar(l.type)) return true;
        finder.visit(f.body);
    }
    return finder.found;
}

bool uses_toolbox(const Program &program) {
    struct Finder : Visitor {
        bool found = false;
        void visit_builtin(const Builtin &e) override {
            found = found || e.which != BuiltinKind::Print;
            Visitor::visit_builtin(e);
        }
        void visit_array_alloc(const ArrayAlloc &a) override {
            found = found || a.space == MemorySpace::DynamicShared;
        }
        void visit_thread_index(const ThreadIndex &e) override {
            found = found || e.which == ThreadIndexKind::LaneId;
        }
    } finder;
    for (const auto &f : program.functions) finder.visit(f.body);
    return finder.found;
}

// The functions that use a barrier or a warp collective, themselves or through the helpers
// they call: every thread of their launches must run them to the end.
std::set<std::string> collective_functions(const Program &program) {
    return functions_using(program, is_collective);
}

// The helpers that call themselves, directly or through others.
std::set<std::string> recursive_functions(const Program &program) {
    struct Callees : Visitor {
        std::set<std::string> names;
        void visit_call(const Call &e) override {
            names.insert(e.callee);
            Visitor::visit_call(e);
        }
    };
    std::map<std::string, std::set<std::string>> calls;
    for (const auto &f : program.functions) {
        Callees callees;
        callees.visit(f.body);
        calls[f.name] = std::move(callees.names);
    }
    std::set<std::string> recursive;
    for (const auto &f : program.functions) {
        std::set<std::string> seen;
        std::vector<std::string> pending(calls[f.name].begin(), calls[f.name].end());
        while (!pending.empty()) {
            std::string next = std::move(pending.back());
            pending.pop_back();
            if (next == f.name) {
                recursive.insert(f.name);
                break;
            }
            if (!seen.insert(next).second) continue;
            auto found = calls.find(next);
            if (found != calls.end()) pending.insert(pending.end(), found->second.begin(), found->second.end());
        }
    }
    return recursive;
}

// The bits of the float16 nearest `value` (ties to even), rounded once as NumPy rounds.
unsigned half_bits(double value) {
    unsigned sign = std::signbit(value) ? 0x8000u : 0u;
    if (std::isnan(value)) return sign | 0x7e00u;
    double magnitude = std::fabs(value);
    if (magnitude >= 65520.0) return sign | 0x7c00u;  // halfway past the largest, 65504, and up
    if (magnitude < std::ldexp(1.0, -14))               // subnormal: steps of 2^-24
        return sign | static_cast<unsigned>(std::nearbyint(std::ldexp(magnitude, 24)));
    int exponent = 0;
    std::frexp(magnitude, &exponent);  // magnitude = m * 2^exponent, m in [0.5, 1)
    --exponent;
    auto steps = static_cast<unsigned>(std::nearbyint(std::ldexp(magnitude, 10 - exponent)));  // 1024..2048
    if (steps == 2048) {
        steps = 1024;
        ++exponent;
    }
    if (exponent + 15 >= 31) return sign | 0x7c00u;
    return sign | (static_cast<unsigned>(exponent + 15) << 10) | (steps - 1024);
}

std::string float_literal(double value, Scalar scalar) {
    if (scalar == Scalar::Float16) {
        // As a float where that rounds to the same half (most literals), which reads better.
        unsigned bits = half_bits(value);
        if (bits == half_bits(static_cast<double>(static_cast<float>(value))) && std::isfinite(static_cast<float>(value)))
            return "cudapy::half(" + float_literal(value, Scalar::Float32) + ")";
        char text[48];
        std::snprintf(text, sizeof text, "cudapy::half::from_bits(0x%04x)", bits);
        return text;
    }
    bool single = scalar == Scalar::Float32;
    // A double literal beyond float's range is float's infinity, as NumPy's conversion gives.
    if (single && std::isfinite(value) && !std::isfinite(static_cast<float>(value)))
        value = static_cast<double>(static_cast<float>(value));
    if (std::isnan(value)) return single ? "__int_as_float(0x7fffffff)" : "__longlong_as_double(0x7ff8000000000000LL)";
    if (std::isinf(value)) {
        if (single) return value > 0 ? "__int_as_float(0x7f800000)" : "__int_as_float((int)0xff800000)";
        return value > 0 ? "__longlong_as_double(0x7ff0000000000000LL)"
                         : "__longlong_as_double((long long)0xfff0000000000000ULL)";
    }
    char buffer[64];
    if (single)
        std::snprintf(buffer, sizeof buffer, "%.9g", static_cast<double>(static_cast<float>(value)));
    else
        std::snprintf(buffer, sizeof buffer, "%.17g", value);
    std::string text = buffer;
    if (text.find_first_of(".en") == std::string::npos) text += ".0";
    if (single) text += "f";
    // A negative literal (folded from -literal) in parentheses, so that no operator before it
    // makes "--".
    return std::signbit(value) ? "(" + text + ")" : text;
}

std::string int_literal(std::uint64_t value, Type t) {
    std::string digits = std::to_string(value);
    switch (t.scalar) {
    case Scalar::Int32: return digits;
    case Scalar::Int64: return digits + "LL";
    case Scalar::UInt32: return digits + "u";
    case Scalar::UInt64: return digits + "ULL";
    default: return "((" + c_type(t) + ")" + digits + ")";
    }
}

std::string quoted(const std::string &text) { return "\"" + escaped(text, false) + "\""; }

class Printer {
public:
    Printer(const Program &program, const std::vector<SourceUnit> &units, Target target)
        : program_(program), units_(units), target_(target) {}

    std::string run() {
        collective_ = collective_functions(program_);
        recursive_ = recursive_functions(program_);
        for (const auto &constant : program_.constants) constant_array(constant);
        bool any_helper = false;
        for (const auto &f : program_.functions) {
            if (f.is_kernel) continue;
            out_ << signature(f) << ";\n";
            any_helper = true;
        }
        if (any_helper) out_ << "\n";
        for (const auto &f : program_.functions) function(f);
        if (target_ == Target::Cuda) keep_recursive_helpers();
        if (target_ == Target::Cpu)
            for (const auto &f : program_.functions)
                if (f.is_kernel) host_entry(f);
        return prelude() + linkage() + out_.str();
    }

    const std::vector<AssertSite> &sites() const { return sites_; }

private:
    // ptxas (CUDA 13.0, sm_90 and later) crashes when a constant it finds late makes every call
    // of a recursive helper unreachable and so deletes the helper. A global holding its address
    // keeps it, at 8 bytes of device memory, and changes nothing else.
    void keep_recursive_helpers() {
        for (const auto &name : recursive_) {
            std::string function = c_function_name(name);
            out_ << "__device__ decltype(&" << function << ") cudapy_keep_" << function << " = " << function
                 << ";\n";
        }
    }

    // The number of a new check at `span`.
    std::size_t site(const Span &span, std::string exception, std::string message) {
        sites_.push_back({unit_file(span), span.line, std::move(exception), std::move(message)});
        return sites_.size();
    }

    // The divisor of an integer // or %, checked for zero unless it is a literal (a zero one
    // was refused).
    std::string divisor(const Binary &b, std::string text) {
        const Expr *literal = b.rhs.get();
        while (literal->kind == ExprKind::Cast || literal->kind == ExprKind::Unary)
            literal = literal->kind == ExprKind::Cast ? static_cast<const Cast *>(literal)->operand.get()
                                                      : static_cast<const Unary *>(literal)->operand.get();
        if (!b.type.is_integer() || literal->kind == ExprKind::IntLiteral) return text;
        std::size_t number = site(b.span, "ZeroDivisionError", "integer division or modulo by zero");
        text = "cudapy::nonzero(" + text + ", " + std::to_string(number) + ", " + quoted(unit_file(b.span)) +
               ", " + std::to_string(b.span.line) + ")";
        // ptxas (CUDA 13.0, sm_90 and later) crashes on a 64-bit division in a recursive helper
        // (or one inlined into it) whose divisor it can fold: a constant that only it finds
        // (through the asm of a narrow min), or a shift of a parameter. A divisor read back from
        // a volatile local is opaque to it; kernels, which nothing calls, keep theirs.
        if (opaque_wide_divisors_ && scalar_bytes(b.type.scalar) == 8) text = "cudapy::opaque(" + text + ")";
        return text;
    }

    // What comes before the program's code: the run-time support it uses, known once the code
    // has been printed.
    std::string prelude() const {
        std::string text = "// Translated by cudapy from Python; #line directives point at the source.\n";
        // The CPU runs the threads of a block as fibers only where they cooperate.
        if (target_ == Target::Cpu && !collective_.empty()) text += "#define CUDAPY_COOPERATIVE 1\n";
        // The GPU's Python exceptions need the error record the library gives the module.
        if (target_ == Target::Cuda && raises_) text += "#define CUDAPY_RAISES 1\n";
        text += std::string(target_ == Target::Cuda ? cudapy_prelude_cuda : cudapy_prelude_host) + "\n";
        if (target_ == Target::Cuda && uses_toolbox(program_)) text += std::string(cudapy_prelude_cuda_toolbox) + "\n";
        text += std::string(cudapy_prelude) + "\n";
        if (uses_arithmetic_) text += std::string(cudapy_prelude_arithmetic) + "\n";
        if (uses_complex(program_)) text += std::string(cudapy_prelude_complex) + "\n";
        return text;
    }

    // The linked CUDA C++, each source under its own file name, then for each declared device
    // function one that calls it by its C name as its calling convention asks.
    std::string linkage() const {
        const Linkage &linkage = program_.linkage;
        if (linkage.empty()) return "";
        std::string text;
        for (const auto &source : linkage.sources)
            text += "#line 1 " + quoted(source.file) + "\n" + source.text + "\n";
        text += "#line 1 " + quoted(std::string(linkage_file)) + "\n";
        // The type a numba-convention function's result pointer points to, as the linked code
        // spells it (int64_t is long there, long long here).
        text += "namespace cudapy {\ntemplate <typename R, typename... A> __device__ R pointee(int (*)(R *, A...));\n}\n";
        for (const auto &f : linkage.functions) {
            std::string params, args;
            for (std::size_t i = 0; i < f.params.size(); ++i) {
                params += (i ? ", " : "") + c_type(f.params[i]) + " cudapy_a" + std::to_string(i);
                args += (i ? ", cudapy_a" : "cudapy_a") + std::to_string(i);
            }
            text += "static CUDAPY_FN " + c_type(f.return_type) + " " + declared_function_name(f.name) + "(" + params + ") {\n";
            if (f.convention == CallingConvention::C) {
                text += "    return " + f.symbol + "(" + args + ");\n}\n";
            } else {
                std::string result_type = f.return_type.is_void() ? "int" : "decltype(cudapy::pointee(&" + f.symbol + "))";
                text += "    " + result_type + " cudapy_result;\n    " + f.symbol + "(&cudapy_result" +
                        (args.empty() ? "" : ", ") + args + ");\n";
                text += f.return_type.is_void() ? "}\n" : "    return cudapy_result;\n}\n";
            }
        }
        // What follows is the translation's own code.
        return text + "#line 1 " + quoted(std::string(generated_file)) + "\n\n";
    }

    // The name of a function of prelude_arithmetic.cuh, which the program then includes.
    std::string arithmetic(std::string_view name) {
        uses_arithmetic_ = true;
        return "cudapy::" + std::string(name);
    }

    std::string signature(const Function &f) {
        std::string text;
        if (target_ == Target::Cuda)
            text = f.is_kernel ? "extern \"C\" __global__ void CUDAPY_LAUNCH_BOUNDS "
                               : "static __device__ " + c_type(f.return_type) + " ";
        else
            text = "static " + c_type(f.return_type) + " ";
        text += c_function_name(f.name) + "(";
        for (std::size_t i = 0; i < f.params.size(); ++i) {
            if (i) text += ", ";
            text += c_type(f.params[i].type) + " " + c_name(f.params[i].name);
        }
        if (f.is_kernel) text += std::string(f.params.empty() ? "" : ", ") + "cudapy::extent cudapy_extent";
        for (const auto &value : f.hoisted) text += ", " + c_type(value.value->type) + " " + c_name(value.name);
        return text + ")";
    }

    // The CPU's entry point: the kernel's arguments from an array of pointers, as CUDA takes
    // them, and a range of blocks to run.
    void host_entry(const Function &f) {
        out_ << "extern \"C\" int " << host_entry_name(c_function_name(f.name))
             << "(void *const *args, const cudapy::launch_shape *shape, unsigned long long first,\n"
             << "    unsigned long long last, char *error, unsigned long error_size) {\n"
             << "    return cudapy::run_blocks(*shape, first, last, error, error_size, [&] {\n"
             << "        " << c_function_name(f.name) << "(";
        for (std::size_t i = 0; i < f.params.size(); ++i)
            out_ << "*static_cast<" << c_type(f.params[i].type) << " *>(args[" << i << "]), ";
        out_ << "*static_cast<cudapy::extent *>(args[" << f.params.size() << "])";
        for (std::size_t i = 0; i < f.hoisted.size(); ++i)
            out_ << ", *static_cast<" << c_type(f.hoisted[i].value->type) << " *>(args["
                 << f.params.size() + 1 + i << "])";
        out_ << ");\n"
             << "    });\n}\n\n";
    }

    Type type_of_variable(const std::string &name) const {
        for (const auto &local : function_->locals)
            if (local.name == name) return local.type;
        for (const auto &param : function_->params)
            if (param.name == name) return param.type;
        return Type{};
    }

    // A constant array's values, kept as the bits of its elements so that every value, NaNs
    // and float16 included, is exactly what the host gave.
    void constant_array(const ConstantArray &constant) {
        static const char *bit_types[] = {"", "unsigned char", "unsigned short", "", "unsigned int",
                                          "", "", "", "unsigned long long"};
        int bytes = scalar_bytes(constant.element);
        long long count = elements(constant.shape);
        out_ << (target_ == Target::Cuda ? "__constant__ " : "static const ") << bit_types[bytes] << " "
             << "cudapy_constant_" << c_name(constant.name) << "[" << std::max(count, 1LL) << "] = {";
        for (long long i = 0; i < count; ++i) {
            unsigned long long bits = 0;
            std::memcpy(&bits, constant.bytes.data() + i * bytes, static_cast<std::size_t>(bytes));
            out_ << (i ? ", " : "") << bits << (bytes == 8 ? "ULL" : "u");
        }
        out_ << "};\n\n";
    }

    void function(const Function &f) {
        function_ = &f;
        opaque_wide_divisors_ = target_ == Target::Cuda && !f.is_kernel && !recursive_.empty();
        out_ << signature(f) << " {\n";
        // Shared and local arrays get their storage once, at the top.
        struct Allocations : Visitor {
            std::vector<const ArrayAlloc *> found;
            void visit_array_alloc(const ArrayAlloc &a) override { found.push_back(&a); }
        } allocations;
        allocations.visit(f.body);
        for (const ArrayAlloc *a : allocations.found) {
            if (a->space != MemorySpace::Shared && a->space != MemorySpace::Local) continue;
            // alignas only above the element's own alignment, which C++ refuses to lower.
            bool aligned = a->alignment > scalar_bytes(a->type.scalar);
            out_ << "    " << (aligned ? "alignas(" + std::to_string(a->alignment) + ") " : "")
                 << (a->space == MemorySpace::Shared ? "CUDAPY_SHARED " : "")
                 << c_type(Type::of(a->type.scalar)) << " " << storage_name(*a) << "["
                 << elements(a->shape) << "];\n";
        }
        for (const auto &local : f.locals)
            out_ << "    " << c_type(local.type) << " " << c_name(local.name) << "{};\n";
        // Kernels that synchronize their threads run every thread launched; the others stop
        // those past the thread counts asked for.
        if (f.is_kernel && !collective_.count(f.name)) out_ << "    if (cudapy::outside(cudapy_extent)) return;\n";
        block(f.body, 1);
        out_ << "}\n\n";
    }

    void indent(int depth) {
        for (int i = 0; i < depth; ++i) out_ << "    ";
    }

    const std::string &unit_file(const Span &span) const {
        return units_.at(static_cast<std::size_t>(span.unit)).file;
    }

    void line(const Span &span) { out_ << "#line " << span.line << " " << quoted(unit_file(span)) << "\n"; }

    void block(const Block &statements, int depth) {
        for (const auto &s : statements) statement(*s, depth);
    }

    void statement(const Stmt &s, int depth) {
        line(s.span);
        indent(depth);
        switch (s.kind) {
        case StmtKind::Assign: {
            const auto &a = static_cast<const Assign &>(s);
            out_ << expr(*a.target) << " = " << expr(*a.value) << ";\n";
            return;
        }
        case StmtKind::Evaluate:
            out_ << "(void)" << expr(*static_cast<const Evaluate &>(s).value) << ";\n";
            return;
        case StmtKind::If: return if_statement(static_cast<const If &>(s), depth);
        case StmtKind::While: {
            const auto &w = static_cast<const While &>(s);
            out_ << "while (" << condition(*w.condition) << ") {\n";
            break_labels_.emplace_back();
            block(w.body, depth + 1);
            break_labels_.pop_back();
            indent(depth);
            out_ << "}\n";
            return;
        }
        case StmtKind::ForRange: return for_range(static_cast<const ForRange &>(s), depth);
        case StmtKind::Break:
            if (!break_labels_.empty() && !break_labels_.back().empty())
                out_ << "goto " << break_labels_.back() << ";\n";
            else
                out_ << "break;\n";
            return;
        case StmtKind::Continue: out_ << "continue;\n"; return;
        case StmtKind::Return: {
            const auto &r = static_cast<const Return &>(s);
            if (r.value)
                out_ << "return " << expr(*r.value) << ";\n";
            else
                out_ << "return;\n";
            return;
        }
        case StmtKind::Assert: {
            const auto &a = static_cast<const Assert &>(s);
            std::string checked = condition(*a.condition);
            out_ << "CUDAPY_ASSERT((" << checked << "), " << site(s.span, "AssertionError", a.message) << ", "
                 << quoted(unit_file(s.span)) << ", " << s.span.line << ", " << quoted(a.message) << ");\n";
            return;
        }
        }
    }

    void if_statement(const If &s, int depth) {
        out_ << "if (" << condition(*s.condition) << ") {\n";
        block(s.then_body, depth + 1);
        indent(depth);
        out_ << "}";
        if (!s.else_body.empty()) {
            out_ << " else {\n";
            block(s.else_body, depth + 1);
            indent(depth);
            out_ << "}";
        }
        out_ << "\n";
    }

    void for_range(const ForRange &s, int depth) {
        int level = ++loop_level_;
        std::string suffix = std::to_string(level);
        std::string type = c_type(s.counter_type);
        std::string i = "cudapy_i" + suffix, start = "cudapy_start" + suffix,
                    stop = "cudapy_stop" + suffix, step = "cudapy_step" + suffix;
        // Python leaves the variable at the last value it took. Copying the counter into it on
        // every iteration makes the GPU carry both (an instruction more per iteration of a tight
        // loop); when the body never assigns the variable, a break leaves through a label with
        // the variable equal to the counter, and a loop that ran out sets it once, after.
        bool set_after = !assigns_variable(s.body, s.variable);
        std::string break_label = set_after ? "cudapy_break" + std::to_string(++break_labels_made_) : "";
        out_ << "{\n";
        // Python evaluates start before stop and step; that shows only when they call helpers.
        std::string first = expr(*s.start);
        if (set_after || contains_call(*s.stop) || contains_call(*s.step)) {
            indent(depth + 1);
            out_ << "const " << type << " " << start << " = " << first << ";\n";
            first = start;
        }
        indent(depth + 1);
        out_ << "const " << type << " " << stop << " = " << expr(*s.stop) << ";\n";
        // A step known at translation time decides the loop's direction once, not per iteration.
        auto known_step = integer_constant(*s.step);
        std::function<std::string(const std::string &)> test;
        std::string increment, step_value;
        if (known_step) {
            test = [&, ascending = *known_step > 0](const std::string &value) {
                return value + (ascending ? " < " : " > ") + stop;
            };
            increment = *known_step == 1 ? "++" + i : i + " += " + expr(*s.step);
            step_value = expr(*s.step);
        } else {
            indent(depth + 1);
            out_ << "const " << type << " " << step << " = " << expr(*s.step) << ";\n";
            indent(depth + 1);
            raises_ = true;
            out_ << "if (" << step << " == 0) cudapy::fail(" << quoted(unit_file(s.span)) << ", "
                 << s.span.line << ", \"ValueError: range() arg 3 must not be zero\");\n";
            test = [&, ascending = s.step_nonnegative](const std::string &value) {
                if (ascending) return value + " < " + stop;
                return "(" + step + " > 0) ? (" + value + " < " + stop + ") : (" + value + " > " + stop + ")";
            };
            increment = i + " += " + step;
            step_value = step;
        }
        Type variable_type = type_of_variable(s.variable);
        auto as_variable = [&](const std::string &value) {
            return variable_type == s.counter_type ? value : "((" + c_type(variable_type) + ")(" + value + "))";
        };
        break_labels_.push_back(break_label);
        if (set_after) {
            // do-while: a continue reaches the increment and the test, and the way out of a loop
            // that ran out is taken only after an iteration, so the variable is set there without
            // a test.
            indent(depth + 1);
            out_ << "if (" << test(first) << ") {\n";
            indent(depth + 2);
            out_ << type << " " << i << " = " << first << ";\n";
            indent(depth + 2);
            out_ << "do {\n";
            indent(depth + 3);
            out_ << c_name(s.variable) << " = " << as_variable(i) << ";\n";
            block(s.body, depth + 3);
            indent(depth + 2);
            out_ << "} while ((" << increment << ", " << test(i) << "));\n";
            indent(depth + 2);
            // With a step of 1 or -1 the last value is stop's neighbour, which keeps the counter
            // dead on that way out, as in a C loop.
            std::string last = !known_step || (*known_step != 1 && *known_step != -1)
                                   ? i + " - " + step_value
                                   : stop + (*known_step == 1 ? " - 1" : " + 1");
            out_ << c_name(s.variable) << " = " << as_variable(last) << ";\n";
            indent(depth + 1);
            out_ << "}\n";
        } else {
            indent(depth + 1);
            out_ << "for (" << type << " " << i << " = " << first << "; " << test(i) << "; " << increment << ") {\n";
            indent(depth + 2);
            out_ << c_name(s.variable) << " = " << as_variable(i) << ";\n";
            block(s.body, depth + 2);
            indent(depth + 1);
            out_ << "}\n";
        }
        break_labels_.pop_back();
        indent(depth);
        out_ << "}\n";
        if (set_after) {
            indent(depth);
            out_ << break_label << ":;\n";
        }
        --loop_level_;
    }

    // Conditions are bools already; dropping the outer parentheses reads better.
    std::string condition(const Expr &e) {
        std::string text = expr(e);
        if (text.size() > 2 && text.front() == '(' && text.back() == ')' && balanced(text))
            return text.substr(1, text.size() - 2);
        return text;
    }

    // Whether the parentheses around `text` enclose all of it.
    static bool balanced(const std::string &text) {
        int depth = 0;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '(') ++depth;
            if (text[i] == ')') --depth;
            if (depth == 0 && i + 1 < text.size()) return false;
        }
        return true;
    }

    std::string thread_index(ThreadIndexKind which) {
        switch (which) {
        case ThreadIndexKind::Idx: return "cudapy::idx()";
        case ThreadIndexKind::Idy: return "cudapy::idy()";
        case ThreadIndexKind::Idz: return "cudapy::idz()";
        case ThreadIndexKind::ThreadIdxX: return "((int)threadIdx.x)";
        case ThreadIndexKind::ThreadIdxY: return "((int)threadIdx.y)";
        case ThreadIndexKind::ThreadIdxZ: return "((int)threadIdx.z)";
        case ThreadIndexKind::BlockIdxX: return "((int)blockIdx.x)";
        case ThreadIndexKind::BlockIdxY: return "((int)blockIdx.y)";
        case ThreadIndexKind::BlockIdxZ: return "((int)blockIdx.z)";
        case ThreadIndexKind::BlockDimX: return "((int)blockDim.x)";
        case ThreadIndexKind::BlockDimY: return "((int)blockDim.y)";
        case ThreadIndexKind::BlockDimZ: return "((int)blockDim.z)";
        case ThreadIndexKind::GridDimX: return "((int)gridDim.x)";
        case ThreadIndexKind::GridDimY: return "((int)gridDim.y)";
        case ThreadIndexKind::GridDimZ: return "((int)gridDim.z)";
        case ThreadIndexKind::WarpSize: return "warpSize";
        case ThreadIndexKind::GridSizeX: return "((int)(blockDim.x * gridDim.x))";
        case ThreadIndexKind::GridSizeY: return "((int)(blockDim.y * gridDim.y))";
        case ThreadIndexKind::GridSizeZ: return "((int)(blockDim.z * gridDim.z))";
        case ThreadIndexKind::LaneId: return "cudapy::laneid()";
        }
        return "0";
    }

    std::string mixed_compare(const Compare &c) {
        std::string l = expr(*c.lhs), r = expr(*c.rhs);
        std::string less = arithmetic("less"), equal = arithmetic("equal");
        switch (c.op) {
        case CompareOp::Less: return less + "(" + l + ", " + r + ")";
        case CompareOp::LessEqual: return "(!" + less + "(" + r + ", " + l + "))";
        case CompareOp::Greater: return less + "(" + r + ", " + l + ")";
        case CompareOp::GreaterEqual: return "(!" + less + "(" + l + ", " + r + "))";
        case CompareOp::Equal: return equal + "(" + l + ", " + r + ")";
        case CompareOp::NotEqual: return "(!" + equal + "(" + l + ", " + r + "))";
        }
        return "";
    }

    std::string call_list(const std::vector<ExprPtr> &args) {
        std::string text;
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (i) text += ", ";
            text += expr(*args[i]);
        }
        return text;
    }

    // A literal converted at translation time, so `x * 2` on floats reads `x * 2.0f`.
    std::optional<std::string> converted_literal(const Expr &operand, Type to) {
        if (!to.is_scalar()) return std::nullopt;
        if (operand.kind == ExprKind::IntLiteral) {
            auto value = static_cast<const IntLiteral &>(operand).value;
            if (to.is_float()) return float_literal(static_cast<double>(value), to.scalar);
            if (to.is_bool()) return value ? "true" : "false";
            return int_literal(value, to);
        }
        if (operand.kind == ExprKind::FloatLiteral) {
            // The literal is a Python float, a double, whatever type it was checked at.
            double value = static_cast<const FloatLiteral &>(operand).value;
            if (to.is_float()) return float_literal(value, to.scalar);
            return "((" + c_type(to) + ")" + float_literal(value, Scalar::Float64) + ")";
        }
        return std::nullopt;
    }

    // An array index: the sums, differences and products that form it are emitted as C's,
    // which may assume they do not overflow, so that the compiler can step pointers through
    // loops as it does for hand-written CUDA. Only those at the top of the index are: below any
    // other operation (a % that brings an overflowed product back in range, a cast that widens
    // it) arithmetic wraps as NumPy's does.
    std::string index(const Expr &e) {
        bool outer = in_index_;
        in_index_ = true;
        std::string text = expr(e);
        in_index_ = outer;
        return text;
    }

    std::string expr(const Expr &e) {
        // Only the arithmetic that forms the index itself is exempt, not what it calls or reads.
        bool index_arithmetic = e.kind == ExprKind::Unary || e.kind == ExprKind::Variable ||
                                e.kind == ExprKind::IntLiteral || e.kind == ExprKind::ThreadIndex ||
                                (e.kind == ExprKind::Binary && forms_index(static_cast<const Binary &>(e).op));
        bool outer = in_index_;
        in_index_ = in_index_ && index_arithmetic;
        std::string text = expr_text(e);
        in_index_ = outer;
        return text;
    }

    std::string expr_text(const Expr &e) {
        switch (e.kind) {
        case ExprKind::IntLiteral: return int_literal(static_cast<const IntLiteral &>(e).value, e.type);
        case ExprKind::FloatLiteral:
            return float_literal(static_cast<const FloatLiteral &>(e).value, e.type.scalar);
        case ExprKind::BoolLiteral: return static_cast<const BoolLiteral &>(e).value ? "true" : "false";
        case ExprKind::Variable: return c_name(static_cast<const ast::Variable &>(e).name);
        case ExprKind::ThreadIndex: return thread_index(static_cast<const ThreadIndex &>(e).which);
        case ExprKind::Unary: {
            const auto &u = static_cast<const Unary &>(e);
            // A negated literal cannot overflow; anything else is negated wrapping, and through
            // neg() at every width, which keeps the negation where ptxas would lose it.
            if (u.op == UnaryOp::Negate && u.type.is_integer() && u.type.is_signed() &&
                u.operand->kind != ExprKind::IntLiteral)
                return arithmetic("neg") + "(" + expr(*u.operand) + ")";
            const char *op = u.op == UnaryOp::Negate ? "-" : u.op == UnaryOp::Plus ? "+" : "~";
            return narrowed(std::string("(") + op + expr(*u.operand) + ")", u.type);
        }
        case ExprKind::Binary: return binary(static_cast<const Binary &>(e));
        case ExprKind::Compare: {
            const auto &c = static_cast<const Compare &>(e);
            if (c.mixed_signs) return mixed_compare(c);
            static const char *ops[] = {"<", "<=", ">", ">=", "==", "!="};
            return "(" + expr(*c.lhs) + " " + ops[static_cast<int>(c.op)] + " " + expr(*c.rhs) + ")";
        }
        case ExprKind::Logical: {
            const auto &l = static_cast<const Logical &>(e);
            return "(" + expr(*l.lhs) + (l.op == LogicalOp::And ? " && " : " || ") + expr(*l.rhs) + ")";
        }
        case ExprKind::Not: return "(!" + expr(*static_cast<const Not &>(e).operand) + ")";
        case ExprKind::Conditional: {
            const auto &c = static_cast<const Conditional &>(e);
            return "(" + expr(*c.condition) + " ? " + expr(*c.then_value) + " : " +
                   expr(*c.else_value) + ")";
        }
        case ExprKind::Call: {
            const auto &c = static_cast<const Call &>(e);
            std::string name = program_.linkage.find(c.callee) ? declared_function_name(c.callee)
                                                                : c_function_name(c.callee);
            return name + "(" + call_list(c.args) + ")";
        }
        case ExprKind::Intrinsic: return intrinsic(static_cast<const Intrinsic &>(e));
        case ExprKind::Cast: {
            const auto &c = static_cast<const Cast &>(e);
            if (auto literal = converted_literal(*c.operand, c.type)) return *literal;
            if (c.type.is_bool()) return "(" + expr(*c.operand) + " != 0)";
            return "((" + c_type(c.type) + ")" + expr(*c.operand) + ")";
        }
        case ExprKind::Index: {
            const auto &i = static_cast<const Index &>(e);
            Type array = i.array->type;
            if (array.array_depth == 2 || array.is_vector())
                return expr(*i.array) + ".data[" + index(*i.indices[0]) + "]";
            std::string text = "cudapy::at(" + expr(*i.array);
            for (const auto &position : i.indices) text += ", " + index(*position);
            return text + ")";
        }
        case ExprKind::Length: {
            const auto &l = static_cast<const Length &>(e);
            Type array = l.array->type;
            return expr(*l.array) + (array.array_depth == 2 || array.is_vector() ? ".size" : ".shape[0]");
        }
        case ExprKind::ArrayInfo: {
            const auto &a = static_cast<const ArrayInfo &>(e);
            Type array = a.array->type;
            bool vector = array.array_depth == 2 || array.is_vector();
            if (a.what == ArrayInfoKind::Size)
                return vector ? expr(*a.array) + ".size" : "cudapy::size(" + expr(*a.array) + ")";
            return expr(*a.array) + (vector ? ".size" : ".shape[" + std::to_string(a.dimension) + "]");
        }
        case ExprKind::Slice: {
            const auto &l = static_cast<const Slice &>(e);
            if (l.step) {
                raises_ = true;
                return "cudapy::slice_step(" + expr(*l.array) + ", " + (l.start ? expr(*l.start) : "0LL") + ", " +
                       (l.start ? "true" : "false") + ", " + (l.stop ? expr(*l.stop) : "0LL") + ", " +
                       (l.stop ? "true" : "false") + ", " + expr(*l.step) + ", " + quoted(unit_file(l.span)) +
                       ", " + std::to_string(l.span.line) + ")";
            }
            return "cudapy::slice(" + expr(*l.array) + ", " + (l.start ? expr(*l.start) : "0LL") + ", " +
                   (l.stop ? expr(*l.stop) : "9223372036854775807LL") + ")";
        }
        case ExprKind::ArrayAlloc: return array_alloc(static_cast<const ArrayAlloc &>(e));
        case ExprKind::Builtin: return builtin(static_cast<const Builtin &>(e));
        case ExprKind::StringLiteral: return quoted(static_cast<const StringLiteral &>(e).value);
        case ExprKind::Let: {
            const auto &l = static_cast<const Let &>(e);
            return "((" + c_name(l.variable) + " = " + expr(*l.value) + "), " + expr(*l.body) + ")";
        }
        }
        return "";
    }

    // The view of a declared array: its storage and its (constant) shape.
    std::string array_alloc(const ArrayAlloc &a) {
        std::string element = c_type(Type::of(a.type.scalar));
        if (a.space == MemorySpace::DynamicShared)
            return "cudapy::array<" + element + ">{(" + element + " *)cudapy::dynamic_shared(), (long long)" +
                   "(cudapy::dynamic_shared_bytes() / sizeof(" + element + "))}";
        std::string data = "(" + element + " *)" + storage_name(a);
        if (a.type.is_vector()) return c_type(a.type) + "{" + data + ", " + std::to_string(a.shape[0]) + "LL}";
        std::string shape;
        for (long long extent : a.shape) shape += (shape.empty() ? "" : ", ") + std::to_string(extent) + "LL";
        return c_type(a.type) + "{" + data + ", {" + shape + "}}";
    }

    std::string builtin(const Builtin &b) {
        if (b.which == BuiltinKind::Print) return print(b);
        if (b.which == BuiltinKind::AssumeAligned) {
            raises_ = true;
            return "cudapy::assume_aligned<" + std::to_string(integer_constant(*b.args[1]).value_or(1)) +
                   ">(" + expr(*b.args[0]) + ", " + quoted(unit_file(b.span)) + ", " + std::to_string(b.span.line) +
                   ")";
        }
        const BuiltinInfo &info = *builtin_info(b.which);
        std::string text = "cudapy::" + std::string(info.spelling) + "(";
        for (std::size_t i = 0; i < b.args.size(); ++i) {
            bool element = info.arguments[i] == BuiltinArgument::Element ||
                           info.arguments[i] == BuiltinArgument::FirstElement;
            text += (i ? ", " : "") + std::string(element ? "&" : "") + expr(*b.args[i]);
        }
        return text + ")";
    }

    // print(a, "text", b): one printf, arguments separated by spaces, as Python's print.
    std::string print(const Builtin &b) {
        std::string format, args;
        for (std::size_t i = 0; i < b.args.size(); ++i) {
            if (i && !(i < b.joined.size() && b.joined[i])) format += ' ';
            const Expr &arg = *b.args[i];
            if (arg.kind == ExprKind::StringLiteral) {
                format += format_text(static_cast<const StringLiteral &>(arg).value);
                continue;
            }
            Type t = arg.type;
            std::string value = expr(arg);
            if (t.is_bool()) {
                format += "%s";
                args += ", (" + value + ") ? \"True\" : \"False\"";
            } else if (t.is_float()) {
                format += "%g";
                args += ", (double)(" + value + ")";
            } else if (scalar_bytes(t.scalar) == 8) {
                format += t.is_signed() ? "%lld" : "%llu";
                args += ", " + value;
            } else {
                format += t.is_signed() ? "%d" : "%u";
                args += std::string(", (") + (t.is_signed() ? "int" : "unsigned") + ")(" + value + ")";
            }
        }
        return "printf(\"" + format + "\\n\"" + args + ")";
    }

    // C computes on integers narrower than int in int, and on halves in float; NumPy rounds
    // each result back to its type (wrapping integers).
    static std::string narrowed(const std::string &text, Type t) {
        bool narrow_integer = t.is_integer() && scalar_bytes(t.scalar) < 4;
        if (!narrow_integer && t.scalar != Scalar::Float16) return text;
        return "((" + c_type(t) + ")" + text + ")";
    }

    static bool forms_index(BinaryOp op) {
        return op == BinaryOp::Add || op == BinaryOp::Sub || op == BinaryOp::Mul;
    }

    // Whether a sum, difference or product on integers of type t goes through the prelude's
    // wrapping helpers: signed types of int's width or wider, whose overflow C++ leaves
    // undefined where NumPy wraps, and every type narrower than int, whose helpers keep the
    // GPU's compilers from 16-bit negations that ptxas sign-extends wrongly (see narrow() in
    // prelude_arithmetic.cuh).
    static bool wraps_through_helper(Type t) {
        if (!t.is_integer()) return false;
        return scalar_bytes(t.scalar) < 4 || t.is_signed();
    }

    std::string call_neg(const std::string &operand, Type t) {
        return arithmetic("neg") + "((" + c_type(t) + ")" + operand + ")";
    }

    std::string binary(const Binary &b) {
        std::string l = expr(*b.lhs), r = expr(*b.rhs);
        if (b.op == BinaryOp::FloorDiv || b.op == BinaryOp::Mod) r = divisor(b, std::move(r));
        auto infix = [&](const char *op) { return narrowed("(" + l + " " + op + " " + r + ")", b.type); };
        auto call = [&](const std::string &name) { return name + "(" + l + ", " + r + ")"; };
        auto helper = [&](std::string_view name) { return call(arithmetic(name)); };
        auto wrapping = [&](const char *op, std::string_view name) {
            return wraps_through_helper(b.type) && !in_index_ ? helper(name) : infix(op);
        };
        // 0 - x and x * -1 are negations, spelled as neg() spells them (see prelude_arithmetic.cuh).
        if (b.type.is_integer() && b.type.is_signed() && !in_index_) {
            if (b.op == BinaryOp::Sub && integer_constant(*b.lhs) == 0) return call_neg(r, b.type);
            if (b.op == BinaryOp::Mul && integer_constant(*b.rhs) == -1) return call_neg(l, b.type);
            if (b.op == BinaryOp::Mul && integer_constant(*b.lhs) == -1) return call_neg(r, b.type);
        }
        switch (b.op) {
        case BinaryOp::Add: return wrapping("+", "add");
        case BinaryOp::Sub: return wrapping("-", "sub");
        case BinaryOp::Mul: return wrapping("*", "mul");
        case BinaryOp::Div: return infix("/");  // narrowed for float16 inside infix
        case BinaryOp::FloorDiv: return b.operands_nonnegative ? infix("/") : helper("floordiv");
        case BinaryOp::Mod: return b.operands_nonnegative ? infix("%") : helper("mod");
        case BinaryOp::Pow:
            if (b.type.is_complex()) return call("cudapy::cpow");
            if (b.type.is_float()) return narrowed(call(math_name("pow", b.type)), b.type);
            return helper("ipow");
        case BinaryOp::LeftShift: return helper("shl");
        case BinaryOp::RightShift: return helper("shr");
        case BinaryOp::BitAnd: return infix("&");
        case BinaryOp::BitOr: return infix("|");
        case BinaryOp::BitXor: return infix("^");
        }
        return "";
    }

    // The CUDA name of a math function for the float type it computes in, qualified so that
    // a variable of the same name cannot hide it.
    static std::string math_name(std::string_view cuda_name, Type t) {
        bool single = t.scalar == Scalar::Float32 || t.scalar == Scalar::Float16;
        return "::" + std::string(cuda_name) + (single ? "f" : "");
    }

    std::string intrinsic(const Intrinsic &i) {
        const IntrinsicInfo &info = *i.info;
        auto arg = [&](std::size_t k) { return expr(*i.args[k]); };
        switch (info.kind) {
        case IntrinsicKind::ArrayReshape: {  // a shape that does not fit raises ValueError
            raises_ = true;
            std::string extents;
            for (std::size_t k = 1; k < i.args.size(); ++k) extents += ", " + arg(k);
            return "cudapy::reshape(" + arg(0) + ", " + quoted(unit_file(i.span)) + ", " +
                   std::to_string(i.span.line) + extents + ")";
        }
        case IntrinsicKind::ArrayTranspose: return "cudapy::transpose(" + arg(0) + ")";
        case IntrinsicKind::BitCount: return "cudapy::bit_count(" + arg(0) + ")";
        case IntrinsicKind::FloatMath:
            if (info.name == "log" && i.args.size() == 2)
                return "(" + math_name("log", i.type) + "(" + arg(0) + ") / " +
                       math_name("log", i.type) + "(" + arg(1) + "))";
            return math_name(info.cuda_name, i.type) + "(" + call_list(i.args) + ")";
        case IntrinsicKind::FloatToInt: {
            if (i.args.size() == 2) return arithmetic("round_digits") + "(" + arg(0) + ", " + arg(1) + ")";
            Type operand = i.args[0]->type;
            if (!operand.is_float()) return "((long long)" + arg(0) + ")";
            return "((long long)" + math_name(info.cuda_name, operand) + "(" + arg(0) + "))";
        }
        case IntrinsicKind::FloatPredicate:
            return "((bool)::" + std::string(info.cuda_name) + "(" + arg(0) + "))";
        case IntrinsicKind::ScaleByInt:
            return math_name(info.cuda_name, i.type) + "(" + call_list(i.args) + ")";
        case IntrinsicKind::IntOrder:
            return math_name(info.cuda_name, i.type) + "(" + call_list(i.args) + ")";
        case IntrinsicKind::FloatToInt32:
        case IntrinsicKind::FloatToInt64:
            return math_name(info.cuda_name, i.args[0]->type) + "(" + arg(0) + ")";
        case IntrinsicKind::Angle: {
            double factor = info.name == "degrees" ? 57.295779513082323 : 0.017453292519943295;
            return "(" + arg(0) + " * " + float_literal(factor, i.type.scalar) + ")";
        }
        case IntrinsicKind::Abs:
            if (i.args[0]->type.is_complex()) return "cudapy::cabs(" + arg(0) + ")";
            return arithmetic("abs") + "(" + arg(0) + ")";
        case IntrinsicKind::ComplexMake:
            return c_type(i.type) + "(" + call_list(i.args) + ")";
        case IntrinsicKind::ComplexPart: {
            if (i.args[0]->type.is_array())  // a view of the real or imaginary parts
                return "cudapy::complex_part_view(" + arg(0) + ", " + (info.name == "real" ? "0" : "1") + ")";
            if (i.args[0]->type.is_complex()) return "(" + arg(0) + ")." + std::string(info.cuda_name);
            if (info.name == "real") return arg(0);
            return "((" + c_type(i.type) + ")0)";  // a real number's imaginary part
        }
        case IntrinsicKind::ComplexConjugate:
            if (!i.args[0]->type.is_complex()) return arg(0);
            return "cudapy::conj(" + arg(0) + ")";
        case IntrinsicKind::ComplexMath:
            if (info.name == "log" && i.args.size() == 2)
                return "(cudapy::clog(" + arg(0) + ") / cudapy::clog(" + arg(1) + "))";
            return "cudapy::" + std::string(info.cuda_name) + "(" + arg(0) + ")";
        case IntrinsicKind::ComplexToFloat:
        case IntrinsicKind::ComplexPredicate:
        case IntrinsicKind::ComplexFromPolar:
            return "cudapy::" + std::string(info.cuda_name) + "(" + call_list(i.args) + ")";
        case IntrinsicKind::MinMax: {
            std::string name = arithmetic(info.cuda_name);
            std::string text = arg(0);
            for (std::size_t k = 1; k < i.args.size(); ++k) text = name + "(" + text + ", " + arg(k) + ")";
            return text;
        }
        }
        return "";
    }

    const Program &program_;
    const std::vector<SourceUnit> &units_;
    Target target_;
    std::ostringstream out_;
    const Function *function_ = nullptr;
    std::set<std::string> recursive_;
    bool opaque_wide_divisors_ = false;  // in the function being printed (see divisor())
    int loop_level_ = 0;
    int break_labels_made_ = 0;
    // Where a break of each enclosing loop goes: a label, or empty for C's break.
    std::vector<std::string> break_labels_;
    std::vector<AssertSite> sites_;  // numbered from 1 in the order printed
    bool uses_arithmetic_ = false;  // whether the code calls prelude_arithmetic.cuh
    bool raises_ = false;           // whether the code calls cudapy::fail
    bool in_index_ = false;  // printing the arithmetic of an array index
    std::set<std::string> collective_;
};

}  // namespace

std::string c_name(const std::string &python_name) {
    // Temporaries of the translation start with '.', which no Python name can.
    if (!python_name.empty() && python_name[0] == '.') return "cudapy_" + python_name.substr(1);
    // A name with letters outside ASCII, which C++ compilers spell differently (or any name
    // that is no C identifier), as the hex of its UTF-8 bytes: no other name of the emitted
    // code starts with "cudapy_u".
    if (!is_c_identifier(python_name)) {
        static const char digits[] = "0123456789abcdef";
        std::string result = "cudapy_u";
        for (unsigned char c : python_name) {
            result += digits[c >> 4];
            result += digits[c & 15];
        }
        return result;
    }
    auto ends_with = [&](std::string_view suffix) {
        return python_name.size() >= suffix.size() &&
               python_name.compare(python_name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    auto starts_with_cudapy = [&] {
        if (python_name.size() < 6) return false;
        std::string head = python_name.substr(0, 6);
        std::transform(head.begin(), head.end(), head.begin(), [](unsigned char c) { return std::tolower(c); });
        return head == "cudapy";
    };
    // Macros are written without lower-case letters (NULL, EOF, M_PI, CUDAPY_FN; no header of
    // the preludes defines a one-letter macro), names with "__" or "_" and a capital are the
    // implementation's, and "cudapy" is the translation's.
    bool macro_like = python_name.size() > 1 && std::none_of(python_name.begin(), python_name.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)); });
    bool implementation = python_name.find("__") != std::string::npos ||
                          (python_name.size() > 1 && python_name[0] == '_' && std::isupper(static_cast<unsigned char>(python_name[1])));
    // Appending "_py" to every name that ends in it too keeps distinct names distinct.
    if (reserved_names().count(python_name) || macro_like || implementation || starts_with_cudapy() || ends_with("_py"))
        return python_name + "_py";
    return python_name;
}

std::string c_function_name(const std::string &python_name) {
    if (is_c_identifier(python_name) && (reserved_function_names().count(python_name) || math_function_name(python_name)))
        return python_name + "_py";
    return c_name(python_name);
}

std::string host_entry_name(const std::string &kernel_symbol) { return "cudapy_run_" + kernel_symbol; }

std::string declared_function_name(const std::string &python_name) { return "cudapy_declared_" + c_name(python_name); }

Emitted emit(const Program &program, const std::vector<SourceUnit> &units, Target target) {
    Printer printer(program, units, target);
    std::string source = printer.run();
    return {std::move(source), printer.sites()};
}

}  // namespace cudapy::emit
