// The run-time support every translated kernel has, on the GPU and on the CPU alike, after its
// target's own part (which defines CUDAPY_FN, half, fail and CUDA's index variables): thread
// indices and array arguments. Python's arithmetic is in prelude_arithmetic.cuh.
// An assert of the kernel, checked only when compiled for debugging, as Python's -O drops them.
#ifdef CUDAPY_DEBUG
#define CUDAPY_ASSERT(condition, site, file, line, message) \
    if (!(condition)) CUDAPY_ASSERT_FAILED(site, file, line, message)
#else
#define CUDAPY_ASSERT(condition, site, file, line, message) ((void)0)
#endif

namespace cudapy {

// The divisor of an integer // or %; zero is Python's ZeroDivisionError. The CPU checks always,
// as its division by zero traps; the GPU in debug builds, as numba does (otherwise its result
// is undefined).
template <typename T>
CUDAPY_FN T nonzero(T divisor, int site, const char *file, int line) {
#if defined(CUDAPY_DEBUG) || !defined(__CUDACC__)
    if (divisor == T(0)) CUDAPY_ZERO_DIVISION(site, file, line);
#else
    (void)site, (void)file, (void)line;
#endif
    return divisor;
}

// A value the GPU's assembler cannot see through: read back from a volatile local.
template <typename T>
CUDAPY_FN T opaque(T value) {
    volatile T kept = value;
    return kept;
}

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

// n.bit_count(), Python's: the ones of abs(n), counted in the unsigned type of n's width (so
// that the smallest value's magnitude, which its own type cannot hold, counts one bit).
template <typename T>
CUDAPY_FN long long bit_count(T n) {
    unsigned long long magnitude = (unsigned long long)n;
    if constexpr (T(-1) < T(0)) {
        if (n < T(0)) magnitude = 0ULL - (unsigned long long)(long long)n;
    }
#ifdef __CUDA_ARCH__
    return __popcll(magnitude);
#else
    return __builtin_popcountll(magnitude);
#endif
}

// a.T: the same elements with the axes reversed. A C-ordered array's transpose is
// Fortran-ordered with the extents reversed, and the other way round; a strided one's
// strides are reversed with them; a 1-d array is its own.
template <typename T>
CUDAPY_FN array<T> transpose(const array<T> &a) { return a; }

template <typename T, int N, int Layout>
CUDAPY_FN ndarray<T, N, (Layout == 2 || N == 1) ? Layout : 1 - Layout> transpose(const ndarray<T, N, Layout> &a) {
    ndarray<T, N, (Layout == 2 || N == 1) ? Layout : 1 - Layout> reversed;
    reversed.data = a.data;
    for (int d = 0; d < N; ++d) reversed.shape[d] = a.shape[N - 1 - d];
    if constexpr (Layout == 2) {
        for (int d = 0; d < N; ++d) reversed.strides[d] = a.strides[N - 1 - d];
    }
    return reversed;
}

// Python's a[start:stop] of n elements: negative bounds count from the end, and both are
// clamped; `start` becomes the first element's index, the result the length.
CUDAPY_FN long long slice_clamp(long long n, long long &start, long long stop) {
    start = start < 0 ? (start + n < 0 ? 0 : start + n) : (start > n ? n : start);
    stop = stop < 0 ? (stop + n < 0 ? 0 : stop + n) : (stop > n ? n : stop);
    return stop > start ? stop - start : 0;
}

template <typename T>
CUDAPY_FN array<T> slice(const array<T> &a, long long start, long long stop) {
    long long length = slice_clamp(a.size, start, stop);
    return array<T>{a.data + start, length};
}

// a[start:stop] of a strided 1-d array, bounds as for a contiguous one.
template <typename T>
CUDAPY_FN ndarray<T, 1, 2> slice(const ndarray<T, 1, 2> &a, long long start, long long stop) {
    long long length = slice_clamp(a.shape[0], start, stop);
    return ndarray<T, 1, 2>{a.data + start * a.strides[0], {length}, {a.strides[0]}};
}

// Steps raise ValueError for zero, through the kernel's error record on the GPU.
#if defined(CUDAPY_RAISES) || !defined(__CUDACC__)
// The first element and length of Python's a[start:stop:step] of n elements: the bounds adjusted
// as CPython's slice.indices does (a missing one is the step's end); a zero step raises.
struct slice_bounds {
    long long start, length;
};

CUDAPY_FN slice_bounds slice_indices(long long n, long long start, bool has_start, long long stop,
                                     bool has_stop, long long step, const char *file, int line) {
    if (step == 0) fail(file, line, "ValueError: slice step cannot be zero");
    auto adjust = [&](long long bound, bool given, long long missing) {
        if (!given) return missing;
        if (bound < 0) {
            bound += n;
            if (bound < 0) bound = step < 0 ? -1 : 0;
        } else if (bound >= n) {
            bound = step < 0 ? n - 1 : n;
        }
        return bound;
    };
    start = adjust(start, has_start, step < 0 ? n - 1 : 0);
    stop = adjust(stop, has_stop, step < 0 ? -1 : n);
    long long length = step < 0 ? (stop < start ? (start - stop - 1) / -step + 1 : 0)
                                : (start < stop ? (stop - start - 1) / step + 1 : 0);
    // An empty view starts at the array's start: its own start may be one past either end.
    return {length ? start : 0, length};
}

// a[start:stop:step] of a contiguous or a strided 1-d array: a view whose elements are `step`
// of the array's apart.
template <typename T>
CUDAPY_FN ndarray<T, 1, 2> slice_step(const array<T> &a, long long start, bool has_start, long long stop,
                                      bool has_stop, long long step, const char *file, int line) {
    slice_bounds b = slice_indices(a.size, start, has_start, stop, has_stop, step, file, line);
    return ndarray<T, 1, 2>{a.data + b.start, {b.length}, {step}};
}

// a.reshape(extents...) of a C-contiguous array: the same elements in a C-contiguous array of
// the new shape; one extent may be -1, what the others leave. A shape that does not hold the
// array's elements raises ValueError, as NumPy's reshape does.
template <typename... Extents>
CUDAPY_FN void reshaped_extents(long long size, long long (&shape)[sizeof...(Extents)], const char *file,
                                int line, Extents... extents) {
    long long given[] = {(long long)extents...};
    long long known = 1;
    int unknown = -1;
    bool bad = false;
    for (int d = 0; d < (int)sizeof...(Extents); ++d) {
        shape[d] = given[d];
        if (given[d] == -1 && unknown < 0) {
            unknown = d;
        } else if (given[d] < 0) {
            bad = true;
        } else {
            known *= given[d];
        }
    }
    if (unknown >= 0 && !bad) {
        if (known == 0 || size % known != 0) bad = true;
        else shape[unknown] = size / known;
    }
    if (bad || (unknown < 0 && known != size))
        fail(file, line, "ValueError: cannot reshape the array into the given shape");
}

template <typename T, typename... Extents>
CUDAPY_FN auto reshape_elements(T *data, long long size, const char *file, int line, Extents... extents) {
    if constexpr (sizeof...(Extents) == 1) {
        long long shape[1];
        reshaped_extents(size, shape, file, line, extents...);
        return array<T>{data, shape[0]};
    } else {
        ndarray<T, sizeof...(Extents), 0> result;
        result.data = data;
        reshaped_extents(size, result.shape, file, line, extents...);
        return result;
    }
}

template <typename T, typename... Extents>
CUDAPY_FN auto reshape(const array<T> &a, const char *file, int line, Extents... extents) {
    return reshape_elements(a.data, a.size, file, line, extents...);
}

template <typename T, int N, typename... Extents>
CUDAPY_FN auto reshape(const ndarray<T, N, 0> &a, const char *file, int line, Extents... extents) {
    return reshape_elements(a.data, size(a), file, line, extents...);
}

// assume_aligned(a, bytes): a's data lies on a multiple of `Bytes`, which the compiler is told
// (it may then load and store neighbouring elements at once); ValueError where it does not.
template <int Bytes, typename Array>
CUDAPY_FN void assume_aligned(Array &a, const char *file, int line) {
    if (reinterpret_cast<unsigned long long>(a.data) % Bytes != 0)
        fail(file, line, "ValueError: assume_aligned(): the array's data is not aligned to the bytes given");
    a.data = static_cast<decltype(a.data)>(__builtin_assume_aligned(a.data, Bytes));
}

template <typename T>
CUDAPY_FN ndarray<T, 1, 2> slice_step(const ndarray<T, 1, 2> &a, long long start, bool has_start, long long stop,
                                      bool has_stop, long long step, const char *file, int line) {
    slice_bounds b = slice_indices(a.shape[0], start, has_start, stop, has_stop, step, file, line);
    return ndarray<T, 1, 2>{a.data + b.start * a.strides[0], {b.length}, {step * a.strides[0]}};
}
#endif

}  // namespace cudapy
