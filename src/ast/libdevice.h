// numba's cuda.libdevice: the functions of CUDA's libdevice (`libdevice.sinf(x)`) that the
// kernel language has, each mapped onto its own. A float function of the math module in float64
// (`sin`) or in float32 (`sinf`; the `fast_` forms, as `fast_sinf`, are computed as
// accurately), CUDA's bit functions in 32 (`popc`) or 64 bits (`popcll`), and the functions
// that give two values, unpacked (`s, c = libdevice.sincos(x)`): sincos, sincospi, modf and
// frexp. The frontend lowers a call by its row; the Python package lists the names through the
// C ABI.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ast/builtin.h"

namespace cudapy::ast {

// What a function of two values gives.
enum class LibdevicePair : unsigned char {
    None,
    SineCosine,  // sincos, sincospi: the math function's value (sin, sinpi) and its cosine's
    Modf,        // modf: the fraction and the whole part, each with the argument's sign
    Frexp,       // frexp: the mantissa, of magnitude in [0.5, 1), and the int32 exponent
};

struct LibdeviceFunction {
    std::string name;                 // after `libdevice.`
    std::string math;                 // the math module's function it is (sinf: math.sinf), or empty
    bool single = false;              // float32 arguments and result (else float64; for bits, 32-bit)
    std::optional<BuiltinKind> bits;  // popc, clz, ffs, brev
    LibdevicePair pair = LibdevicePair::None;
};

std::span<const LibdeviceFunction> libdevice_functions();
const LibdeviceFunction *find_libdevice(std::string_view name);

}  // namespace cudapy::ast
