#include "types/check.h"

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "ast/intrinsic.h"
#include "ast/visitor.h"
#include "types/promote.h"
#include "types/signature.h"

namespace cudapy::types {

namespace {

using namespace cudapy::ast;

// The type of an expression that already failed to check; it silences follow-on errors.
constexpr Type poisoned = Type{};

// Whether every path through the block ends in a return (or loops forever).
bool always_returns(const Block &block) {
    for (const auto &stmt : block) {
        switch (stmt->kind) {
        case StmtKind::Return: return true;
        case StmtKind::If: {
            const auto &s = static_cast<const If &>(*stmt);
            if (always_returns(s.then_body) && always_returns(s.else_body)) return true;
            break;
        }
        case StmtKind::While: {
            const auto &s = static_cast<const While &>(*stmt);
            bool forever = s.condition->kind == ExprKind::BoolLiteral &&
                           static_cast<const BoolLiteral &>(*s.condition).value;
            struct Breaks : Visitor {
                bool found = false;
                void visit_break(const Break &) override { found = true; }
                // A break in an inner loop leaves that loop only.
                void visit_while(const While &) override {}
                void visit_for_range(const ForRange &) override {}
            } breaks;
            breaks.visit(s.body);
            if (forever && !breaks.found) return true;
            break;
        }
        default: break;
        }
    }
    return false;
}

std::string line_of(const Span &span) { return "line " + std::to_string(span.line); }

// The value of an integer literal as written, possibly negated.
struct LiteralValue {
    bool negative;
    std::uint64_t magnitude;
    std::string text() const { return (negative && magnitude ? "-" : "") + std::to_string(magnitude); }
};

std::optional<LiteralValue> literal_value(const Expr &e) {
    if (e.kind == ExprKind::IntLiteral) return LiteralValue{false, static_cast<const IntLiteral &>(e).value};
    if (e.kind == ExprKind::Unary) {
        const auto &u = static_cast<const Unary &>(e);
        if (u.operand->kind == ExprKind::IntLiteral && u.op != UnaryOp::Invert)
            return LiteralValue{u.op == UnaryOp::Negate, static_cast<const IntLiteral &>(*u.operand).value};
    }
    return std::nullopt;
}

bool fits(const LiteralValue &v, Type t) {
    int bits = 8 * scalar_bytes(t.scalar);
    if (!t.is_signed()) return !v.negative || v.magnitude == 0 ? bits == 64 || v.magnitude < (std::uint64_t{1} << bits) : false;
    std::uint64_t limit = std::uint64_t{1} << (bits - 1);  // |min|; max is limit - 1
    return v.negative ? v.magnitude <= limit : v.magnitude < limit;
}

// Whether a weak literal of type `weak` can take the type `to`.
bool weak_fits(Type weak, Type to) {
    if (to.is_complex()) return !weak.is_bool();
    if (!to.is_numeric() || weak.is_complex()) return false;
    return weak.is_integer() || to.is_float();
}

struct VariableInfo {
    Typed typed;
    Span first_assignment;
    std::optional<Span> first_strong_assignment;
    int order = 0;
};

using Variables = std::map<std::string, VariableInfo>;

class ProgramChecker;

// Checks one function body against fixed parameter types and a fixed set of variable types
// (`final`), or infers the variable types by walking it (`!final`, on a copy, errors unseen).
class BodyChecker {
public:
    BodyChecker(ProgramChecker &program, Function &function, Variables &variables, bool final,
                Diagnostics *diagnostics, Typing typing)
        : program_(program), function_(function), variables_(variables), final_(final),
          diagnostics_(diagnostics), unify_(typing == Typing::Numba) {}

    void check(Block &block) {
        for (auto &stmt : block) statement(stmt);
    }

    // The unified type of the function's return values (untyped helpers).
    std::optional<Typed> returned() const { return returned_; }
    // Whether a return statement could not be typed, so the return type is unknown.
    bool return_failed() const { return return_failed_; }

private:
    void error(DiagnosticKind kind, const Span &span, std::string message) {
        if (diagnostics_) diagnostics_->report(kind, span, std::move(message));
    }

    const Param *param(const std::string &name) const {
        for (const auto &p : function_.params)
            if (p.name == name) return &p;
        return nullptr;
    }

    ExprPtr convert(const ExprPtr &e, Type to) {
        if (e->type == to || e->type == poisoned) return e;
        // Python has no conversion of a complex number to a real one: z.real says which part.
        if (e->type.is_complex() && to.is_scalar() && !to.is_complex() && !to.is_bool()) {
            error(DiagnosticKind::Type, e->span,
                  "a complex number (" + type_name(e->type) + ") cannot become " + type_name(to) +
                      "; take its .real or .imag, or abs()");
            return e;
        }
        // NumPy refuses a Python int that the fixed-width type cannot hold (NEP 50).
        if (auto value = literal_value(*e); value && to.is_integer() && !fits(*value, to)) {
            error(DiagnosticKind::Type, e->span,
                  "the integer " + value->text() + " does not fit in " + type_name(to));
            return e;
        }
        return std::make_shared<Cast>(e->span, to, e, true);
    }

    // Python's truth value of a scalar.
    ExprPtr truth(const ExprPtr &e) {
        if (e->type == poisoned || e->type.is_bool()) return e;
        if (e->type.is_array()) {
            error(DiagnosticKind::Type, e->span,
                  "an array has no truth value in a kernel; compare its elements or len()");
            return e;
        }
        return convert(e, Type::of(Scalar::Bool));
    }

    Typed typed(const ExprPtr &e) const { return {e->type, e->weak}; }

    // ---- statements -----------------------------------------------------------------

    void statement(StmtPtr &stmt) {
        switch (stmt->kind) {
        case StmtKind::Assign: return assign(static_cast<Assign &>(*stmt));
        case StmtKind::Evaluate: {
            auto &s = static_cast<Evaluate &>(*stmt);
            s.value = expr(s.value, Context::Statement);
            return;
        }
        case StmtKind::If: {
            auto &s = static_cast<If &>(*stmt);
            s.condition = truth(expr(s.condition, Context::Condition));
            check(s.then_body);
            check(s.else_body);
            return;
        }
        case StmtKind::While: {
            auto &s = static_cast<While &>(*stmt);
            s.condition = truth(expr(s.condition, Context::Condition));
            check(s.body);
            return;
        }
        case StmtKind::ForRange: return for_range(static_cast<ForRange &>(*stmt));
        case StmtKind::Break:
        case StmtKind::Continue: return;
        case StmtKind::Return: return return_statement(static_cast<Return &>(*stmt));
        case StmtKind::Assert: {
            auto &s = static_cast<Assert &>(*stmt);
            s.condition = truth(expr(s.condition, Context::Condition));
            return;
        }
        }
    }

    void assign(Assign &s) {
        s.value = expr(s.value);
        if (s.value->type == poisoned) return;
        if (s.target->kind == ExprKind::Index) {
            s.target = expr(s.target);
            if (s.target->type == poisoned) return;
            if (!s.value->type.is_scalar()) {
                error(DiagnosticKind::Type, s.value->span,
                      "cannot store " + type_name(s.value->type) + " into an element of " +
                          type_name(static_cast<Index &>(*s.target).array->type));
                return;
            }
            // NumPy's element assignment converts any number to the element type.
            s.value = convert(s.value, s.target->type);
            return;
        }
        auto &target = static_cast<ast::Variable &>(*s.target);
        if (const Param *p = param(target.name)) {
            target.type = p->type;
            if (assignable_to_param(*p, typed(s.value), s.value->span, s.span))
                s.value = convert(s.value, p->type);
            return;
        }
        Typed value = typed(s.value);
        value.weak = value.weak && !s.typed_value;
        assign_variable(target.name, value, s.value->span, s.span);
        if (final_) {
            target.type = variables_.at(target.name).typed.type;
            s.value = convert(s.value, target.type);
        }
    }

    // Parameters keep their declared types; a value must have that type or be a literal of it.
    bool assignable_to_param(const Param &p, Typed value, const Span &value_span,
                             const Span &statement_span) {
        if (p.type.is_array()) {
            error(DiagnosticKind::Type, statement_span,
                  "cannot assign to the array parameter '" + p.name +
                      "'; assign to its elements, as in " + p.name + "[i] = ...");
            return false;
        }
        if (value.type == p.type || (value.weak && weak_fits(value.type, p.type))) return true;
        if (unify_ && holds_every_value(value.type, p.type)) return true;
        error(DiagnosticKind::Type, value_span,
              "the parameter '" + p.name + "' is " + type_name(p.type) + " and cannot hold " +
                  type_name(value.type) + "; convert explicitly, e.g. " + type_name(p.type) + "(...)");
        return false;
    }

