// The CPU target's run time as translated kernels use it: the host prelude's barriers, warp
// operations, atomics, bit functions, shared memory and asserts, run through the worker pool of
// src/host. Each test kernel is a lambda in place of a translated kernel; every expected value is
// computed here independently of the code under test.
#include "emit/prelude_host.h"
#include "emit/prelude.cuh"

#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "common/error.h"
#include "host/launch.h"

namespace {

using cudapy::host::EntryShape;

static_assert(sizeof(EntryShape) == sizeof(cudapy::launch_shape));
static_assert(offsetof(EntryShape, grid) == offsetof(cudapy::launch_shape, grid));
static_assert(offsetof(EntryShape, block) == offsetof(cudapy::launch_shape, block));
static_assert(offsetof(EntryShape, dynamic_shared) == offsetof(cudapy::launch_shape, dynamic_shared));
static_assert(offsetof(EntryShape, dynamic_shared_bytes) == offsetof(cudapy::launch_shape, dynamic_shared_bytes));
static_assert(offsetof(EntryShape, fiber_stacks) == offsetof(cudapy::launch_shape, fiber_stacks));
static_assert(offsetof(EntryShape, stop) == offsetof(cudapy::launch_shape, stop));
static_assert(sizeof(cudapy::host::FiberStackArea) == sizeof(cudapy::fiber_stack_area));

// The kernel the next launch runs, as a translated kernel's entry point reaches its body.
std::function<void()> current_kernel;

template <bool cooperative>
int entry(void *const *, const EntryShape *shape, unsigned long long first, unsigned long long last, char *error,
          unsigned long error_size) {
    return cudapy::run_blocks_with<cooperative>(*reinterpret_cast<const cudapy::launch_shape *>(shape), first, last,
                                                error, error_size, current_kernel);
}

void launch(bool cooperative, cudapy::Dim3 grid, cudapy::Dim3 block, std::function<void()> kernel,
            std::size_t shared_bytes = 0) {
    current_kernel = std::move(kernel);
    cudapy::host::launch(cooperative ? entry<true> : entry<false>, nullptr, {grid, block}, shared_bytes);
}

void launch_cooperative(cudapy::Dim3 grid, cudapy::Dim3 block, std::function<void()> kernel,
                        std::size_t shared_bytes = 0) {
    launch(true, grid, block, std::move(kernel), shared_bytes);
}

// The status and message of the cudapy::Error a launch throws.
struct Failure {
    cudapy::Status status = cudapy::Status::Ok;
    std::string message;
};

Failure failure_of(bool cooperative, cudapy::Dim3 grid, cudapy::Dim3 block, std::function<void()> kernel) {
    try {
        launch(cooperative, grid, block, std::move(kernel));
    } catch (const cudapy::Error &error) {
        return {error.status(), error.what()};
    }
    return {};
}

unsigned linear_thread() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
unsigned linear_block() { return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z); }
unsigned threads_per_block() { return blockDim.x * blockDim.y * blockDim.z; }

}  // namespace

TEST_CASE("a block reduces through static shared memory and syncthreads") {
    constexpr unsigned blocks = 37, threads = 256;
    std::vector<long long> input(blocks * threads), sums(blocks, -1);
    for (std::size_t i = 0; i < input.size(); ++i) input[i] = (long long)(i * i % 1000003);
    launch_cooperative({blocks, 1, 1}, {threads, 1, 1}, [&] {
        CUDAPY_SHARED long long partial[threads];
        unsigned t = threadIdx.x;
        partial[t] = input[blockIdx.x * threads + t];
        cudapy::syncthreads();
        for (unsigned stride = threads / 2; stride > 0; stride /= 2) {
            if (t < stride) partial[t] += partial[t + stride];
            cudapy::syncthreads();
        }
        if (t == 0) sums[blockIdx.x] = partial[0];
    });
    for (unsigned b = 0; b < blocks; ++b) {
        long long expected = 0;
        for (unsigned t = 0; t < threads; ++t) expected += input[b * threads + t];
        CHECK(sums[b] == expected);
    }
}

