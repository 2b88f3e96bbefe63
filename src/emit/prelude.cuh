// The run-time support every translated kernel has, on the GPU and on the CPU alike, after its
// target's own part (which defines CUDAPY_FN, half, fail and CUDA's index variables): thread
// indices, array arguments and Python's arithmetic where C's differs.
// An assert of the kernel, checked only when compiled for debugging, as Python's -O drops them.
#ifdef CUDAPY_DEBUG
#define CUDAPY_ASSERT(condition, site, file, line, message) \
    if (!(condition)) CUDAPY_ASSERT_FAILED(site, file, line, message)
#else
#define CUDAPY_ASSERT(condition, site, file, line, message) ((void)0)
#endif

namespace cudapy {

// The threads a launch asked for; the rest of the last blocks do nothing.
struct extent {
    unsigned int x, y, z;
};

CUDAPY_FN int idx() { return (int)(blockIdx.x * blockDim.x + threadIdx.x); }
CUDAPY_FN int idy() { return (int)(blockIdx.y * blockDim.y + threadIdx.y); }
CUDAPY_FN int idz() { return (int)(blockIdx.z * blockDim.z + threadIdx.z); }

// One test rather than three: a thread inside the extent, the common case, evaluates all
// three anyway, and one branch is cheaper than three in a kernel that is all memory traffic.
CUDAPY_FN bool outside(const extent &e) {
    return (blockIdx.x * blockDim.x + threadIdx.x >= e.x) |
           (blockIdx.y * blockDim.y + threadIdx.y >= e.y) |
           (blockIdx.z * blockDim.z + threadIdx.z >= e.z);
}

// A 1-d array argument; the layout of cudapy_array in the public header.
template <typename T>
struct array {
    T *data;
    long long size;
};

// An n-d array: C-ordered (layout 0), Fortran-ordered (1) or strided (2, strides counted in
// elements); the layouts of cudapy_layout.
template <typename T, int N, int Layout>
struct ndarray {
    T *data;
    long long shape[N];
};

template <typename T, int N>
struct ndarray<T, N, 2> {
    T *data;
    long long shape[N];
    long long strides[N];
};

template <typename T, int N, int Layout, typename... Index>
CUDAPY_FN T &at(const ndarray<T, N, Layout> &a, Index... i) {
    const long long index[N] = {(long long)i...};
    long long offset = 0;
    if constexpr (Layout == 0) {
        for (int d = 0; d < N; ++d) offset = offset * a.shape[d] + index[d];
    } else if constexpr (Layout == 1) {
        for (int d = N - 1; d >= 0; --d) offset = offset * a.shape[d] + index[d];
    } else {
        for (int d = 0; d < N; ++d) offset += index[d] * a.strides[d];
    }
    return a.data[offset];
}

template <typename T, int N, int Layout>
CUDAPY_FN long long size(const ndarray<T, N, Layout> &a) {
    long long count = 1;
    for (int d = 0; d < N; ++d) count *= a.shape[d];
    return count;
}

// Python's a[start:stop]: negative bounds count from the end, and both are clamped.
template <typename T>
CUDAPY_FN array<T> slice(const array<T> &a, long long start, long long stop) {
    long long n = a.size;
    start = start < 0 ? (start + n < 0 ? 0 : start + n) : (start > n ? n : start);
    stop = stop < 0 ? (stop + n < 0 ? 0 : stop + n) : (stop > n ? n : stop);
    return array<T>{a.data + start, stop > start ? stop - start : 0};
}

template <typename T>
CUDAPY_FN constexpr bool is_signed() { return T(-1) < T(0); }

// Integer arithmetic that wraps, as NumPy's does, where C++ leaves signed overflow undefined:
// computed in an unsigned type at least as wide as int, then converted back.
template <typename T> struct wrapping { using type = unsigned int; };
template <> struct wrapping<long long> { using type = unsigned long long; };
template <> struct wrapping<unsigned long long> { using type = unsigned long long; };

template <typename T>
CUDAPY_FN T add(T a, T b) {
    using U = typename wrapping<T>::type;
    return (T)((U)a + (U)b);
}
template <typename T>
CUDAPY_FN T sub(T a, T b) {
    using U = typename wrapping<T>::type;
    return (T)((U)a - (U)b);
}
template <typename T>
CUDAPY_FN T mul(T a, T b) {
    using U = typename wrapping<T>::type;
    return (T)((U)a * (U)b);
}
template <typename T>
CUDAPY_FN T neg(T a) {
    using U = typename wrapping<T>::type;
    return (T)(U(0) - (U)a);
}

// Python's // on integers rounds toward negative infinity.
template <typename T>
CUDAPY_FN T floordiv(T a, T b) {
    T q = a / b;
    if constexpr (is_signed<T>()) {
        if ((a % b != 0) && ((a < 0) != (b < 0))) q -= 1;
    }
    return q;
}

// Python's % takes the sign of the divisor.
template <typename T>
CUDAPY_FN T mod(T a, T b) {
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

template <typename T>
CUDAPY_FN T abs(T a) { return a < 0 ? neg(a) : a; }
CUDAPY_FN float abs(float a) { return fabsf(a); }
CUDAPY_FN double abs(double a) { return fabs(a); }
CUDAPY_FN half abs(half a) { return half(fabsf(float(a))); }

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

// Python's min and max keep the first of equal arguments and compare with <, as here.
template <typename T>
CUDAPY_FN T min(T a, T b) { return b < a ? b : a; }
template <typename T>
CUDAPY_FN T max(T a, T b) { return a < b ? b : a; }

}  // namespace cudapy