    // Unifies an assignment with what is known of the variable (inference), or checks it
    // against the variable's final type.
    void assign_variable(const std::string &name, Typed value, const Span &value_span,
                         const Span &statement_span) {
        if (value.type.is_void()) return;
        // numba types a literal as int64, float64 or complex128 wherever a variable holds it.
        if (unify_ && value.weak) value = {numba_literal_type(value.type), false};
        auto found = variables_.find(name);
        if (found == variables_.end()) {
            VariableInfo v{value, statement_span, {}, static_cast<int>(variables_.size())};
            if (!value.weak) v.first_strong_assignment = statement_span;
            variables_.emplace(name, v);
            return;
        }
        VariableInfo &v = found->second;
        if (value.weak && v.typed.weak) {
            if (!final_) v.typed = promote(v.typed, value);
            return;
        }
        if (v.typed.weak) {  // a strong value fixes the type of a literal-only variable
            if (!weak_fits(v.typed.type, value.type) && value.type != v.typed.type) {
                conflict(name, v.first_assignment, v.typed.type, value_span, value.type);
                return;
            }
            if (!final_) {
                v.typed = {value.type, false};
                v.first_strong_assignment = statement_span;
            }
            return;
        }
        if (value.weak ? weak_fits(value.type, v.typed.type) : value.type == v.typed.type) return;
        if (unify_ && value.type.is_scalar() && v.typed.type.is_scalar()) {
            // numba's unification: the variable takes the type both values promote to.
            Type unified = promote_strong_all({v.typed.type, value.type});
            if (!final_ && unified.is_scalar()) v.typed.type = unified;
            if (holds_every_value(value.type, final_ ? v.typed.type : unified)) return;
        }
        const Span &other = v.first_strong_assignment ? *v.first_strong_assignment : v.first_assignment;
        conflict(name, other, v.typed.type, value_span, value.type);
    }

    // The type numba gives a literal of weak type `weak` (an int too large for int64 stays
    // uint64; a bool stays bool).
    static Type numba_literal_type(Type weak) {
        if (weak.is_complex()) return Type::of(Scalar::Complex128);
        if (weak.is_float()) return Type::of(Scalar::Float64);
        if (weak.is_integer() && weak.scalar != Scalar::UInt64) return Type::of(Scalar::Int64);
        return weak;
    }

    // Whether numba's typing lets a value of type `from` be stored where `to` is: `to` holds
    // every value of `from` (NumPy's safe casting: a bool in an int, an int32 in an int64 or a
    // float64, never a float in an int or a complex in a real).
    static bool holds_every_value(Type from, Type to) {
        return from.is_scalar() && to.is_scalar() && !to.is_void() && promote_strong_all({from, to}) == to;
    }

    void conflict(const std::string &name, const Span &first, Type first_type, const Span &here,
                  Type here_type) {
        std::string advice = first_type.is_scalar() && here_type.is_scalar()
                                 ? ", so convert one of them, e.g. " + type_name(first_type) + "(...)"
                                 : ", so use another variable for the other value";
        error(DiagnosticKind::Type, here,
              "the variable '" + name + "' is assigned " + type_name(here_type) + " here but " +
                  type_name(first_type) + " at " + line_of(first) + "; a variable keeps one type" +
                  advice);
    }

    void for_range(ForRange &s) {
        s.start = expr(s.start);
        s.stop = expr(s.stop);
        s.step = expr(s.step);
        std::optional<Typed> bounds;
        bool ok = true;
        for (auto *bound : {&s.start, &s.stop, &s.step}) {
            const ExprPtr &b = *bound;
            if (b->type == poisoned) {
                ok = false;
                continue;
            }
            Typed t = typed(b);
            if (t.type.is_bool()) t.type = default_int;
            if (!t.type.is_integer()) {
                error(DiagnosticKind::Type, b->span,
                      s.counted + " takes integers, not " + type_name(b->type));
                ok = false;
                continue;
            }
            bounds = bounds ? promote(*bounds, t) : t;
        }
        if (ok && bounds) {
            Type variable_type;
            if (const Param *p = param(s.variable)) {
                ok = assignable_to_param(*p, *bounds, s.variable_span, s.variable_span);
                variable_type = p->type;
            } else {
                // The variable is typed, as the interpreter's kernel_range makes it, even when
                // every bound is a literal: x + j with a uint8 x is int32 as NumPy's x + int32(j).
                Typed variable{bounds->type, false};
                assign_variable(s.variable, variable, s.variable_span, s.variable_span);
                if (final_) variable_type = variables_.at(s.variable).typed.type;
            }
            if (ok && final_) {
                s.counter_type = counter_type(variable_type, *s.step);
                s.start = convert(s.start, s.counter_type);
                s.stop = convert(s.stop, s.counter_type);
                s.step = convert(s.step, s.counter_type);
            }
        }
        check(s.body);
    }

    // A signed counter of 32 or 64 bits stepping by one cannot pass `stop` and overflow; every
    // other loop counts in int64, so that unsigned loops may count down past zero and narrow
    // ones past their range.
    static Type counter_type(Type variable, const Expr &step) {
        auto known = integer_constant(step);
        bool unit_step = known && (*known == 1 || *known == -1);
        if (unit_step && variable.is_signed() && scalar_bytes(variable.scalar) >= 4) return variable;
        return Type::of(Scalar::Int64);
    }

    void return_statement(Return &s) {
        if (function_.is_kernel || (function_.has_signature && function_.return_type.is_void())) {
            if (s.value)
                error(DiagnosticKind::Type, s.value->span,
                      "'" + function_.name + "' returns void, so it cannot return a value");
            return;
        }
        if (!s.value) {
            if (function_.has_signature)
                error(DiagnosticKind::Type, s.span,
                      "'" + function_.name + "' must return " + type_name(function_.return_type));
            else
                unify_return({Type{}, false}, s.span);
            return;
        }
        s.value = expr(s.value);
        if (s.value->type == poisoned) {
            return_failed_ = true;
            return;
        }
        if (function_.has_signature) {
            if (!converts_implicitly(typed(s.value), function_.return_type)) {
                error(DiagnosticKind::Type, s.value->span,
                      "'" + function_.name + "' returns " + type_name(function_.return_type) +
                          ", not " + type_name(s.value->type));
                return;
            }
            s.value = convert(s.value, function_.return_type);
            return;
        }
        if (s.value->type.is_array()) {
            error(DiagnosticKind::Type, s.value->span, "a helper cannot return an array");
            return_failed_ = true;
            return;
        }
        unify_return(typed(s.value), s.value->span);
        if (final_) s.value = convert(s.value, function_.return_type);
    }

    void unify_return(Typed value, const Span &span) {
        if (!returned_) {
            returned_ = value;
            return;
        }
        if (returned_->type.is_void() != value.type.is_void()) {
            error(DiagnosticKind::Type, span,
                  "'" + function_.name + "' returns a value on some paths and nothing on others");
            return_failed_ = true;
            return;
        }
        if (value.weak && returned_->weak) {
            returned_ = promote(*returned_, value);
        } else if (returned_->weak) {
            if (weak_fits(returned_->type, value.type) || returned_->type == value.type)
                returned_ = value;
            else
                fail_return(span, value.type);
        } else if (!(value.weak ? weak_fits(value.type, returned_->type)
                                : value.type == returned_->type)) {
            fail_return(span, value.type);
        }
    }

    void fail_return(const Span &span, Type here) {
        error(DiagnosticKind::Type, span,
              "'" + function_.name + "' returns " + type_name(here) + " here and " +
                  type_name(returned_->type) + " elsewhere; give it a signature");
        return_failed_ = true;
    }

    // ---- expressions ----------------------------------------------------------------

    enum class Context { Value, Condition, Statement };

    ExprPtr expr(const ExprPtr &e, Context context = Context::Value);

    ExprPtr binary(const std::shared_ptr<Binary> &e);
    ExprPtr unary(const std::shared_ptr<Unary> &e);
    ExprPtr compare(const std::shared_ptr<Compare> &e);
    ExprPtr logical(const std::shared_ptr<Logical> &e, Context context);
    ExprPtr conditional(const std::shared_ptr<Conditional> &e);
    ExprPtr call(const std::shared_ptr<Call> &e, Context context);
    ExprPtr declared_call(const std::shared_ptr<Call> &e, const DeclaredFunction &callee, Context context);
    ExprPtr intrinsic(const std::shared_ptr<Intrinsic> &e);
    ExprPtr array_alloc(const std::shared_ptr<ArrayAlloc> &e);
    const Overload *best_overload(const Function &callee, const std::vector<ExprPtr> &args) const;
    ExprPtr overload_refused(const std::shared_ptr<Call> &e, const Function &callee);
    static std::string overload_text(const Overload &overload);
    static std::string params_text(const Function &f);
    ExprPtr cast(const std::shared_ptr<Cast> &e);
    ExprPtr index(const std::shared_ptr<Index> &e);
    ExprPtr length(const std::shared_ptr<Length> &e);
    ExprPtr array_info(const std::shared_ptr<ArrayInfo> &e);
    ExprPtr slice(const std::shared_ptr<Slice> &e);
    ExprPtr builtin(const std::shared_ptr<Builtin> &e);
    ExprPtr array_part(const std::shared_ptr<Intrinsic> &e);
    ExprPtr reshape(const std::shared_ptr<Intrinsic> &e);
    ExprPtr transpose(const std::shared_ptr<Intrinsic> &e);
    ExprPtr print(const std::shared_ptr<Builtin> &e);

    // Converts an argument to `to`, which it must be able to become (a number).
    bool argument_as(ExprPtr &arg, Type to, const char *function, const char *what) {
        arg = expr(arg);
        if (arg->type == poisoned) return false;
        if (!arg->type.is_scalar()) {
            error(DiagnosticKind::Type, arg->span,
                  std::string(function) + "() takes a number as its " + what + ", not " + type_name(arg->type));
            return false;
        }
        arg = convert(arg, to);
        return true;
    }

    ExprPtr poison(const ExprPtr &e) {
        e->type = poisoned;
        return e;
    }

