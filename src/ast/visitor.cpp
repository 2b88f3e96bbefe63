#include "ast/visitor.h"

namespace cudapy::ast {

void Visitor::visit(const Expr &expr) {
    switch (expr.kind) {
    case ExprKind::IntLiteral: return visit_int_literal(static_cast<const IntLiteral &>(expr));
    case ExprKind::FloatLiteral:
        return visit_float_literal(static_cast<const FloatLiteral &>(expr));
    case ExprKind::BoolLiteral: return visit_bool_literal(static_cast<const BoolLiteral &>(expr));
    case ExprKind::Variable: return visit_variable(static_cast<const Variable &>(expr));
    case ExprKind::ThreadIndex: return visit_thread_index(static_cast<const ThreadIndex &>(expr));
    case ExprKind::Unary: return visit_unary(static_cast<const Unary &>(expr));
    case ExprKind::Binary: return visit_binary(static_cast<const Binary &>(expr));
    case ExprKind::Compare: return visit_compare(static_cast<const Compare &>(expr));
    case ExprKind::Logical: return visit_logical(static_cast<const Logical &>(expr));
    case ExprKind::Not: return visit_not(static_cast<const Not &>(expr));
    case ExprKind::Conditional: return visit_conditional(static_cast<const Conditional &>(expr));
    case ExprKind::Call: return visit_call(static_cast<const Call &>(expr));
    case ExprKind::Intrinsic: return visit_intrinsic(static_cast<const Intrinsic &>(expr));
    case ExprKind::Cast: return visit_cast(static_cast<const Cast &>(expr));
    case ExprKind::Index: return visit_index(static_cast<const Index &>(expr));
    case ExprKind::Length: return visit_length(static_cast<const Length &>(expr));
    case ExprKind::Let: return visit_let(static_cast<const Let &>(expr));
    case ExprKind::StringLiteral: return visit_string_literal(static_cast<const StringLiteral &>(expr));
    case ExprKind::ArrayInfo: return visit_array_info(static_cast<const ArrayInfo &>(expr));
    case ExprKind::Slice: return visit_slice(static_cast<const Slice &>(expr));
    case ExprKind::ArrayAlloc: return visit_array_alloc(static_cast<const ArrayAlloc &>(expr));
    case ExprKind::Builtin: return visit_builtin(static_cast<const Builtin &>(expr));
    }
}

void Visitor::visit(const Stmt &stmt) {
    switch (stmt.kind) {
    case StmtKind::Assign: return visit_assign(static_cast<const Assign &>(stmt));
    case StmtKind::Evaluate: return visit_evaluate(static_cast<const Evaluate &>(stmt));
    case StmtKind::If: return visit_if(static_cast<const If &>(stmt));
    case StmtKind::While: return visit_while(static_cast<const While &>(stmt));
    case StmtKind::ForRange: return visit_for_range(static_cast<const ForRange &>(stmt));
    case StmtKind::Break: return visit_break(static_cast<const Break &>(stmt));
    case StmtKind::Continue: return visit_continue(static_cast<const Continue &>(stmt));
    case StmtKind::Return: return visit_return(static_cast<const Return &>(stmt));
    case StmtKind::Assert: return visit_assert(static_cast<const Assert &>(stmt));
    }
}

void Visitor::visit(const Block &block) {
    for (const auto &stmt : block) visit(*stmt);
}

void Visitor::visit_unary(const Unary &e) { visit(*e.operand); }
void Visitor::visit_binary(const Binary &e) {
    visit(*e.lhs);
    visit(*e.rhs);
}
void Visitor::visit_compare(const Compare &e) {
    visit(*e.lhs);
    visit(*e.rhs);
}
void Visitor::visit_logical(const Logical &e) {
    visit(*e.lhs);
    visit(*e.rhs);
}
void Visitor::visit_not(const Not &e) { visit(*e.operand); }
void Visitor::visit_conditional(const Conditional &e) {
    visit(*e.condition);
    visit(*e.then_value);
    visit(*e.else_value);
}
void Visitor::visit_call(const Call &e) {
    for (const auto &arg : e.args) visit(*arg);
}
void Visitor::visit_intrinsic(const Intrinsic &e) {
    for (const auto &arg : e.args) visit(*arg);
}
void Visitor::visit_cast(const Cast &e) { visit(*e.operand); }
void Visitor::visit_index(const Index &e) {
    visit(*e.array);
    for (const auto &index : e.indices) visit(*index);
}
void Visitor::visit_length(const Length &e) { visit(*e.array); }
void Visitor::visit_let(const Let &e) {
    visit(*e.value);
    visit(*e.body);
}
void Visitor::visit_array_info(const ArrayInfo &e) { visit(*e.array); }
void Visitor::visit_slice(const Slice &e) {
    visit(*e.array);
    if (e.start) visit(*e.start);
    if (e.stop) visit(*e.stop);
    if (e.step) visit(*e.step);
}
void Visitor::visit_builtin(const Builtin &e) {
    for (const auto &arg : e.args) visit(*arg);
}

void Visitor::visit_assign(const Assign &s) {
    visit(*s.target);
    visit(*s.value);
}
void Visitor::visit_evaluate(const Evaluate &s) { visit(*s.value); }
void Visitor::visit_if(const If &s) {
    visit(*s.condition);
    visit(s.then_body);
    visit(s.else_body);
}
void Visitor::visit_while(const While &s) {
    visit(*s.condition);
    visit(s.body);
}
void Visitor::visit_for_range(const ForRange &s) {
    visit(*s.start);
    visit(*s.stop);
    visit(*s.step);
    visit(s.body);
}
void Visitor::visit_return(const Return &s) {
    if (s.value) visit(*s.value);
}
void Visitor::visit_assert(const Assert &s) { visit(*s.condition); }

namespace {

template <typename Node>
std::shared_ptr<Node> as(const ExprPtr &e) {
    return std::static_pointer_cast<Node>(e);
}

template <typename Node>
std::shared_ptr<Node> as(const StmtPtr &s) {
    return std::static_pointer_cast<Node>(s);
}

}  // namespace

ExprPtr Mutator::mutate(const ExprPtr &expr) {
    switch (expr->kind) {
    case ExprKind::IntLiteral:
    case ExprKind::FloatLiteral:
    case ExprKind::BoolLiteral:
    case ExprKind::Variable:
    case ExprKind::ThreadIndex:
    case ExprKind::StringLiteral:
    case ExprKind::ArrayAlloc: return mutate_leaf(expr);
    case ExprKind::Unary: return mutate_unary(as<Unary>(expr));
    case ExprKind::Binary: return mutate_binary(as<Binary>(expr));
    case ExprKind::Compare: return mutate_compare(as<Compare>(expr));
    case ExprKind::Logical: return mutate_logical(as<Logical>(expr));
    case ExprKind::Not: return mutate_not(as<Not>(expr));
    case ExprKind::Conditional: return mutate_conditional(as<Conditional>(expr));
    case ExprKind::Call: return mutate_call(as<Call>(expr));
    case ExprKind::Intrinsic: return mutate_intrinsic(as<Intrinsic>(expr));
    case ExprKind::Cast: return mutate_cast(as<Cast>(expr));
    case ExprKind::Index: return mutate_index(as<Index>(expr));
    case ExprKind::Length: return mutate_length(as<Length>(expr));
    case ExprKind::Let: return mutate_let(as<Let>(expr));
    case ExprKind::ArrayInfo: return mutate_array_info(as<ArrayInfo>(expr));
    case ExprKind::Slice: return mutate_slice(as<Slice>(expr));
    case ExprKind::Builtin: return mutate_builtin(as<Builtin>(expr));
    }
    return expr;
}

StmtPtr Mutator::mutate(const StmtPtr &stmt) {
    switch (stmt->kind) {
    case StmtKind::Assign: return mutate_assign(as<Assign>(stmt));
    case StmtKind::Evaluate: return mutate_evaluate(as<Evaluate>(stmt));
    case StmtKind::If: return mutate_if(as<If>(stmt));
    case StmtKind::While: return mutate_while(as<While>(stmt));
    case StmtKind::ForRange: return mutate_for_range(as<ForRange>(stmt));
    case StmtKind::Return: return mutate_return(as<Return>(stmt));
    case StmtKind::Assert: return mutate_assert(as<Assert>(stmt));
    case StmtKind::Break:
    case StmtKind::Continue: return stmt;
    }
    return stmt;
}

Block Mutator::mutate(const Block &block) {
    Block result;
    result.reserve(block.size());
    for (const auto &stmt : block) result.push_back(mutate(stmt));
    return result;
}

namespace {

bool same(const Block &a, const Block &b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) return false;
    return true;
}

bool same(const std::vector<ExprPtr> &a, const std::vector<ExprPtr> &b) {
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) return false;
    return true;
}