TEST_CASE("syncthreads_count, _and and _or reduce over the threads still running") {
    constexpr unsigned threads = 200;
    std::vector<int> counts(threads, -1), ands(threads, -1), ors(threads, -1), all_true(threads, -1),
        none_true(threads, -1);
    launch_cooperative({2, 1, 1}, {threads, 1, 1}, [&] {
        unsigned t = threadIdx.x;
        if (t >= 150) return;  // these no longer take part
        if (blockIdx.x != 1) return;
        counts[t] = cudapy::syncthreads_count(t % 3 == 0);
        ands[t] = cudapy::syncthreads_and(t % 3 == 0);
        ors[t] = cudapy::syncthreads_or(t == 149);
        all_true[t] = cudapy::syncthreads_and(1);
        none_true[t] = cudapy::syncthreads_or(0);
    });
    for (unsigned t = 0; t < 150; ++t) {
        CHECK(counts[t] == 50);
        CHECK(ands[t] == 0);
        CHECK(ors[t] == 1);
        CHECK(all_true[t] == 1);
        CHECK(none_true[t] == 0);
    }
    for (unsigned t = 150; t < threads; ++t) CHECK(counts[t] == -1);
}

TEST_CASE("threads of 3-d blocks have their indices across barriers, lanes in x-fastest order") {
    constexpr unsigned x = 8, y = 5, z = 3, threads = x * y * z;
    std::vector<unsigned> seen(2 * threads * 4, 0);
    launch_cooperative({1, 2, 1}, {x, y, z}, [&] {
        unsigned slot = (blockIdx.y * threads + linear_thread()) * 4;
        cudapy::syncthreads();
        seen[slot] = threadIdx.x + 100 * threadIdx.y + 10000 * threadIdx.z;
        cudapy::syncwarp(0xffffffffu);
        seen[slot + 1] = (unsigned)cudapy::laneid();
        seen[slot + 2] = cudapy::lanemask_lt();
        seen[slot + 3] = blockIdx.y;
    });
    for (unsigned b = 0; b < 2; ++b)
        for (unsigned k = 0; k < z; ++k)
            for (unsigned j = 0; j < y; ++j)
                for (unsigned i = 0; i < x; ++i) {
                    unsigned linear = i + x * (j + y * k), slot = (b * threads + linear) * 4;
                    CHECK(seen[slot] == i + 100 * j + 10000 * k);
                    CHECK(seen[slot + 1] == linear % 32);
                    CHECK(seen[slot + 2] == (1u << (linear % 32)) - 1u);
                    CHECK(seen[slot + 3] == b);
                }
}

namespace {

// What lane `lane` of a warp of `lanes` lanes gets from each shuffle, by CUDA's definitions,
// when lane l offers value(l); a source lane the warp does not have gives the lane its own.
template <typename Value>
Value expected_shuffle(int kind, unsigned lane, unsigned lanes, long long argument, Value (*value)(unsigned)) {
    long long source = 0;
    switch (kind) {
    case 0: source = argument & 31; break;
    case 1: source = (long long)lane - argument; break;
    case 2: source = (long long)lane + argument; break;
    default: source = (long long)(lane ^ (unsigned)argument); break;
    }
    if (source < 0 || source >= 32 || source >= (long long)lanes) return value(lane);
    return value((unsigned)source);
}

template <typename Value>
void check_shuffles(Value (*value)(unsigned)) {
    // 72 threads: two full warps and one of 8 lanes.
    constexpr unsigned threads = 72;
    const long long arguments[] = {0, 1, 3, 5, 17, 31, 32, 45, -1, -7};
    constexpr std::size_t argument_count = sizeof arguments / sizeof arguments[0];
    std::vector<Value> got(4 * argument_count * threads);
    launch_cooperative({1, 1, 1}, {threads, 1, 1}, [&] {
        unsigned t = threadIdx.x;
        Value mine = value((unsigned)cudapy::laneid());
        for (std::size_t a = 0; a < argument_count; ++a) {
            long long argument = arguments[a];
            std::size_t slot = (a * 4) * threads + t;
            got[slot] = cudapy::shfl_sync(0xffffffffu, mine, (int)argument);
            if (argument >= 0) {
                got[slot + threads] = cudapy::shfl_up_sync(0xffffffffu, mine, (unsigned)argument);
                got[slot + 2 * threads] = cudapy::shfl_down_sync(0xffffffffu, mine, (unsigned)argument);
            }
            got[slot + 3 * threads] = cudapy::shfl_xor_sync(0xffffffffu, mine, (int)argument);
        }
    });
    for (std::size_t a = 0; a < argument_count; ++a)
        for (unsigned t = 0; t < threads; ++t) {
            unsigned lane = t % 32, lanes = t < 64 ? 32 : threads - 64;
            for (int kind = 0; kind < 4; ++kind) {
                if ((kind == 1 || kind == 2) && arguments[a] < 0) continue;
                CAPTURE(a);
                CAPTURE(t);
                CAPTURE(kind);
                CHECK(got[(a * 4 + kind) * threads + t] == expected_shuffle(kind, lane, lanes, arguments[a], value));
            }
        }
}

int int_value(unsigned lane) { return (int)(lane * 1000003u) - 7; }
unsigned uint_value(unsigned lane) { return 0x80000000u + lane * 77u; }
long long long_value(unsigned lane) { return -(1ll << 40) - (long long)lane * 12345678901ll; }
unsigned long long ulong_value(unsigned lane) { return 0xfedcba9876543210ull ^ ((unsigned long long)lane << 37); }
float float_value(unsigned lane) { return 0.25f + (float)lane * -1.5f; }
double double_value(unsigned lane) { return 1.0 / 3.0 + lane * 1e100; }

}  // namespace