    bool scalar_operand(const ExprPtr &operand, std::string_view what) {
        if (operand->type == poisoned) return false;
        if (operand->type.is_scalar()) return true;
        error(DiagnosticKind::Type, operand->span,
              std::string("unsupported operand type for ") + std::string(what) + ": " +
                  (operand->type.is_void() ? std::string("a call that returns nothing")
                                           : type_name(operand->type)));
        return false;
    }

    ProgramChecker &program_;
    Function &function_;
    Variables &variables_;
    bool final_;
    Diagnostics *diagnostics_;
    bool unify_;  // numba's typing: a variable's assignments unify (see ast::Typing)

    // numba's calls of a function with a signature cast each number to its parameter's type,
    // as the function's own casts would (int32(x) of a float32 x); complex to real does not.
    bool cast_to_signature(ExprPtr &arg, Type expected) {
        Type given = arg->type;
        if (!unify_ || !given.is_scalar() || !expected.is_scalar() || given == expected || expected.is_void() ||
            (given.is_complex() && !expected.is_complex()) || converts_implicitly(typed(arg), expected))
            return false;
        arg = std::make_shared<Cast>(arg->span, expected, arg, false);
        return true;
    }
    std::optional<Typed> returned_;
    bool return_failed_ = false;
};

class ProgramChecker {
public:
    ProgramChecker(Program &program, Diagnostics &diagnostics)
        : program_(program), diagnostics_(diagnostics) {}

    void run() {
        // Earlier errors may hide the calls that would type a helper; a missing signature is
        // worth reporting only without them.
        earlier_errors_ = diagnostics_.any();
        for (auto &f : program_.functions) {
            apply_signature(f);
            apply_overloads(f);
        }
        std::set<std::string> called = called_functions(false);
        // A function that calls only itself is still a kernel: its call of itself is refused.
        std::set<std::string> called_by_others = called_functions(true);
        for (auto &f : program_.functions)
            f.is_kernel = f.has_signature && f.return_type.is_void() && !called_by_others.count(f.name);
        for (auto &f : program_.functions)
            if (f.has_signature) check_function(f, true);
        for (auto &f : program_.functions) {
            // A bad signature was reported already; saying it is missing would mislead.
            if (f.has_signature || !f.signature.empty() || !f.overload_texts.empty() || specialized_.count(f.name))
                continue;
            if (!called.count(f.name) && !earlier_errors_) {
                std::string params;
                for (const auto &p : f.params) params += (params.empty() ? "T " : ", T ") + p.name;
                diagnostics_.report(DiagnosticKind::Type, f.span,
                                    "'" + f.name + "' has no signature: add a comment '# " + f.name +
                                        " : void (" + params + ")' above it, each T a type such "
                                        "as float*, int or double, or pass sig=");
            }
        }
    }

    Function *find(const std::string &name) {
        if (by_name_.empty())
            for (auto &f : program_.functions) by_name_.emplace(f.name, &f);
        auto found = by_name_.find(name);
        return found == by_name_.end() ? nullptr : found->second;
    }

    bool typed(const Function &f) const { return f.has_signature || specialized_.count(f.name); }

    // A helper's name with its parameters' types: what one typing of it is for.
    static std::string typing_key(const std::string &name, const std::vector<Type> &types) {
        std::string key = name;
        for (Type type : types)
            key += {'\0', static_cast<char>(type.scalar), static_cast<char>(type.array_depth),
                    static_cast<char>(type.ndim), static_cast<char>(type.layout)};
        return key;
    }

    static std::string typing_key(const Function &f) {
        std::vector<Type> types;
        for (const auto &param : f.params) types.push_back(param.type);
        return typing_key(f.name, types);
    }

    const DeclaredFunction *declared(const std::string &name) const { return program_.linkage.find(name); }

    // The return type of an unsigned helper called with `args`. The final check fixes the
    // helper's parameter types with the first call; inference only asks.
    std::optional<Type> helper_return(Function &f, const std::vector<Type> &args, bool final,
                                      const Span &call_span, Diagnostics *diagnostics) {
        if (in_progress_.count(f.name)) {
            // numba's typing takes a recursive call's type from the returns that give one
            // without the call (the base cases), as numba infers it; check_function confirms it.
            if (program_.typing == Typing::Numba) {
                recursive_.insert(f.name);
                if (auto assumed = assumed_returns_.find(typing_key(f.name, args)); assumed != assumed_returns_.end())
                    return assumed->second;
            }
            ++recursion_cuts_;
            if (diagnostics)
                diagnostics->report(DiagnosticKind::Type, call_span,
                                    program_.typing == Typing::Numba
                                        ? "'" + f.name + "' calls itself, and no return of it gives a type "
                                          "without that call (a base case); give it a signature"
                                        : "'" + f.name + "' calls itself; a recursive function needs a "
                                          "signature comment");
            return std::nullopt;
        }
        // Each helper typed from its call types the helpers it calls, on this thread's stack.
        if (in_progress_.size() >= max_helper_depth) {
            ++recursion_cuts_;
            if (diagnostics && !reported_depth_) {
                diagnostics->report(DiagnosticKind::Unsupported, call_span,
                                    "helpers without signatures call each other more than " +
                                        std::to_string(max_helper_depth) + " deep here; give '" + f.name +
                                        "' (or a helper it calls) a signature comment");
                reported_depth_ = true;
            }
            return std::nullopt;
        }
        if (final) {
            for (std::size_t i = 0; i < f.params.size(); ++i) f.params[i].type = args[i];
            // Marked typed only afterwards, so that a recursive call is seen as one above.
            auto returned = check_function(f, true);
            specialized_.emplace(f.name, call_span);
            return returned;
        }
        // What inference learns of a helper depends on the argument types alone, unless a
        // recursion was cut short on the way.
        std::string key = typing_key(f.name, args);
        if (auto known = inferred_.find(key); known != inferred_.end()) return known->second;
        int cuts = recursion_cuts_;
        Function scratch = f;
        scratch.body = clone(f.body);
        for (std::size_t i = 0; i < scratch.params.size(); ++i) scratch.params[i].type = args[i];
        auto returned = check_function(scratch, false);
        if (cuts == recursion_cuts_) inferred_.emplace(std::move(key), returned);
        return returned;
    }

private:
    void apply_overloads(Function &f) {
        if (f.overload_texts.empty()) return;
        if (!f.signature.empty()) {
            diagnostics_.report(DiagnosticKind::Type, f.signature_span,
                                "'" + f.name + "' was given a signature and numba's list of signatures; "
                                "give it one or the other");
            return;
        }
        for (const auto &text : f.overload_texts) {
            SignatureError error;
            auto signature = parse_signature(text, error);
            if (!signature) {
                diagnostics_.report(DiagnosticKind::Type, f.signature_span,
                                    "bad signature for '" + f.name + "': " + error.message + " (at '" +
                                        text.substr(std::min(error.offset, text.size())) + "')");
                continue;
            }
            if (signature->params.size() != f.params.size()) {
                if (f.refused_parameters) return;
                diagnostics_.report(DiagnosticKind::Type, f.signature_span,
                                    "the signature '" + text + "' of '" + f.name + "' has " +
                                        std::to_string(signature->params.size()) + " parameter type" +
                                        (signature->params.size() == 1 ? "" : "s") +
                                        " but the function takes " + std::to_string(f.params.size()));
                continue;
            }
            Overload overload;
            for (const auto &param : signature->params) overload.params.push_back(param.type);
            // numba's "(int64, int64)" leaves a device function's result to its body.
            if (text.find_first_not_of(" \t") != text.find('(')) overload.result = signature->return_type;
            f.overloads.push_back(std::move(overload));
        }
    }

    void apply_signature(Function &f) {
        if (f.signature.empty()) return;
        SignatureError error;
        auto signature = parse_signature(f.signature, error);
        if (!signature) {
            diagnostics_.report(DiagnosticKind::Type, f.signature_span,
                                "bad signature for '" + f.name + "': " + error.message +
                                    " (at '" + f.signature.substr(std::min(error.offset, f.signature.size())) +
                                    "')");
            return;
        }
        if (!signature->function_name.empty() && signature->function_name != f.name) {
            diagnostics_.report(DiagnosticKind::Type, f.signature_span,
                                "the signature names '" + signature->function_name +
                                    "' but the function is '" + f.name + "'");
            return;
        }
        if (signature->params.size() != f.params.size()) {
            if (f.refused_parameters) return;  // the refused parameter was reported
            diagnostics_.report(DiagnosticKind::Type, f.signature_span,
                                "the signature of '" + f.name + "' has " +
                                    std::to_string(signature->params.size()) + " parameter type" +
                                    (signature->params.size() == 1 ? "" : "s") +
                                    " but the function takes " + std::to_string(f.params.size()));
            return;
        }
        for (std::size_t i = 0; i < f.params.size(); ++i) {
            const auto &given = signature->params[i];
            if (!given.name.empty() && given.name != f.params[i].name) {
                diagnostics_.report(DiagnosticKind::Type, f.signature_span,
                                    "the signature names parameter " + std::to_string(i + 1) +
                                        " '" + given.name + "' but the function calls it '" +
                                        f.params[i].name + "'");
                return;
            }
        }
        for (std::size_t i = 0; i < f.params.size(); ++i) f.params[i].type = signature->params[i].type;
        f.return_type = signature->return_type;
        f.has_signature = true;
    }

