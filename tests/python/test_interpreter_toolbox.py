"""Interpreter mode (target="python") runs the kernel language's CUDA vocabulary with the GPU's
results: shared, local and constant arrays, barriers, warp operations, atomics, bit operations,
n-d arrays and asserts, each checked against NumPy. The kernels name `cuda`, which is
cudapy.cuda here, as in numba-style code. Needs no GPU; thread counts stay small, as every
thread is interpreted."""

import threading

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda, interpreter

WARP = 32
TILE = 4  # tiled_matmul's tiles are TILE x TILE


def interpret(kernel, grid, block, *args, shared_bytes=0, debug=False, sig=None):
    """Runs `kernel` translated and then interpreted, as kernel[grid, block, 0, shared_bytes]."""
    compiled = cp.compile(kernel, sig=sig, target="python", debug=debug)
    compiled[grid, block, 0, shared_bytes](*args)


# ---- shared memory and barriers -----------------------------------------------------------

# block_sums : void (float32[:] X, float32[:] Sums)
def block_sums(X, Sums):
    partial = cuda.shared.array(64, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    partial[t] = X[i] if i < len(X) else float32(0)
    cuda.syncthreads()
    step = cuda.blockDim.x // 2
    while step > 0:
        if t < step:
            partial[t] += partial[t + step]
        cuda.syncthreads()
        step //= 2
    if t == 0:
        Sums[cuda.blockIdx.x] = partial[0]


def test_block_reduction_in_shared_memory():
    x = np.random.default_rng(1).integers(-100, 100, 150).astype(np.float32)
    sums = np.full(3, np.nan, np.float32)
    interpret(block_sums, 3, 64, x, sums)
    np.testing.assert_array_equal(sums, np.add.reduceat(np.append(x, [0] * 42), [0, 64, 128]))


# tiled_matmul : void (float32[:, :] A, float32[:, :] B, float32[:, :] C)
def tiled_matmul(A, B, C):
    tile_a = cuda.shared.array((TILE, TILE), float32)
    tile_b = cuda.shared.array((TILE, TILE), float32)
    x, y = cuda.grid(2)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    total = float32(0)
    for start in range(0, A.shape[1], TILE):
        tile_a[ty, tx] = A[y, start + tx] if y < A.shape[0] and start + tx < A.shape[1] else 0
        tile_b[ty, tx] = B[start + ty, x] if start + ty < B.shape[0] and x < B.shape[1] else 0
        cuda.syncthreads()
        for k in range(TILE):
            total += tile_a[ty, k] * tile_b[k, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = total


def test_tiled_matmul_with_two_dimensional_shared_tiles():
    rng = np.random.default_rng(2)
    a = rng.integers(-4, 4, (6, 7)).astype(np.float32)
    b = rng.integers(-4, 4, (7, 5)).astype(np.float32)
    c = np.full((6, 5), np.nan, np.float32)
    interpret(tiled_matmul, (2, 2), (TILE, TILE), a, b, c)
    np.testing.assert_array_equal(c, a @ b)


# barrier_votes : void (int32[:] X, int32[:, :] Out)
def barrier_votes(X, Out):
    i = cuda.grid(1)
    positive = X[i] > 0
    Out[0, i] = cuda.syncthreads_count(positive)
    Out[1, i] = cuda.syncthreads_and(positive)
    Out[2, i] = cuda.syncthreads_or(positive)


def test_syncthreads_count_and_or_reduce_over_the_block():
    x = np.array([1, 0, 2, 3] + [0] * 4 + [5] * 8, np.int32)
    out = np.full((3, 16), -1, np.int32)
    interpret(barrier_votes, 2, 8, x, out)
    expected = [[3] * 8 + [8] * 8, [0] * 8 + [1] * 8, [1] * 16]
    assert out.tolist() == expected


# ---- warps --------------------------------------------------------------------------------

# shuffles : void (int64[:] X, int32[:] Lanes, int64[:, :] Out)
def shuffles(X, Lanes, Out):
    i = cuda.grid(1)
    value = X[i]
    Out[0, i] = cuda.shfl_sync(0xFFFFFFFF, value, Lanes[i])
    Out[1, i] = cuda.shfl_up_sync(0xFFFFFFFF, value, 3)
    Out[2, i] = cuda.shfl_down_sync(0xFFFFFFFF, value, 5)
    Out[3, i] = cuda.shfl_xor_sync(0xFFFFFFFF, value, 6)


def shuffle_sources(count, lanes):
    """Where each thread's shfl_sync, shfl_up_sync(3), shfl_down_sync(5), shfl_xor_sync(6)
    read, as CUDA defines them: lanes outside the warp read their own value."""
    lane = np.arange(count) % WARP
    first = np.arange(count) - lane
    return [first + (lanes & (WARP - 1)),
            np.where(lane >= 3, np.arange(count) - 3, np.arange(count)),
            np.where(lane + 5 < WARP, np.arange(count) + 5, np.arange(count)),
            first + (lane ^ 6)]


@pytest.mark.parametrize("dtype", ["int32", "uint32", "int64", "uint64", "float32", "float64"])
def test_every_shuffle_moves_values_between_lanes(dtype):
    sig = f"void({dtype}[:], int32[:], {dtype}[:, :])"
    rng = np.random.default_rng(3)
    x = (rng.permutation(64) * 3 + 1).astype(dtype)
    lanes = rng.integers(0, 64, 64).astype(np.int32)  # shfl_sync takes the lane modulo 32
    out = np.zeros((4, 64), dtype)
    interpret(shuffles, 1, 64, x, lanes, out, sig=sig)
    for row, source in zip(out, shuffle_sources(64, lanes)):
        np.testing.assert_array_equal(row, x[source])


# warp_sums : void (float64[:] X, float64[:] Sums)
def warp_sums(X, Sums):
    i = cuda.grid(1)
    total = X[i]
    offset = 16
    while offset > 0:
        total += cuda.shfl_down_sync(0xFFFFFFFF, total, offset)
        offset //= 2
    if cuda.laneid == 0:
        Sums[i // cuda.warpsize] = total


def test_warp_reduction_with_shfl_down():
    x = np.random.default_rng(4).integers(-50, 50, 96).astype(np.float64)
    sums = np.zeros(3)
    interpret(warp_sums, 1, 96, x, sums)
    np.testing.assert_array_equal(sums, x.reshape(3, 32).sum(axis=1))


# votes : void (int32[:] X, int64[:, :] Out)
def votes(X, Out):
    i = cuda.grid(1)
    positive = X[i] > 0
    Out[0, i] = cuda.ballot_sync(0xFFFFFFFF, positive)
    Out[1, i] = cuda.all_sync(0xFFFFFFFF, positive)
    Out[2, i] = cuda.any_sync(0xFFFFFFFF, positive)
    Out[3, i] = cuda.activemask()
    Out[4, i] = cuda.lanemask_lt()
    Out[5, i] = cuda.laneid
    if cuda.laneid % 2 == 0:
        Out[6, i] = cuda.ballot_sync(0x55555555, positive)  # the even lanes only
    if cuda.laneid < 10:
        Out[7, i] = cuda.activemask()  # the lanes that took this branch


def ballots(predicates, lanes_in):
    bits = sum(1 << lane for lane, true in enumerate(predicates) if true and lane in lanes_in)
    return [bits] * len(predicates)


def test_votes_ballots_and_lane_masks_in_a_full_and_a_partial_warp():
    """48 threads: a full warp, and one of 16 lanes."""
    x = np.random.default_rng(5).integers(-1, 2, 48).astype(np.int32)
    x[32:] = 1  # the partial warp agrees
    out = np.full((8, 48), -1, np.int64)
    interpret(votes, 1, 48, x, out)
    for warp in (slice(0, 32), slice(32, 48)):
        predicates = x[warp] > 0
        lanes = range(len(predicates))
        assert out[0, warp].tolist() == ballots(predicates, lanes)
        assert out[1, warp].tolist() == [int(predicates.all())] * len(predicates)
        assert out[2, warp].tolist() == [int(predicates.any())] * len(predicates)
        assert out[3, warp].tolist() == [(1 << len(predicates)) - 1] * len(predicates)
        assert out[4, warp].tolist() == [(1 << lane) - 1 for lane in lanes]
        assert out[5, warp].tolist() == list(lanes)
        assert out[6, warp][::2].tolist() == ballots(predicates, lanes[::2])[::2]
        assert out[7, warp][:10].tolist() == [0x3FF] * 10
    assert (out[6, 1::2] == -1).all() and (out[7, 10:32] == -1).all()


# uniform_and_matching : void (int32[:] P, float64[:] V, int64[:, :] Out)
def uniform_and_matching(P, V, Out):
    i = cuda.grid(1)
    Out[0, i] = cuda.eq_sync(0xFFFFFFFF, P[i])
    Out[1, i] = cuda.match_any_sync(0xFFFFFFFF, V[i])
    lanes, same = cuda.match_all_sync(0xFFFFFFFF, V[i] * (i >= 32))
    Out[2, i] = lanes
    Out[3, i] = same


def test_eq_sync_and_match_any_sync_in_a_full_and_a_partial_warp():
    rng = np.random.default_rng(6)
    p = rng.integers(0, 2, 48).astype(np.int32)
    p[32:] = 1  # the partial warp agrees
    v = rng.integers(0, 3, 48).astype(np.float64)
    out = np.full((4, 48), -1, np.int64)
    interpret(uniform_and_matching, 1, 48, p, v, out)
    for warp in (slice(0, 32), slice(32, 48)):
        same = bool(p[warp].all() or not p[warp].any())
        assert out[0, warp].tolist() == [int(same)] * len(p[warp])
        lanes = v[warp]
        expected = [sum(1 << k for k, other in enumerate(lanes) if other == mine)
                    for mine in lanes]
        assert out[1, warp].tolist() == expected
    assert out[2:, :32].tolist() == [[0xFFFFFFFF] * 32, [1] * 32]  # zeros: all equal
    partial_equal = len(set(v[32:])) == 1
    assert out[2:, 32:].tolist() == [[0xFFFF if partial_equal else 0] * 16,
                                     [int(partial_equal)] * 16]


# lanes_that_returned : void (int32[:] Out)
def lanes_that_returned(Out):
    i = cuda.grid(1)
    if i % 4 == 0:
        return
    Out[i] = cuda.ballot_sync(0xFFFFFFFF, True)
    cuda.syncwarp()


def test_warp_operations_leave_out_lanes_that_returned():
    out = np.zeros(32, np.int32)
    interpret(lanes_that_returned, 1, 32, out)
    expected = np.uint32(sum(1 << lane for lane in range(32) if lane % 4)).view(np.int32)
    assert out.tolist() == [0 if i % 4 == 0 else expected for i in range(32)]


# ---- atomics ------------------------------------------------------------------------------

# histogram : void (int32[:] Values, int32[:] Bins, int32[:] Slots, int32[:] Counter)
def histogram(Values, Bins, Slots, Counter):
    i = cuda.grid(1)
    if i < len(Values):
        cuda.atomic.add(Bins, Values[i], 1)
        Slots[i] = cuda.atomic.add(Counter, 0, 1)


def test_atomic_add_under_contention_returns_distinct_old_values():
    values = np.random.default_rng(6).integers(0, 5, 90).astype(np.int32)
    bins, slots, counter = np.zeros(5, np.int32), np.full(90, -1, np.int32), np.zeros(1, np.int32)
    interpret(histogram, 3, 32, values, bins, slots, counter)
    np.testing.assert_array_equal(bins, np.bincount(values, minlength=5))
    assert sorted(slots.tolist()) == list(range(90)) and counter[0] == 90


# reductions : void (float32[:] X, float32[:] Extremes, int32[:] Bits, int32[:] Wrapped)
def reductions(X, Extremes, Bits, Wrapped):
    i = cuda.grid(1)
    cuda.atomic.max(Extremes, 0, X[i])
    cuda.atomic.min(Extremes, 1, X[i])
    cuda.atomic.sub(Extremes, 2, X[i])
    cuda.atomic.and_(Bits, 0, int32(X[i]))
    cuda.atomic.or_(Bits, 1, int32(X[i]))
    cuda.atomic.xor(Bits, 2, int32(X[i]))
    cuda.atomic.add(Wrapped, 0, 1)


def test_atomic_min_max_sub_and_bit_operations():
    x = np.random.default_rng(7).integers(1, 1000, 40).astype(np.float32)
    extremes = np.array([-np.inf, np.inf, 0], np.float32)
    bits = np.array([-1, 0, 0], np.int32)
    wrapped = np.array([2**31 - 20], np.int32)
    interpret(reductions, 1, 40, x, extremes, bits, wrapped)
    assert extremes.tolist() == [x.max(), x.min(), -x.sum()]
    ints = x.astype(np.int32)
    assert bits.tolist() == [np.bitwise_and.reduce(ints), np.bitwise_or.reduce(ints),
                             np.bitwise_xor.reduce(ints)]
    assert wrapped[0] == 2**31 - 20 + 40 - 2**32  # int32 wraps


# counters : void (uint32[:] Counters, uint32[:] Olds, int64[::1] Owner, int64[:] Swapped)
def counters(Counters, Olds, Owner, Swapped):
    i = cuda.grid(1)
    Olds[i] = cuda.atomic.inc(Counters, 0, uint32(4))
    cuda.atomic.dec(Counters, 1, uint32(4))
    if cuda.atomic.cas(Owner, 0, -1, i) == -1:
        Owner[1] = i  # only the thread that claimed Owner[0] gets here
    Swapped[i] = cuda.atomic.exch(Swapped, 40, i)
    cuda.atomic.compare_and_swap(Owner[2:], -1, i)


def test_atomic_counters_wrap_and_compare_and_swap_claims_once():
    counter_values = np.array([0, 2], np.uint32)
    olds = np.zeros(12, np.uint32)
    owner = np.array([-1, -1, -1], np.int64)
    swapped = np.full(41, 99, np.int64)
    interpret(counters, 1, 12, counter_values, olds, owner, swapped)
    # inc counts 0..4 then restarts at 0; dec counts down to 0, then restarts at 4.
    assert sorted(olds.tolist()) == sorted([k % 5 for k in range(12)])
    assert counter_values.tolist() == [12 % 5, [2, 1, 0, 4, 3][12 % 5]]
    assert owner[0] == owner[1] and 0 <= owner[0] < 12 and 0 <= owner[2] < 12
    # exch hands each thread the value stored before it: the old values chain from 99.
    chain = swapped[:12].tolist() + [swapped[40]]
    assert sorted(chain) == sorted([99] + list(range(12)))


def test_atomics_refuse_element_types_cuda_has_no_atomic_for():
    def increments(Counter):
        cuda.atomic.inc(Counter, 0, 4)
    with pytest.raises(TypeError, match="uint32, uint64"):
        interpreter.run(increments, [np.zeros(1, np.int32)], grid=1, block=1)


# ---- dynamic shared and local arrays ------------------------------------------------------

# dynamic_shared : void (float32[:] X, int32[:] Bits, int64[:] Lengths)
def dynamic_shared(X, Bits, Lengths):
    floats = cuda.shared.array(0, float32)
    ints = cuda.shared.array(shape=0, dtype=int32)
    doubles = cuda.shared.array(0, np.float64)
    t = cuda.threadIdx.x
    floats[t] = X[cuda.grid(1)]
    cuda.syncthreads()
    Bits[cuda.grid(1)] = ints[(t + 1) % cuda.blockDim.x]  # another thread's float, as bits
    Lengths[0] = len(floats)
    Lengths[1] = len(ints)
    Lengths[2] = len(doubles)


def test_dynamic_shared_arrays_share_one_buffer_sized_by_the_launch():
    x = np.random.default_rng(8).standard_normal(16).astype(np.float32)
    bits = np.zeros(16, np.int32)
    lengths = np.zeros(3, np.int64)
    interpret(dynamic_shared, 2, 8, x, bits, lengths, shared_bytes=8 * 4 + 4)
    expected = np.roll(x.reshape(2, 8), -1, axis=1).ravel().view(np.int32)
    np.testing.assert_array_equal(bits, expected)
    assert lengths.tolist() == [9, 9, 4]


# local_sums : void (int64[:] Out)
def local_sums(Out):
    i = cuda.grid(1)
    scratch = cuda.local.array(6, int64)
    matrix = cuda.local.array((2, 3), float64)
    for k in range(6):
        scratch[k] = i * k
        matrix[k // 3, k % 3] = k
    cuda.syncthreads()  # the other threads of the block write their own arrays meanwhile
    total = int64(0)
    for k in range(6):
        total += scratch[k] + int64(matrix[k // 3, k % 3])
    Out[i] = total


def test_local_arrays_belong_to_their_thread():
    out = np.zeros(8, np.int64)
    interpret(local_sums, 2, 4, out)
    assert out.tolist() == [15 * i + 15 for i in range(8)]


# ---- numba-style kernels: module constants, constant arrays, device functions --------------

SCALE = 3
OFFSET = 0.5
ENABLED = True
WEIGHTS = np.array([0.5, -1.0, 2.0, 4.0], np.float32)


def constants(Out):
    if ENABLED:
        Out[cuda.grid(1)] = SCALE * cuda.grid(1) + OFFSET


def test_module_constants():
    out = np.zeros(4, np.float32)
    cuda.jit(constants, target="python")[1, 4](out)
    assert out.tolist() == [0.5, 3.5, 6.5, 9.5]


def weighted(X, Out):
    weights = cuda.const.array_like(WEIGHTS)
    i = cuda.grid(1)
    Out[i] = X[i] * weights[i % len(weights)]


def test_constant_arrays_are_copies_of_module_arrays():
    x = np.arange(8, dtype=np.float32)
    out = np.zeros(8, np.float32)
    cuda.jit(weighted, target="python")[2, 4](x, out)
    np.testing.assert_array_equal(out, x * np.tile(WEIGHTS, 2))


def test_constant_arrays_cannot_be_written():
    def overwrite(Out):
        weights = cuda.const.array_like(WEIGHTS)
        weights[0] = 1.0
    with pytest.raises(ValueError, match="read-only"):
        interpreter.run(overwrite, [np.zeros(1, np.float32)], grid=1, block=1)


@cuda.jit(device=True)
def warp_total(value):
    offset = 16
    while offset > 0:
        value += cuda.shfl_down_sync(0xFFFFFFFF, value, offset)
        offset //= 2
    return value


def per_warp_totals(X, Totals):
    total = warp_total(X[cuda.grid(1)])
    if cuda.laneid == 0:
        Totals[cuda.grid(1) // WARP] = total


def test_device_functions_take_part_in_warp_operations():
    x = np.arange(64, dtype=np.int64)
    totals = np.zeros(2, np.int64)
    cuda.jit(per_warp_totals, target="python")[1, 64](x, totals)
    assert totals.tolist() == [x[:32].sum(), x[32:].sum()]


def test_constants_of_source_text():
    kernel = cp.compile("""
        STEP = 4
        HALF = STEP // 2

        # strided : void (int32[:] Out)
        def strided(Out):
            Out[cuda.grid(1)] = cuda.grid(1) * STEP + HALF
        """, target="python")
    out = np.zeros(3, np.int32)
    kernel[1, 3](out)
    assert out.tolist() == [2, 6, 10]


def test_bare_names_as_after_a_star_import():
    kernel = cp.compile("""
        # reversed_blocks : void (int32[:] X)
        def reversed_blocks(X):
            staged = shared.array(4, int32)
            t = threadIdx.x
            staged[t] = X[grid(1)]
            syncthreads()
            X[grid(1)] = staged[blockDim.x - 1 - t] + popc(laneid)
        """, target="python")
    x = np.arange(8, dtype=np.int32)
    kernel[2, 4](x)
    assert x.tolist() == [3, 3, 2, 2, 7, 7, 6, 6]


# ---- n-d arrays and indices ---------------------------------------------------------------

# transpose : void (float64[:, :] A, float64[:, ::1] T, int64[:] Facts)
def transpose(A, T, Facts):
    x, y = cuda.grid(2)
    rows, columns = A.shape
    if y < rows and x < columns:
        T[x, y] = A[y, x]
    if x == 0 and y == 0:
        width, height = cuda.gridsize(2)
        Facts[0] = A.ndim
        Facts[1] = A.size
        Facts[2] = width * 1000 + height
        Facts[3] = len(A)


def test_two_dimensional_arrays_and_grid_2():
    a = np.arange(35, dtype=np.float64).reshape(5, 7)
    t = np.zeros((7, 5))
    facts = np.zeros(4, np.int64)
    interpret(transpose, (2, 2), (4, 3), a[:, :], t, facts)
    np.testing.assert_array_equal(t, a.T)
    assert facts.tolist() == [2, 35, 8006, 5]


def test_a_strided_array_argument_is_read_and_written_in_place():
    a = np.arange(70, dtype=np.float64).reshape(5, 14)[:, ::2]  # not contiguous
    t = np.zeros((7, 5))
    interpret(transpose, (2, 2), (4, 3), a, t, np.zeros(4, np.int64))
    np.testing.assert_array_equal(t, a.T)


# index_names : void (int32[:, :] Out)
def index_names(Out):
    i = cuda.grid(1)
    Out[0, i] = threadIdx.x + cuda.threadIdx.y * 10
    Out[1, i] = blockIdx.x + numba.cuda.blockIdx.y * 10
    Out[2, i] = cp.blockDim.x * cudapy.gridDim.x
    Out[3, i] = cuda.gridsize(1)
    Out[4, i] = cuda.laneid
    Out[5, i] = cuda.warpsize
    Out[6, i] = idx


def test_the_index_names_with_every_prefix():
    out = np.full((7, 6), -1, np.int32)
    interpret(index_names, (3, 1), (2, 1), out)
    assert out.tolist() == [[0, 1] * 3, [0, 0, 1, 1, 2, 2], [6] * 6, [6] * 6, [0, 1] * 3,
                            [32] * 6, list(range(6))]


# slices : void (int32[::1] X)
def slices(X):
    i = cuda.grid(1)
    middle = X[2:6]
    tail = X[6:]
    head = X[:2]
    if i < len(middle):
        middle[i] = middle[i] * 10
    if i < len(tail):
        tail[i] = -1
    if i < len(head):
        head[i] = len(head)


def test_one_dimensional_slices_are_views():
    x = np.arange(8, dtype=np.int32)
    interpret(slices, 1, 4, x)
    assert x.tolist() == [2, 2, 20, 30, 40, 50, -1, -1]


# ---- bits and math ------------------------------------------------------------------------

def bit_operations(U, L, Counts, Reversed, Reversed64):
    i = cuda.grid(1)
    Counts[0, i] = cuda.popc(U[i])
    Counts[1, i] = cuda.clz(U[i])
    Counts[2, i] = cuda.ffs(U[i])
    Counts[3, i] = cuda.popc(L[i])
    Counts[4, i] = cuda.clz(L[i])
    Counts[5, i] = cuda.ffs(L[i])
    Reversed[i] = cuda.brev(U[i])
    Reversed64[i] = cuda.brev(L[i])


def test_bit_operations_on_32_and_64_bit_integers():
    u = np.array([0, 1, 0x80000000, 0xFFFFFFFF, 0x00F0F000, 12], np.uint32)
    wide = np.array([0, -1, 1 << 40, 3, -(1 << 62), 0x123456789], np.int64)
    counts = np.zeros((6, 6), np.int32)
    reversed32, reversed64 = np.zeros(6, np.uint32), np.zeros(6, np.uint64)
    interpret(bit_operations, 1, 6, u, wide, counts, reversed32, reversed64,
              sig="void(uint32[:], int64[:], int32[:, :], uint32[:], uint64[:])")

    def reference(values, width):
        bits = [int(v) & ((1 << width) - 1) for v in values]
        return ([bin(b).count("1") for b in bits], [width - b.bit_length() for b in bits],
                [(b & -b).bit_length() for b in bits],
                [int(f"{b:0{width}b}"[::-1], 2) for b in bits])

    popc, clz, ffs, brev = reference(u, 32)
    assert counts[:3].tolist() == [popc, clz, ffs] and reversed32.tolist() == brev
    popc, clz, ffs, brev = reference(wide, 64)
    assert counts[3:].tolist() == [popc, clz, ffs] and reversed64.tolist() == brev


# fused : void (float64[:] X, float64[:] Fma, float32[:] Cbrt)
def fused(X, Fma, Cbrt):
    i = cuda.grid(1)
    Fma[i] = cuda.fma(X[i], X[i], -1.0)
    Cbrt[i] = cuda.cbrt(float32(X[i]))


def test_fma_rounds_once_and_cbrt():
    x = np.array([1 + 2.0**-30, 3.0, -8.0, 0.1])
    fma, cube_root = np.zeros(4), np.zeros(4, np.float32)
    interpret(fused, 1, 4, x, fma, cube_root)
    assert fma[0] == 2.0**-29 + 2.0**-60  # x*x-1 rounded twice would lose the 2**-60
    assert fma[1:3].tolist() == [8.0, 63.0]
    np.testing.assert_allclose(cube_root, np.cbrt(x.astype(np.float32)), rtol=1e-6)


# ---- asserts, deadlocks and errors --------------------------------------------------------

# checked : void (int32[:] X)
def checked(X):
    i = cuda.grid(1)
    cuda.syncthreads()
    assert X[i] < 5, "too large"
    X[i] = -X[i]


def test_a_failed_assert_stops_its_thread_and_fails_the_launch_with_debug():
    x = np.arange(8, dtype=np.int32)
    with pytest.raises(cp.KernelAssertionError) as caught:
        interpret(checked, 2, 4, x, debug=True)
    line = checked.__code__.co_firstlineno + 3
    assert str(caught.value) == (f"{__file__}:{line}: AssertionError: too large "
                                 "(thread (1, 0, 0) of block (1, 0, 0))")
    assert isinstance(caught.value, AssertionError)
    assert x.tolist() == [0, -1, -2, -3, -4, 5, 6, 7]  # the other threads ran on


def test_asserts_are_not_checked_without_debug():
    x = np.arange(8, dtype=np.int32)
    interpret(checked, 2, 4, x)
    assert x.tolist() == [-k for k in range(8)]


def test_an_assert_without_a_message():
    kernel = cp.compile("""
        # positive : void (int32[:] X)
        def positive(X):
            assert X[cuda.grid(1)] > 0
        """, target="python", debug=True)
    with pytest.raises(AssertionError, match=r"^<string>:4: AssertionError \(thread \(0, 0, 0\) "
                                             r"of block \(0, 0, 0\)\)$"):
        kernel[1, 2](np.array([0, 1], np.int32))


# diverging : void (int32[:] X)
def diverging(X):
    if cuda.threadIdx.x < 3:
        cuda.syncthreads()
    X[0] = cuda.shfl_sync(0xFFFFFFFF, X[1], 0)


def test_a_barrier_that_other_threads_never_reach_is_a_deadlock_error():
    threads_before = threading.active_count()
    with pytest.raises(interpreter.DeadlockError) as caught:
        interpret(diverging, 1, 8, np.zeros(2, np.int32))
    message = str(caught.value)
    assert "threads (0, 0, 0), (1, 0, 0), (2, 0, 0) wait in syncthreads()" in message
    assert "(7, 0, 0) wait in shfl_sync(mask=0xffffffff)" in message
    assert threading.active_count() == threads_before  # the waiting threads were unwound


# failing : void (int32[:] X)
def failing(X):
    cuda.syncthreads()
    X[cuda.threadIdx.x] = 1


def test_an_exception_names_its_thread_and_stops_the_others():
    threads_before = threading.active_count()
    with pytest.raises(IndexError) as caught:
        interpret(failing, 2, 8, np.zeros(4, np.int32))
    assert caught.value.__notes__ == [
        "in failing(), thread blockIdx=(0, 0, 0), threadIdx=(4, 0, 0) (cudapy interpreter mode)"]
    assert threading.active_count() == threads_before


def test_barriers_need_a_block_shape():
    kernel = cp.compile(failing, target="python")
    with pytest.raises(RuntimeError, match=r"syncthreads\(\) has no meaning .* thread counts"):
        kernel(4)(np.zeros(4, np.int32))


def test_warp_operations_need_their_lane_in_the_mask():
    def outside(X):
        X[0] = cuda.shfl_sync(0x2, X[0], 1)
    with pytest.raises(ValueError, match="lane 0, which is not in the mask"):
        interpreter.run(outside, [np.zeros(2, np.int32)], grid=1, block=2)


# chatty : void (int32[:] X)
def chatty(X):
    print("before", cuda.threadIdx.x)
    cuda.syncthreads()
    print("after", cuda.threadIdx.x)


def test_threads_of_a_block_run_in_order_between_barriers(capsys):
    interpret(chatty, 1, 3, np.zeros(1, np.int32))
    assert capsys.readouterr().out.split("\n") == [
        "before 0", "before 1", "before 2", "after 0", "after 1", "after 2", ""]