TEST_CASE("shuffles of every type and direction give CUDA's lanes") {
    check_shuffles(int_value);
    check_shuffles(uint_value);
    check_shuffles(long_value);
    check_shuffles(ulong_value);
    check_shuffles(float_value);
    check_shuffles(double_value);
}

TEST_CASE("a warp reduction with shfl_down over 1024-thread blocks") {
    constexpr unsigned blocks = 9, threads = 1024;
    std::vector<float> input(blocks * threads);
    for (std::size_t i = 0; i < input.size(); ++i) input[i] = (float)(i % 17);  // sums stay exact
    std::vector<float> sums(blocks);
    launch_cooperative({blocks, 1, 1}, {threads, 1, 1}, [&] {
        CUDAPY_SHARED float warp_sums[32];
        unsigned t = threadIdx.x;
        float v = input[blockIdx.x * threads + t];
        for (unsigned offset = 16; offset > 0; offset /= 2) v += cudapy::shfl_down_sync(0xffffffffu, v, offset);
        if (cudapy::laneid() == 0) warp_sums[t / 32] = v;
        cudapy::syncthreads();
        if (t < 32) {
            v = warp_sums[t];
            for (unsigned offset = 16; offset > 0; offset /= 2) v += cudapy::shfl_xor_sync(0xffffffffu, v, (int)offset);
            if (t == 0) sums[blockIdx.x] = v;
        }
    });
    for (unsigned b = 0; b < blocks; ++b) {
        double expected = 0;
        for (unsigned t = 0; t < threads; ++t) expected += input[b * threads + t];
        CHECK(sums[b] == (float)expected);
    }
}

TEST_CASE("ballot, all, any and activemask") {
    constexpr unsigned threads = 96;
    std::vector<unsigned> ballots(threads), actives(threads, 0);
    std::vector<int> alls(threads), anys(threads), all_ones(threads), any_none(threads);
    launch_cooperative({1, 1, 1}, {threads, 1, 1}, [&] {
        unsigned t = threadIdx.x, lane = (unsigned)cudapy::laneid(), warp = t / 32;
        if (warp == 2 && lane >= 20) return;  // lanes that left no longer take part
        ballots[t] = cudapy::ballot_sync(0xffffffffu, lane % 3 == warp);
        alls[t] = cudapy::all_sync(0xffffffffu, lane < 31);
        anys[t] = cudapy::any_sync(0xffffffffu, lane == 31);
        all_ones[t] = cudapy::all_sync(0xffffffffu, 7);
        any_none[t] = cudapy::any_sync(0xffffffffu, 0);
        if (lane % 4 == 1) actives[t] = cudapy::activemask();
        cudapy::syncwarp(0xffffffffu);
    });
    for (unsigned t = 0; t < threads; ++t) {
        unsigned lane = t % 32, warp = t / 32, lanes = warp == 2 ? 20 : 32;
        if (lane >= lanes) continue;
        unsigned ballot = 0, active = 0;
        for (unsigned l = 0; l < lanes; ++l) {
            if (l % 3 == warp) ballot |= 1u << l;
            if (l % 4 == 1) active |= 1u << l;
        }
        CAPTURE(t);
        CHECK(ballots[t] == ballot);
        CHECK(alls[t] == (lanes == 32 ? 0 : 1));
        CHECK(anys[t] == (lanes == 32 ? 1 : 0));
        CHECK(all_ones[t] == 1);
        CHECK(any_none[t] == 0);
        CHECK(actives[t] == (lane % 4 == 1 ? active : 0u));
    }
}

