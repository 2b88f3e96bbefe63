#include "common/hoisted.h"

#include <array>
#include <cstring>

namespace cudapy {

namespace {

using ast::Scalar;

bool is_float(Scalar s) { return s == Scalar::Float32 || s == Scalar::Float64; }
bool is_signed_integer(Scalar s) { return s >= Scalar::Int8 && s <= Scalar::Int64; }
bool supported(Scalar s) { return s <= Scalar::Float64 && s != Scalar::Float16; }

// A value of `type`: a float as itself, anything else as its 64 bits, sign-extended for
// signed integers.
struct Number {
    Scalar type = Scalar::Float64;
    float f32 = 0;
    double f64 = 0;
    std::uint64_t bits = 0;
};

// An integer or bool wrapped to the width of `to`, as C++ converts it.
std::uint64_t wrapped(std::uint64_t bits, Scalar to) {
    switch (to) {
    case Scalar::Bool: return bits != 0;
    case Scalar::Int8: return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int8_t>(bits)));
    case Scalar::Int16: return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int16_t>(bits)));
    case Scalar::Int32: return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(bits)));
    case Scalar::UInt8: return static_cast<std::uint8_t>(bits);
    case Scalar::UInt16: return static_cast<std::uint16_t>(bits);
    case Scalar::UInt32: return static_cast<std::uint32_t>(bits);
    default: return bits;
    }
}

template <typename Float>
Float as_float(const Number &n) {
    if (n.type == Scalar::Float32) return static_cast<Float>(n.f32);
    if (n.type == Scalar::Float64) return static_cast<Float>(n.f64);
    if (is_signed_integer(n.type)) return static_cast<Float>(static_cast<std::int64_t>(n.bits));
    return static_cast<Float>(n.bits);
}

Number converted(const Number &from, Scalar to) {
    Number result{to};
    if (to == Scalar::Float32) result.f32 = as_float<float>(from);
    else if (to == Scalar::Float64) result.f64 = as_float<double>(from);
    else result.bits = wrapped(from.bits, to);  // from an integer or bool: well_formed holds
    return result;
}

Number from_bits(const void *where, Scalar type) {
    Number n{type};
    if (type == Scalar::Float32) {
        std::memcpy(&n.f32, where, sizeof n.f32);
    } else if (type == Scalar::Float64) {
        std::memcpy(&n.f64, where, sizeof n.f64);
    } else {
        std::uint64_t bits = 0;
        std::memcpy(&bits, where, static_cast<std::size_t>(ast::scalar_bytes(type)));
        n.bits = wrapped(bits, type);
    }
    return n;
}

template <typename Float>
Float arithmetic(HoistedOp op, Float a, Float b) {
    switch (op) {
    case HoistedOp::Add: return a + b;
    case HoistedOp::Sub: return a - b;
    case HoistedOp::Mul: return a * b;
    default: return a / b;
    }
}

}  // namespace

bool well_formed(const HoistedProgram &program, const std::vector<Scalar> &parameter_types) {
    std::vector<Scalar> stack;
    for (const auto &step : program.steps) {
        if (!supported(step.type) || step.op > HoistedOp::Div) return false;
        std::size_t operands = step.op == HoistedOp::Parameter || step.op == HoistedOp::Constant ? 0
                               : step.op <= HoistedOp::Negate                                    ? 1
                                                                                                 : 2;
        if (stack.size() < operands) return false;
        switch (step.op) {
        case HoistedOp::Parameter:
            if (step.parameter >= parameter_types.size() || parameter_types[step.parameter] != step.type)
                return false;
            break;
        case HoistedOp::Constant: break;
        case HoistedOp::Convert:  // floats never become integers here: C++ leaves that undefined
            if (is_float(stack.back()) && !is_float(step.type)) return false;
            break;
        default:  // arithmetic on floats of the step's type
            if (!is_float(step.type)) return false;
            for (std::size_t i = 0; i < operands; ++i)
                if (stack[stack.size() - 1 - i] != step.type) return false;
        }
        stack.resize(stack.size() - operands);
        stack.push_back(step.type);
        if (stack.size() > max_hoisted_depth) return false;
    }
    return stack.size() == 1 && stack.back() == program.type;
}

void evaluate(const HoistedProgram &program, void *const *params, void *out) {
    std::array<Number, max_hoisted_depth> stack;
    std::size_t size = 0;
    for (const auto &step : program.steps) {
        switch (step.op) {
        case HoistedOp::Parameter: stack[size++] = from_bits(params[step.parameter], step.type); break;
        case HoistedOp::Constant: stack[size++] = from_bits(&step.bits, step.type); break;
        case HoistedOp::Convert: stack[size - 1] = converted(stack[size - 1], step.type); break;
        case HoistedOp::Negate:
            stack[size - 1].f32 = -stack[size - 1].f32;
            stack[size - 1].f64 = -stack[size - 1].f64;
            break;
        default: {
            Number &a = stack[size - 2];
            const Number &b = stack[size - 1];
            if (step.type == Scalar::Float32) a.f32 = arithmetic(step.op, a.f32, b.f32);
            else a.f64 = arithmetic(step.op, a.f64, b.f64);
            --size;
        }
        }
    }
    const Number &result = stack[0];
    if (program.type == Scalar::Float32) std::memcpy(out, &result.f32, sizeof result.f32);
    else if (program.type == Scalar::Float64) std::memcpy(out, &result.f64, sizeof result.f64);
    else std::memcpy(out, &result.bits, static_cast<std::size_t>(ast::scalar_bytes(program.type)));
}

}  // namespace cudapy