std::vector<ExprPtr> mutate_all(Mutator &m, const std::vector<ExprPtr> &exprs) {
    std::vector<ExprPtr> result;
    result.reserve(exprs.size());
    for (const auto &e : exprs) result.push_back(m.mutate(e));
    return result;
}

}  // namespace

ExprPtr Mutator::mutate_unary(const std::shared_ptr<Unary> &e) {
    auto operand = mutate(e->operand);
    if (operand == e->operand) return e;
    auto copy = std::make_shared<Unary>(*e);
    copy->operand = operand;
    return copy;
}

ExprPtr Mutator::mutate_binary(const std::shared_ptr<Binary> &e) {
    auto lhs = mutate(e->lhs), rhs = mutate(e->rhs);
    if (lhs == e->lhs && rhs == e->rhs) return e;
    auto copy = std::make_shared<Binary>(*e);
    copy->lhs = lhs;
    copy->rhs = rhs;
    return copy;
}

ExprPtr Mutator::mutate_compare(const std::shared_ptr<Compare> &e) {
    auto lhs = mutate(e->lhs), rhs = mutate(e->rhs);
    if (lhs == e->lhs && rhs == e->rhs) return e;
    auto copy = std::make_shared<Compare>(*e);
    copy->lhs = lhs;
    copy->rhs = rhs;
    return copy;
}