TEST_CASE("warp operations with partial masks in divergent branches") {
    constexpr unsigned threads = 32;
    std::vector<int> got(threads);
    std::vector<unsigned> ballots(threads);
    launch_cooperative({1, 1, 1}, {threads, 1, 1}, [&] {
        unsigned lane = (unsigned)cudapy::laneid();
        int v = (int)lane * 10;
        if (lane < 16) {
            v = cudapy::shfl_xor_sync(0x0000ffffu, v, 1);
            ballots[lane] = cudapy::ballot_sync(0x0000ffffu, lane >= 8);
        } else {
            v = cudapy::shfl_xor_sync(0xffff0000u, v, 2);
            ballots[lane] = cudapy::ballot_sync(0xffff0000u, 1);
        }
        got[lane] = v;
    });
    for (unsigned lane = 0; lane < threads; ++lane) {
        CHECK(got[lane] == (int)(lane < 16 ? lane ^ 1u : lane ^ 2u) * 10);
        CHECK(ballots[lane] == (lane < 16 ? 0x0000ff00u : 0xffff0000u));
    }
}

TEST_CASE("dynamic shared memory has the launch's size and is the block's") {
    constexpr unsigned blocks = 11, threads = 128;
    constexpr std::size_t bytes = threads * sizeof(double) + 8;
    std::vector<double> sums(blocks);
    std::vector<unsigned long long> sizes(blocks);
    std::vector<int> aligned(blocks);
    launch_cooperative(
        {blocks, 1, 1}, {threads, 1, 1},
        [&] {
            double *values = reinterpret_cast<double *>(cudapy::dynamic_shared());
            unsigned t = threadIdx.x;
            values[t] = blockIdx.x * 1000.0 + t;
            cudapy::syncthreads();
            if (t == 0) {
                double sum = 0;
                for (unsigned i = 0; i < threads; ++i) sum += values[i];
                sums[blockIdx.x] = sum;
                sizes[blockIdx.x] = cudapy::dynamic_shared_bytes();
                aligned[blockIdx.x] = reinterpret_cast<std::uintptr_t>(cudapy::dynamic_shared()) % 16 == 0;
            }
        },
        bytes);
    for (unsigned b = 0; b < blocks; ++b) {
        CHECK(sums[b] == b * 1000.0 * threads + threads * (threads - 1) / 2.0);
        CHECK(sizes[b] == bytes);
        CHECK(aligned[b] == 1);
    }
}

