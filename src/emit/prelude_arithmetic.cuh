// Python's arithmetic where C's differs, after prelude.cuh: wrapping integers, floor division,
// modulo and powers, shifts, abs, mixed-sign comparisons, min and max. The emitter includes it
// only in programs that call it, since NVRTC takes most of a millisecond to compile it.
namespace cudapy {

template <typename T>
CUDAPY_FN constexpr bool is_signed() { return T(-1) < T(0); }

// Integer arithmetic that wraps, as NumPy's does, where C++ leaves signed overflow undefined:
// computed in an unsigned type at least as wide as int, then converted back.
template <typename T> struct wrapping { using type = unsigned int; };
template <> struct wrapping<long long> { using type = unsigned long long; };
template <> struct wrapping<unsigned long long> { using type = unsigned long long; };

// A wrapped result converted back to T. On the GPU a result narrower than int passes through an
// opaque move first, so that LLVM cannot shrink its arithmetic to 16 bits: ptxas of CUDA 13.0
// for sm_90 sign-extends the result of a 16-bit negation without wrapping it (-(-32768) became
// 32768), and LLVM makes such negations of its own from 16-bit products (x * -16384 is
// -(x << 14)) and differences.
template <typename T, typename U>
CUDAPY_FN T narrow(U value) {
#ifdef __CUDA_ARCH__
    if constexpr (sizeof(T) < 4) {
        unsigned int kept;
        asm("mov.b32 %0, %1;" : "=r"(kept) : "r"((unsigned int)value));
        return (T)kept;
    }
#endif
    return (T)value;
}

template <typename T>
CUDAPY_FN T add(T a, T b) {
    using U = typename wrapping<T>::type;
    return narrow<T>((U)a + (U)b);
}
template <typename T>
CUDAPY_FN T sub(T a, T b) {
    using U = typename wrapping<T>::type;
    return narrow<T>((U)a - (U)b);
}
template <typename T>
CUDAPY_FN T mul(T a, T b) {
    using U = typename wrapping<T>::type;
    return narrow<T>((U)a * (U)b);
}
template <typename T>
CUDAPY_FN T neg(T a) {
    using U = typename wrapping<T>::type;
#ifdef __CUDA_ARCH__
    // ptxas of CUDA 13.0 for sm_90 and later folds a 32-bit negation into a three-way min or
    // max (VIMNMX3) and loses it: min(x, -y, z) became min(x, y, z). It does not fold a
    // complement plus one, the same value.
    if constexpr (is_signed<T>() && sizeof(U) == 4) {
        U result;
        asm("not.b32 %0, %1;\n\tadd.u32 %0, %0, 1;" : "=r"(result) : "r"((U)a));
        return (T)result;
    }
#endif
    return narrow<T>(U(0) - (U)a);
}

// Python's // on integers rounds toward negative infinity.
// The smallest integer over -1 overflows, which traps on the CPU: it wraps, as NumPy's does.
template <typename T>
CUDAPY_FN T floordiv(T a, T b) {
    if constexpr (is_signed<T>()) {
        if (b == T(-1)) return neg(a);
    }
    T q = a / b;
    if constexpr (is_signed<T>()) {
        if ((a % b != 0) && ((a < 0) != (b < 0))) q -= 1;
    }
    return q;
}

// Python's % takes the sign of the divisor.
template <typename T>
CUDAPY_FN T mod(T a, T b) {
    if constexpr (is_signed<T>()) {
        if (b == T(-1)) return T(0);
    }
    T r = a % b;
    if constexpr (is_signed<T>()) {
        if (r != 0 && ((r < 0) != (b < 0))) r += b;
    }
    return r;
}

CUDAPY_FN float mod(float a, float b) {
    float r = fmodf(a, b);
    if (r != 0.0f) {
        if ((r < 0.0f) != (b < 0.0f)) r += b;
    } else {
        r = copysignf(0.0f, b);
    }
    return r;
}

CUDAPY_FN double mod(double a, double b) {
    double r = fmod(a, b);
    if (r != 0.0) {
        if ((r < 0.0) != (b < 0.0)) r += b;
    } else {
        r = copysign(0.0, b);
    }
    return r;
}

// Python's float floor division: the quotient of a - (a % b), which floor(a / b) misses when
// a / b rounds up to an integer.
CUDAPY_FN float floordiv(float a, float b) {
    if (b == 0.0f) return a / b;  // NumPy's inf or nan, where Python would raise
    float m = fmodf(a, b);
    float q = (a - m) / b;
    if (m != 0.0f && ((b < 0.0f) != (m < 0.0f))) q -= 1.0f;
    if (q == 0.0f) return copysignf(0.0f, a / b);
    float f = floorf(q);
    return q - f > 0.5f ? f + 1.0f : f;
}

CUDAPY_FN double floordiv(double a, double b) {
    if (b == 0.0) return a / b;
    double m = fmod(a, b);
    double q = (a - m) / b;
    if (m != 0.0 && ((b < 0.0) != (m < 0.0))) q -= 1.0;
    if (q == 0.0) return copysign(0.0, a / b);
    double f = floor(q);
    return q - f > 0.5 ? f + 1.0 : f;
}

// Integer power by squaring; a negative exponent gives 0 unless the base is 1 or -1.
template <typename T>
CUDAPY_FN T ipow(T base, T exponent) {
    if constexpr (is_signed<T>()) {
        if (exponent < 0) {
            if (base == 1) return 1;
            if (base == -1) return (exponent & 1) ? -1 : 1;
            return 0;
        }
    }
    T result = 1;
    while (exponent != 0) {
        if (exponent & 1) result = mul(result, base);
        exponent >>= 1;
        base = mul(base, base);
    }
    return result;
}

// Shifts by the operand's width or more give what Python's unbounded integers give, wrapped;
// a negative count, which Python refuses, shifts everything out as well.
template <typename T>
CUDAPY_FN T shl(T a, T count) {
    using U = typename wrapping<T>::type;
    if (count < T(0) || count >= (T)(8 * sizeof(T))) return T(0);
    return (T)((U)a << count);
}

template <typename T>
CUDAPY_FN T shr(T a, T count) {
    if (count < T(0) || count >= (T)(8 * sizeof(T))) return (is_signed<T>() && a < 0) ? T(-1) : T(0);
    return a >> count;
}

CUDAPY_FN half floordiv(half a, half b) { return half(floordiv(float(a), float(b))); }
CUDAPY_FN half mod(half a, half b) { return half(mod(float(a), float(b))); }

// PTX's abs on the GPU, which ptxas keeps (one IABS), where a negation and a max of the value
// would meet the folding neg() avoids; narrow values wrap back as NumPy's do.
template <typename T>
CUDAPY_FN T abs(T a) {
#ifdef __CUDA_ARCH__
    if constexpr (is_signed<T>() && sizeof(T) <= 4) {
        int result;
        asm("abs.s32 %0, %1;" : "=r"(result) : "r"((int)a));
        return (T)result;
    }
#endif
    using U = typename wrapping<T>::type;
    return a < 0 ? (T)(U(0) - (U)a) : a;
}
CUDAPY_FN float abs(float a) { return fabsf(a); }
CUDAPY_FN double abs(double a) { return fabs(a); }
CUDAPY_FN half abs(half a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 530
    half magnitude;
    asm("abs.f16 %0, %1;" : "=h"(magnitude.bits) : "h"(a.bits));
    return magnitude;
#else
    return half(fabsf(float(a)));
#endif
}

// Exact comparisons of a signed and an unsigned 64-bit integer, which NumPy makes and C++'s
// usual conversions would not.
CUDAPY_FN bool less(long long a, unsigned long long b) {
    return a < 0 || (unsigned long long)a < b;
}
CUDAPY_FN bool less(unsigned long long a, long long b) {
    return b >= 0 && a < (unsigned long long)b;
}
CUDAPY_FN bool equal(long long a, unsigned long long b) {
    return a >= 0 && (unsigned long long)a == b;
}
CUDAPY_FN bool equal(unsigned long long a, long long b) { return equal(b, a); }

// Integers narrower than int, whose min and max the GPU computes in int: ptxas's packed 16-bit
// forms (VIMNMX.U16x2) have dropped a constant operand.
template <typename T> struct narrow_integer { static constexpr bool value = false; };
template <> struct narrow_integer<bool> { static constexpr bool value = true; };
template <> struct narrow_integer<signed char> { static constexpr bool value = true; };
template <> struct narrow_integer<unsigned char> { static constexpr bool value = true; };
template <> struct narrow_integer<short> { static constexpr bool value = true; };
template <> struct narrow_integer<unsigned short> { static constexpr bool value = true; };

// Python's min and max keep the first of equal arguments and compare with <, as here.
template <typename T>
CUDAPY_FN T min(T a, T b) {
#ifdef __CUDA_ARCH__
    if constexpr (narrow_integer<T>::value) {
        int result;
        asm("min.s32 %0, %1, %2;" : "=r"(result) : "r"((int)a), "r"((int)b));
        return (T)result;
    }
#endif
    return b < a ? b : a;
}
template <typename T>
CUDAPY_FN T max(T a, T b) {
#ifdef __CUDA_ARCH__
    if constexpr (narrow_integer<T>::value) {
        int result;
        asm("max.s32 %0, %1, %2;" : "=r"(result) : "r"((int)a), "r"((int)b));
        return (T)result;
    }
#endif
    return a < b ? b : a;
}

// Floats keep Python's choice of the first of equal arguments, so that min(0.0, -0.0) is 0.0.
// On the GPU the choice is made in PTX, where LLVM cannot turn it into PTX's min or max (it
// takes the zeros' signs as interchangeable; PTX's min of 0.0 and -0.0 is -0.0). ptxas still
// uses its own min and max where they give the same result.
#ifdef __CUDA_ARCH__
// min gives b where b < a, max where a < b: the comparison and the choice in one asm each.
CUDAPY_FN float min(float a, float b) {
    float result;
    asm("{ .reg .pred less; setp.lt.f32 less, %2, %1; selp.f32 %0, %2, %1, less; }"
        : "=f"(result) : "f"(a), "f"(b));
    return result;
}
CUDAPY_FN float max(float a, float b) {
    float result;
    asm("{ .reg .pred less; setp.lt.f32 less, %1, %2; selp.f32 %0, %2, %1, less; }"
        : "=f"(result) : "f"(a), "f"(b));
    return result;
}
CUDAPY_FN double min(double a, double b) {
    double result;
    asm("{ .reg .pred less; setp.lt.f64 less, %2, %1; selp.f64 %0, %2, %1, less; }"
        : "=d"(result) : "d"(a), "d"(b));
    return result;
}
CUDAPY_FN double max(double a, double b) {
    double result;
    asm("{ .reg .pred less; setp.lt.f64 less, %1, %2; selp.f64 %0, %2, %1, less; }"
        : "=d"(result) : "d"(a), "d"(b));
    return result;
}
CUDAPY_FN half min(half a, half b) { return half(min(float(a), float(b))); }
CUDAPY_FN half max(half a, half b) { return half(max(float(a), float(b))); }
#endif

// 10**n for n >= 0: exact from a table where a double holds it (up to 1e22), else pow's.
CUDAPY_FN double power_of_ten(long long n) {
    if (n <= 22) {
        double power = 1.0;
        for (long long k = 0; k < n; ++k) power *= 10.0;  // exact: 10**k = 2**k * 5**k, 5**22 < 2**53
        return power;
    }
    return ::pow(10.0, (double)n);
}

// round(x, ndigits) as numba rounds it, in float64: x scaled by the power of ten, rounded half
// to even, scaled back; x itself where the scaling overflows, and infinities and NaN unchanged.
template <typename T>
CUDAPY_FN T round_digits(T value, long long ndigits) {
    double x = (double)value;
    if (x != x || x - x != 0.0) return value;
    double scale = 1.0, rest = 1.0, y;
    if (ndigits >= 0) {
        if (ndigits > 22) {  // two factors, each without overflow
            scale = power_of_ten(ndigits - 22);
            rest = 1e22;
        } else {
            scale = power_of_ten(ndigits);
        }
        y = (x * scale) * rest;
        if (y - y != 0.0) return value;
    } else {
        scale = power_of_ten(-ndigits);
        y = x / scale;
    }
    double z = ::rint(y);
    if (::fabs(y - z) == 0.5) z = 2.0 * ::rint(y / 2.0);
    return (T)(ndigits >= 0 ? (z / rest) / scale : z * scale);
}

}  // namespace cudapy
