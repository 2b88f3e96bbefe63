// The CPU's part of the run-time support, before the shared part: CUDA's names for the thread
// indices, the CUDA functions C++ lacks, atomics, barriers and warp operations, and the loops
// that run a launch's blocks (threads one after another, or as fibers where they cooperate).
#include <math.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>

#define CUDAPY_FN inline
// CUDA's function qualifiers, so that CUDA C++ linked with a program compiles for the CPU too.
#define __device__
#define __host__
#define __forceinline__ inline

// Switching between the fibers that run a block's threads: a few instructions on x86-64, ucontext
// (which also saves the signal mask, with a system call) elsewhere.
#if defined(__x86_64__) && !defined(CUDAPY_FIBERS_UCONTEXT)
#define CUDAPY_FIBER_ASM 1
// Pushes the callee-saved registers, stores the stack pointer in *save, and pops the registers
// of the stack at `load` and returns there: with a jump, as the processor would mispredict every
// `ret` (its return stack holds the other fiber's caller), which makes a switch 3 times slower.
// Weak, so that several translation units may have it.
extern "C" __attribute__((visibility("hidden"))) void cudapy_fiber_switch(void **save, void *load) noexcept;
asm(".pushsection .text\n"
    ".weak cudapy_fiber_switch\n"
    ".hidden cudapy_fiber_switch\n"
    ".type cudapy_fiber_switch, @function\n"
    ".p2align 4\n"
    "cudapy_fiber_switch:\n"
    "    pushq %rbp\n"
    "    pushq %rbx\n"
    "    pushq %r12\n"
    "    pushq %r13\n"
    "    pushq %r14\n"
    "    pushq %r15\n"
    "    movq %rsp, (%rdi)\n"
    "    movq %rsi, %rsp\n"
    "    popq %r15\n"
    "    popq %r14\n"
    "    popq %r13\n"
    "    popq %r12\n"
    "    popq %rbx\n"
    "    popq %rbp\n"
    "    popq %rcx\n"
    "    jmpq *%rcx\n"
    ".size cudapy_fiber_switch, .-cudapy_fiber_switch\n"
    ".popsection\n");
#else
#define CUDAPY_FIBER_ASM 0
#include <ucontext.h>
#endif

struct cudapy_uint3 {
    unsigned int x, y, z;
};

// CUDA's built-in index variables, set by the launch loop for the thread it runs, or on each
// switch to the fiber that runs a thread. (Every loaded
// kernel library has its own; the static TLS block that a faster TLS model would use runs out
// after a few dozen libraries.)
static thread_local cudapy_uint3 threadIdx;
static thread_local cudapy_uint3 blockIdx;
static thread_local cudapy_uint3 blockDim;
static thread_local cudapy_uint3 gridDim;
static constexpr int warpSize = 32;

using std::isfinite;
using std::isinf;
using std::isnan;
using std::signbit;