TEST_CASE("atomics under contention from blocks on several threads") {
    constexpr unsigned blocks = 301, threads = 128, n = blocks * threads;
    int add_int = 0, sub_int = 0, min_int = std::numeric_limits<int>::max(), max_int = std::numeric_limits<int>::min();
    unsigned add_uint = 0, and_uint = 0xffffffffu, or_uint = 0, xor_uint = 0, inc = 0, dec = 0, cas_counter = 0;
    long long add_long = 0, min_long = 0;
    unsigned long long add_ulong = 0, max_ulong = 0, inc_long = 0, xor_ulong = 0, exch_ulong = 0;
    float add_float = 0, max_float = -1, min_float = 1e30f;
    double add_double = 0, sub_double = 0;
    std::vector<unsigned long long> exchanged(n);
    for (bool cooperative : {false, true}) {
        add_int = sub_int = 0;
        launch(cooperative, {blocks, 1, 1}, {threads, 1, 1}, [&] {
            unsigned i = blockIdx.x * threads + threadIdx.x;
            cudapy::atomic_add(&add_int, 3);
            cudapy::atomic_sub(&sub_int, 2);
            if (cooperative) return;  // the rest once
            cudapy::atomic_min(&min_int, (int)(i * 7919u % n) - 5000);
            cudapy::atomic_max(&max_int, (int)(i * 7919u % n) - 5000);
            cudapy::atomic_add(&add_uint, 0x10001u);
            cudapy::atomic_and(&and_uint, ~(1u << (i % 31)));
            cudapy::atomic_or(&or_uint, 1u << (i % 29));
            cudapy::atomic_xor(&xor_uint, i);
            cudapy::atomic_inc(&inc, 99u);
            cudapy::atomic_dec(&dec, 99u);
            cudapy::atomic_inc(&inc_long, 1000ull);
            cudapy::atomic_add(&add_long, -(long long)i * 1000000007ll);
            cudapy::atomic_min(&min_long, -(long long)i * 3);
            cudapy::atomic_add(&add_ulong, 1ull << 33);
            cudapy::atomic_max(&max_ulong, (unsigned long long)i << 30);
            cudapy::atomic_xor(&xor_ulong, (unsigned long long)i << 31);
            cudapy::atomic_add(&add_float, 1.0f);
            cudapy::atomic_max(&max_float, (float)(i % 1000));
            cudapy::atomic_min(&min_float, (float)i - 17.5f);
            cudapy::atomic_add(&add_double, 0.5);
            cudapy::atomic_sub(&sub_double, 0.25);
            exchanged[i] = cudapy::atomic_exch(&exch_ulong, (unsigned long long)i + 1);
            while (true) {
                unsigned old = __atomic_load_n(&cas_counter, __ATOMIC_RELAXED);
                if (cudapy::atomic_cas(&cas_counter, old, old + 1) == old) break;
            }
        });
        CHECK(add_int == 3 * (int)n);
        CHECK(sub_int == -2 * (int)n);
    }
    unsigned expected_xor = 0;
    long long expected_long = 0;
    unsigned long long expected_xor_long = 0;
    for (unsigned i = 0; i < n; ++i) {
        expected_xor ^= i;
        expected_long += -(long long)i * 1000000007ll;
        expected_xor_long ^= (unsigned long long)i << 31;
    }
    CHECK(min_int == -5000);
    CHECK(max_int == (int)n - 1 - 5000);
    CHECK(add_uint == 0x10001u * n);
    CHECK(and_uint == 0x80000000u);
    CHECK(or_uint == (1u << 29) - 1);
    CHECK(xor_uint == expected_xor);
    CHECK(inc == n % 100);
    CHECK(dec == (100 - n % 100) % 100);
    CHECK(inc_long == n % 1001);
    CHECK(add_long == expected_long);
    CHECK(min_long == -3ll * (n - 1));
    CHECK(add_ulong == (unsigned long long)n << 33);
    CHECK(max_ulong == (unsigned long long)(n - 1) << 30);
    CHECK(xor_ulong == expected_xor_long);
    CHECK(add_float == (float)n);
    CHECK(max_float == 999.0f);
    CHECK(min_float == -17.5f);
    CHECK(add_double == 0.5 * n);
    CHECK(sub_double == -0.25 * n);
    CHECK(cas_counter == n);
    // The exchanges form one chain: every value but the last stored was read back exactly once.
    std::vector<int> times(n + 1, 0);
    for (unsigned long long old : exchanged) ++times[old];
    ++times[exch_ulong];
    for (unsigned v = 0; v <= n; ++v) CHECK(times[v] == 1);
}

TEST_CASE("atomics return the old value with CUDA's rules") {
    unsigned u = 5;
    CHECK(cudapy::atomic_inc(&u, 5u) == 5u);
    CHECK(u == 0u);
    CHECK(cudapy::atomic_inc(&u, 5u) == 0u);
    CHECK(u == 1u);
    u = 9;
    CHECK(cudapy::atomic_inc(&u, 5u) == 9u);
    CHECK(u == 0u);
    CHECK(cudapy::atomic_dec(&u, 5u) == 0u);
    CHECK(u == 5u);
    u = 7;
    CHECK(cudapy::atomic_dec(&u, 5u) == 7u);
    CHECK(u == 5u);
    CHECK(cudapy::atomic_dec(&u, 5u) == 5u);
    CHECK(u == 4u);
    unsigned long long big = 0;
    CHECK(cudapy::atomic_dec(&big, 3ull) == 0ull);
    CHECK(big == 3ull);

    int i = 10;
    CHECK(cudapy::atomic_cas(&i, 9, 20) == 10);
    CHECK(i == 10);
    CHECK(cudapy::atomic_cas(&i, 10, 20) == 10);
    CHECK(i == 20);
    long long wrap = std::numeric_limits<long long>::max();
    CHECK(cudapy::atomic_add(&wrap, 1ll) == std::numeric_limits<long long>::max());
    CHECK(wrap == std::numeric_limits<long long>::min());

    float f = NAN;
    CHECK(std::isnan(cudapy::atomic_max(&f, 2.0f)));
    CHECK(std::isnan(f));
    f = 2.0f;
    CHECK(cudapy::atomic_max(&f, NAN) == 2.0f);
    CHECK(f == 2.0f);
    CHECK(cudapy::atomic_min(&f, -3.0f) == 2.0f);
    CHECK(f == -3.0f);
    double d = 1.5;
    CHECK(cudapy::atomic_exch(&d, -2.5) == 1.5);
    CHECK(d == -2.5);
    CHECK(cudapy::atomic_load(&d) == -2.5);
    long long l = -7;
    CHECK(cudapy::atomic_load(&l) == -7);
}

