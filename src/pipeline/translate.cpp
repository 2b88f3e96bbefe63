#include "pipeline/translate.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "ast/printer.h"
#include "ast/source.h"
#include "ast/visitor.h"
#include "common/error.h"
#include "emit/cuda.h"
#include "frontend/lower.h"
#include "passes/array_writes.h"
#include "passes/hoist_invariants.h"
#include "passes/nonnegative.h"
#include "passes/target_support.h"
#include "passes/unbound_locals.h"
#include "syntax/tree.h"
#include "types/check.h"
#include "types/signature.h"

namespace cudapy::pipeline {

namespace {

using namespace cudapy::ast;

bool dump_passes() {
    static const bool dump = [] {
        const char *value = std::getenv("CUDAPY_DUMP_PASSES");
        return value && *value && std::string(value) != "0";
    }();
    return dump;
}

// Runs the stages in order, timing each, and dumps the AST after each when CUDAPY_DUMP_PASSES
// is set.
class Stages {
public:
    explicit Stages(std::vector<StageTime> &times) : times_(times) {}

    template <typename Stage>
    void run(const char *name, const Program &program, Stage &&stage) {
        auto start = std::chrono::steady_clock::now();
        stage();
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        times_.push_back({name, ms});
        if (dump_passes())
            std::fprintf(stderr, "=== after %s (%.3f ms)\n%s", name, ms, to_string(program).c_str());
    }

private:
    std::vector<StageTime> &times_;
};

// The steps that compute a hoisted expression (passes/hoist_invariants says which kinds it
// holds), literals as the emitter writes them.
void append_steps(const Expr &e, const Function &kernel, std::vector<HoistedStep> &steps) {
    HoistedStep step;
    step.type = e.type.scalar;
    auto push = [&](HoistedOp op, std::uint64_t bits = 0) {
        step.op = op;
        step.bits = bits;
        steps.push_back(step);
    };
    auto float_constant = [&](double value) {
        std::uint64_t bits = 0;
        float single = static_cast<float>(value);
        if (e.type.scalar == Scalar::Float32) std::memcpy(&bits, &single, sizeof single);
        else std::memcpy(&bits, &value, sizeof value);
        push(HoistedOp::Constant, bits);
    };
    switch (e.kind) {
    case ExprKind::IntLiteral: {
        auto value = static_cast<const IntLiteral &>(e).value;
        return e.type.is_float() ? float_constant(static_cast<double>(value)) : push(HoistedOp::Constant, value);
    }
    case ExprKind::FloatLiteral: return float_constant(static_cast<const FloatLiteral &>(e).value);
    case ExprKind::BoolLiteral: return push(HoistedOp::Constant, static_cast<const BoolLiteral &>(e).value);
    case ExprKind::Variable: {
        const auto &name = static_cast<const ast::Variable &>(e).name;
        while (kernel.params[step.parameter].name != name) ++step.parameter;
        return push(HoistedOp::Parameter);
    }
    case ExprKind::Cast: {
        const Expr &operand = *static_cast<const Cast &>(e).operand;
        // The emitter converts a literal when it writes it: a float literal holds a double.
        if (e.type.is_float() && operand.kind == ExprKind::IntLiteral)
            return float_constant(static_cast<double>(static_cast<const IntLiteral &>(operand).value));
        if (e.type.is_float() && operand.kind == ExprKind::FloatLiteral)
            return float_constant(static_cast<const FloatLiteral &>(operand).value);
        append_steps(operand, kernel, steps);
        return push(HoistedOp::Convert);
    }
    case ExprKind::Unary: {
        const auto &u = static_cast<const Unary &>(e);
        append_steps(*u.operand, kernel, steps);
        if (u.op == UnaryOp::Negate) push(HoistedOp::Negate);
        return;
    }
    case ExprKind::Binary: {
        const auto &b = static_cast<const Binary &>(e);
        append_steps(*b.lhs, kernel, steps);
        append_steps(*b.rhs, kernel, steps);
        return push(b.op == BinaryOp::Add   ? HoistedOp::Add
                    : b.op == BinaryOp::Sub ? HoistedOp::Sub
                    : b.op == BinaryOp::Mul ? HoistedOp::Mul
                                            : HoistedOp::Div);
    }
    default: return;
    }
}

std::vector<KernelInterface> interfaces(const Program &program) {
    std::vector<KernelInterface> kernels;
    auto cooperative = functions_using(program, is_cooperative);
    for (const auto &f : program.functions) {
        if (!f.is_kernel) continue;
        KernelInterface kernel{f.name, emit::c_function_name(f.name), {}, 0, {}, cooperative.count(f.name) > 0};
        std::size_t offset = 0, alignment = 1;
        for (const auto &param : f.params) {
            const Type &type = param.type;
            ParamLayout layout{param.name, type.is_array(), type.array_depth, type.ndim, type.layout,
                               type.scalar, param.written, 0, 0};
            // Arrays travel as a pointer, then int64 extents (and strides for a strided
            // layout); scalars at their natural alignment.
            std::size_t words = 1 + type.ndim * (type.array_depth == 1 && type.layout == Layout::Any ? 2 : 1);
            std::size_t size = layout.is_array ? 8 * words : static_cast<std::size_t>(scalar_bytes(type.scalar));
            std::size_t align = layout.is_array ? 8 : size;
            offset = (offset + align - 1) / align * align;
            layout.offset = offset;
            layout.bytes = size;
            offset += size;
            alignment = std::max(alignment, align);
            kernel.params.push_back(layout);
        }
        kernel.args_size = (offset + alignment - 1) / alignment * alignment;
        for (const auto &value : f.hoisted) {
            HoistedProgram hoisted{value.value->type.scalar, {}};
            append_steps(*value.value, f, hoisted.steps);
            kernel.hoisted.push_back(std::move(hoisted));
        }
        kernels.push_back(std::move(kernel));
    }
    return kernels;
}

}  // namespace

Translation translate(const std::vector<SourceUnit> &units,
                      const std::map<std::string, std::string> &signatures,
                      const std::vector<ast::ConstantArray> &constants, Target target,
                      const ast::Linkage &linkage, ast::Typing typing,
                      const std::map<std::string, std::vector<std::string>> &overloads) {
    Translation result;
    Diagnostics diagnostics;
    Stages stages(result.stage_times);
    Program program;
    std::vector<std::unique_ptr<syntax::Tree>> trees;
    std::vector<const syntax::Tree *> tree_pointers;
    stages.run("parse", program, [&] {
        for (std::size_t i = 0; i < units.size(); ++i) {
            trees.push_back(std::make_unique<syntax::Tree>(units[i], static_cast<int>(i), diagnostics));
            tree_pointers.push_back(trees.back().get());
        }
    });
    if (units.empty())
        diagnostics.report(DiagnosticKind::Syntax, Span{}, "no source was given");
    if (diagnostics.any()) {
        result.diagnostics = diagnostics.take();
        return result;
    }

    // numba's tuple parameters, a parameter per item, and record parameters, an array per
    // field: the frontend makes them before it lowers the bodies that use them, and the type
    // checker reads the flattened signatures.
    std::map<std::string, std::string> flat_signatures;
    std::map<std::string, std::vector<ast::SplitParameter>> split_parameters;
    for (const auto &[name, signature] : signatures) {
        types::SignatureError error;
        if (auto flattened = types::flatten_parameters(signature, error)) {
            flat_signatures[name] = flattened->text;
            split_parameters[ast::normalize_identifier(name)] = std::move(flattened->split);
        } else if (!error.message.empty()) {
            diagnostics.report(DiagnosticKind::Type, Span{0, units[0].first_line, 1, units[0].first_line, 1},
                               "the signature of '" + name + "': " + error.message);
        }
    }
    stages.run("lower", program, [&] {
        program = frontend::lower(tree_pointers, constants, linkage, diagnostics, split_parameters);
    });
    program.typing = typing;
    if (program.functions.empty() && !diagnostics.any())
        diagnostics.report(DiagnosticKind::Syntax, Span{0, units[0].first_line, 1, units[0].first_line, 1},
                           "no function definition found in the source");
    for (const auto &[name, signature] : signatures) {
        bool empty = signature.find_first_not_of(" \t\r\n") == std::string::npos;
        bool found = false;
        std::string normal_name = ast::normalize_identifier(name);
        for (auto &f : program.functions) {
            if (f.name != normal_name) continue;
            if (empty) {
                diagnostics.report(DiagnosticKind::Type, f.span, "the signature given for '" + name + "' is empty");
                found = true;
                continue;
            }
            auto flat = flat_signatures.find(name);
            f.signature = flat != flat_signatures.end() ? flat->second : signature;
            f.signature_span = f.span;
            found = true;
        }
        if (!found)
            diagnostics.report(DiagnosticKind::Name, Span{0, units[0].first_line, 1, units[0].first_line, 1},
                               "a signature was given for '" + name + "', but no function of that "
                               "name is defined");
    }
    for (const auto &[name, texts] : overloads) {
        bool found = false;
        for (auto &f : program.functions) {
            if (f.name != ast::normalize_identifier(name)) continue;
            f.overload_texts = texts;
            if (f.signature_span.line == 0) f.signature_span = f.span;
            found = true;
        }
        if (!found)
            diagnostics.report(DiagnosticKind::Name, Span{0, units[0].first_line, 1, units[0].first_line, 1},
                               "signatures were given for '" + name + "', but no function of that "
                               "name is defined");
    }
    // Syntax errors stop here; the lowering refused what it could not lower and went on, so
    // type errors in what remains are independent of its errors and are reported with them.
    if (program.functions.empty()) {
        result.diagnostics = diagnostics.take();
        return result;
    }

    stages.run("check unbound locals", program, [&] { passes::check_unbound_locals(program, diagnostics); });
    stages.run("check types", program, [&] { types::check(program, diagnostics); });
    if (diagnostics.any()) {
        result.diagnostics = diagnostics.take();
        return result;
    }
    stages.run("mark array writes", program, [&] { program = passes::mark_array_writes(std::move(program)); });
    stages.run("mark non-negative division", program,
               [&] { program = passes::mark_nonnegative_division(std::move(program)); });
    stages.run("hoist launch invariants", program,
               [&] { program = passes::hoist_invariants(std::move(program)); });
    stages.run("check target support", program,
               [&] { passes::check_target_support(program, target, diagnostics); });
    if (diagnostics.any()) {
        result.diagnostics = diagnostics.take();
        return result;
    }
    stages.run("emit", program, [&] {
        auto emitted = emit::emit(program, units, target);
        result.source = std::move(emitted.source);
        result.asserts = std::move(emitted.asserts);
    });
    result.kernels = interfaces(program);
    for (const auto &f : program.functions)
        if (!f.is_kernel)
            result.helpers.push_back({f.name, f.return_type.is_scalar() ? f.return_type.scalar : Scalar::Void});
    result.ok = true;
    return result;
}

ast::DeclaredFunction declared_function(const std::string &name, const std::string &symbol,
                                        const std::string &signature, ast::CallingConvention convention) {
    auto c_identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    if (symbol.empty() || symbol.size() > 255 || std::isdigit(static_cast<unsigned char>(symbol[0])) ||
        !std::all_of(symbol.begin(), symbol.end(), c_identifier))
        throw Error(Status::InvalidArgument, "the C name of declared function '" + name + "', '" +
                                                 printable(symbol.substr(0, 64)) +
                                                 "', is not a C identifier of at most 255 ASCII letters, digits "
                                                 "and underscores");
    std::string head = symbol.substr(0, 6);
    std::transform(head.begin(), head.end(), head.begin(), [](unsigned char c) { return std::tolower(c); });
    if (head == "cudapy")
        throw Error(Status::InvalidArgument, "the C name '" + symbol + "' starts with \"cudapy\", which "
                                                 "names cudapy's own code; give the function another name");
    types::SignatureError error;
    auto parsed = types::parse_signature(signature, error);
    if (!parsed)
        throw Error(Status::InvalidArgument, "bad signature for declared function '" + name + "': " +
                                                 error.message + " (in '" + printable(signature) + "')");
    if (!parsed->function_name.empty() && parsed->function_name != name && parsed->function_name != symbol)
        throw Error(Status::InvalidArgument, "the signature names '" + parsed->function_name +
                                                 "' but the declared function is '" + name + "'");
    // What a C function takes and gives alike on both sides: no arrays, and no float16, whose
    // type differs between cudapy's code and CUDA C++.
    auto plain_scalar = [](const Type &type) { return type.is_scalar() && type.scalar != Scalar::Float16; };
    DeclaredFunction declared{name, symbol, convention, parsed->return_type, {}};
    if (!declared.return_type.is_void() && !plain_scalar(declared.return_type))
        throw Error(Status::InvalidArgument, "declared function '" + name + "' returns " +
                                                 type_name(declared.return_type) +
                                                 "; a declared function returns a bool, integer or float32/64 "
                                                 "value, or nothing");
    for (std::size_t i = 0; i < parsed->params.size(); ++i) {
        const Type &type = parsed->params[i].type;
        if (!plain_scalar(type))
            throw Error(Status::InvalidArgument, "parameter " + std::to_string(i + 1) + " of declared function '" +
                                                     name + "' is " + type_name(type) +
                                                     "; declared functions take bool, integer and float32/64 values");
        declared.params.push_back(type);
    }
    return declared;
}

namespace {

const char *kind_name(DiagnosticKind kind) {
    switch (kind) {
    case DiagnosticKind::Syntax: return "syntax error";
    case DiagnosticKind::Unsupported: return "unsupported";
    case DiagnosticKind::Name: return "name error";
    case DiagnosticKind::Type: return "type error";
    case DiagnosticKind::Cuda: return "CUDA error";
    case DiagnosticKind::Internal: return "internal error";
    }
    return "error";
}

}  // namespace

std::string format_diagnostics(const std::vector<Diagnostic> &diagnostics,
                               const std::vector<SourceUnit> &units) {
    std::string text;
    for (const auto &d : diagnostics) {
        const SourceUnit *unit = d.span.unit >= 0 && static_cast<std::size_t>(d.span.unit) < units.size()
                                     ? &units[static_cast<std::size_t>(d.span.unit)]
                                     : nullptr;
        std::string file = unit ? unit->file : "<unknown>";
        text += file + ":" + std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + ": " +
                kind_name(d.kind) + ": " + d.message + "\n";
        if (!unit) continue;
        std::string line = printable(source_line(*unit, d.span.line));
        if (line.empty()) continue;
        text += "    " + line + "\n";
        int start = d.span.column - unit->column_offset;
        int end = d.span.end_line == d.span.line ? d.span.end_column - unit->column_offset
                                                  : static_cast<int>(line.size()) + 1;
        if (start < 1) continue;
        // The caret line repeats the tabs of the source line so that it lines up.
        std::string marker = "    ";
        int column = 1;
        for (std::size_t i = 0; i < line.size() && column < start; ++i) {
            unsigned char c = static_cast<unsigned char>(line[i]);
            if ((c & 0xC0) == 0x80) continue;
            marker += c == '\t' ? '\t' : ' ';
            ++column;
        }
        marker += '^';
        for (int i = start + 1; i < end; ++i) marker += '~';
        text += marker + "\n";
    }
    return text;
}

}  // namespace cudapy::pipeline