    // The functions some function calls (`by_others`: some function other than itself).
    std::set<std::string> called_functions(bool by_others) {
        struct Calls : Visitor {
            std::set<std::string> names;
            std::string caller;
            bool by_others = false;
            void visit_call(const Call &e) override {
                if (!by_others || e.callee != caller) names.insert(e.callee);
                Visitor::visit_call(e);
            }
        } calls;
        calls.by_others = by_others;
        for (const auto &f : program_.functions) {
            calls.caller = f.name;
            calls.visit(f.body);
        }
        return calls.names;
    }

    // Infers the variable types to a fixed point on copies of the body, then (final) checks
    // the body itself. Returns the return type.
    std::optional<Type> check_function(Function &f, bool final) {
        in_progress_.insert(f.name);
        Variables variables;
        std::optional<Typed> returned;
        bool return_failed = false;
        constexpr int max_rounds = 16;
        for (int round = 0; round < max_rounds; ++round) {
            Variables before = variables;
            Block scratch = clone(f.body);
            BodyChecker inference(*this, f, variables, false, nullptr, program_.typing);
            inference.check(scratch);
            returned = inference.returned();
            return_failed = inference.return_failed();
            // A recursive helper's calls of itself take the type its other returns gave.
            bool assumption_held = true;
            if (!f.has_signature && recursive_.count(f.name) && returned) {
                auto [assumed, added] = assumed_returns_.emplace(typing_key(f), returned->type);
                assumption_held = !added && assumed->second == returned->type;
                assumed->second = returned->type;
            }
            bool stable = assumption_held && before.size() == variables.size() &&
                          std::equal(before.begin(), before.end(), variables.begin(),
                                     [](const auto &a, const auto &b) {
                                         return a.first == b.first &&
                                                a.second.typed.type == b.second.typed.type &&
                                                a.second.typed.weak == b.second.typed.weak;
                                     });
            if (stable) break;
        }
        if (!f.has_signature) f.return_type = returned ? returned->type : Type{};
        if (final) {
            BodyChecker checker(*this, f, variables, true, &diagnostics_, program_.typing);
            checker.check(f.body);
            return_failed = return_failed || checker.return_failed();
            if (!return_failed && !earlier_errors_ && !f.return_type.is_void() && !always_returns(f.body))
                diagnostics_.report(DiagnosticKind::Type, f.span,
                                    "'" + f.name + "' can reach its end without returning a value "
                                    "(Python would return None there); end it with a return");
            std::vector<std::pair<int, Local>> locals;
            for (const auto &[name, v] : variables)
                locals.push_back({v.order, Local{name, v.typed.type, v.first_assignment}});
            std::sort(locals.begin(), locals.end(),
                      [](const auto &a, const auto &b) { return a.first < b.first; });
            f.locals.clear();
            for (auto &[order, local] : locals) f.locals.push_back(local);
        }
        in_progress_.erase(f.name);
        if (return_failed) return std::nullopt;
        return f.return_type;
    }

    Program &program_;
    Diagnostics &diagnostics_;
    static constexpr std::size_t max_helper_depth = 100;
    std::map<std::string, Span> specialized_;
    std::set<std::string> in_progress_;
    std::map<std::string, Function *> by_name_;
    // What inference found of a helper, by its name and argument types.
    std::map<std::string, std::optional<Type>> inferred_;
    // numba's typing of recursive helpers: those that called themselves, and the return type
    // their calls of themselves take, by typing_key().
    std::set<std::string> recursive_;
    std::map<std::string, Type> assumed_returns_;
    int recursion_cuts_ = 0;
    bool reported_depth_ = false;
    // Errors from the lowering: what they dropped may be why a function looks incomplete.
    bool earlier_errors_ = false;
};

ExprPtr BodyChecker::expr(const ExprPtr &e, Context context) {
    switch (e->kind) {
    case ExprKind::IntLiteral: {
        auto value = static_cast<IntLiteral &>(*e).value;
        e->weak = true;
        e->type = value <= static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())
                      ? default_int
                  : value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())
                      ? Type::of(Scalar::Int64)
                      : Type::of(Scalar::UInt64);
        return e;
    }
    case ExprKind::FloatLiteral:
        e->weak = true;
        e->type = default_float;
        return e;
    case ExprKind::BoolLiteral: e->type = Type::of(Scalar::Bool); return e;
    case ExprKind::ThreadIndex: e->type = default_int; return e;
    case ExprKind::Variable: {
        auto &v = static_cast<ast::Variable &>(*e);
        if (const Param *p = param(v.name)) {
            e->type = p->type;
        } else if (auto found = variables_.find(v.name); found != variables_.end()) {
            // A variable that has only held literals is as weak as they are, so that
            // `total = 0` then `total += x` takes x's type.
            e->type = found->second.typed.type;
            e->weak = found->second.typed.weak;
        } else {
            // Assigned later in the body (the next round of inference knows its type), or
            // every assignment failed to check and was reported.
            return poison(e);
        }
        return e;
    }
    case ExprKind::Unary: return unary(std::static_pointer_cast<Unary>(e));
    case ExprKind::Binary: return binary(std::static_pointer_cast<Binary>(e));
    case ExprKind::Compare: return compare(std::static_pointer_cast<Compare>(e));
    case ExprKind::Logical: return logical(std::static_pointer_cast<Logical>(e), context);
    case ExprKind::Not: {
        auto n = std::static_pointer_cast<Not>(e);
        n->operand = truth(expr(n->operand, Context::Condition));
        n->type = n->operand->type == poisoned ? poisoned : Type::of(Scalar::Bool);
        return n;
    }
    case ExprKind::Conditional: return conditional(std::static_pointer_cast<Conditional>(e));
    case ExprKind::Call: return call(std::static_pointer_cast<Call>(e), context);
    case ExprKind::Intrinsic: return intrinsic(std::static_pointer_cast<Intrinsic>(e));
    case ExprKind::Cast: return cast(std::static_pointer_cast<Cast>(e));
    case ExprKind::Index: return index(std::static_pointer_cast<Index>(e));
    case ExprKind::Length: return length(std::static_pointer_cast<Length>(e));
    case ExprKind::ArrayInfo: return array_info(std::static_pointer_cast<ArrayInfo>(e));
    case ExprKind::Slice: return slice(std::static_pointer_cast<Slice>(e));
    case ExprKind::ArrayAlloc: return array_alloc(std::static_pointer_cast<ArrayAlloc>(e));
    case ExprKind::Builtin: return builtin(std::static_pointer_cast<Builtin>(e));
    case ExprKind::StringLiteral:
        error(DiagnosticKind::Type, e->span, "strings in kernels are only for print()");
        return poison(e);
    case ExprKind::Let: {
        auto l = std::static_pointer_cast<Let>(e);
        l->value = expr(l->value);
        if (l->value->type == poisoned) return poison(l);
        assign_variable(l->variable, typed(l->value), l->value->span, l->span);
        if (final_) l->value = convert(l->value, variables_.at(l->variable).typed.type);
        l->body = expr(l->body, context);
        l->type = l->body->type;
        l->weak = l->body->weak;
        return l;
    }
    }
    return e;
}

std::string_view operator_text(BinaryOp op) {
    switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::FloorDiv: return "//";
    case BinaryOp::Mod: return "%";
    case BinaryOp::Pow: return "**";
    case BinaryOp::LeftShift: return "<<";
    case BinaryOp::RightShift: return ">>";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::BitXor: return "^";
    }
    return "?";
}

ExprPtr BodyChecker::binary(const std::shared_ptr<Binary> &e) {
    e->lhs = expr(e->lhs);
    e->rhs = expr(e->rhs);
    std::string_view op = operator_text(e->op);
    if (!scalar_operand(e->lhs, op) || !scalar_operand(e->rhs, op)) return poison(e);
    Typed l = typed(e->lhs), r = typed(e->rhs);
    bool bitwise = e->op == BinaryOp::BitAnd || e->op == BinaryOp::BitOr || e->op == BinaryOp::BitXor;
    bool integral = bitwise || e->op == BinaryOp::LeftShift || e->op == BinaryOp::RightShift;
    if (bitwise && l.type.is_bool() && r.type.is_bool()) {
        e->type = Type::of(Scalar::Bool);
        return e;
    }
    Typed result = promote(l, r);
    if (result.type.is_complex() && (e->op == BinaryOp::FloorDiv || e->op == BinaryOp::Mod)) {
        error(DiagnosticKind::Type, e->span,
              "unsupported operand types for " + std::string(op) + ": " + type_name(l.type) +
                  " and " + type_name(r.type) + " (Python has no " + std::string(op) +
                  " of complex numbers)");
        return poison(e);
    }
    if (integral && !result.type.is_integer()) {
        error(DiagnosticKind::Type, e->span,
              "unsupported operand types for " + std::string(op) + ": " + type_name(l.type) +
                  " and " + type_name(r.type) + " (integers only)");
        return poison(e);
    }
    // Python 3's true division of integers gives a float.
    if (e->op == BinaryOp::Div && !result.type.is_float() && !result.type.is_complex())
        result.type = default_float;
    e->lhs = convert(e->lhs, result.type);
    e->rhs = convert(e->rhs, result.type);
    e->type = result.type;
    e->weak = result.weak;
    return e;
}