TEST_CASE("bit functions") {
    const unsigned long long samples[] = {0ull, 1ull, 2ull, 3ull, 0x80000000ull, 0xffffffffull,
                                          0x123456789abcdef0ull, 0x8000000000000000ull, ~0ull, 0x10ull << 40};
    for (unsigned long long x : samples) {
        unsigned low = (unsigned)x;
        int pop32 = 0, pop64 = 0, clz32 = 32, clz64 = 64, ffs32 = 0, ffs64 = 0;
        unsigned brev32 = 0;
        unsigned long long brev64 = 0;
        for (int b = 0; b < 64; ++b) {
            bool bit = x >> b & 1u;
            pop64 += bit;
            if (bit) clz64 = 63 - b;
            if (bit && ffs64 == 0) ffs64 = b + 1;
            if (bit) brev64 |= 1ull << (63 - b);
            if (b < 32) {
                pop32 += bit;
                if (bit) clz32 = 31 - b;
                if (bit && ffs32 == 0) ffs32 = b + 1;
                if (bit) brev32 |= 1u << (31 - b);
            }
        }
        CAPTURE(x);
        CHECK(cudapy::popc(low) == pop32);
        CHECK(cudapy::popc((int)low) == pop32);
        CHECK(cudapy::popc(x) == pop64);
        CHECK(cudapy::popc((long long)x) == pop64);
        CHECK(cudapy::clz(low) == clz32);
        CHECK(cudapy::clz((int)low) == clz32);
        CHECK(cudapy::clz(x) == clz64);
        CHECK(cudapy::clz((long long)x) == clz64);
        CHECK(cudapy::ffs(low) == ffs32);
        CHECK(cudapy::ffs((int)low) == ffs32);
        CHECK(cudapy::ffs(x) == ffs64);
        CHECK(cudapy::ffs((long long)x) == ffs64);
        CHECK(cudapy::brev(low) == brev32);
        CHECK(cudapy::brev((int)low) == brev32);
        CHECK(cudapy::brev(x) == brev64);
        CHECK(cudapy::brev((long long)x) == brev64);
    }
}

TEST_CASE("a failed assert fails the launch with its place, thread and block") {
    for (bool cooperative : {false, true}) {
        CAPTURE(cooperative);
        Failure failure = failure_of(cooperative, {4, 3, 1}, {8, 2, 1}, [&] {
            if (cooperative) cudapy::syncthreads();
            if (blockIdx.x == 1 && blockIdx.y == 2 && threadIdx.x == 3 && threadIdx.y == 1)
                cudapy::assert_failed("kernel.py", 12, "x is too big");
            if (cooperative) cudapy::syncthreads();
        });
        CHECK(failure.status == cudapy::Status::Assertion);
        CHECK(failure.message == "kernel.py:12: AssertionError: x is too big (thread (3, 1, 0) of block (1, 2, 0))");

        failure = failure_of(cooperative, {1, 1, 1}, {4, 1, 1}, [&] {
            if (threadIdx.x == 2) cudapy::assert_failed("k.py", 3, "");
        });
        CHECK(failure.status == cudapy::Status::Assertion);
        CHECK(failure.message == "k.py:3: AssertionError (thread (2, 0, 0) of block (0, 0, 0))");
    }
}

