// Visitor and Mutator over the AST. Both recurse into children by default; override the
// methods of the node kinds a pass cares about.
#pragma once

#include <optional>
#include <set>
#include <string>

#include "ast/node.h"

namespace cudapy::ast {

class Visitor {
public:
    virtual ~Visitor() = default;

    void visit(const Expr &expr);
    void visit(const Stmt &stmt);
    void visit(const Block &block);

protected:
    virtual void visit_int_literal(const IntLiteral &) {}
    virtual void visit_float_literal(const FloatLiteral &) {}
    virtual void visit_bool_literal(const BoolLiteral &) {}
    virtual void visit_variable(const Variable &) {}
    virtual void visit_thread_index(const ThreadIndex &) {}
    virtual void visit_unary(const Unary &e);
    virtual void visit_binary(const Binary &e);
    virtual void visit_compare(const Compare &e);
    virtual void visit_logical(const Logical &e);
    virtual void visit_not(const Not &e);
    virtual void visit_conditional(const Conditional &e);
    virtual void visit_call(const Call &e);
    virtual void visit_intrinsic(const Intrinsic &e);
    virtual void visit_cast(const Cast &e);
    virtual void visit_index(const Index &e);
    virtual void visit_length(const Length &e);
    virtual void visit_let(const Let &e);
    virtual void visit_string_literal(const StringLiteral &) {}
    virtual void visit_array_info(const ArrayInfo &e);
    virtual void visit_slice(const Slice &e);
    virtual void visit_array_alloc(const ArrayAlloc &) {}
    virtual void visit_builtin(const Builtin &e);

    virtual void visit_assign(const Assign &s);
    virtual void visit_evaluate(const Evaluate &s);
    virtual void visit_if(const If &s);
    virtual void visit_while(const While &s);
    virtual void visit_for_range(const ForRange &s);
    virtual void visit_break(const Break &) {}
    virtual void visit_continue(const Continue &) {}
    virtual void visit_return(const Return &s);
    virtual void visit_assert(const Assert &s);
};

// Rewrites a tree. Every method returns the node it was given when nothing below it changed,
// and a new node otherwise, so unchanged subtrees are shared.
class Mutator {
public:
    virtual ~Mutator() = default;

    ExprPtr mutate(const ExprPtr &expr);
    StmtPtr mutate(const StmtPtr &stmt);
    Block mutate(const Block &block);

protected:
    virtual ExprPtr mutate_leaf(const ExprPtr &e) { return e; }
    virtual ExprPtr mutate_unary(const std::shared_ptr<Unary> &e);
    virtual ExprPtr mutate_binary(const std::shared_ptr<Binary> &e);
    virtual ExprPtr mutate_compare(const std::shared_ptr<Compare> &e);
    virtual ExprPtr mutate_logical(const std::shared_ptr<Logical> &e);
    virtual ExprPtr mutate_not(const std::shared_ptr<Not> &e);
    virtual ExprPtr mutate_conditional(const std::shared_ptr<Conditional> &e);
    virtual ExprPtr mutate_call(const std::shared_ptr<Call> &e);
    virtual ExprPtr mutate_intrinsic(const std::shared_ptr<Intrinsic> &e);
    virtual ExprPtr mutate_cast(const std::shared_ptr<Cast> &e);
    virtual ExprPtr mutate_index(const std::shared_ptr<Index> &e);
    virtual ExprPtr mutate_length(const std::shared_ptr<Length> &e);
    virtual ExprPtr mutate_let(const std::shared_ptr<Let> &e);
    virtual ExprPtr mutate_array_info(const std::shared_ptr<ArrayInfo> &e);
    virtual ExprPtr mutate_slice(const std::shared_ptr<Slice> &e);
    virtual ExprPtr mutate_builtin(const std::shared_ptr<Builtin> &e);

    virtual StmtPtr mutate_assign(const std::shared_ptr<Assign> &s);
    virtual StmtPtr mutate_evaluate(const std::shared_ptr<Evaluate> &s);
    virtual StmtPtr mutate_if(const std::shared_ptr<If> &s);
    virtual StmtPtr mutate_while(const std::shared_ptr<While> &s);
    virtual StmtPtr mutate_for_range(const std::shared_ptr<ForRange> &s);
    virtual StmtPtr mutate_return(const std::shared_ptr<Return> &s);
    virtual StmtPtr mutate_assert(const std::shared_ptr<Assert> &s);
};

}  // namespace cudapy::ast

namespace cudapy::ast {

// A deep copy of an expression tree.
ExprPtr clone(const ExprPtr &expr);

// Whether the expression calls a function of the program or a builtin (an atomic, a
// barrier), which may have effects.
bool contains_call(const Expr &expr);

// The value of an integer literal, negated or converted or not, as range steps are written.
std::optional<long long> integer_constant(const Expr &expr);

// Whether a statement of the block, at any depth, assigns the local `name` (a loop over it
// included).
bool assigns_variable(const Block &block, const std::string &name);

// The program's functions that call a builtin `uses` holds for, themselves or through the
// functions they call.
std::set<std::string> functions_using(const Program &program, bool (*uses)(BuiltinKind));

}  // namespace cudapy::ast

namespace cudapy::ast {

// A deep copy of a block: every statement and expression below it is new.
Block clone(const Block &block);

}  // namespace cudapy::ast