ExprPtr BodyChecker::unary(const std::shared_ptr<Unary> &e) {
    e->operand = expr(e->operand);
    if (!scalar_operand(e->operand, e->op == UnaryOp::Invert ? "~" : "unary -")) return poison(e);
    Type t = e->operand->type.is_bool() ? default_int : e->operand->type;
    if (e->op == UnaryOp::Invert && !t.is_integer()) {
        error(DiagnosticKind::Type, e->span,
              "bad operand type for unary ~: " + type_name(e->operand->type));
        return poison(e);
    }
    e->operand = convert(e->operand, t);
    e->type = t;
    e->weak = e->operand->weak;
    return e;
}

ExprPtr BodyChecker::compare(const std::shared_ptr<Compare> &e) {
    e->lhs = expr(e->lhs);
    e->rhs = expr(e->rhs);
    if (!scalar_operand(e->lhs, "comparison") || !scalar_operand(e->rhs, "comparison"))
        return poison(e);
    Typed l = typed(e->lhs), r = typed(e->rhs);
    e->type = Type::of(Scalar::Bool);
    if ((l.type.is_complex() || r.type.is_complex()) && e->op != CompareOp::Equal && e->op != CompareOp::NotEqual) {
        error(DiagnosticKind::Type, e->span,
              "complex numbers are not ordered: " + type_name(l.type) + " and " + type_name(r.type) +
                  " compare only with == and !=");
        return poison(e);
    }
    // Integers compare exactly: a literal out of the other operand's range, or int64 against
    // uint64, is compared through 64-bit operands of each one's own signedness.
    auto literal = [&](const ExprPtr &a, const ExprPtr &b) {
        auto value = literal_value(*a);
        return a->weak && value && b->type.is_integer() && !b->weak && !fits(*value, b->type);
    };
    bool integers = l.type.is_integer() && r.type.is_integer();
    if (integers && (literal(e->lhs, e->rhs) || literal(e->rhs, e->lhs) ||
                     (!l.weak && !r.weak && promote(l, r).type.is_float()))) {
        // Each operand as int64 unless only uint64 holds it.
        auto wide = [](const ExprPtr &x) {
            auto value = literal_value(*x);
            bool needs_unsigned = x->weak ? value && !value->negative && value->magnitude >= (std::uint64_t{1} << 63)
                                          : x->type.scalar == Scalar::UInt64;
            return Type::of(needs_unsigned ? Scalar::UInt64 : Scalar::Int64);
        };
        auto widen = [](const ExprPtr &x, Type t) {
            return x->type == t ? x : ExprPtr(std::make_shared<Cast>(x->span, t, x, true));
        };
        Type lt = wide(e->lhs), rt = wide(e->rhs);
        e->lhs = widen(e->lhs, lt);
        e->rhs = widen(e->rhs, rt);
        e->mixed_signs = lt != rt;
        return e;
    }
    Type common = l.type.is_bool() && r.type.is_bool() ? l.type : promote(l, r).type;
    e->lhs = convert(e->lhs, common);
    e->rhs = convert(e->rhs, common);
    return e;
}

ExprPtr BodyChecker::logical(const std::shared_ptr<Logical> &e, Context context) {
    e->lhs = expr(e->lhs, Context::Condition);
    e->rhs = expr(e->rhs, Context::Condition);
    if (e->lhs->type == poisoned || e->rhs->type == poisoned) return poison(e);
    if (context == Context::Value && !(e->lhs->type.is_bool() && e->rhs->type.is_bool())) {
        const char *name = e->op == LogicalOp::And ? "and" : "or";
        error(DiagnosticKind::Unsupported, e->span,
              std::string("the value of '") + name + "' on " + type_name(e->lhs->type) + " and " +
                  type_name(e->rhs->type) +
                  " operands is one of the operands in Python; write a comparison or a "
                  "conditional expression instead");
        return poison(e);
    }
    e->lhs = truth(e->lhs);
    e->rhs = truth(e->rhs);
    e->type = Type::of(Scalar::Bool);
    return e;
}

ExprPtr BodyChecker::conditional(const std::shared_ptr<Conditional> &e) {
    e->condition = truth(expr(e->condition, Context::Condition));
    e->then_value = expr(e->then_value);
    e->else_value = expr(e->else_value);
    if (e->condition->type == poisoned || e->then_value->type == poisoned ||
        e->else_value->type == poisoned)
        return poison(e);
    Typed a = typed(e->then_value), b = typed(e->else_value);
    if (a.type == b.type) {
        e->type = a.type;
        e->weak = a.weak && b.weak;
        return e;
    }
    if (!scalar_operand(e->then_value, "if-else") || !scalar_operand(e->else_value, "if-else"))
        return poison(e);
    Typed result = promote(a, b);
    e->then_value = convert(e->then_value, result.type);
    e->else_value = convert(e->else_value, result.type);
    e->type = result.type;
    e->weak = result.weak;
    return e;
}

ExprPtr BodyChecker::call(const std::shared_ptr<Call> &e, Context context) {
    bool ok = true;
    for (auto &arg : e->args) {
        arg = expr(arg);
        if (arg->type == poisoned) ok = false;
    }
    if (!ok) return poison(e);
    if (const DeclaredFunction *declared = program_.declared(e->callee)) return declared_call(e, *declared, context);
    Function *callee = program_.find(e->callee);
    if (!callee) return poison(e);
    if (callee->is_kernel) {
        error(DiagnosticKind::Type, e->span,
              "'" + e->callee + "' is a kernel (a void function no other function calls), and a kernel "
              "cannot call a kernel; to recurse, move the work into a helper the kernel calls");
        return poison(e);
    }
    if (e->args.size() != callee->params.size()) {
        error(DiagnosticKind::Type, e->span,
              e->callee + "() takes " + std::to_string(callee->params.size()) + " argument" +
                  (callee->params.size() == 1 ? "" : "s") + " but " +
                  std::to_string(e->args.size()) + " were given");
        return poison(e);
    }
    const Overload *overload = nullptr;
    if (!callee->overloads.empty()) {
        overload = best_overload(*callee, e->args);
        if (!overload) return overload_refused(e, *callee);
        // cudapy types a device function once in a program: a call needing another of its
        // signatures than an earlier call took is refused, never cast to the earlier one.
        if (program_.typed(*callee)) {
            for (std::size_t i = 0; i < e->args.size(); ++i) {
                if (callee->params[i].type == overload->params[i]) continue;
                error(DiagnosticKind::Type, e->span,
                      "this call of '" + e->callee + "' takes its signature " + overload_text(*overload) +
                          ", but an earlier call in the program took " + params_text(*callee) +
                          "; cudapy compiles a device function once for each kernel");
                return poison(e);
            }
        }
        for (std::size_t i = 0; i < e->args.size(); ++i) {
            Type expected = overload->params[i];
            if (e->args[i]->type == expected) continue;
            e->args[i] = converts_implicitly(typed(e->args[i]), expected)
                             ? convert(e->args[i], expected)
                             : std::make_shared<Cast>(e->args[i]->span, expected, e->args[i], false);
        }
    }
    Type result;
    if (program_.typed(*callee)) {
        for (std::size_t i = 0; i < e->args.size(); ++i) {
            Type expected = callee->params[i].type;
            if (cast_to_signature(e->args[i], expected)) continue;
            if (!converts_implicitly(typed(e->args[i]), expected)) {
                error(DiagnosticKind::Type, e->args[i]->span,
                      "argument '" + callee->params[i].name + "' of " + e->callee + "() is " +
                          type_name(expected) + ", but " + type_name(e->args[i]->type) +
                          " was given");
                ok = false;
                continue;
            }
            e->args[i] = convert(e->args[i], expected);
        }
        if (!ok) return poison(e);
        result = callee->return_type;
    } else {
        std::vector<Type> arg_types;
        for (const auto &arg : e->args) arg_types.push_back(arg->type);
        auto returned = program_.helper_return(*callee, arg_types, final_, e->span, diagnostics_);
        if (!returned) return poison(e);
        result = *returned;
    }
    if (overload && overload->result && *overload->result != result) {
        if (result.is_void() || overload->result->is_void() || !result.is_scalar()) {
            error(DiagnosticKind::Type, e->span,
                  "'" + e->callee + "' returns " + type_name(result) + ", but its signature " +
                      overload_text(*overload) + " says " + type_name(*overload->result));
            return poison(e);
        }
        e->type = result;
        return std::make_shared<Cast>(e->span, *overload->result, e, false);
    }
    if (result.is_void() && context != Context::Statement) {
        error(DiagnosticKind::Type, e->span,
              "'" + e->callee + "' returns nothing, so its call has no value");
        return poison(e);
    }
    e->type = result;
    return e;
}