TEST_CASE("a kernel's failure inside a fiber fails the launch, and the next launch runs") {
    Failure failure = failure_of(true, {64, 1, 1}, {64, 1, 1}, [&] {
        cudapy::syncthreads();
        if (blockIdx.x == 5 && threadIdx.x == 40) cudapy::fail("kernel.py", 7, "IndexError: index out of range");
        cudapy::syncthreads();
    });
    CHECK(failure.status == cudapy::Status::LaunchFailed);
    CHECK(failure.message == "the kernel failed on the CPU: kernel.py:7: IndexError: index out of range");
    std::vector<int> ran(64, 0);
    launch_cooperative({64, 1, 1}, {64, 1, 1}, [&] {
        cudapy::syncthreads();
        if (threadIdx.x == 0) ran[blockIdx.x] = 1;
    });
    for (int r : ran) CHECK(r == 1);
}

TEST_CASE("threads that can never meet fail the launch instead of hanging") {
    Failure failure = failure_of(true, {2, 1, 1}, {64, 1, 1}, [&] {
        if (blockIdx.x == 1 && threadIdx.x >= 32 && threadIdx.x < 48) cudapy::syncwarp(0xffffffffu);
        cudapy::syncthreads();
    });
    CHECK(failure.status == cudapy::Status::LaunchFailed);
    CHECK(failure.message.find("threads of block (1, 0, 0) wait at different barriers") != std::string::npos);
    CHECK(failure.message.find("48 at syncthreads, 16 at warp operations") != std::string::npos);

    failure = failure_of(true, {1, 1, 1}, {32, 1, 1}, [&] {
        if (threadIdx.x == 3) cudapy::ballot_sync(0xffffffffu, 1);
        else cudapy::syncwarp(0xffffffffu);
    });
    CHECK(failure.status == cudapy::Status::LaunchFailed);
    CHECK(failure.message.find("lanes of warp 0 of block (0, 0, 0) wait at different warp operations (") !=
          std::string::npos);

    // Threads that return early are no longer waited for.
    std::vector<int> counts(64, -1);
    launch_cooperative({1, 1, 1}, {64, 1, 1}, [&] {
        if (threadIdx.x % 2) return;
        counts[threadIdx.x] = cudapy::syncthreads_count(1);
    });
    for (unsigned t = 0; t < 64; t += 2) CHECK(counts[t] == 32);
}

TEST_CASE("cooperative blocks hold at most 1024 threads") {
    Failure failure = failure_of(true, {1, 1, 1}, {33, 32, 1}, [] { cudapy::syncthreads(); });
    CHECK(failure.status == cudapy::Status::LaunchFailed);
    CHECK(failure.message.find("at most 1024 threads") != std::string::npos);
    CHECK(failure.message.find("have 1056") != std::string::npos);
}

TEST_CASE("activemask in the plain loop names the lanes the warp has") {
    std::vector<unsigned> masks(2 * 48);
    launch(false, {2, 1, 1}, {8, 6, 1}, [&] { masks[blockIdx.x * 48 + linear_thread()] = cudapy::activemask(); });
    for (unsigned t = 0; t < masks.size(); ++t) CHECK(masks[t] == (t % 48 < 32 ? 0xffffffffu : 0xffffu));
}

TEST_CASE("a barrier outside a cooperative translation fails clearly") {
    Failure failure = failure_of(false, {1, 1, 1}, {4, 1, 1}, [] { cudapy::syncthreads(); });
    CHECK(failure.status == cudapy::Status::LaunchFailed);
    CHECK(failure.message.find("without CUDAPY_COOPERATIVE") != std::string::npos);
}

TEST_CASE("blocks of changing sizes reuse the workers' stacks") {
    for (unsigned threads : {1024u, 32u, 1u, 1000u, 1024u}) {
        std::vector<unsigned> counts(8, 0);
        launch_cooperative({8, 1, 1}, {threads, 1, 1}, [&] {
            int count = cudapy::syncthreads_count(1);
            if (threadIdx.x == threads - 1) counts[blockIdx.x] = (unsigned)count;
        });
        for (unsigned c : counts) CHECK(c == threads);
    }
}

TEST_CASE("grids in three dimensions run every block once") {
    std::vector<int> ran(5 * 3 * 2, 0);
    launch_cooperative({5, 3, 2}, {16, 2, 1}, [&] {
        cudapy::syncthreads();
        if (linear_thread() == threads_per_block() - 1) ++ran[linear_block()];
    });
    for (int r : ran) CHECK(r == 1);
}
