// The typed C-like AST: plain structs with a kind tag. The frontend builds it untyped (every
// type Void), the type checker fills in types and inserts conversions, passes rewrite it and
// the emitter prints it. It knows nothing of tree-sitter or CUDA.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ast/builtin.h"
#include "ast/diagnostic.h"
#include "ast/intrinsic.h"
#include "ast/type.h"

namespace cudapy::ast {

enum class ExprKind {
    IntLiteral, FloatLiteral, BoolLiteral,
    Variable, ThreadIndex,
    Unary, Binary, Compare, Logical, Not, Conditional,
    Call, Intrinsic, Cast, Index, Length, Let,
    StringLiteral, ArrayInfo, Slice, ArrayAlloc, Builtin,
};

struct Expr {
    ExprKind kind;
    Span span;
    Type type;          // filled in by the type checker
    bool weak = false;  // a Python literal, or arithmetic on literals only (NEP 50)

    explicit Expr(ExprKind k, Span s) : kind(k), span(s) {}
    virtual ~Expr() = default;
};
using ExprPtr = std::shared_ptr<Expr>;

struct IntLiteral : Expr {
    std::uint64_t value;  // Python literals are non-negative; unary minus is separate
    IntLiteral(Span s, std::uint64_t v) : Expr(ExprKind::IntLiteral, s), value(v) {}
};

struct FloatLiteral : Expr {
    double value;
    FloatLiteral(Span s, double v) : Expr(ExprKind::FloatLiteral, s), value(v) {}
};

struct BoolLiteral : Expr {
    bool value;
    BoolLiteral(Span s, bool v) : Expr(ExprKind::BoolLiteral, s), value(v) {}
};

// A parameter or local variable of the enclosing function.
struct Variable : Expr {
    std::string name;
    Variable(Span s, std::string n) : Expr(ExprKind::Variable, s), name(std::move(n)) {}
};

enum class ThreadIndexKind {
    Idx, Idy, Idz,
    ThreadIdxX, ThreadIdxY, ThreadIdxZ,
    BlockIdxX, BlockIdxY, BlockIdxZ,
    BlockDimX, BlockDimY, BlockDimZ,
    GridDimX, GridDimY, GridDimZ,
    WarpSize,
    GridSizeX, GridSizeY, GridSizeZ,  // threads in the grid along x, y, z (numba's gridsize)
    LaneId,
};

struct ThreadIndex : Expr {
    ThreadIndexKind which;
    ThreadIndex(Span s, ThreadIndexKind w) : Expr(ExprKind::ThreadIndex, s), which(w) {}
};

enum class UnaryOp { Negate, Plus, Invert };

struct Unary : Expr {
    UnaryOp op;
    ExprPtr operand;
    Unary(Span s, UnaryOp o, ExprPtr a) : Expr(ExprKind::Unary, s), op(o), operand(std::move(a)) {}
};

enum class BinaryOp {
    Add, Sub, Mul, Div, FloorDiv, Mod, Pow,
    LeftShift, RightShift, BitAnd, BitOr, BitXor,
};

struct Binary : Expr {
    BinaryOp op;
    ExprPtr lhs, rhs;
    // Both operands are known to be non-negative, so // and % on integers need none of
    // Python's adjustments for negative operands.
    bool operands_nonnegative = false;
    Binary(Span s, BinaryOp o, ExprPtr l, ExprPtr r)
        : Expr(ExprKind::Binary, s), op(o), lhs(std::move(l)), rhs(std::move(r)) {}
};

enum class CompareOp { Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual };

struct Compare : Expr {
    CompareOp op;
    ExprPtr lhs, rhs;
    // A signed and an unsigned 64-bit operand, compared exactly as NumPy does, with no type
    // holding both.
    bool mixed_signs = false;
    Compare(Span s, CompareOp o, ExprPtr l, ExprPtr r)
        : Expr(ExprKind::Compare, s), op(o), lhs(std::move(l)), rhs(std::move(r)) {}
};

enum class LogicalOp { And, Or };

// Short-circuit `and` / `or` on truth values.
struct Logical : Expr {
    LogicalOp op;
    ExprPtr lhs, rhs;
    Logical(Span s, LogicalOp o, ExprPtr l, ExprPtr r)
        : Expr(ExprKind::Logical, s), op(o), lhs(std::move(l)), rhs(std::move(r)) {}
};

struct Not : Expr {
    ExprPtr operand;
    Not(Span s, ExprPtr a) : Expr(ExprKind::Not, s), operand(std::move(a)) {}
};

// `then_value if condition else else_value`
struct Conditional : Expr {
    ExprPtr condition, then_value, else_value;
    Conditional(Span s, ExprPtr c, ExprPtr t, ExprPtr e)
        : Expr(ExprKind::Conditional, s), condition(std::move(c)), then_value(std::move(t)),
          else_value(std::move(e)) {}
};

// A call of a function of the program (a helper).
struct Call : Expr {
    std::string callee;
    std::vector<ExprPtr> args;
    Call(Span s, std::string c, std::vector<ExprPtr> a)
        : Expr(ExprKind::Call, s), callee(std::move(c)), args(std::move(a)) {}
};

// A built-in function: abs, min, max, round and the math module. The emitter picks the CUDA
// function from the argument types.
struct Intrinsic : Expr {
    const IntrinsicInfo *info;
    bool single;  // computed in float32, as an f-suffixed name asks
    std::vector<ExprPtr> args;
    Intrinsic(Span s, ResolvedIntrinsic r, std::vector<ExprPtr> a)
        : Expr(ExprKind::Intrinsic, s), info(r.info), single(r.single), args(std::move(a)) {}
};

// A conversion: written by the user (`int(x)`) or inserted by the type checker.
struct Cast : Expr {
    ExprPtr operand;
    bool implicit;
    Cast(Span s, Type to, ExprPtr a, bool imp)
        : Expr(ExprKind::Cast, s), operand(std::move(a)), implicit(imp) {
        type = to;
    }
};

// An element: one index per dimension (`X[i, j]`), or one for a row of `T**`.
struct Index : Expr {
    ExprPtr array;
    std::vector<ExprPtr> indices;
    Index(Span s, ExprPtr a, std::vector<ExprPtr> i)
        : Expr(ExprKind::Index, s), array(std::move(a)), indices(std::move(i)) {}
};

// len(X)
struct Length : Expr {
    ExprPtr array;
    bool walked = false;  // the length of what a for loop walks, not a len() the source calls
    Length(Span s, ExprPtr a) : Expr(ExprKind::Length, s), array(std::move(a)) {}
};

// `(variable = value, body)`: evaluates value once, into a temporary the body reads; the
// translation's way to keep Python's evaluate-once rules inside expressions.
struct Let : Expr {
    std::string variable;
    ExprPtr value, body;
    Let(Span s, std::string v, ExprPtr a, ExprPtr b)
        : Expr(ExprKind::Let, s), variable(std::move(v)), value(std::move(a)), body(std::move(b)) {}
};

// Text, only where a kernel may print it: print() arguments.
struct StringLiteral : Expr {
    std::string value;
    StringLiteral(Span s, std::string v) : Expr(ExprKind::StringLiteral, s), value(std::move(v)) {}
};

enum class ArrayInfoKind { Shape, Size, Ndim };

// `X.shape[d]`, `X.size`, `X.ndim`.
struct ArrayInfo : Expr {
    ArrayInfoKind what;
    int dimension;  // of Shape
    ExprPtr array;
    ArrayInfo(Span s, ArrayInfoKind w, int d, ExprPtr a)
        : Expr(ExprKind::ArrayInfo, s), what(w), dimension(d), array(std::move(a)) {}
};

// `X[start:stop]` of a 1-d contiguous array: a view; either bound may be missing (null).
struct Slice : Expr {
    ExprPtr array, start, stop;
    ExprPtr step;  // none for a[start:stop]; a[start:stop:step] is a strided view
    Slice(Span s, ExprPtr a, ExprPtr b, ExprPtr e)
        : Expr(ExprKind::Slice, s), array(std::move(a)), start(std::move(b)), stop(std::move(e)) {}
};

enum class MemorySpace { Shared, DynamicShared, Local, Constant };

// An array the kernel declares: `shared.array(shape, dtype)`, `local.array(...)`, a dynamic
// shared array (shape 0), or `const.array_like(NAME)` of a constant array of the program.
// Its type, a C-ordered array, is known when lowered.
struct ArrayAlloc : Expr {
    MemorySpace space;
    std::vector<long long> shape;
    std::string constant;  // the constant array's name
    int id;                // distinct within the function: names the storage
    // numba's dtype=X.dtype: the array X whose element type this array takes, known once X is
    // typed (the checker sets the type and drops it).
    ExprPtr element_of;
    int alignment = 0;  // bytes the storage starts at a multiple of (numba's alignment=); 0: its own
    ArrayAlloc(Span s, MemorySpace m, Type t, std::vector<long long> sh, std::string c, int i)
        : Expr(ExprKind::ArrayAlloc, s), space(m), shape(std::move(sh)), constant(std::move(c)), id(i) {
        type = t;
    }
};

// CUDA's thread cooperation and bit functions (ast/builtin.h), atomics and print. An atomic's
// first argument is the Index of the element it updates.
struct Builtin : Expr {
    BuiltinKind which;
    std::vector<ExprPtr> args;
    // print's: whether argument i follows the one before without the space between print's
    // arguments (the parts of a printed tuple, `(1, 2)`); none for the others.
    std::vector<bool> joined;
    Builtin(Span s, BuiltinKind w, std::vector<ExprPtr> a)
        : Expr(ExprKind::Builtin, s), which(w), args(std::move(a)) {}
};

enum class StmtKind { Assign, Evaluate, If, While, ForRange, Break, Continue, Return, Assert };

struct Stmt {
    StmtKind kind;
    Span span;
    explicit Stmt(StmtKind k, Span s) : kind(k), span(s) {}
    virtual ~Stmt() = default;
};
using StmtPtr = std::shared_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

// `target = value`; the target is a Variable or an Index.
struct Assign : Stmt {
    ExprPtr target, value;
    // The variable holds the value as a typed one even when it is a literal's (a range's
    // elements are typed ints, whatever its bounds).
    bool typed_value = false;
    Assign(Span s, ExprPtr t, ExprPtr v)
        : Stmt(StmtKind::Assign, s), target(std::move(t)), value(std::move(v)) {}
};

// An expression evaluated for its effect (a helper call).
struct Evaluate : Stmt {
    ExprPtr value;
    Evaluate(Span s, ExprPtr v) : Stmt(StmtKind::Evaluate, s), value(std::move(v)) {}
};

struct If : Stmt {
    ExprPtr condition;
    Block then_body, else_body;
    If(Span s, ExprPtr c, Block t, Block e)
        : Stmt(StmtKind::If, s), condition(std::move(c)), then_body(std::move(t)),
          else_body(std::move(e)) {}
};

struct While : Stmt {
    ExprPtr condition;
    Block body;
    While(Span s, ExprPtr c, Block b)
        : Stmt(StmtKind::While, s), condition(std::move(c)), body(std::move(b)) {}
};

// `for variable in range(start, stop, step)`; the bounds are evaluated once, in order, and the
// variable keeps its last value after the loop as in Python.
struct ForRange : Stmt {
    std::string variable;
    Span variable_span;
    ExprPtr start, stop, step;  // of counter_type once checked
    // The type the loop counts in: wide enough that stepping past `stop` cannot overflow, which
    // the variable's own type (unsigned, or narrow) may not be.
    Type counter_type;
    // The step is known not to be negative (a grid stride, say): the loop counts up.
    bool step_nonnegative = false;
    // What the source calls whose integers the loop counts, for errors: range(), or
    // enumerate()'s start, which an empty loop checks.
    std::string counted = "range()";
    Block body;
    ForRange(Span s, std::string v, Span vs, ExprPtr a, ExprPtr b, ExprPtr c, Block body_)
        : Stmt(StmtKind::ForRange, s), variable(std::move(v)), variable_span(vs),
          start(std::move(a)), stop(std::move(b)), step(std::move(c)), body(std::move(body_)) {}
};

struct Break : Stmt {
    explicit Break(Span s) : Stmt(StmtKind::Break, s) {}
};

struct Continue : Stmt {
    explicit Continue(Span s) : Stmt(StmtKind::Continue, s) {}
};

struct Return : Stmt {
    ExprPtr value;  // null for a bare return
    Return(Span s, ExprPtr v) : Stmt(StmtKind::Return, s), value(std::move(v)) {}
};

// `assert condition, "message"`: checked when compiled for debugging.
struct Assert : Stmt {
    ExprPtr condition;
    std::string message;  // the message given, or the condition's text
    Assert(Span s, ExprPtr c, std::string m)
        : Stmt(StmtKind::Assert, s), condition(std::move(c)), message(std::move(m)) {}
};

struct Param {
    std::string name;
    Type type;
    Span span;
    bool written = false;  // an array parameter the function may store into
};

struct Local {
    std::string name;
    Type type;
    Span first_assignment;
};

// A value every thread of a kernel computes alike from the kernel's scalar parameters, moved
// out of the kernel: the launch computes it once and passes it as a hidden parameter, which
// the kernel reads as the variable `name`.
struct HoistedValue {
    std::string name;
    ExprPtr value;
};

// One of numba's signatures of a device function given several: its parameter types, and its
// result type when the signature gives one ("float64(float64, float64)", not "(int64, int64)").
struct Overload {
    std::vector<Type> params;
    std::optional<Type> result;
};

struct Function {
    std::string name;
    Span span;  // the name in the def line
    std::vector<Param> params;
    Type return_type;
    // The signature text from a CudaPy comment or the API, parsed by the type checker.
    std::string signature;
    Span signature_span;
    bool has_signature = false;
    // numba's signatures of a device function given several, or one without its result type:
    // each call takes the one its arguments convert to best, and the function is typed for
    // it. The texts, and their types once the checker has parsed them.
    std::vector<std::string> overload_texts;
    std::vector<Overload> overloads;
    // A function with a void signature that no other function calls; the rest are helpers.
    bool is_kernel = false;
    // A parameter was refused (*args, **kwargs, a / or * marker): its count means nothing.
    bool refused_parameters = false;
    Block body;
    std::vector<Local> locals;  // in order of first assignment
    std::vector<HoistedValue> hoisted;  // of a kernel: its hidden parameters after the extent
};

// An array of constant values the program was given, for `const.array_like(name)`.
struct ConstantArray {
    std::string name;
    Scalar element;
    std::vector<long long> shape;
    std::string bytes;  // C-ordered values
};

// How a declared device function returns its value: as a C function does, or as numba's
// declare_device expects (`int f(T *result, ...)`, which stores the value and returns 0).
enum class CallingConvention { C, Numba };

// A device function of CUDA C++ the program links (numba's declare_device): kernels call it
// as `name`; the CUDA C++ defines it, with C linkage, as `symbol`. Its types are scalars.
struct DeclaredFunction {
    std::string name;
    std::string symbol;
    CallingConvention convention = CallingConvention::Numba;
    Type return_type;  // void, or a scalar
    std::vector<Type> params;
    bool operator==(const DeclaredFunction &) const = default;
};

// CUDA C++ compiled with the program's code, ahead of it: where declared functions are
// defined. `file` names it in #line directives and so in the compiler's messages.
struct LinkedSource {
    std::string text;
    std::string file;
    bool operator==(const LinkedSource &) const = default;
};

struct Linkage {
    std::vector<DeclaredFunction> functions;
    std::vector<LinkedSource> sources;
    bool empty() const { return functions.empty() && sources.empty(); }
    const DeclaredFunction *find(const std::string &name) const {
        for (const auto &f : functions)
            if (f.name == name) return &f;
        return nullptr;
    }
};

// Whose rules type the program's variables: CudaPy's keep one type per variable (a change is an
// error); numba's unify the types a variable is assigned (int32 and int64 make it int64, as
// NumPy promotes them) and let a parameter take values that fit its type (a bool in an int64).
enum class Typing { CudaPy, Numba };

struct Program {
    std::vector<Function> functions;  // in source order
    std::vector<ConstantArray> constants;
    Linkage linkage;
    Typing typing = Typing::CudaPy;
};

}  // namespace cudapy::ast