namespace {

// numba's kinds of conversion of an argument to a parameter's type, best first.
enum class Conversion { Exact, Promote, Safe, Unsafe };

// How `given` converts to `expected`, or nothing where it cannot (a complex number to a
// real type, an array to another array type or to a scalar).
std::optional<Conversion> conversion(Type given, Type expected) {
    if (given == expected) return Conversion::Exact;
    if (!given.is_scalar() || !expected.is_scalar()) return std::nullopt;
    if (given.is_complex() && !expected.is_complex()) return std::nullopt;
    int from = ast::scalar_bytes(given.scalar), to = ast::scalar_bytes(expected.scalar);
    if (given.is_bool()) return expected.is_bool() ? Conversion::Exact : Conversion::Safe;
    if (expected.is_bool()) return Conversion::Unsafe;
    if (given.is_integer() && expected.is_integer()) {
        if (given.is_signed() == expected.is_signed()) return to >= from ? Conversion::Promote : Conversion::Unsafe;
        return !given.is_signed() && to > from ? Conversion::Safe : Conversion::Unsafe;
    }
    if (given.is_integer()) {  // to a float or a complex type: safe where its float is wider
        int float_bytes = expected.is_complex() ? to / 2 : to;
        return float_bytes > from || float_bytes == 8 ? Conversion::Safe : Conversion::Unsafe;
    }
    if (given.is_float() && expected.is_integer()) return Conversion::Unsafe;
    if (given.is_float() && expected.is_complex())
        return to / 2 >= from ? Conversion::Safe : Conversion::Unsafe;
    return to >= from ? Conversion::Promote : Conversion::Unsafe;  // float to float, complex to complex
}

}  // namespace

const Overload *BodyChecker::best_overload(const Function &callee, const std::vector<ExprPtr> &args) const {
    const Overload *best = nullptr;
    std::array<int, 3> best_counts{};  // unsafe, safe and promoting conversions: fewer is better
    for (const auto &overload : callee.overloads) {
        std::array<int, 3> counts{};
        bool takes = true;
        for (std::size_t i = 0; i < args.size() && takes; ++i) {
            auto kind = conversion(args[i]->type, overload.params[i]);
            if (!kind) takes = false;
            else if (*kind == Conversion::Unsafe) ++counts[0];
            else if (*kind == Conversion::Safe) ++counts[1];
            else if (*kind == Conversion::Promote) ++counts[2];
        }
        if (takes && (!best || counts < best_counts)) {
            best = &overload;
            best_counts = counts;
        }
    }
    return best;
}

ExprPtr BodyChecker::overload_refused(const std::shared_ptr<Call> &e, const Function &callee) {
    std::string given, known;
    for (const auto &arg : e->args) given += (given.empty() ? "" : ", ") + type_name(arg->type);
    for (const auto &overload : callee.overloads) known += (known.empty() ? "" : ", ") + overload_text(overload);
    error(DiagnosticKind::Type, e->span,
          "Invalid use of type " + e->callee + "(): none of its signatures takes the call with parameters (" +
              given + "); its signatures are " + known);
    return poison(e);
}

std::string BodyChecker::overload_text(const Overload &overload) {
    std::string text = overload.result ? type_name(*overload.result) : "";
    text += "(";
    for (std::size_t i = 0; i < overload.params.size(); ++i)
        text += (i ? ", " : "") + type_name(overload.params[i]);
    return text + ")";
}

std::string BodyChecker::params_text(const Function &f) {
    std::string text = "(";
    for (std::size_t i = 0; i < f.params.size(); ++i) text += (i ? ", " : "") + type_name(f.params[i].type);
    return text + ")";
}

ExprPtr BodyChecker::declared_call(const std::shared_ptr<Call> &e, const DeclaredFunction &callee, Context context) {
    if (e->args.size() != callee.params.size()) {
        error(DiagnosticKind::Type, e->span,
              e->callee + "() takes " + std::to_string(callee.params.size()) + " argument" +
                  (callee.params.size() == 1 ? "" : "s") + " but " + std::to_string(e->args.size()) +
                  " were given");
        return poison(e);
    }
    bool ok = true;
    for (std::size_t i = 0; i < e->args.size(); ++i) {
        Type expected = callee.params[i];
        if (cast_to_signature(e->args[i], expected)) continue;
        if (!converts_implicitly(typed(e->args[i]), expected)) {
            error(DiagnosticKind::Type, e->args[i]->span,
                  "argument " + std::to_string(i + 1) + " of " + e->callee + "() is " + type_name(expected) +
                      ", but " + type_name(e->args[i]->type) + " was given");
            ok = false;
            continue;
        }
        e->args[i] = convert(e->args[i], expected);
    }
    if (!ok) return poison(e);
    if (callee.return_type.is_void() && context != Context::Statement) {
        error(DiagnosticKind::Type, e->span, "'" + e->callee + "' returns nothing, so its call has no value");
        return poison(e);
    }
    e->type = callee.return_type;
    return e;
}

ExprPtr BodyChecker::array_alloc(const std::shared_ptr<ArrayAlloc> &e) {
    if (!e->element_of) return e;  // typed when lowered
    ExprPtr of = expr(e->element_of);
    if (of->type == poisoned) return poison(e);  // reported already
    if (!of->type.is_array() || of->type.array_depth != 1) {
        error(DiagnosticKind::Type, of->span,
              "dtype=X.dtype takes the element type of an array X; this X is " + type_name(of->type));
        return poison(e);
    }
    e->type = Type::nd_array(of->type.scalar, e->type.ndim, Layout::C);
    e->element_of = nullptr;
    return e;
}

// NumPy's a.real and a.imag of an array: a strided view of the parts of a complex array, the
// array itself for a.real of a real one.
ExprPtr BodyChecker::array_part(const std::shared_ptr<Intrinsic> &e) {
    std::string_view name = e->info->name;
    Type array = e->args[0]->type;
    bool complex = Type::of(array.scalar).is_complex();
    if (array.array_depth != 1 || array.scalar == Scalar::Bool || !(complex || name == "real")) {
        error(DiagnosticKind::Type, e->span,
              "." + std::string(name) + " of an array in a kernel takes an array of complex numbers" +
                  std::string(name == "real" ? " or of reals" : "") + ", not " + type_name(array));
        return poison(e);
    }
    if (!complex) return e->args[0];
    e->type = Type::nd_array(component_of(array.scalar), array.ndim, Layout::Any);
    return e;
}

// a.reshape(shape) of a C-contiguous array: its elements, in that order, in a C-contiguous
// array of the new shape's dimensions (an extent of -1 takes what the others leave).
ExprPtr BodyChecker::reshape(const std::shared_ptr<Intrinsic> &e) {
    e->args[0] = expr(e->args[0]);
    Type array = e->args[0]->type;
    if (array == poisoned) return poison(e);
    if (array.array_depth != 1 || array.layout != Layout::C) {
        error(DiagnosticKind::Type, e->args[0]->span,
              "reshape() in kernels takes a C-contiguous array (such as float64[:, ::1]), not " +
                  type_name(array));
        return poison(e);
    }
    for (std::size_t i = 1; i < e->args.size(); ++i) {
        e->args[i] = expr(e->args[i]);
        if (e->args[i]->type == poisoned) return poison(e);
        if (!e->args[i]->type.is_integer()) {
            error(DiagnosticKind::Type, e->args[i]->span,
                  "reshape() takes integer extents, not " + type_name(e->args[i]->type));
            return poison(e);
        }
        e->args[i] = convert(e->args[i], Type::of(Scalar::Int64));
    }
    e->type = Type::nd_array(array.scalar, static_cast<std::uint8_t>(e->args.size() - 1), Layout::C);
    return e;
}

// a.T: the same elements with the axes reversed, a view; a C-ordered array's transpose is
// Fortran-ordered, and the other way round.
ExprPtr BodyChecker::transpose(const std::shared_ptr<Intrinsic> &e) {
    e->args[0] = expr(e->args[0]);
    Type array = e->args[0]->type;
    if (array == poisoned) return poison(e);
    if (array.array_depth != 1) {
        error(DiagnosticKind::Type, e->args[0]->span,
              ".T is an attribute of n-d arrays, not of " + type_name(array));
        return poison(e);
    }
    Layout layout = array.layout == Layout::C ? Layout::F : array.layout == Layout::F ? Layout::C : Layout::Any;
    e->type = Type::nd_array(array.scalar, array.ndim, array.ndim == 1 ? array.layout : layout);
    return e;
}

