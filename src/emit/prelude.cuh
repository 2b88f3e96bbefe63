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

}  // namespace cudapy