ExprPtr Mutator::mutate_logical(const std::shared_ptr<Logical> &e) {
    auto lhs = mutate(e->lhs), rhs = mutate(e->rhs);
    if (lhs == e->lhs && rhs == e->rhs) return e;
    auto copy = std::make_shared<Logical>(*e);
    copy->lhs = lhs;
    copy->rhs = rhs;
    return copy;
}

ExprPtr Mutator::mutate_not(const std::shared_ptr<Not> &e) {
    auto operand = mutate(e->operand);
    if (operand == e->operand) return e;
    auto copy = std::make_shared<Not>(*e);
    copy->operand = operand;
    return copy;
}

ExprPtr Mutator::mutate_conditional(const std::shared_ptr<Conditional> &e) {
    auto c = mutate(e->condition), t = mutate(e->then_value), f = mutate(e->else_value);
    if (c == e->condition && t == e->then_value && f == e->else_value) return e;
    auto copy = std::make_shared<Conditional>(*e);
    copy->condition = c;
    copy->then_value = t;
    copy->else_value = f;
    return copy;
}

ExprPtr Mutator::mutate_call(const std::shared_ptr<Call> &e) {
    auto args = mutate_all(*this, e->args);
    if (same(args, e->args)) return e;
    auto copy = std::make_shared<Call>(*e);
    copy->args = std::move(args);
    return copy;
}

ExprPtr Mutator::mutate_intrinsic(const std::shared_ptr<Intrinsic> &e) {
    auto args = mutate_all(*this, e->args);
    if (same(args, e->args)) return e;
    auto copy = std::make_shared<Intrinsic>(*e);
    copy->args = std::move(args);
    return copy;
}

ExprPtr Mutator::mutate_cast(const std::shared_ptr<Cast> &e) {
    auto operand = mutate(e->operand);
    if (operand == e->operand) return e;
    auto copy = std::make_shared<Cast>(*e);
    copy->operand = operand;
    return copy;
}

ExprPtr Mutator::mutate_index(const std::shared_ptr<Index> &e) {
    auto array = mutate(e->array);
    auto indices = mutate_all(*this, e->indices);
    if (array == e->array && same(indices, e->indices)) return e;
    auto copy = std::make_shared<Index>(*e);
    copy->array = array;
    copy->indices = std::move(indices);
    return copy;
}

ExprPtr Mutator::mutate_length(const std::shared_ptr<Length> &e) {
    auto array = mutate(e->array);
    if (array == e->array) return e;
    auto copy = std::make_shared<Length>(*e);
    copy->array = array;
    return copy;
}

