#include "ast/printer.h"

#include <sstream>

namespace cudapy::ast {

namespace {

const char *binary_name(BinaryOp op) {
    static const char *names[] = {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^"};
    return names[static_cast<int>(op)];
}

const char *compare_name(CompareOp op) {
    static const char *names[] = {"<", "<=", ">", ">=", "==", "!="};
    return names[static_cast<int>(op)];
}

std::string list(const std::vector<ExprPtr> &args) {
    std::string text;
    for (const auto &arg : args) text += " " + to_string(*arg);
    return text;
}

class BlockPrinter {
public:
    explicit BlockPrinter(std::ostringstream &out) : out_(out) {}

    void block(const Block &statements, int depth) {
        for (const auto &s : statements) statement(*s, depth);
    }

private:
    void line(int depth, const std::string &text) {
        out_ << std::string(static_cast<std::size_t>(depth) * 2, ' ') << text << "\n";
    }

    void statement(const Stmt &s, int depth) {
        switch (s.kind) {
        case StmtKind::Assign: {
            const auto &a = static_cast<const Assign &>(s);
            return line(depth, "(= " + to_string(*a.target) + " " + to_string(*a.value) + ")");
        }
        case StmtKind::Evaluate:
            return line(depth, "(eval " + to_string(*static_cast<const Evaluate &>(s).value) + ")");
        case StmtKind::If: {
            const auto &i = static_cast<const If &>(s);
            line(depth, "(if " + to_string(*i.condition));
            block(i.then_body, depth + 1);
            if (!i.else_body.empty()) {
                line(depth, " else");
                block(i.else_body, depth + 1);
            }
            return line(depth, ")");
        }
        case StmtKind::While: {
            const auto &w = static_cast<const While &>(s);
            line(depth, "(while " + to_string(*w.condition));
            block(w.body, depth + 1);
            return line(depth, ")");
        }
        case StmtKind::ForRange: {
            const auto &f = static_cast<const ForRange &>(s);
            line(depth, "(for " + f.variable + " " + to_string(*f.start) + " " + to_string(*f.stop) +
                            " " + to_string(*f.step));
            block(f.body, depth + 1);
            return line(depth, ")");
        }
        case StmtKind::Break: return line(depth, "(break)");
        case StmtKind::Continue: return line(depth, "(continue)");
        case StmtKind::Return: {
            const auto &r = static_cast<const Return &>(s);
            return line(depth, r.value ? "(return " + to_string(*r.value) + ")" : "(return)");
        }
        case StmtKind::Assert:
            return line(depth, "(assert " + to_string(*static_cast<const Assert &>(s).condition) + ")");
        }
    }

    std::ostringstream &out_;
};

}  // namespace

std::string to_string(const Expr &e) {
    std::string type = ":" + type_name(e.type) + (e.weak ? "~" : "");
    switch (e.kind) {
    case ExprKind::IntLiteral:
        return std::to_string(static_cast<const IntLiteral &>(e).value) + type;
    case ExprKind::FloatLiteral: {
        std::ostringstream text;
        text << static_cast<const FloatLiteral &>(e).value << type;
        return text.str();
    }
    case ExprKind::BoolLiteral: return static_cast<const BoolLiteral &>(e).value ? "True" : "False";
    case ExprKind::Variable: return static_cast<const Variable &>(e).name + type;
    case ExprKind::ThreadIndex:
        return "thread" + std::to_string(static_cast<int>(static_cast<const ThreadIndex &>(e).which)) + type;
    case ExprKind::Unary: {
        const auto &u = static_cast<const Unary &>(e);
        const char *op = u.op == UnaryOp::Negate ? "neg" : u.op == UnaryOp::Plus ? "pos" : "~";
        return std::string("(") + op + " " + to_string(*u.operand) + ")" + type;
    }
    case ExprKind::Binary: {
        const auto &b = static_cast<const Binary &>(e);
        return std::string("(") + binary_name(b.op) + " " + to_string(*b.lhs) + " " + to_string(*b.rhs) + ")" + type;
    }
    case ExprKind::Compare: {
        const auto &c = static_cast<const Compare &>(e);
        return std::string("(") + compare_name(c.op) + " " + to_string(*c.lhs) + " " + to_string(*c.rhs) + ")" + type;
    }
    case ExprKind::Logical: {
        const auto &l = static_cast<const Logical &>(e);
        return std::string("(") + (l.op == LogicalOp::And ? "and " : "or ") + to_string(*l.lhs) + " " +
               to_string(*l.rhs) + ")" + type;
    }
    case ExprKind::Not: return "(not " + to_string(*static_cast<const Not &>(e).operand) + ")" + type;
    case ExprKind::Conditional: {
        const auto &c = static_cast<const Conditional &>(e);
        return "(? " + to_string(*c.condition) + " " + to_string(*c.then_value) + " " +
               to_string(*c.else_value) + ")" + type;
    }
    case ExprKind::Call: {
        const auto &c = static_cast<const Call &>(e);
        return "(call " + c.callee + list(c.args) + ")" + type;
    }
    case ExprKind::Intrinsic: {
        const auto &i = static_cast<const Intrinsic &>(e);
        return "(" + std::string(i.info->name) + list(i.args) + ")" + type;
    }
    case ExprKind::Cast: {
        const auto &c = static_cast<const Cast &>(e);
        return std::string(c.implicit ? "(convert " : "(cast ") + to_string(*c.operand) + ")" + type;
    }
    case ExprKind::Index: {
        const auto &i = static_cast<const Index &>(e);
        return "(index " + to_string(*i.array) + list(i.indices) + ")" + type;
    }
    case ExprKind::StringLiteral: return "\"" + static_cast<const StringLiteral &>(e).value + "\"";
    case ExprKind::ArrayInfo: {
        const auto &a = static_cast<const ArrayInfo &>(e);
        std::string what = a.what == ArrayInfoKind::Shape ? "shape" + std::to_string(a.dimension)
                           : a.what == ArrayInfoKind::Size ? "size" : "ndim";
        return "(" + what + " " + to_string(*a.array) + ")" + type;
    }
    case ExprKind::Slice: {
        const auto &l = static_cast<const Slice &>(e);
        return "(slice " + to_string(*l.array) + " " + (l.start ? to_string(*l.start) : "_") + " " +
               (l.stop ? to_string(*l.stop) : "_") + (l.step ? " " + to_string(*l.step) : "") + ")" + type;
    }
    case ExprKind::ArrayAlloc: {
        static const char *spaces[] = {"shared", "dynamic_shared", "local", "const"};
        const auto &a = static_cast<const ArrayAlloc &>(e);
        std::string shape;
        for (long long extent : a.shape) shape += " " + std::to_string(extent);
        std::string aligned = a.alignment ? " align " + std::to_string(a.alignment) : "";
        return std::string("(") + spaces[static_cast<int>(a.space)] + shape + aligned + ")" + type;
    }
    case ExprKind::Builtin: {
        const auto &b = static_cast<const Builtin &>(e);
        return std::string("(") + builtin_name(b.which) + list(b.args) + ")" + type;
    }
    case ExprKind::Length: return "(len " + to_string(*static_cast<const Length &>(e).array) + ")" + type;
    case ExprKind::Let: {
        const auto &l = static_cast<const Let &>(e);
        return "(let " + l.variable + " " + to_string(*l.value) + " " + to_string(*l.body) + ")" + type;
    }
    }
    return "?";
}

std::string to_string(const Program &program) {
    std::ostringstream out;
    for (const auto &f : program.functions) {
        out << (f.is_kernel ? "kernel " : "def ") << f.name << "(";
        for (std::size_t i = 0; i < f.params.size(); ++i)
            out << (i ? ", " : "") << f.params[i].name << ":" << type_name(f.params[i].type)
                << (f.params[i].written ? "!" : "");
        out << ") -> " << type_name(f.return_type) << "\n";
        for (const auto &local : f.locals) out << "  local " << local.name << ":" << type_name(local.type) << "\n";
        for (const auto &value : f.hoisted) out << "  hoisted " << value.name << " = " << to_string(*value.value) << "\n";
        BlockPrinter(out).block(f.body, 1);
    }
    return out.str();
}

}  // namespace cudapy::ast