inline float __int_as_float(int bits) {
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}
inline double __longlong_as_double(long long bits) {
    double value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// CUDA's math functions that C's library lacks and that follow from those it has.
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
inline double rcbrt(double x) { return 1.0 / cbrt(x); }
// sin(pi x) and cos(pi x) as CUDA computes them: x = n / 2 + f exactly, f in [-1/4, 1/4], and
// sin or cos of pi f by n modulo 4, exact at integers and half-integers and precise near them.
inline double sinpi(double x) {
    if (!std::isfinite(x)) return NAN;
    if (x == trunc(x)) return copysign(0.0, x);
    double reduced = fmod(x, 2.0);
    double n = nearbyint(2.0 * reduced);
    double f = reduced - n / 2.0;
    int quadrant = ((int)n % 4 + 4) % 4;
    double value = quadrant % 2 ? cos(M_PI * f) : sin(M_PI * f);
    return quadrant >= 2 ? -value : value;
}
inline double cospi(double x) {
    double reduced = fmod(fabs(x), 2.0);
    if (!std::isfinite(x)) return NAN;
    double n = nearbyint(2.0 * reduced);
    double f = reduced - n / 2.0;
    int quadrant = (int)n % 4;
    if (quadrant % 2 && f == 0.0) return 0.0;
    double value = quadrant % 2 ? sin(M_PI * f) : cos(M_PI * f);
    return quadrant == 1 || quadrant == 2 ? -value : value;
}
inline float sinpif(float x) { return (float)sinpi((double)x); }
inline float cospif(float x) { return (float)cospi((double)x); }
// Through hypot, as CUDA's: an infinity with a NaN is infinite. Float norms and their
// reciprocals are computed in double, where no norm of floats overflows: 1 / hypotf(x, y) was
// 0 for x = y = FLT_MAX, whose reciprocal norm is a float (2.1e-39).
inline double norm3d(double a, double b, double c) { return hypot(hypot(a, b), c); }
inline double norm4d(double a, double b, double c, double d) { return hypot(hypot(a, b), hypot(c, d)); }
// A double norm past DBL_MAX is scaled by the largest magnitude, so that its reciprocal is the
// subnormal CUDA's rhypot, rnorm3d and rnorm4d give, not 0.
template <typename Norm, typename... Values>
inline double reciprocal_norm(Norm norm, Values... values) {
    double whole = norm(values...);
    if (!std::isinf(whole) || (std::isinf(values) || ...)) return 1.0 / whole;
    double largest = std::max({fabs(values)...});
    return (1.0 / largest) / norm((values / largest)...);
}
inline double rhypot(double x, double y) { return reciprocal_norm([](double a, double b) { return hypot(a, b); }, x, y); }
inline double rnorm3d(double a, double b, double c) { return reciprocal_norm(norm3d, a, b, c); }
inline double rnorm4d(double a, double b, double c, double d) { return reciprocal_norm(norm4d, a, b, c, d); }
inline float norm3df(float a, float b, float c) { return (float)norm3d(a, b, c); }
inline float norm4df(float a, float b, float c, float d) { return (float)norm4d(a, b, c, d); }
inline float rhypotf(float x, float y) { return (float)rhypot(x, y); }
inline float rnorm3df(float a, float b, float c) { return (float)rnorm3d(a, b, c); }
inline float rnorm4df(float a, float b, float c, float d) { return (float)rnorm4d(a, b, c, d); }
inline float normcdff(float x) { return 0.5f * erfcf(-x * (float)M_SQRT1_2); }
inline double normcdf(double x) { return 0.5 * erfc(-x * M_SQRT1_2); }

namespace cudapy {

// NumPy's float16: stored in 16 bits, computed in float32 and rounded back after each operation.
struct half {
    unsigned short bits;
    half() = default;
    half(float value) {
        _Float16 h = (_Float16)value;
        std::memcpy(&bits, &h, sizeof bits);
    }
    // A double rounds once, as NumPy rounds it, not through float.
    half(double value) {
        _Float16 h = (_Float16)value;
        std::memcpy(&bits, &h, sizeof bits);
    }
    // Integers through float, which holds every integer that does not overflow a half.
    template <typename T>
    half(T value) : half(static_cast<float>(value)) {}
    static half from_bits(unsigned short value) {
        half h;
        h.bits = value;
        return h;
    }
    operator float() const {
        _Float16 h;
        std::memcpy(&h, &bits, sizeof h);
        return (float)h;
    }
};

// "FILE:LINE: " (with snprintf: std::to_string's digit table is a unique symbol, which keeps the
// kernel's library from unloading).
inline std::string source_place(const char *file, int line) {
    char number[16];
    std::snprintf(number, sizeof number, "%d", line);
    return std::string(file) + ":" + number + ": ";
}

// A Python exception the kernel cannot raise stops the launch, which then fails on the host.
[[noreturn]] inline void fail(const char *file, int line, const char *message) {
    throw std::runtime_error(source_place(file, line) + message);
}

// A failed `assert`: the launch fails with CUDAPY_ERROR_ASSERTION rather than LAUNCH_FAILED.
struct assertion_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

[[noreturn]] inline void assert_failed(const char *file, int line, const char *message) {
    std::string text = source_place(file, line) + "AssertionError";
    if (message && *message) text += std::string(": ") + message;
    char where[96];
    std::snprintf(where, sizeof where, " (thread (%u, %u, %u) of block (%u, %u, %u))", threadIdx.x,
                  threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z);
    throw assertion_error(text + where);
}

// The translation's checks name their site for the GPU; here the message is made at once.
#define CUDAPY_ASSERT_FAILED(site, file, line, message) cudapy::assert_failed(file, line, message)
#define CUDAPY_ZERO_DIVISION(site, file, line) \
    cudapy::fail(file, line, "ZeroDivisionError: integer division or modulo by zero")

// Memory for the stacks of `count` fibers: stack i spans [base + i * stride, base + (i + 1) *
// stride), of which the top `usable` bytes may be used. `base` is null when memory ran out.
struct fiber_stack_area {
    unsigned char *base;
    unsigned long long stride, usable;
};

// What a worker gets for the blocks it runs; the layout of cudapy::host::EntryShape.
struct launch_shape {
    cudapy_uint3 grid, block;
    unsigned char *dynamic_shared;            // this worker's dynamic shared memory, 16-byte aligned
    unsigned long long dynamic_shared_bytes;  // the launch's size of it
    fiber_stack_area (*fiber_stacks)(unsigned long long count);  // this worker's, kept for reuse
    int *stop;                                // nonzero once a block of the launch has failed
};

// Static shared memory: the threads of a block run on one worker thread, one block at a time.
#define CUDAPY_SHARED static thread_local

static thread_local unsigned char *dynamic_shared_base;
static thread_local unsigned long long dynamic_shared_size;

CUDAPY_FN unsigned char *dynamic_shared() { return dynamic_shared_base; }
CUDAPY_FN unsigned long long dynamic_shared_bytes() { return dynamic_shared_size; }

CUDAPY_FN void threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
CUDAPY_FN void threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
CUDAPY_FN void threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

// Bits, with CUDA's answers where the builtins leave 0 undefined.
CUDAPY_FN int popc(unsigned x) { return __builtin_popcount(x); }
CUDAPY_FN int popc(unsigned long long x) { return __builtin_popcountll(x); }
CUDAPY_FN int popc(int x) { return popc((unsigned)x); }
CUDAPY_FN int popc(long long x) { return popc((unsigned long long)x); }
CUDAPY_FN int clz(unsigned x) { return x ? __builtin_clz(x) : 32; }
CUDAPY_FN int clz(unsigned long long x) { return x ? __builtin_clzll(x) : 64; }
CUDAPY_FN int clz(int x) { return clz((unsigned)x); }
CUDAPY_FN int clz(long long x) { return clz((unsigned long long)x); }
CUDAPY_FN int ffs(unsigned x) { return x ? __builtin_ctz(x) + 1 : 0; }
CUDAPY_FN int ffs(unsigned long long x) { return x ? __builtin_ctzll(x) + 1 : 0; }
CUDAPY_FN int ffs(int x) { return ffs((unsigned)x); }
CUDAPY_FN int ffs(long long x) { return ffs((unsigned long long)x); }
CUDAPY_FN unsigned brev(unsigned x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
CUDAPY_FN unsigned long long brev(unsigned long long x) {
    return ((unsigned long long)brev((unsigned)x) << 32) | brev((unsigned)(x >> 32));
}
CUDAPY_FN unsigned brev(int x) { return brev((unsigned)x); }
CUDAPY_FN unsigned long long brev(long long x) { return brev((unsigned long long)x); }

// Atomics are real ones: the blocks of a launch run on several threads at once.
template <typename T, typename Next>
CUDAPY_FN T atomic_update(T *p, Next next) {
    T old;
    __atomic_load(p, &old, __ATOMIC_SEQ_CST);
    while (true) {
        T desired = next(old);
        // Nothing to write (a max below the maximum, say): no store, so no contention.
        if (std::memcmp(&desired, &old, sizeof(T)) == 0) return old;
        if (__atomic_compare_exchange(p, &old, &desired, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            return old;
    }
}

template <typename T>
CUDAPY_FN T atomic_add(T *p, T v) {
    if constexpr (std::is_integral<T>::value) return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
    else return atomic_update(p, [v](T old) { return (T)(old + v); });
}
template <typename T>
CUDAPY_FN T atomic_sub(T *p, T v) {
    if constexpr (std::is_integral<T>::value) return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST);
    else return atomic_update(p, [v](T old) { return (T)(old - v); });
}
// As on the GPU, a float is stored only where it compares below (above) the old value: never a
// NaN, and never over one.
template <typename T>
CUDAPY_FN T atomic_min(T *p, T v) {
    return atomic_update(p, [v](T old) { return v < old ? v : old; });
}
template <typename T>
CUDAPY_FN T atomic_max(T *p, T v) {
    return atomic_update(p, [v](T old) { return v > old ? v : old; });
}
// numba's nanmin and nanmax: a NaN is missing, so v replaces a NaN and a NaN v changes nothing.
template <typename T>
CUDAPY_FN T atomic_nanmin(T *p, T v) {
    return atomic_update(p, [v](T old) { return v != v ? old : (old != old || v < old) ? v : old; });
}
template <typename T>
CUDAPY_FN T atomic_nanmax(T *p, T v) {
    return atomic_update(p, [v](T old) { return v != v ? old : (old != old || v > old) ? v : old; });
}
template <typename T>
CUDAPY_FN T atomic_and(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); }
template <typename T>
CUDAPY_FN T atomic_or(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }
template <typename T>
CUDAPY_FN T atomic_xor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); }
template <typename T>
CUDAPY_FN T atomic_load(T *p) {
    T value;
    __atomic_load(p, &value, __ATOMIC_SEQ_CST);
    return value;
}

// numba's cache-hinted loads and stores: the host's caches take no hints.
template <typename T> CUDAPY_FN T load_ca(const T *p) { return *p; }
template <typename T> CUDAPY_FN T load_cg(const T *p) { return *p; }
template <typename T> CUDAPY_FN T load_cs(const T *p) { return *p; }
template <typename T> CUDAPY_FN T load_lu(const T *p) { return *p; }
template <typename T> CUDAPY_FN T load_cv(const T *p) { return *p; }
template <typename T> CUDAPY_FN void store_cg(T *p, T value) { *p = value; }
template <typename T> CUDAPY_FN void store_cs(T *p, T value) { *p = value; }
template <typename T> CUDAPY_FN void store_wb(T *p, T value) { *p = value; }
template <typename T> CUDAPY_FN void store_wt(T *p, T value) { *p = value; }
template <typename T>
CUDAPY_FN T atomic_exch(T *p, T v) {
    T old;
    __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST);
    return old;
}
template <typename T>
CUDAPY_FN T atomic_inc(T *p, T v) {
    return atomic_update(p, [v](T old) { return old >= v ? T(0) : (T)(old + 1); });
}
template <typename T>
CUDAPY_FN T atomic_dec(T *p, T v) {
    return atomic_update(p, [v](T old) { return (old == 0 || old > v) ? v : (T)(old - 1); });
}
template <typename T>
CUDAPY_FN T atomic_cas(T *p, T compare, T value) {
    // On failure `compare` becomes the value found; on success it was that value.
    __atomic_compare_exchange(p, &compare, &value, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return compare;
}

CUDAPY_FN int laneid() {
    return (int)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31u);
}
CUDAPY_FN unsigned lanemask_lt() { return (1u << laneid()) - 1u; }