ExprPtr Mutator::mutate_let(const std::shared_ptr<Let> &e) {
    auto value = mutate(e->value), body = mutate(e->body);
    if (value == e->value && body == e->body) return e;
    auto copy = std::make_shared<Let>(*e);
    copy->value = value;
    copy->body = body;
    return copy;
}

ExprPtr Mutator::mutate_array_info(const std::shared_ptr<ArrayInfo> &e) {
    auto array = mutate(e->array);
    if (array == e->array) return e;
    auto copy = std::make_shared<ArrayInfo>(*e);
    copy->array = array;
    return copy;
}

ExprPtr Mutator::mutate_slice(const std::shared_ptr<Slice> &e) {
    auto array = mutate(e->array);
    auto start = e->start ? mutate(e->start) : nullptr, stop = e->stop ? mutate(e->stop) : nullptr;
    auto step = e->step ? mutate(e->step) : nullptr;
    if (array == e->array && start == e->start && stop == e->stop && step == e->step) return e;
    auto copy = std::make_shared<Slice>(*e);
    copy->array = array;
    copy->start = start;
    copy->stop = stop;
    copy->step = step;
    return copy;
}

ExprPtr Mutator::mutate_builtin(const std::shared_ptr<Builtin> &e) {
    auto args = mutate_all(*this, e->args);
    if (same(args, e->args)) return e;
    auto copy = std::make_shared<Builtin>(*e);
    copy->args = std::move(args);
    return copy;
}

StmtPtr Mutator::mutate_assign(const std::shared_ptr<Assign> &s) {
    auto target = mutate(s->target), value = mutate(s->value);
    if (target == s->target && value == s->value) return s;
    auto copy = std::make_shared<Assign>(*s);
    copy->target = target;
    copy->value = value;
    return copy;
}

StmtPtr Mutator::mutate_evaluate(const std::shared_ptr<Evaluate> &s) {
    auto value = mutate(s->value);
    if (value == s->value) return s;
    auto copy = std::make_shared<Evaluate>(*s);
    copy->value = value;
    return copy;
}

StmtPtr Mutator::mutate_if(const std::shared_ptr<If> &s) {
    auto c = mutate(s->condition);
    auto t = mutate(s->then_body), f = mutate(s->else_body);
    if (c == s->condition && same(t, s->then_body) && same(f, s->else_body)) return s;
    auto copy = std::make_shared<If>(*s);
    copy->condition = c;
    copy->then_body = std::move(t);
    copy->else_body = std::move(f);
    return copy;
}

StmtPtr Mutator::mutate_while(const std::shared_ptr<While> &s) {
    auto c = mutate(s->condition);
    auto body = mutate(s->body);
    if (c == s->condition && same(body, s->body)) return s;
    auto copy = std::make_shared<While>(*s);
    copy->condition = c;
    copy->body = std::move(body);
    return copy;
}

StmtPtr Mutator::mutate_for_range(const std::shared_ptr<ForRange> &s) {
    auto a = mutate(s->start), b = mutate(s->stop), c = mutate(s->step);
    auto body = mutate(s->body);
    if (a == s->start && b == s->stop && c == s->step && same(body, s->body)) return s;
    auto copy = std::make_shared<ForRange>(*s);
    copy->start = a;
    copy->stop = b;
    copy->step = c;
    copy->body = std::move(body);
    return copy;
}

StmtPtr Mutator::mutate_return(const std::shared_ptr<Return> &s) {
    if (!s->value) return s;
    auto value = mutate(s->value);
    if (value == s->value) return s;
    auto copy = std::make_shared<Return>(*s);
    copy->value = value;
    return copy;
}

StmtPtr Mutator::mutate_assert(const std::shared_ptr<Assert> &s) {
    auto condition = mutate(s->condition);
    if (condition == s->condition) return s;
    auto copy = std::make_shared<Assert>(*s);
    copy->condition = condition;
    return copy;
}

}  // namespace cudapy::ast

