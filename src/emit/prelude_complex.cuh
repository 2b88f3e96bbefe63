// Complex numbers, on the GPU and on the CPU alike (after the target's prelude): NumPy's
// complex64 and complex128, laid out as NumPy lays them out (the real part, then the
// imaginary), with NumPy's arithmetic (its division and its integer powers) and cmath's
// functions. Included only by translations that use complex numbers.
namespace cudapy {

// The float functions of each precision, by one name.
#define CUDAPY_REAL_1(name)                                           \
    CUDAPY_FN float real_##name(float x) { return ::name##f(x); }    \
    CUDAPY_FN double real_##name(double x) { return ::name(x); }
#define CUDAPY_REAL_2(name)                                                            \
    CUDAPY_FN float real_##name(float x, float y) { return ::name##f(x, y); }         \
    CUDAPY_FN double real_##name(double x, double y) { return ::name(x, y); }
CUDAPY_REAL_1(exp)
CUDAPY_REAL_1(log)
CUDAPY_REAL_1(sqrt)
CUDAPY_REAL_1(sin)
CUDAPY_REAL_1(cos)
CUDAPY_REAL_1(sinh)
CUDAPY_REAL_1(cosh)
CUDAPY_REAL_1(fabs)
CUDAPY_REAL_2(atan2)
CUDAPY_REAL_2(hypot)
CUDAPY_REAL_2(copysign)
#undef CUDAPY_REAL_1
#undef CUDAPY_REAL_2

template <typename T> CUDAPY_FN T real_infinity();
template <> CUDAPY_FN float real_infinity<float>() { return __int_as_float(0x7f800000); }
template <> CUDAPY_FN double real_infinity<double>() { return __longlong_as_double(0x7ff0000000000000LL); }
template <typename T> CUDAPY_FN T real_nan();
template <> CUDAPY_FN float real_nan<float>() { return __int_as_float(0x7fffffff); }
template <> CUDAPY_FN double real_nan<double>() { return __longlong_as_double(0x7ff8000000000000LL); }

template <typename T>
struct complex {
    T re, im;

    complex() = default;
    CUDAPY_FN complex(T real, T imag) : re(real), im(imag) {}
    // A real number (an integer, a bool, a float of any width): its imaginary part is 0.
    template <typename U>
    CUDAPY_FN complex(U real) : re((T)real), im(0) {}
    template <typename U>
    CUDAPY_FN complex(const complex<U> &z) : re((T)z.re), im((T)z.im) {}

    // Python's truth: nonzero.
    CUDAPY_FN explicit operator bool() const { return re != 0 || im != 0; }

    friend CUDAPY_FN complex operator+(complex a) { return a; }
    friend CUDAPY_FN complex operator-(complex a) { return {-a.re, -a.im}; }
    friend CUDAPY_FN complex operator+(complex a, complex b) { return {a.re + b.re, a.im + b.im}; }
    friend CUDAPY_FN complex operator-(complex a, complex b) { return {a.re - b.re, a.im - b.im}; }
    friend CUDAPY_FN complex operator*(complex a, complex b) {
        return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
    }
    // NumPy's division (Smith's): scaled by the divisor's larger part, so that it neither
    // overflows nor loses the smaller part; by zero, an infinity or a NaN, as NumPy's.
    friend CUDAPY_FN complex operator/(complex a, complex b) {
        T abs_re = real_fabs(b.re), abs_im = real_fabs(b.im);
        if (abs_re >= abs_im) {
            if (abs_re == 0 && abs_im == 0) return {a.re / abs_re, a.im / abs_re};
            T ratio = b.im / b.re, scale = T(1) / (b.re + b.im * ratio);
            return {(a.re + a.im * ratio) * scale, (a.im - a.re * ratio) * scale};
        }
        T ratio = b.re / b.im, scale = T(1) / (b.im + b.re * ratio);
        return {(a.re * ratio + a.im) * scale, (a.im * ratio - a.re) * scale};
    }
    friend CUDAPY_FN bool operator==(complex a, complex b) { return a.re == b.re && a.im == b.im; }
    friend CUDAPY_FN bool operator!=(complex a, complex b) { return !(a == b); }

