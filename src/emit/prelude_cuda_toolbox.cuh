// The GPU's cooperation functions, atomics, dynamic shared memory and debug asserts, after the
// GPU's base part; included only in translations that use them, so that NVRTC parses less.
namespace cudapy {

CUDAPY_FN void syncthreads() { __syncthreads(); }
CUDAPY_FN int syncthreads_count(int p) { return __syncthreads_count(p); }
CUDAPY_FN int syncthreads_and(int p) { return __syncthreads_and(p); }
CUDAPY_FN int syncthreads_or(int p) { return __syncthreads_or(p); }
CUDAPY_FN void syncwarp(unsigned mask) { __syncwarp(mask); }
CUDAPY_FN void threadfence() { __threadfence(); }
CUDAPY_FN void threadfence_block() { __threadfence_block(); }
CUDAPY_FN void threadfence_system() { __threadfence_system(); }

// numba's grid group. A kernel that uses it is launched cooperatively, every block resident at
// once; the blocks meet at the module's barrier: a count of the blocks that have arrived, and a
// generation that the last to arrive advances, releasing the others. The launcher runs a
// module's cooperative launches one after another, so that no two share the barrier.
__device__ unsigned cudapy_grid_arrived;
__device__ unsigned cudapy_grid_generation;
CUDAPY_FN int this_grid() { return 0; }
CUDAPY_FN void grid_sync() {
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
        unsigned blocks = gridDim.x * gridDim.y * gridDim.z;
        unsigned generation = *static_cast<volatile unsigned *>(&cudapy_grid_generation);
        __threadfence();  // the block's stores before the barrier, seen by the grid after it
        if (atomicAdd(&cudapy_grid_arrived, 1u) == blocks - 1) {
            atomicExch(&cudapy_grid_arrived, 0u);
            __threadfence();
            atomicAdd(&cudapy_grid_generation, 1u);
        } else {
            while (*static_cast<volatile unsigned *>(&cudapy_grid_generation) == generation)
                __nanosleep(32);
        }
        __threadfence();
    }
    __syncthreads();
}

template <typename T>
CUDAPY_FN T shfl_sync(unsigned mask, T v, int lane) { return __shfl_sync(mask, v, lane); }
template <typename T>
CUDAPY_FN T shfl_up_sync(unsigned mask, T v, unsigned delta) { return __shfl_up_sync(mask, v, delta); }
template <typename T>
CUDAPY_FN T shfl_down_sync(unsigned mask, T v, unsigned delta) { return __shfl_down_sync(mask, v, delta); }
template <typename T>
CUDAPY_FN T shfl_xor_sync(unsigned mask, T v, int lane_mask) { return __shfl_xor_sync(mask, v, lane_mask); }
CUDAPY_FN int all_sync(unsigned mask, int p) { return __all_sync(mask, p) != 0; }
CUDAPY_FN int eq_sync(unsigned mask, int p) { return __uni_sync(mask, p) != 0; }
template <typename T>
CUDAPY_FN unsigned match_any_sync(unsigned mask, T v) { return __match_any_sync(mask, v); }
template <typename T>
CUDAPY_FN unsigned match_all_sync(unsigned mask, T v) {
    int all_equal;
    return __match_all_sync(mask, v, &all_equal);
}
CUDAPY_FN int any_sync(unsigned mask, int p) { return __any_sync(mask, p) != 0; }
CUDAPY_FN unsigned ballot_sync(unsigned mask, int p) { return __ballot_sync(mask, p); }
CUDAPY_FN unsigned activemask() { return __activemask(); }
CUDAPY_FN unsigned lanemask_lt() {
    unsigned mask;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
    return mask;
}
CUDAPY_FN int laneid() {
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    return (int)lane;
}

CUDAPY_FN int popc(unsigned x) { return __popc(x); }
CUDAPY_FN int popc(int x) { return __popc((unsigned)x); }
CUDAPY_FN int popc(unsigned long long x) { return __popcll(x); }
CUDAPY_FN int popc(long long x) { return __popcll((unsigned long long)x); }
CUDAPY_FN int clz(unsigned x) { return __clz((int)x); }
CUDAPY_FN int clz(int x) { return __clz(x); }
CUDAPY_FN int clz(unsigned long long x) { return __clzll((long long)x); }
CUDAPY_FN int clz(long long x) { return __clzll(x); }
CUDAPY_FN int ffs(unsigned x) { return __ffs((int)x); }
CUDAPY_FN int ffs(int x) { return __ffs(x); }
CUDAPY_FN int ffs(unsigned long long x) { return __ffsll((long long)x); }
CUDAPY_FN int ffs(long long x) { return __ffsll(x); }
CUDAPY_FN unsigned brev(unsigned x) { return __brev(x); }
CUDAPY_FN unsigned long long brev(unsigned long long x) { return __brevll(x); }