// Kernels that use barriers or warp operations run each block's threads as fibers on the
// worker running the block: a thread runs until it reaches a barrier, then the next one runs;
// when every thread waits, the barriers whose threads have all arrived let them go.
namespace fibers {

enum class state : unsigned char { runnable, at_block_barrier, at_warp_op, finished };
enum class warp_op : unsigned char {
    shfl, shfl_up, shfl_down, shfl_xor, all, any, eq, ballot, match_any, match_all, syncwarp, activemask
};

// (A switch, as a table would be a unique symbol that keeps the kernel's library from unloading.)
inline const char *warp_op_name(warp_op op) {
    switch (op) {
    case warp_op::shfl: return "shfl_sync";
    case warp_op::shfl_up: return "shfl_up_sync";
    case warp_op::shfl_down: return "shfl_down_sync";
    case warp_op::shfl_xor: return "shfl_xor_sync";
    case warp_op::all: return "all_sync";
    case warp_op::any: return "any_sync";
    case warp_op::eq: return "eq_sync";
    case warp_op::match_any: return "match_any_sync";
    case warp_op::match_all: return "match_all_sync";
    case warp_op::ballot: return "ballot_sync";
    case warp_op::syncwarp: return "syncwarp";
    case warp_op::activemask: return "activemask";
    }
    return "a warp operation";
}

#if CUDAPY_FIBER_ASM
// The callee-saved registers and the stack pointer are all a switch must keep; the floating-point
// control state is the worker's and no kernel changes it.
struct context {
    void *stack_pointer;
};
#else
struct context {
    ucontext_t registers;
};
#endif

struct fiber {
    context saved;                 // while it does not run
    cudapy_uint3 thread;           // its threadIdx
    state waiting;
    warp_op op;                    // at_warp_op: which
    unsigned mask;                 // at_warp_op: the lanes it names
    long long argument;            // predicate, source lane, delta or lane mask
    unsigned long long value;      // shfl: the bits it offers
    unsigned long long result;     // what the barrier or warp operation gave it
};

// One block of a cooperative launch, on the worker running it.
struct block_run {
    fiber *fibers;
    unsigned count;
    context scheduler;
    fiber *current;
    void (*invoke)(void *kernel);
    void *kernel;
    int status;  // 0, or the failure's run_blocks status, its message in `error`
    char *error;
    unsigned long error_size;
    unsigned finished, at_warp_op, at_block_barrier, true_predicates;  // threads, by where they are