ExprPtr BodyChecker::intrinsic(const std::shared_ptr<Intrinsic> &e) {
    const IntrinsicInfo &info = *e->info;
    std::string what = std::string(info.name) + "()";
    if (info.kind == IntrinsicKind::ArrayReshape) return reshape(e);
    if (info.kind == IntrinsicKind::ArrayTranspose) return transpose(e);
    // z.real's operand is typed first: an array's is a view (array_part).
    bool part = info.kind == IntrinsicKind::ComplexPart;
    if (part)
        if (e->args[0] = expr(e->args[0]); e->args[0]->type.is_array()) return array_part(e);
    bool ok = true;
    for (auto &arg : e->args) {
        if (!part) arg = expr(arg);
        if (!scalar_operand(arg, what)) ok = false;
    }
    if (!ok) return poison(e);
    // NumPy's result type of arguments [first, last) together: the typed ones first, as
    // np.result_type promotes them (bools alone stay bool, as NumPy's maximum of two bools is
    // one), then each literal, weak against them. Pairwise from the left would differ.
    auto arguments_type = [&](std::size_t first, std::size_t last) {
        std::vector<Type> strong;
        std::optional<Typed> result;
        for (std::size_t i = first; i < last; ++i) {
            Typed t = typed(e->args[i]);
            if (!t.weak) strong.push_back(t.type);
        }
        if (!strong.empty()) result = Typed{promote_strong_all(strong), false};
        for (std::size_t i = first; i < last; ++i) {
            Typed t = typed(e->args[i]);
            if (t.weak) result = result ? promote(*result, t) : t;
        }
        return *result;
    };
    // The float type the function computes in: the arguments' type, integers, bools and
    // float16 counting as the default float, float32 for the f-suffixed names.
    auto float_type = [&](std::size_t first, std::size_t last) {
        Typed f = arguments_type(first, last);
        if (e->single || !f.type.is_float() || f.type.scalar == Scalar::Float16) f.type = default_float;
        return f;
    };
    auto require_integer = [&](std::size_t i) {
        if (e->args[i]->type.is_integer() || e->args[i]->type.is_bool()) {
            e->args[i] = convert(e->args[i], default_int);
            return true;
        }
        error(DiagnosticKind::Type, e->args[i]->span,
              what + " takes an integer here, not " + type_name(e->args[i]->type));
        return false;
    };
    auto convert_all = [&](std::size_t first, std::size_t last, Type t) {
        for (std::size_t i = first; i < last; ++i) e->args[i] = convert(e->args[i], t);
    };
    std::size_t n = e->args.size();
    bool complex_kind = is_complex_function(info.kind) || info.kind == IntrinsicKind::Abs;
    for (const auto &arg : e->args)
        if (!complex_kind && arg->type.is_complex()) {
            error(DiagnosticKind::Type, arg->span,
                  what + " takes real numbers, not " + type_name(arg->type) +
                      (info.module == IntrinsicModule::Math ? "; cmath has the complex functions" : ""));
            return poison(e);
        }
    // The complex type a complex function computes in: the arguments' own complex type, the
    // complex of their float type, else Python's complex (two float64s).
    auto complex_type = [&](std::size_t first, std::size_t last) {
        Typed t = arguments_type(first, last);
        if (t.type.is_complex()) return t;
        if (t.type.is_float()) return Typed{Type::of(complex_of(t.type.scalar)), t.weak};
        return Typed{default_complex, t.weak};
    };
    Typed result;
    switch (info.kind) {
    case IntrinsicKind::ArrayReshape: break;  // reshape() above
    case IntrinsicKind::ArrayTranspose: break;  // transpose() above
    case IntrinsicKind::ComplexMake: {
        if (n == 2)
            for (const auto &arg : e->args)
                if (arg->type.is_complex()) {
                    error(DiagnosticKind::Type, arg->span,
                          "complex(real, imag) takes real numbers here, not " + type_name(arg->type));
                    return poison(e);
                }
        result = complex_type(0, n);
        convert_all(0, n, n == 1 ? result.type : Type::of(component_of(result.type.scalar)));
        break;
    }
    case IntrinsicKind::ComplexPart:
    case IntrinsicKind::ComplexConjugate: {
        Typed t = typed(e->args[0]);
        bool part = info.kind == IntrinsicKind::ComplexPart;
        result = {part && t.type.is_complex() ? Type::of(component_of(t.type.scalar)) : t.type, t.weak};
        break;
    }
    case IntrinsicKind::ComplexMath:
        result = complex_type(0, n);
        convert_all(0, n, result.type);
        break;
    case IntrinsicKind::ComplexToFloat:
    case IntrinsicKind::ComplexPredicate: {
        Type z = complex_type(0, n).type;
        convert_all(0, n, z);
        result = {info.kind == IntrinsicKind::ComplexPredicate ? Type::of(Scalar::Bool)
                                                                 : Type::of(component_of(z.scalar)),
                  false};
        break;
    }
    case IntrinsicKind::ComplexFromPolar:
        result = complex_type(0, n);
        convert_all(0, n, Type::of(component_of(result.type.scalar)));
        break;
    case IntrinsicKind::FloatMath:
    case IntrinsicKind::Angle:
        result = float_type(0, n);
        convert_all(0, n, result.type);
        break;
    case IntrinsicKind::FloatToInt:
        if (n == 2) {  // round(x, ndigits): a float of x's type
            if (!e->args[0]->type.is_float()) {
                error(DiagnosticKind::Unsupported, e->args[0]->span,
                      "round(x, ndigits) in kernels rounds a float, not " + type_name(e->args[0]->type));
                return poison(e);
            }
            if (!require_integer(1)) return poison(e);
            e->args[1] = convert(e->args[1], Type::of(Scalar::Int64));
            result = {e->args[0]->type, false};
            break;
        }
        // Integers are their own floor; bools count as ints.
        if (e->args[0]->type.is_bool()) e->args[0] = convert(e->args[0], default_int);
        result = {Type::of(Scalar::Int64), false};
        break;
    case IntrinsicKind::BitCount:
        if (!e->args[0]->type.is_integer()) {  // NumPy's bool has no bit_count()
            error(DiagnosticKind::Type, e->args[0]->span,
                  "bit_count() counts the bits of an integer, not of " + type_name(e->args[0]->type));
            return poison(e);
        }
        result = {Type::of(Scalar::Int64), false};
        break;
    case IntrinsicKind::FloatPredicate:
        convert_all(0, n, float_type(0, n).type);
        result = {Type::of(Scalar::Bool), false};
        break;
    case IntrinsicKind::ScaleByInt:
        result = float_type(0, 1);
        convert_all(0, 1, result.type);
        if (!require_integer(1)) return poison(e);
        break;
    case IntrinsicKind::IntOrder:
        if (!require_integer(0)) return poison(e);
        result = float_type(1, 2);
        convert_all(1, 2, result.type);
        break;
    case IntrinsicKind::FloatToInt32:
    case IntrinsicKind::FloatToInt64:
        convert_all(0, n, float_type(0, n).type);
        result = {Type::of(info.kind == IntrinsicKind::FloatToInt32 ? Scalar::Int32 : Scalar::Int64), false};
        break;
    case IntrinsicKind::Abs: {
        Typed t = typed(e->args[0]);
        if (t.type.is_complex()) {  // the magnitude
            result = {Type::of(component_of(t.type.scalar)), t.weak};
            break;
        }
        result = promote(t, t);  // abs(True) is Python's 1
        convert_all(0, n, result.type);
        break;
    }
    case IntrinsicKind::MinMax:
        // min and max give one of their arguments, in the type of them all.
        result = arguments_type(0, n);
        convert_all(0, n, result.type);
        break;
    }
    e->type = result.type;
    e->weak = result.weak;
    return e;
}

ExprPtr BodyChecker::cast(const std::shared_ptr<Cast> &e) {
    Type target = e->type;
    e->operand = expr(e->operand);
    if (!scalar_operand(e->operand, type_name(target) + "()")) return poison(e);
    if (e->operand->type.is_complex() && !target.is_complex() && !target.is_bool()) {
        error(DiagnosticKind::Type, e->span,
              type_name(target) + "() cannot take a complex number (" + type_name(e->operand->type) +
                  "); take its .real or .imag, or abs()");
        return poison(e);
    }
    e->type = target;
    return e;
}

ExprPtr BodyChecker::index(const std::shared_ptr<Index> &e) {
    e->array = expr(e->array);
    bool poisoned_index = false;
    for (auto &index : e->indices) {
        index = expr(index);
        poisoned_index = poisoned_index || index->type == poisoned;
    }
    if (e->array->type == poisoned || poisoned_index) return poison(e);
    Type array = e->array->type;
    if (!array.is_array()) {
        error(DiagnosticKind::Type, e->array->span,
              type_name(array) + " is not an array and cannot be indexed");
        return poison(e);
    }
    std::size_t dimensions = array.array_depth == 2 ? 1 : array.ndim;
    if (e->indices.size() != dimensions) {
        std::string example = "X[i";
        for (std::size_t d = 1; d < dimensions; ++d) example += ", " + std::string(1, static_cast<char>('i' + d));
        error(DiagnosticKind::Type, e->span,
              "the array is " + type_name(array) + " with " + std::to_string(dimensions) + " dimension" +
                  (dimensions == 1 ? "" : "s") + ": index it with " + std::to_string(dimensions) +
                  (dimensions == 1 ? " index" : " indices") + ", as in " + example + "]");
        return poison(e);
    }
    for (const auto &index : e->indices) {
        if (!index->type.is_integer()) {
            error(DiagnosticKind::Type, index->span,
                  "array indices must be integers, not " + type_name(index->type));
            return poison(e);
        }
    }
    e->type = array.element();
    return e;
}

ExprPtr BodyChecker::array_info(const std::shared_ptr<ArrayInfo> &e) {
    e->array = expr(e->array);
    if (e->array->type == poisoned) return poison(e);
    Type array = e->array->type;
    const char *what = e->what == ArrayInfoKind::Shape ? "shape" : e->what == ArrayInfoKind::Size ? "size" : "ndim";
    if (!array.is_array()) {
        error(DiagnosticKind::Type, e->span,
              std::string(".") + what + " is an attribute of arrays, not of " + type_name(array));
        return poison(e);
    }
    int dimensions = array.array_depth == 2 ? 1 : array.ndim;
    if (e->what == ArrayInfoKind::Ndim) {
        auto literal = std::make_shared<IntLiteral>(e->span, static_cast<std::uint64_t>(dimensions));
        return expr(literal);
    }
    if (e->what == ArrayInfoKind::Shape) {
        int d = e->dimension < 0 ? e->dimension + dimensions : e->dimension;
        if (d < 0 || d >= dimensions) {
            error(DiagnosticKind::Type, e->span,
                  "shape[" + std::to_string(e->dimension) + "] is out of range: the array has " +
                      std::to_string(dimensions) + " dimension" + (dimensions == 1 ? "" : "s"));
            return poison(e);
        }
        e->dimension = d;
    }
    e->type = Type::of(Scalar::Int64);
    return e;
}