// Atomics return the old value. CUDA has no signed 64-bit forms of most of them: two's
// complement makes the unsigned ones right for add, exchange, the bit operations and CAS.
using ull = unsigned long long;

template <typename T> CUDAPY_FN T atomic_add(T *p, T v) { return atomicAdd(p, v); }
CUDAPY_FN long long atomic_add(long long *p, long long v) { return (long long)atomicAdd((ull *)p, (ull)v); }
template <typename T> CUDAPY_FN T atomic_sub(T *p, T v) { return atomic_add(p, (T)(T(0) - v)); }
CUDAPY_FN float atomic_sub(float *p, float v) { return atomicAdd(p, -v); }
CUDAPY_FN double atomic_sub(double *p, double v) { return atomicAdd(p, -v); }

template <typename T> CUDAPY_FN T atomic_min(T *p, T v) { return atomicMin(p, v); }
template <typename T> CUDAPY_FN T atomic_max(T *p, T v) { return atomicMax(p, v); }
// Floats by compare-and-swap on their bits, leaving the value alone when v does not improve it.
CUDAPY_FN int bits_of(float v) { return __float_as_int(v); }
CUDAPY_FN ull bits_of(double v) { return (ull)__double_as_longlong(v); }
CUDAPY_FN float value_of(int bits) { return __int_as_float(bits); }
CUDAPY_FN double value_of(ull bits) { return __longlong_as_double((long long)bits); }

// With NanMissing (numba's nanmin and nanmax), a NaN v changes nothing and v replaces a NaN.
template <bool Smaller, bool NanMissing = false, typename T>
CUDAPY_FN T atomic_extreme(T *p, T v) {
    using Bits = decltype(bits_of(v));
    Bits *bits = (Bits *)p, old = *bits, assumed;
    if (NanMissing && v != v) return value_of(old);
    do {
        assumed = old;
        T held = value_of(assumed);
        if (!(Smaller ? v < held : v > held) && !(NanMissing && held != held)) break;
        old = atomicCAS(bits, assumed, bits_of(v));
    } while (old != assumed);
    return value_of(old);
}
CUDAPY_FN float atomic_min(float *p, float v) { return atomic_extreme<true>(p, v); }
CUDAPY_FN float atomic_max(float *p, float v) { return atomic_extreme<false>(p, v); }
CUDAPY_FN double atomic_min(double *p, double v) { return atomic_extreme<true>(p, v); }
CUDAPY_FN double atomic_max(double *p, double v) { return atomic_extreme<false>(p, v); }

// numba's nanmin and nanmax: integers have no NaN.
template <typename T> CUDAPY_FN T atomic_nanmin(T *p, T v) { return atomic_min(p, v); }
template <typename T> CUDAPY_FN T atomic_nanmax(T *p, T v) { return atomic_max(p, v); }
CUDAPY_FN float atomic_nanmin(float *p, float v) { return atomic_extreme<true, true>(p, v); }
CUDAPY_FN float atomic_nanmax(float *p, float v) { return atomic_extreme<false, true>(p, v); }
CUDAPY_FN double atomic_nanmin(double *p, double v) { return atomic_extreme<true, true>(p, v); }
CUDAPY_FN double atomic_nanmax(double *p, double v) { return atomic_extreme<false, true>(p, v); }

template <typename T> CUDAPY_FN T atomic_and(T *p, T v) { return atomicAnd(p, v); }
CUDAPY_FN long long atomic_and(long long *p, long long v) { return (long long)atomicAnd((ull *)p, (ull)v); }
template <typename T> CUDAPY_FN T atomic_or(T *p, T v) { return atomicOr(p, v); }
CUDAPY_FN long long atomic_or(long long *p, long long v) { return (long long)atomicOr((ull *)p, (ull)v); }
template <typename T> CUDAPY_FN T atomic_xor(T *p, T v) { return atomicXor(p, v); }
CUDAPY_FN long long atomic_xor(long long *p, long long v) { return (long long)atomicXor((ull *)p, (ull)v); }

// A volatile read goes to the memory every block sees, past the multiprocessor's own cache.
template <typename T> CUDAPY_FN T atomic_load(T *p) { return *(volatile T *)p; }