    void failed(int failure, const char *message) {
        status = failure;
        std::snprintf(error, error_size, "%s", message);
    }
};

static thread_local block_run *current_run;

#if CUDAPY_FIBER_ASM
inline void switch_context(context &from, const context &to) {
    cudapy_fiber_switch(&from.stack_pointer, to.stack_pointer);
}
#else
inline void switch_context(context &from, const context &to) { swapcontext(&from.registers, &to.registers); }
#endif

// Passes the worker from `self`, which waits or has finished, to the next runnable fiber of the
// sweep, or back to the scheduler at the sweep's end: one switch per thread and barrier.
inline void pass_on(block_run &run, fiber &self) {
    for (fiber *next = &self + 1, *end = run.fibers + run.count; next != end; ++next) {
        if (next->waiting != state::runnable) continue;
        run.current = next;
        threadIdx = next->thread;
        switch_context(self.saved, next->saved);
        return;
    }
    switch_context(self.saved, run.scheduler);
}

// Where every fiber starts: runs its thread of the kernel, then passes the worker on for good.
// Exceptions stop here, on the fiber's own stack; the kernel's frames own nothing, so the other
// fibers of a failed block are simply dropped.
[[noreturn]] inline void fiber_main() {
    block_run &run = *current_run;
    fiber &self = *run.current;
    try {
        run.invoke(run.kernel);
    } catch (const assertion_error &failure) {
        run.failed(2, failure.what());
    } catch (const std::exception &failure) {
        run.failed(1, failure.what());
    } catch (...) {
        run.failed(1, "the kernel raised an unknown exception");
    }
    self.waiting = state::finished;
    ++run.finished;
    if (run.status) switch_context(self.saved, run.scheduler);
    else pass_on(run, self);
    __builtin_unreachable();
}

#if CUDAPY_FIBER_ASM
// A first switch to the fiber pops zeroed registers and jumps to fiber_main, whose own return
// address is 0 so that unwinders stop there.
inline void start(fiber &f, unsigned char *stack_top, unsigned long long) {
    unsigned long *frame = (unsigned long *)stack_top - 8;
    for (int i = 0; i < 6; ++i) frame[i] = 0;
    frame[6] = reinterpret_cast<unsigned long>(&fiber_main);
    frame[7] = 0;
    f.saved.stack_pointer = frame;
}
#else
inline void start(fiber &f, unsigned char *stack_top, unsigned long long usable) {
    getcontext(&f.saved.registers);
    f.saved.registers.uc_stack.ss_sp = stack_top - usable;
    f.saved.registers.uc_stack.ss_size = usable;
    f.saved.registers.uc_link = nullptr;
    makecontext(&f.saved.registers, fiber_main, 0);
}
#endif

// The block of the thread that calls a barrier or warp operation.
inline block_run &calling_run() {
    block_run *run = current_run;
    if (!run)
        throw std::logic_error("internal error in cudapy: a barrier or warp operation in a kernel translated "
                               "without CUDAPY_COOPERATIVE");
    return *run;
}

// A block barrier; the result holds the live threads in its high half, the true predicates in
// its low half.
inline unsigned long long block_barrier(int predicate) {
    block_run &run = calling_run();
    fiber &self = *run.current;
    ++run.at_block_barrier;
    run.true_predicates += predicate != 0;
    self.waiting = state::at_block_barrier;
    pass_on(run, self);
    return self.result;
}

// Suspends the calling thread until the lanes its warp operation names have all arrived;
// returns its result.
inline unsigned long long warp_exchange(warp_op op, unsigned mask, long long argument,
                                        unsigned long long value) {
    block_run &run = calling_run();
    fiber &self = *run.current;
    self.op = op;
    self.mask = mask;
    self.argument = argument;
    self.value = value;
    ++run.at_warp_op;
    self.waiting = state::at_warp_op;
    pass_on(run, self);
    return self.result;
}

template <typename T>
CUDAPY_FN unsigned long long to_bits(T value) {
    static_assert(sizeof(T) <= sizeof(unsigned long long), "warp operations exchange at most 8 bytes");
    unsigned long long bits = 0;
    std::memcpy(&bits, &value, sizeof value);
    return bits;
}

template <typename T>
CUDAPY_FN T from_bits(unsigned long long bits) {
    T value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// The lane whose value a shuffle gives `lane`, or 32 for its own.
inline unsigned shuffle_source(warp_op op, unsigned lane, long long argument) {
    unsigned long long offset = (unsigned long long)argument;
    switch (op) {
    case warp_op::shfl: return (unsigned)argument & 31u;
    case warp_op::shfl_up: return offset <= lane ? lane - (unsigned)offset : 32u;
    case warp_op::shfl_down: return offset < 32u - lane ? lane + (unsigned)offset : 32u;
    default: {
        unsigned source = lane ^ (unsigned)argument;
        return source < 32u ? source : 32u;
    }
    }
}

// Gives the lanes of `group` (all waiting at `op`) their results and lets them go.
inline void complete_warp_op(block_run &run, fiber *lanes, unsigned group, warp_op op) {
    run.at_warp_op -= (unsigned)__builtin_popcount(group);
    unsigned ballot = 0;
    if (op == warp_op::all || op == warp_op::any || op == warp_op::eq || op == warp_op::ballot)
        for (unsigned rest = group; rest; rest &= rest - 1) {
            unsigned lane = (unsigned)__builtin_ctz(rest);
            if (lanes[lane].argument != 0) ballot |= 1u << lane;
        }
    bool shuffle = op == warp_op::shfl || op == warp_op::shfl_up || op == warp_op::shfl_down ||
                   op == warp_op::shfl_xor;
    unsigned long long vote = op == warp_op::all      ? ballot == group
                              : op == warp_op::any    ? ballot != 0
                              : op == warp_op::eq     ? ballot == 0 || ballot == group
                              : op == warp_op::ballot ? ballot
                                                      : group;  // activemask; syncwarp ignores it
    for (unsigned rest = group; rest; rest &= rest - 1) {
        unsigned lane = (unsigned)__builtin_ctz(rest);
        fiber &f = lanes[lane];
        if (shuffle) {
            // A source outside the group (undefined in CUDA) gives the lane its own value.
            unsigned source = shuffle_source(op, lane, f.argument);
            f.result = source < 32u && (group >> source & 1u) ? lanes[source].value : f.value;
        } else if (op == warp_op::match_all) {
            bool equal = true;
            for (unsigned others = group; others; others &= others - 1)
                equal = equal && lanes[__builtin_ctz(others)].value == f.value;
            f.result = equal ? group : 0u;
        } else if (op == warp_op::match_any) {
            // The lanes of the group whose value has the same bits.
            unsigned same = 0;
            for (unsigned others = group; others; others &= others - 1) {
                unsigned other = (unsigned)__builtin_ctz(others);
                if (lanes[other].value == f.value) same |= 1u << other;
            }
            f.result = same;
        } else {
            f.result = vote;
        }
        f.waiting = state::runnable;
    }
}

// Lets go the groups of lanes of one warp that have all reached their warp operation: the live
// lanes its mask names (and the caller). activemask gathers the lanes that call it while the
// others wait elsewhere. Returns whether any went; a group that disagrees on the operation fails
// the block.
inline bool release_warp(block_run &run, unsigned warp) {
    fiber *lanes = run.fibers + 32u * warp;
    unsigned count = run.count - 32u * warp < 32u ? run.count - 32u * warp : 32u;
    unsigned live = 0, arrived = 0, at_activemask = 0;
    for (unsigned lane = 0; lane < count; ++lane) {
        unsigned bit = 1u << lane;
        if (lanes[lane].waiting != state::finished) live |= bit;
        if (lanes[lane].waiting == state::at_warp_op) {
            arrived |= bit;
            if (lanes[lane].op == warp_op::activemask) at_activemask |= bit;
        }
    }
    bool released = false;
    if (at_activemask) {
        complete_warp_op(run, lanes, at_activemask, warp_op::activemask);
        arrived &= ~at_activemask;
        released = true;
    }
    for (unsigned pending = arrived; pending;) {
        unsigned lane = (unsigned)__builtin_ctz(pending);
        const fiber &caller = lanes[lane];
        unsigned group = (caller.mask | 1u << lane) & live;
        pending &= ~(1u << lane);
        if (group & ~arrived) continue;  // some lanes are not there yet
        bool agree = true;
        const fiber *other_op = nullptr;
        for (unsigned rest = group; rest; rest &= rest - 1) {
            const fiber &other = lanes[__builtin_ctz(rest)];
            agree = agree && ((other.mask | (rest & -rest)) & live) == group;
            if (other.op != caller.op) other_op = &other;
        }
        if (!agree) continue;  // masks that disagree wait for a deadlock report
        if (other_op) {
            char message[256];
            std::snprintf(message, sizeof message,
                          "lanes of warp %u of block (%u, %u, %u) wait at different warp operations "
                          "(%s and %s)",
                          warp, blockIdx.x, blockIdx.y, blockIdx.z, warp_op_name(caller.op),
                          warp_op_name(other_op->op));
            run.failed(1, message);
            return false;
        }
        complete_warp_op(run, lanes, group, caller.op);
        pending &= ~group;
        released = true;
    }
    return released;
}

enum class progress { released, finished, stuck };

// Called when no fiber can run: lets go every barrier all of whose threads have arrived.
inline progress release_waiting(block_run &run) {
    if (run.at_warp_op) {
        bool released = false;
        for (unsigned warp = 0; warp * 32u < run.count; ++warp) {
            released = release_warp(run, warp) || released;
            if (run.status) return progress::stuck;
        }
        if (released) return progress::released;
    }
    unsigned live = run.count - run.finished, at_barrier = run.at_block_barrier;
    if (live == 0) return progress::finished;
    if (at_barrier == live) {
        unsigned long long result = (unsigned long long)live << 32 | run.true_predicates;
        for (fiber *f = run.fibers, *end = run.fibers + run.count; f != end; ++f) {
            if (f->waiting != state::at_block_barrier) continue;
            f->result = result;
            f->waiting = state::runnable;
        }
        run.at_block_barrier = run.true_predicates = 0;
        return progress::released;
    }
    char message[320];
    std::snprintf(message, sizeof message,
                  "threads of block (%u, %u, %u) wait at different barriers and can never go on: "
                  "%u at syncthreads, %u at warp operations; every live thread of a block must reach the "
                  "same syncthreads, and every live lane a warp operation names the same warp operation",
                  blockIdx.x, blockIdx.y, blockIdx.z, at_barrier, live - at_barrier);
    run.failed(1, message);
    return progress::stuck;
}

// Runs the threads of the block in blockIdx to their end; returns 0 or the failure's status.
inline int run_block(block_run &run, const fiber_stack_area &stacks) {
    run.finished = run.at_warp_op = run.at_block_barrier = run.true_predicates = 0;
    for (unsigned i = 0; i < run.count; ++i) {
        run.fibers[i].waiting = state::runnable;
        // Tops at the same offset in every stack would all fall into the same cache sets.
        unsigned long long stagger = i % 64 * 64;
        start(run.fibers[i], stacks.base + (i + 1) * stacks.stride - stagger, stacks.usable - stagger);
    }
    fiber *end = run.fibers + run.count;
    while (true) {
        // A sweep: the runnable fibers in order, from the first, each passing the worker on to the
        // next when it waits, the last back here.
        fiber *first = run.fibers;
        while (first != end && first->waiting != state::runnable) ++first;
        if (first != end) {
            run.current = first;
            threadIdx = first->thread;
            switch_context(run.scheduler, first->saved);
            if (run.status) return run.status;
        }
        switch (release_waiting(run)) {
        case progress::released: break;
        case progress::finished: return 0;
        case progress::stuck: return run.status;
        }
    }
}

// Owns a block's fibers, which a failed block leaves suspended and nothing else refers to.
struct fiber_array {
    fiber *fibers;
    explicit fiber_array(unsigned count) : fibers(new fiber[count]) {}
    ~fiber_array() { delete[] fibers; }
    fiber_array(const fiber_array &) = delete;
    fiber_array &operator=(const fiber_array &) = delete;
};

inline int run_blocks_as_fibers(const launch_shape &shape, unsigned long long first, unsigned long long last,
                                char *error, unsigned long error_size, void (*invoke)(void *), void *kernel) {
    unsigned long long threads = (unsigned long long)shape.block.x * shape.block.y * shape.block.z;
    if (threads > 1024) {
        std::snprintf(error, error_size,
                      "a block of a kernel that uses barriers or warp operations has at most 1024 threads, as "
                      "on the GPU; this launch's blocks have %llu",
                      threads);
        return 1;
    }
    fiber_stack_area stacks = shape.fiber_stacks(threads);
    if (!stacks.base) {
        std::snprintf(error, error_size, "out of memory for the stacks of %llu threads", threads);
        return 1;
    }
    try {
        fiber_array fibers((unsigned)threads);
        for (unsigned i = 0; i < threads; ++i)
            fibers.fibers[i].thread = {i % shape.block.x, i / shape.block.x % shape.block.y,
                                       i / (shape.block.x * shape.block.y)};
        block_run run{fibers.fibers, (unsigned)threads, {}, nullptr, invoke, kernel, 0, error, error_size,
                      0, 0, 0, 0};
        current_run = &run;
        int status = 0;
        unsigned long long plane = (unsigned long long)shape.grid.x * shape.grid.y;
        for (unsigned long long block = first; block < last && status == 0; ++block) {
            if (__atomic_load_n(shape.stop, __ATOMIC_RELAXED)) break;
            blockIdx = {(unsigned)(block % shape.grid.x), (unsigned)(block / shape.grid.x % shape.grid.y),
                        (unsigned)(block / plane)};
            status = run_block(run, stacks);
        }
        current_run = nullptr;
        return status;
    } catch (const std::bad_alloc &) {
        std::snprintf(error, error_size, "out of memory for the fibers of %llu threads", threads);
        return 1;
    }
}

}  // namespace fibers

CUDAPY_FN void syncthreads() { fibers::block_barrier(0); }
CUDAPY_FN int this_grid() { return 0; }  // numba's grid group, whose sync() needs the GPU
CUDAPY_FN int syncthreads_count(int p) { return (int)(unsigned)fibers::block_barrier(p); }
CUDAPY_FN int syncthreads_and(int p) {
    unsigned long long result = fibers::block_barrier(p);
    return (unsigned)result == (unsigned)(result >> 32);
}
CUDAPY_FN int syncthreads_or(int p) { return (unsigned)fibers::block_barrier(p) != 0; }

CUDAPY_FN void syncwarp(unsigned mask) { fibers::warp_exchange(fibers::warp_op::syncwarp, mask, 0, 0); }

template <typename T>
CUDAPY_FN T shuffle(fibers::warp_op op, unsigned mask, T v, long long argument) {
    return fibers::from_bits<T>(fibers::warp_exchange(op, mask, argument, fibers::to_bits(v)));
}
template <typename T>
CUDAPY_FN T shfl_sync(unsigned mask, T v, int src_lane) {
    return shuffle(fibers::warp_op::shfl, mask, v, src_lane);
}
template <typename T>
CUDAPY_FN T shfl_up_sync(unsigned mask, T v, unsigned delta) {
    return shuffle(fibers::warp_op::shfl_up, mask, v, delta);
}
template <typename T>
CUDAPY_FN T shfl_down_sync(unsigned mask, T v, unsigned delta) {
    return shuffle(fibers::warp_op::shfl_down, mask, v, delta);
}
template <typename T>
CUDAPY_FN T shfl_xor_sync(unsigned mask, T v, int lane_mask) {
    return shuffle(fibers::warp_op::shfl_xor, mask, v, lane_mask);
}
CUDAPY_FN int all_sync(unsigned mask, int p) {
    return (int)fibers::warp_exchange(fibers::warp_op::all, mask, p, 0);
}
CUDAPY_FN int any_sync(unsigned mask, int p) {
    return (int)fibers::warp_exchange(fibers::warp_op::any, mask, p, 0);
}
CUDAPY_FN int eq_sync(unsigned mask, int p) {
    return (int)fibers::warp_exchange(fibers::warp_op::eq, mask, p, 0);
}
template <typename T>
CUDAPY_FN unsigned match_any_sync(unsigned mask, T v) {
    return (unsigned)fibers::warp_exchange(fibers::warp_op::match_any, mask, 0, fibers::to_bits(v));
}
template <typename T>
CUDAPY_FN unsigned match_all_sync(unsigned mask, T v) {
    return (unsigned)fibers::warp_exchange(fibers::warp_op::match_all, mask, 0, fibers::to_bits(v));
}
CUDAPY_FN unsigned ballot_sync(unsigned mask, int p) {
    return (unsigned)fibers::warp_exchange(fibers::warp_op::ballot, mask, p, 0);
}
// Among fibers, the lanes that call it together; in the plain loop, where threads cannot diverge
// from each other, the lanes the warp has.
CUDAPY_FN unsigned activemask() {
    if (fibers::current_run) return (unsigned)fibers::warp_exchange(fibers::warp_op::activemask, 0, 0, 0);
    using ull = unsigned long long;
    ull first_lane = (threadIdx.x + (ull)blockDim.x * (threadIdx.y + (ull)blockDim.y * threadIdx.z)) & ~31ull;
    ull lanes = (ull)blockDim.x * blockDim.y * blockDim.z - first_lane;
    return lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
}

// Runs blocks [first, last) of a launch on the calling thread, the threads of each block one
// after another. Returns 0, 1 with the failure's message in `error`, or 2 for a failed assert.
template <typename Kernel>
int run_blocks_in_turn(const launch_shape &shape, unsigned long long first, unsigned long long last,
                       char *error, unsigned long error_size, Kernel &kernel) {
    try {
        unsigned long long plane = (unsigned long long)shape.grid.x * shape.grid.y;
        for (unsigned long long block = first; block < last; ++block) {
            if (__atomic_load_n(shape.stop, __ATOMIC_RELAXED)) break;
            blockIdx = {(unsigned)(block % shape.grid.x), (unsigned)(block / shape.grid.x % shape.grid.y),
                        (unsigned)(block / plane)};
            for (unsigned z = 0; z < shape.block.z; ++z)
                for (unsigned y = 0; y < shape.block.y; ++y)
                    for (unsigned x = 0; x < shape.block.x; ++x) {
                        threadIdx = {x, y, z};
                        kernel();
                    }
        }
        return 0;
    } catch (const assertion_error &failure) {
        std::snprintf(error, error_size, "%s", failure.what());
        return 2;
    } catch (const std::exception &failure) {
        std::snprintf(error, error_size, "%s", failure.what());
        return 1;
    }
}

// The same, the threads of each block as fibers when `cooperative`, so that they can wait for
// each other.
template <bool cooperative, typename Kernel>
int run_blocks_with(const launch_shape &shape, unsigned long long first, unsigned long long last, char *error,
                    unsigned long error_size, Kernel &kernel) {
    gridDim = shape.grid;
    blockDim = shape.block;
    dynamic_shared_base = shape.dynamic_shared;
    dynamic_shared_size = shape.dynamic_shared_bytes;
    if constexpr (cooperative)
        return fibers::run_blocks_as_fibers(shape, first, last, error, error_size,
                                            [](void *k) { (*static_cast<Kernel *>(k))(); }, &kernel);
    else
        return run_blocks_in_turn(shape, first, last, error, error_size, kernel);
}

// A translation whose kernels use barriers or warp operations defines CUDAPY_COOPERATIVE before
// this prelude; the others keep the plain loop, which costs nothing per thread.
#ifdef CUDAPY_COOPERATIVE
constexpr bool translation_is_cooperative = true;
#else
constexpr bool translation_is_cooperative = false;
#endif

// The entry point of every translated kernel.
template <typename Kernel>
int run_blocks(const launch_shape &shape, unsigned long long first, unsigned long long last,
               char *error, unsigned long error_size, Kernel &&kernel) {
    return run_blocks_with<translation_is_cooperative>(shape, first, last, error, error_size, kernel);
}

}  // namespace cudapy