ExprPtr BodyChecker::slice(const std::shared_ptr<Slice> &e) {
    e->array = expr(e->array);
    if (e->start) e->start = expr(e->start);
    if (e->stop) e->stop = expr(e->stop);
    if (e->step) e->step = expr(e->step);
    if (e->array->type == poisoned || (e->start && e->start->type == poisoned) ||
        (e->stop && e->stop->type == poisoned) || (e->step && e->step->type == poisoned))
        return poison(e);
    const Type &sliced = e->array->type;
    if (sliced.array_depth != 1 || sliced.ndim != 1) {
        error(DiagnosticKind::Type, e->span, "only 1-d arrays can be sliced in kernels, not " + type_name(sliced));
        return poison(e);
    }
    for (ExprPtr *bound : {&e->start, &e->stop, &e->step}) {
        if (!*bound) continue;
        if (!(*bound)->type.is_integer()) {
            error(DiagnosticKind::Type, (*bound)->span,
                  "slice bounds must be integers, not " + type_name((*bound)->type));
            return poison(e);
        }
        *bound = convert(*bound, Type::of(Scalar::Int64));
    }
    // A step gives a view whose elements are `step` apart: a strided 1-d array.
    e->type = e->step ? Type::nd_array(sliced.scalar, 1, Layout::Any) : sliced;
    return e;
}

// The element types CUDA updates atomically.
bool atomic_supports(AtomicElements elements, Type element) {
    if (!element.is_scalar()) return false;
    Scalar scalar = element.scalar;
    bool int32 = scalar == Scalar::Int32 || scalar == Scalar::UInt32;
    bool int64 = scalar == Scalar::Int64 || scalar == Scalar::UInt64;
    bool real = scalar == Scalar::Float32 || scalar == Scalar::Float64;
    switch (elements) {
    case AtomicElements::Numbers: return int32 || int64 || real;
    case AtomicElements::Integers: return int32 || int64;
    case AtomicElements::Unsigned: return scalar == Scalar::UInt32 || scalar == Scalar::UInt64;
    case AtomicElements::AllNumbers: return element.is_integer() || element.is_float();
    case AtomicElements::None: break;
    }
    return false;
}

// Each argument converted by its role (ast/builtin.h), the result typed by the row's rule.
ExprPtr BodyChecker::builtin(const std::shared_ptr<Builtin> &e) {
    if (e->which == BuiltinKind::Print) return print(e);
    const BuiltinInfo &info = *builtin_info(e->which);
    const char *name = builtin_name(e->which);
    const Type int32 = Type::of(Scalar::Int32), uint32 = Type::of(Scalar::UInt32);
    Type operand;  // the type of the Shuffled, IntegerBits or Element argument
    for (std::size_t i = 0; i < e->args.size(); ++i) {
        ExprPtr &arg = e->args[i];
        switch (info.arguments[i]) {
        case BuiltinArgument::Mask:
            // A mask names lanes by bits: a float or a bool is a mistake, not a mask.
            arg = expr(arg);
            if (arg->type == poisoned) return poison(e);
            if (!arg->type.is_integer()) {
                error(DiagnosticKind::Type, arg->span,
                      std::string(name) + "(): Mask type must be an integer (a bit for each lane), not " +
                          type_name(arg->type));
                return poison(e);
            }
            arg = convert(arg, uint32);
            break;
        case BuiltinArgument::Lane:
            if (!argument_as(arg, int32, name, "lane")) return poison(e);
            break;
        case BuiltinArgument::Delta:
            if (!argument_as(arg, uint32, name, "delta")) return poison(e);
            break;
        case BuiltinArgument::Value:
            if (!argument_as(arg, operand, name, "value")) return poison(e);
            break;
        case BuiltinArgument::Predicate:
            arg = expr(arg, Context::Condition);
            if (arg->type == poisoned) return poison(e);
            if (!arg->type.is_integer() && !arg->type.is_bool()) {
                error(DiagnosticKind::Type, arg->span,
                      std::string(name) + "(): Predicate must be an integer or boolean, not " +
                          type_name(arg->type));
                return poison(e);
            }
            arg = truth(arg);
            arg = convert(arg, int32);
            break;
        case BuiltinArgument::Shuffled: {
            arg = expr(arg);
            if (arg->type == poisoned) return poison(e);
            Type value = arg->type;
            if (!value.is_scalar() || scalar_bytes(value.scalar) < 4 || value.scalar == Scalar::Bool) {
                error(DiagnosticKind::Type, arg->span,
                      std::string(name) +
                          (e->which == BuiltinKind::MatchAnySync || e->which == BuiltinKind::MatchAllSync
                               ? "() compares"
                               : "() shuffles") +
                          " int32, uint32, int64, uint64, float32 or float64 values, not " + type_name(value));
                return poison(e);
            }
            operand = value;
            e->weak = arg->weak;
            break;
        }
        case BuiltinArgument::Integer:
        case BuiltinArgument::IntegerBits: {
            arg = expr(arg);
            if (arg->type == poisoned) return poison(e);
            Type value = arg->type;
            if (!value.is_integer()) {
                error(DiagnosticKind::Type, arg->span,
                      std::string(name) + "() takes an integer, not " + type_name(value));
                return poison(e);
            }
            // Narrow integers are widened as C does; the bits of a 64-bit value are counted in 64.
            bool wide = scalar_bytes(value.scalar) == 8;
            bool is_signed = value.is_signed() && info.arguments[i] == BuiltinArgument::Integer;
            operand = wide ? Type::of(is_signed ? Scalar::Int64 : Scalar::UInt64)
                           : Type::of(is_signed ? Scalar::Int32 : Scalar::UInt32);
            arg = convert(arg, operand);
            break;
        }
        case BuiltinArgument::Element:
        case BuiltinArgument::FirstElement:
            arg = expr(arg);
            if (arg->type == poisoned) return poison(e);
            if (!atomic_supports(info.elements, arg->type) && info.group == BuiltinGroup::CacheHint) {
                error(DiagnosticKind::Type, arg->span,
                      std::string(name) + " requires array of integer or float type, not " +
                          type_name(arg->type) + ": cache-hinted loads and stores take " +
                          std::string(atomic_elements_text(info.elements)));
                return poison(e);
            }
            if (!atomic_supports(info.elements, arg->type)) {
                error(DiagnosticKind::Type, arg->span,
                      std::string(name) + "() is not supported on arrays of " + type_name(arg->type) +
                          "; CUDA updates " + std::string(atomic_elements_text(info.elements)) +
                          " atomically");
                return poison(e);
            }
            operand = arg->type;
            break;
        case BuiltinArgument::Array:
            arg = expr(arg);
            if (arg->type == poisoned) return poison(e);
            if (!arg->type.is_array() || arg->type.array_depth != 1 || arg->kind != ExprKind::Variable) {
                error(DiagnosticKind::Type, arg->span,
                      std::string(name) + "() takes an array variable, not " +
                          (arg->type.is_array() ? "an expression" : type_name(arg->type)));
                return poison(e);
            }
            break;
        case BuiltinArgument::Alignment: {
            const auto *literal = arg->kind == ExprKind::IntLiteral ? static_cast<const IntLiteral *>(arg.get()) : nullptr;
            if (!literal || literal->value < 1 || literal->value > 256 || (literal->value & (literal->value - 1))) {
                error(DiagnosticKind::Type, arg->span,
                      std::string(name) + "() takes the alignment as a literal power of two from 1 to 256 bytes");
                return poison(e);
            }
            arg = expr(arg);
            break;
        }
        }
    }
    switch (info.result) {
    case BuiltinResult::None: e->type = Type{}; break;
    case BuiltinResult::Int32: e->type = int32; break;
    case BuiltinResult::UInt32: e->type = uint32; break;
    case BuiltinResult::Operand: e->type = operand; break;
    }
    return e;
}

ExprPtr BodyChecker::print(const std::shared_ptr<Builtin> &e) {
    bool ok = true;
    for (auto &arg : e->args) {
        if (arg->kind == ExprKind::StringLiteral) continue;
        arg = expr(arg);
        if (arg->type == poisoned) {
            ok = false;
            continue;
        }
        if (!arg->type.is_scalar()) {
            error(DiagnosticKind::Type, arg->span,
                  "print() in kernels prints numbers and strings, not " +
                      (arg->type.is_void() ? std::string("a call that returns nothing") : type_name(arg->type)));
            ok = false;
        } else if (arg->type.is_complex()) {
            error(DiagnosticKind::Unsupported, arg->span,
                  "print() in kernels prints real numbers: print the complex number's .real and .imag");
            ok = false;
        }
    }
    if (!ok) return poison(e);
    e->type = Type{};
    return e;
}

ExprPtr BodyChecker::length(const std::shared_ptr<Length> &e) {
    e->array = expr(e->array);
    if (e->array->type == poisoned) return poison(e);
    if (!e->array->type.is_array()) {
        error(DiagnosticKind::Type, e->span,
              e->walked ? "a kernel's for loop walks an array, range(), enumerate() or zip(), not " +
                              type_name(e->array->type)
                        : "len() takes an array, not " + type_name(e->array->type));
        return poison(e);
    }
    e->type = Type::of(Scalar::Int64);
    return e;
}

}  // namespace

void check(Program &program, Diagnostics &diagnostics) {
    ProgramChecker(program, diagnostics).run();
}

}  // namespace cudapy::types