namespace cudapy::ast {

namespace {

// Copies every leaf; the base class then rebuilds every parent, since its children changed.
// A call without arguments has no child to change and is copied explicitly.
class Cloner : public Mutator {
protected:
    ExprPtr mutate_leaf(const ExprPtr &e) override {
        switch (e->kind) {
        case ExprKind::IntLiteral: return std::make_shared<IntLiteral>(*as<IntLiteral>(e));
        case ExprKind::FloatLiteral: return std::make_shared<FloatLiteral>(*as<FloatLiteral>(e));
        case ExprKind::BoolLiteral: return std::make_shared<BoolLiteral>(*as<BoolLiteral>(e));
        case ExprKind::Variable: return std::make_shared<Variable>(*as<Variable>(e));
        case ExprKind::ThreadIndex: return std::make_shared<ThreadIndex>(*as<ThreadIndex>(e));
        case ExprKind::StringLiteral: return std::make_shared<StringLiteral>(*as<StringLiteral>(e));
        case ExprKind::ArrayAlloc: return std::make_shared<ArrayAlloc>(*as<ArrayAlloc>(e));
        default: return e;
        }
    }
    ExprPtr mutate_call(const std::shared_ptr<Call> &e) override {
        if (e->args.empty()) return std::make_shared<Call>(*e);
        return Mutator::mutate_call(e);
    }
    ExprPtr mutate_builtin(const std::shared_ptr<Builtin> &e) override {
        if (e->args.empty()) return std::make_shared<Builtin>(*e);
        return Mutator::mutate_builtin(e);
    }
};

}  // namespace

ExprPtr clone(const ExprPtr &expr) {
    Cloner cloner;
    return cloner.mutate(expr);
}

}  // namespace cudapy::ast

namespace cudapy::ast {

bool contains_call(const Expr &expr) {
    struct Finder : Visitor {
        bool found = false;
        void visit_call(const Call &) override { found = true; }
        void visit_builtin(const Builtin &) override { found = true; }
    } finder;
    finder.visit(expr);
    return finder.found;
}

std::set<std::string> functions_using(const Program &program, bool (*uses)(BuiltinKind)) {
    struct Finder : Visitor {
        const std::set<std::string> &known;
        bool (*uses)(BuiltinKind);
        bool found = false;
        Finder(const std::set<std::string> &k, bool (*u)(BuiltinKind)) : known(k), uses(u) {}
        void visit_builtin(const Builtin &e) override {
            found = found || uses(e.which);
            Visitor::visit_builtin(e);
        }
        void visit_call(const Call &e) override {
            found = found || known.count(e.callee) > 0;
            Visitor::visit_call(e);
        }
    };
    std::set<std::string> using_;
    bool changed = true;
    while (changed) {
        changed = false;
        for (const auto &f : program.functions) {
            if (using_.count(f.name)) continue;
            Finder finder(using_, uses);
            finder.visit(f.body);
            if (finder.found) {
                using_.insert(f.name);
                changed = true;
            }
        }
    }
    return using_;
}

bool assigns_variable(const Block &block, const std::string &name) {
    struct Finder : Visitor {
        const std::string &name;
        bool found = false;
        explicit Finder(const std::string &n) : name(n) {}
        void visit_assign(const Assign &s) override {
            if (s.target->kind == ExprKind::Variable && static_cast<const Variable &>(*s.target).name == name)
                found = true;
            Visitor::visit_assign(s);
        }
        void visit_for_range(const ForRange &s) override {
            if (s.variable == name) found = true;
            Visitor::visit_for_range(s);
        }
    } finder(name);
    finder.visit(block);
    return finder.found;
}

std::optional<long long> integer_constant(const Expr &expr) {
    const Expr *e = &expr;
    if (e->kind == ExprKind::Cast) e = static_cast<const Cast &>(*e).operand.get();
    bool negative = false;
    if (e->kind == ExprKind::Unary && static_cast<const Unary &>(*e).op == UnaryOp::Negate) {
        negative = true;
        e = static_cast<const Unary &>(*e).operand.get();
    }
    if (e->kind != ExprKind::IntLiteral) return std::nullopt;
    auto magnitude = static_cast<long long>(static_cast<const IntLiteral &>(*e).value);
    return negative ? -magnitude : magnitude;
}

Block clone(const Block &block) {
    Cloner cloner;
    return cloner.mutate(block);
}

}  // namespace cudapy::ast