// numba's cache-hinted loads and stores (cuda.ldcg, cuda.stcs, ...): PTX's ld.global and
// st.global with a cache operator, moving the element's bits (PTX has no 8-bit registers: a
// byte travels in 16 bits). An element outside global memory (of a shared or local array) is
// read and written plainly.
#define CUDAPY_HINTED_LOAD(name, op)                                                              \
    template <typename T>                                                                         \
    CUDAPY_FN T name(const T *p) {                                                                \
        if (!__isGlobal(p)) return *p;                                                            \
        T value;                                                                                  \
        if constexpr (sizeof(T) == 1) {                                                           \
            unsigned short bits;                                                                  \
            asm volatile("ld.global." op ".b8 %0, [%1];" : "=h"(bits) : "l"(p) : "memory");       \
            *reinterpret_cast<unsigned char *>(&value) = static_cast<unsigned char>(bits);        \
        } else if constexpr (sizeof(T) == 2) {                                                    \
            unsigned short bits;                                                                  \
            asm volatile("ld.global." op ".b16 %0, [%1];" : "=h"(bits) : "l"(p) : "memory");      \
            *reinterpret_cast<unsigned short *>(&value) = bits;                                   \
        } else if constexpr (sizeof(T) == 4) {                                                    \
            unsigned bits;                                                                        \
            asm volatile("ld.global." op ".b32 %0, [%1];" : "=r"(bits) : "l"(p) : "memory");      \
            *reinterpret_cast<unsigned *>(&value) = bits;                                         \
        } else {                                                                                  \
            unsigned long long bits;                                                              \
            asm volatile("ld.global." op ".b64 %0, [%1];" : "=l"(bits) : "l"(p) : "memory");      \
            *reinterpret_cast<unsigned long long *>(&value) = bits;                               \
        }                                                                                         \
        return value;                                                                             \
    }
#define CUDAPY_HINTED_STORE(name, op)                                                             \
    template <typename T>                                                                         \
    CUDAPY_FN void name(T *p, T value) {                                                          \
        if (!__isGlobal(p)) {                                                                     \
            *p = value;                                                                           \
            return;                                                                               \
        }                                                                                         \
        if constexpr (sizeof(T) == 1) {                                                           \
            unsigned short bits = *reinterpret_cast<const unsigned char *>(&value);               \
            asm volatile("st.global." op ".b8 [%0], %1;" ::"l"(p), "h"(bits) : "memory");         \
        } else if constexpr (sizeof(T) == 2) {                                                    \
            unsigned short bits = *reinterpret_cast<const unsigned short *>(&value);              \
            asm volatile("st.global." op ".b16 [%0], %1;" ::"l"(p), "h"(bits) : "memory");        \
        } else if constexpr (sizeof(T) == 4) {                                                    \
            unsigned bits = *reinterpret_cast<const unsigned *>(&value);                          \
            asm volatile("st.global." op ".b32 [%0], %1;" ::"l"(p), "r"(bits) : "memory");        \
        } else {                                                                                  \
            unsigned long long bits = *reinterpret_cast<const unsigned long long *>(&value);      \
            asm volatile("st.global." op ".b64 [%0], %1;" ::"l"(p), "l"(bits) : "memory");        \
        }                                                                                         \
    }
CUDAPY_HINTED_LOAD(load_ca, "ca")
CUDAPY_HINTED_LOAD(load_cg, "cg")
CUDAPY_HINTED_LOAD(load_cs, "cs")
CUDAPY_HINTED_LOAD(load_lu, "lu")
CUDAPY_HINTED_LOAD(load_cv, "cv")
CUDAPY_HINTED_STORE(store_cg, "cg")
CUDAPY_HINTED_STORE(store_cs, "cs")
CUDAPY_HINTED_STORE(store_wb, "wb")
CUDAPY_HINTED_STORE(store_wt, "wt")
#undef CUDAPY_HINTED_LOAD
#undef CUDAPY_HINTED_STORE

template <typename T> CUDAPY_FN T atomic_exch(T *p, T v) { return atomicExch(p, v); }
CUDAPY_FN long long atomic_exch(long long *p, long long v) { return (long long)atomicExch((ull *)p, (ull)v); }
CUDAPY_FN double atomic_exch(double *p, double v) {
    return __longlong_as_double((long long)atomicExch((ull *)p, (ull)__double_as_longlong(v)));
}

CUDAPY_FN unsigned atomic_inc(unsigned *p, unsigned v) { return atomicInc(p, v); }
CUDAPY_FN unsigned atomic_dec(unsigned *p, unsigned v) { return atomicDec(p, v); }
CUDAPY_FN ull atomic_inc(ull *p, ull v) {
    ull old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, assumed >= v ? 0ULL : assumed + 1);
    } while (old != assumed);
    return old;
}
CUDAPY_FN ull atomic_dec(ull *p, ull v) {
    ull old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, (assumed == 0 || assumed > v) ? v : assumed - 1);
    } while (old != assumed);
    return old;
}

template <typename T> CUDAPY_FN T atomic_cas(T *p, T compare, T v) { return atomicCAS(p, compare, v); }
CUDAPY_FN long long atomic_cas(long long *p, long long compare, long long v) {
    return (long long)atomicCAS((ull *)p, (ull)compare, (ull)v);
}

// Dynamic shared memory: every array declared with shape 0 starts at its base, as in numba.
extern __shared__ __align__(16) unsigned char dynamic_shared_memory[];
CUDAPY_FN unsigned char *dynamic_shared() { return dynamic_shared_memory; }
CUDAPY_FN unsigned long long dynamic_shared_bytes() {
    unsigned bytes;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(bytes));
    return bytes;
}

}  // namespace cudapy