    CUDAPY_FN complex &operator+=(complex b) { return *this = *this + b; }
    CUDAPY_FN complex &operator-=(complex b) { return *this = *this - b; }
    CUDAPY_FN complex &operator*=(complex b) { return *this = *this * b; }
    CUDAPY_FN complex &operator/=(complex b) { return *this = *this / b; }
};

template <typename T>
CUDAPY_FN complex<T> conj(complex<T> z) { return {z.re, -z.im}; }

template <typename T>
CUDAPY_FN T cabs(complex<T> z) { return real_hypot(z.re, z.im); }

template <typename T>
CUDAPY_FN T cphase(complex<T> z) { return real_atan2(z.im, z.re); }

template <typename T>
CUDAPY_FN bool cisnan(complex<T> z) { return z.re != z.re || z.im != z.im; }

template <typename T>
CUDAPY_FN bool cisinf(complex<T> z) {
    return real_fabs(z.re) == real_infinity<T>() || real_fabs(z.im) == real_infinity<T>();
}

template <typename T>
CUDAPY_FN bool cisfinite(complex<T> z) { return !cisnan(z) && !cisinf(z); }

template <typename T>
CUDAPY_FN complex<T> crect(T r, T phi) { return {r * real_cos(phi), r * real_sin(phi)}; }

template <typename T>
CUDAPY_FN complex<T> cexp(complex<T> z) {
    T magnitude = real_exp(z.re);
    if (z.im == 0) return {magnitude, z.im};  // a real exponent stays real, its zero's sign kept
    return {magnitude * real_cos(z.im), magnitude * real_sin(z.im)};
}

template <typename T>
CUDAPY_FN complex<T> clog(complex<T> z) { return {real_log(cabs(z)), cphase(z)}; }

template <typename T>
CUDAPY_FN complex<T> clog10(complex<T> z) {
    complex<T> natural = clog(z);
    const T ln10 = (T)2.302585092994045684;
    return {natural.re / ln10, natural.im / ln10};
}

// The principal square root, without the cancellation of sqrt((|z| + re) / 2) for re < 0.
template <typename T>
CUDAPY_FN complex<T> csqrt(complex<T> z) {
    if (z.re == 0 && z.im == 0) return {T(0), z.im};
    if (cisinf(z)) {
        if (real_fabs(z.im) == real_infinity<T>()) return {real_infinity<T>(), z.im};
        if (z.re > 0) return {z.re, z.im != z.im ? z.im : real_copysign(T(0), z.im)};
        return {z.im != z.im ? z.im : T(0), real_copysign(real_infinity<T>(), z.im)};
    }
    T t = real_sqrt((real_fabs(z.re) + cabs(z)) / 2);
    if (z.re >= 0) return {t, z.im / (2 * t)};
    return {real_fabs(z.im) / (2 * t), real_copysign(t, z.im)};
}

template <typename T>
CUDAPY_FN complex<T> csinh(complex<T> z) {
    return {real_sinh(z.re) * real_cos(z.im), real_cosh(z.re) * real_sin(z.im)};
}

template <typename T>
CUDAPY_FN complex<T> ccosh(complex<T> z) {
    return {real_cosh(z.re) * real_cos(z.im), real_sinh(z.re) * real_sin(z.im)};
}

// (sinh 2x + i sin 2y) / (cosh 2x + cos 2y); past |x| = 20 cosh overwhelms cos, and the
// result is ±1 with an imaginary part below the precision.
template <typename T>
CUDAPY_FN complex<T> ctanh(complex<T> z) {
    if (real_fabs(z.re) > 20) return {real_copysign(T(1), z.re), real_copysign(T(0), real_sin(2 * z.im))};
    T denominator = real_cosh(2 * z.re) + real_cos(2 * z.im);
    return {real_sinh(2 * z.re) / denominator, real_sin(2 * z.im) / denominator};
}

// sin, cos and tan through their hyperbolic twins: sin z = -i sinh(iz), cos z = cosh(iz),
// tan z = -i tanh(iz).
template <typename T>
CUDAPY_FN complex<T> csin(complex<T> z) {
    complex<T> s = csinh(complex<T>{-z.im, z.re});
    return {s.im, -s.re};
}

template <typename T>
CUDAPY_FN complex<T> ccos(complex<T> z) { return ccosh(complex<T>{-z.im, z.re}); }

template <typename T>
CUDAPY_FN complex<T> ctan(complex<T> z) {
    complex<T> t = ctanh(complex<T>{-z.im, z.re});
    return {t.im, -t.re};
}

// On the branch cuts the sign of a zero imaginary part picks the side, as C99's and NumPy's
// functions do: the sums below keep it (1 + z would make -0 into +0).
template <typename T>
CUDAPY_FN complex<T> plus_real(complex<T> z, T x) { return {z.re + x, z.im}; }

// asinh z = log(z + sqrt(z² + 1)), computed for re >= 0 (odd, so the other half by symmetry)
// where the sum does not cancel.
template <typename T>
CUDAPY_FN complex<T> casinh(complex<T> z) {
    if (z.re < 0 || (z.re == 0 && real_copysign(T(1), z.re) < 0)) return -casinh(-z);
    complex<T> square_plus_one{(z.re - z.im) * (z.re + z.im) + 1, 2 * z.re * z.im};
    return clog(z + csqrt(square_plus_one));
}

template <typename T>
CUDAPY_FN complex<T> casin(complex<T> z) {
    complex<T> s = casinh(complex<T>{-z.im, z.re});
    return {s.im, -s.re};
}

template <typename T>
CUDAPY_FN complex<T> cacos(complex<T> z) {
    complex<T> s = casin(z);
    return {(T)1.57079632679489661923 - s.re, -s.im};
}

// acosh z = log(z + sqrt(z + 1) sqrt(z - 1)), the principal branch (Kahan's form).
template <typename T>
CUDAPY_FN complex<T> cacosh(complex<T> z) {
    return clog(z + csqrt(plus_real(z, T(1))) * csqrt(plus_real(z, T(-1))));
}

// atanh z = (log(1 + z) - log(1 - z)) / 2.
template <typename T>
CUDAPY_FN complex<T> catanh(complex<T> z) {
    complex<T> difference = clog(plus_real(z, T(1))) - clog(complex<T>{1 - z.re, -z.im});
    return {difference.re / 2, difference.im / 2};
}

template <typename T>
CUDAPY_FN complex<T> catan(complex<T> z) {
    complex<T> t = catanh(complex<T>{-z.im, z.re});
    return {t.im, -t.re};
}

// NumPy's power: 1 for a zero exponent, 0 for zero to a positive real power (NaN for other
// powers of zero), repeated multiplication for integer exponents below 100, else
// exp(b log a).
template <typename T>
CUDAPY_FN complex<T> cpow(complex<T> a, complex<T> b) {
    complex<T> one(T(1), T(0));
    if (b.re == 0 && b.im == 0) return one;
    if (a.re == 0 && a.im == 0) {
        if (b.re > 0 && b.im == 0) return {T(0), T(0)};
        return {real_nan<T>(), real_nan<T>()};
    }
    if (b.im == 0 && b.re > -100 && b.re < 100 && b.re == (T)(int)b.re) {
        int n = (int)b.re;
        if (n == 1) return a;
        if (n == 2) return a * a;
        if (n == 3) return a * (a * a);
        unsigned count = n < 0 ? (unsigned)-n : (unsigned)n;
        complex<T> result = one, power = a;
        for (unsigned mask = 1;; mask <<= 1) {
            if (count & mask) result = result * power;
            if (count < (mask << 1)) break;
            power = power * power;
        }
        return n < 0 ? one / result : result;
    }
    return cexp(b * clog(a));
}

// NumPy's a.real and a.imag of an array of complex numbers: a strided view of one part (0: the
// real, 1: the imaginary), every other T of the array's memory.
template <typename T>
CUDAPY_FN ndarray<T, 1, 2> complex_part_view(const array<complex<T>> &a, int part) {
    return ndarray<T, 1, 2>{reinterpret_cast<T *>(a.data) + part, {a.size}, {2}};
}

template <typename T, int N, int Layout>
CUDAPY_FN ndarray<T, N, 2> complex_part_view(const ndarray<complex<T>, N, Layout> &a, int part) {
    ndarray<T, N, 2> view;
    view.data = reinterpret_cast<T *>(a.data) + part;
    long long stride = 2;  // in Ts: a complex number holds two
    for (int k = 0; k < N; ++k) {
        int d = Layout == 1 ? k : N - 1 - k;
        view.shape[d] = a.shape[d];
        if constexpr (Layout == 2) {
            view.strides[d] = 2 * a.strides[d];
        } else {
            view.strides[d] = stride;
            stride *= a.shape[d];
        }
    }
    return view;
}

}  // namespace cudapy
