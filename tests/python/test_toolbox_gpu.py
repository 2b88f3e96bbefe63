"""The CUDA toolbox through `from cudapy import cuda`, in numba.cuda's vocabulary: atomics under
heavy contention, warp shuffles and votes, barriers, shared memory (static and dynamic), local
and constant arrays, bit functions, print, assert, launch forms and device arrays. Every test
runs on the CPU target, and on the GPU where there is one, and checks its results against NumPy
or plain Python.

The kernels are defined inside the tests, after the fixture has chosen the target, so that each
is compiled for the target its test runs on. Outputs start as values no correct kernel leaves.
"""

import ctypes
import importlib.util
import subprocess
import sys

import numpy as np
import pytest
from numpy import float32, float64, int32

import cudapy as cp
from cudapy import cuda


# Every test runs its kernels on the CPU target, and on the GPU where there is one.
pytestmark = pytest.mark.usefixtures("target")


@pytest.fixture
def rng():
    return np.random.default_rng(20261122)


@pytest.fixture
def contended(target):
    """(blocks, threads per block) for kernels whose threads all update one element: small on
    the CPU target's two cores, thousands of threads on the GPU."""
    return (2, 128) if target == "cpu" else (64, 256)


WARP = 32
ALL_LANES = 0xFFFFFFFF
WRAP_LIMIT = 100  # atomic inc/dec wrap at this value
REVERSE_BLOCK = 1024  # the largest block, 32 warps
TILE = 16
TILE_PADDED = TILE + 1  # a padded row keeps a transposing tile's columns in distinct banks

SUM_TYPES = [np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64]
BITWISE_TYPES = [np.int32, np.uint32, np.int64, np.uint64]
WRAPPING_TYPES = [np.uint32, np.uint64]
SHUFFLE_TYPES = [np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64]

# Read by kernels through cuda.const.array_like.
WEIGHTS = np.array([0.5, -1.25, 2.0, 3.5, -0.75, 8.0, 1e-3, -64.0], dtype=np.float32)
TABLE = np.arange(12, dtype=np.int64).reshape(3, 4) * 1_000_000_007


def type_id(dtype):
    return np.dtype(dtype).name


def load_program(path):
    """The Python file at `path` imported as a module (kernels need their source file)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_program(path, *args):
    """Runs a Python file in a child process on the target CUDAPY_TARGET names."""
    return subprocess.run([sys.executable, str(path), *args], capture_output=True, text=True,
                          timeout=300)


# ---- atomics under heavy contention: every thread updates element 0 ------------------------

@pytest.mark.parametrize("dtype", SUM_TYPES, ids=type_id)
def test_atomic_add_and_sub_hand_each_thread_a_distinct_old_value(dtype, contended):
    @cuda.jit
    def count_up_and_down(up, down, olds_up, olds_down):
        i = cuda.grid(1)
        olds_up[i] = cuda.atomic.add(up, 0, 1)
        olds_down[i] = cuda.atomic.sub(down, 0, 1)

    blocks, threads = contended
    n = blocks * threads
    up, down = np.zeros(1, dtype), np.full(1, n, dtype)
    olds_up, olds_down = np.full(n, n + 7, dtype), np.full(n, n + 7, dtype)
    count_up_and_down[blocks, threads](up, down, olds_up, olds_down)
    assert up[0] == n and down[0] == 0
    np.testing.assert_array_equal(np.sort(olds_up), np.arange(n, dtype=dtype))
    np.testing.assert_array_equal(np.sort(olds_down), np.arange(1, n + 1, dtype=dtype))


@pytest.mark.parametrize("dtype", SUM_TYPES, ids=type_id)
def test_atomic_exch_passes_every_value_on_once(dtype, contended):
    @cuda.jit
    def exchange(slot, values, olds):
        i = cuda.grid(1)
        olds[i] = cuda.atomic.exch(slot, 0, values[i])

    blocks, threads = contended
    n = blocks * threads
    values = np.arange(1, n + 1, dtype=dtype)
    slot, olds = np.zeros(1, dtype), np.full(n, n + 7, dtype)
    exchange[blocks, threads](slot, values, olds)
    # Each value went in once and came out once, except the last, still in the slot.
    np.testing.assert_array_equal(np.sort(np.concatenate([olds, slot])),
                                  np.arange(n + 1, dtype=dtype))


@pytest.mark.parametrize("dtype", SUM_TYPES, ids=type_id)
def test_atomic_load_sees_what_the_block_before_published(dtype, contended):
    @cuda.jit
    def chain(flags, values):
        block = cuda.blockIdx.x
        if cuda.threadIdx.x == 0:
            if block == 0:
                values[0] = 1
            else:
                while cuda.atomic.load(flags, block - 1) == 0:
                    cuda.threadfence()
                values[block] = cuda.atomic.load(values, block - 1) + 1
            cuda.threadfence()
            cuda.atomic.exch(flags, block, 1)

    blocks = contended[0]
    flags, values = np.zeros(blocks, np.int32), np.zeros(blocks, dtype)
    chain[blocks, 32](flags, values)
    np.testing.assert_array_equal(values, np.arange(1, blocks + 1, dtype=dtype))
    np.testing.assert_array_equal(flags, np.ones(blocks, np.int32))


@pytest.mark.parametrize("dtype", SUM_TYPES, ids=type_id)
def test_atomic_min_and_max_keep_the_extremes(dtype, contended, rng):
    @cuda.jit
    def extremes(low, high, values, olds_low, olds_high):
        i = cuda.grid(1)
        olds_low[i] = cuda.atomic.min(low, 0, values[i])
        olds_high[i] = cuda.atomic.max(high, 0, values[i])

    blocks, threads = contended
    n = blocks * threads
    values = rng.permutation(n) + 1
    if np.dtype(dtype).kind != "u":
        values -= n // 2
    values = values.astype(dtype)
    start_low, start_high = values.max() + 1, values.min() - 1
    low, high = np.full(1, start_low, dtype), np.full(1, start_high, dtype)
    olds_low, olds_high = np.zeros(n, dtype), np.zeros(n, dtype)
    extremes[blocks, threads](low, high, values, olds_low, olds_high)
    assert low[0] == values.min() and high[0] == values.max()
    # Only the first update in the atomic order sees the starting value; every old value is one
    # of the values or the start, and never beyond the final extreme.
    assert np.count_nonzero(olds_low == start_low) == 1
    assert np.count_nonzero(olds_high == start_high) == 1
    assert np.all(np.isin(olds_low, np.append(values, start_low)))
    assert np.all(np.isin(olds_high, np.append(values, start_high)))
    assert olds_low.min() >= values.min() and olds_high.max() <= values.max()


@pytest.mark.parametrize("dtype", BITWISE_TYPES, ids=type_id)
def test_atomic_and_or_xor_combine_every_thread(dtype, contended, rng):
    @cuda.jit
    def combine(cleared, gathered, toggled, clear_masks, set_bits, flip_bits):
        i = cuda.grid(1)
        cuda.atomic.and_(cleared, 0, clear_masks[i])
        cuda.atomic.or_(gathered, 0, set_bits[i])
        cuda.atomic.xor(toggled, 0, flip_bits[i])

    blocks, threads = contended
    n = blocks * threads
    info = np.iinfo(dtype)
    # Thread i clears and sets bit i % (width - 1): all but the top bit end up changed.
    set_bits = np.left_shift(np.ones(n, dtype), (np.arange(n) % (info.bits - 1)).astype(dtype))
    clear_masks = np.invert(set_bits)
    flip_bits = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    cleared = np.invert(np.zeros(1, dtype))
    gathered = np.zeros(1, dtype)
    toggled = rng.integers(info.min, info.max, 1, dtype=dtype, endpoint=True)
    expected = (cleared & np.bitwise_and.reduce(clear_masks),
                gathered | np.bitwise_or.reduce(set_bits),
                toggled ^ np.bitwise_xor.reduce(flip_bits))
    combine[blocks, threads](cleared, gathered, toggled, clear_masks, set_bits, flip_bits)
    np.testing.assert_array_equal(cleared, expected[0])
    np.testing.assert_array_equal(gathered, expected[1])
    np.testing.assert_array_equal(toggled, expected[2])


@pytest.mark.parametrize("dtype", WRAPPING_TYPES, ids=type_id)
def test_atomic_inc_and_dec_wrap_at_the_limit(dtype, contended):
    """CUDA's semantics: inc gives old >= limit ? 0 : old + 1, dec gives
    old == 0 or old > limit ? limit : old - 1."""
    @cuda.jit
    def wrap_around(up, down, olds_up, olds_down):
        i = cuda.grid(1)
        olds_up[i] = cuda.atomic.inc(up, 0, WRAP_LIMIT)
        olds_down[i] = cuda.atomic.dec(down, 0, WRAP_LIMIT)

    blocks, threads = contended
    n = blocks * threads
    assert n > 2 * (WRAP_LIMIT + 1)  # both wrap more than once
    up, down = np.zeros(1, dtype), np.full(1, WRAP_LIMIT, dtype)
    olds_up, olds_down = np.full(n, 7777, dtype), np.full(n, 7777, dtype)
    wrap_around[blocks, threads](up, down, olds_up, olds_down)
    steps = np.arange(n) % (WRAP_LIMIT + 1)
    assert up[0] == n % (WRAP_LIMIT + 1)
    assert down[0] == WRAP_LIMIT - n % (WRAP_LIMIT + 1)
    np.testing.assert_array_equal(np.sort(olds_up), np.sort(steps).astype(dtype))
    np.testing.assert_array_equal(np.sort(olds_down), np.sort(WRAP_LIMIT - steps).astype(dtype))


@pytest.mark.parametrize("dtype", BITWISE_TYPES, ids=type_id)
def test_atomic_cas_loop_counts_every_thread_once(dtype, contended):
    @cuda.jit
    def count_with_cas(counter, claimed):
        i = cuda.grid(1)
        seen = counter[0]
        while True:
            previous = cuda.atomic.cas(counter, 0, seen, seen + 1)
            if previous == seen:
                break
            seen = previous
        claimed[i] = seen

    blocks, threads = contended
    n = blocks * threads
    counter, claimed = np.zeros(1, dtype), np.full(n, n + 7, dtype)
    count_with_cas[blocks, threads](counter, claimed)
    assert counter[0] == n
    np.testing.assert_array_equal(np.sort(claimed), np.arange(n, dtype=dtype))


def test_compare_and_swap_on_element_zero_lets_one_thread_win(contended):
    @cuda.jit
    def claim(owner, olds):
        i = cuda.grid(1)
        olds[i] = cuda.atomic.compare_and_swap(owner, 0, i + 1)

    blocks, threads = contended
    n = blocks * threads
    owner, olds = np.zeros(1, np.int32), np.full(n, -1, np.int32)
    claim[blocks, threads](owner, olds)
    winner = int(owner[0])
    assert 1 <= winner <= n
    assert olds[winner - 1] == 0
    assert np.count_nonzero(olds == winner) == n - 1


def test_atomic_add_on_a_2d_array_takes_a_tuple_index(rng):
    @cuda.jit
    def count_cells(rows, columns, counts):
        i = cuda.grid(1)
        if i < rows.size:
            cuda.atomic.add(counts, (rows[i], columns[i]), 1)

    n = 1000
    rows = rng.integers(0, 3, n).astype(np.int32)
    columns = rng.integers(0, 5, n).astype(np.int32)
    counts = np.zeros((3, 5), np.int32)
    count_cells[(n + 127) // 128, 128](rows, columns, counts)
    expected = np.zeros((3, 5), np.int32)
    np.add.at(expected, (rows, columns), 1)
    np.testing.assert_array_equal(counts, expected)


def test_atomics_refuse_element_types_cuda_lacks():
    @cuda.jit
    def increment_signed(counter):
        cuda.atomic.inc(counter, 0, 10)

    @cuda.jit
    def and_floats(bits):
        cuda.atomic.and_(bits, 0, bits[1])

    with pytest.raises(cp.CompileError, match="int32"):
        increment_signed[1, 1](np.zeros(1, np.int32))
    with pytest.raises(cp.CompileError, match="float32"):
        and_floats[1, 1](np.zeros(2, np.float32))


# ---- warp shuffles and votes -------------------------------------------------------------

@pytest.mark.parametrize("dtype", SHUFFLE_TYPES, ids=type_id)
def test_shuffles_move_values_between_lanes(dtype, rng):
    @cuda.jit
    def shuffles(values, by_lane, up, down, by_xor):
        i = cuda.grid(1)
        lane = cuda.threadIdx.x % WARP
        value = values[i]
        by_lane[i] = cuda.shfl_sync(ALL_LANES, value, (lane * 7 + 3) % WARP)
        up[i] = cuda.shfl_up_sync(ALL_LANES, value, 5)
        down[i] = cuda.shfl_down_sync(ALL_LANES, value, 5)
        by_xor[i] = cuda.shfl_xor_sync(ALL_LANES, value, 6)

    n = 128  # two blocks of two warps
    if np.dtype(dtype).kind == "f":
        values = (rng.standard_normal(n) * 1e3).astype(dtype)
    else:
        info = np.iinfo(dtype)
        values = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    outputs = [np.zeros(n, dtype) for _ in range(4)]
    shuffles[2, 64](values, *outputs)

    index = np.arange(n)
    lane = index % WARP
    first = index - lane
    # Lanes whose source is outside the warp keep their own value.
    up_source = np.where(lane >= 5, index - 5, index)
    down_source = np.where(lane + 5 < WARP, index + 5, index)
    expected = [values[first + (lane * 7 + 3) % WARP], values[up_source], values[down_source],
                values[first + (lane ^ 6)]]
    for name, got, want in zip(["shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync"],
                               outputs, expected):
        np.testing.assert_array_equal(got, want, err_msg=name)


def test_warp_votes_ballots_and_lane_masks(rng):
    @cuda.jit
    def votes(predicates, all_true, any_true, ballots, lower_lanes, lanes):
        i = cuda.grid(1)
        p = predicates[i]
        all_true[i] = cuda.all_sync(ALL_LANES, p)
        any_true[i] = cuda.any_sync(ALL_LANES, p)
        ballots[i] = cuda.ballot_sync(ALL_LANES, p)
        lower_lanes[i] = cuda.lanemask_lt()
        lanes[i] = cuda.laneid

    # Four warps: all true, all false, mixed (with truthy values other than 1), only lane 31.
    predicates = np.concatenate([np.ones(WARP), np.zeros(WARP),
                                 rng.integers(0, 2, WARP) * rng.integers(1, 9, WARP),
                                 np.eye(1, WARP, WARP - 1)[0]]).astype(np.int32)
    n = len(predicates)
    all_true, any_true = np.full(n, -1, np.int32), np.full(n, -1, np.int32)
    ballots, lower_lanes = np.zeros(n, np.uint32), np.zeros(n, np.uint32)
    lanes = np.full(n, -1, np.int32)
    votes[2, 64](predicates, all_true, any_true, ballots, lower_lanes, lanes)

    lane = np.arange(n) % WARP
    truth = (predicates != 0).reshape(-1, WARP)
    per_warp = np.repeat(np.arange(n // WARP), WARP)
    warp_ballots = (truth.astype(np.uint64) << np.arange(WARP, dtype=np.uint64)).sum(axis=1)
    np.testing.assert_array_equal(all_true != 0, truth.all(axis=1)[per_warp])
    np.testing.assert_array_equal(any_true != 0, truth.any(axis=1)[per_warp])
    np.testing.assert_array_equal(ballots, warp_ballots[per_warp].astype(np.uint32))
    np.testing.assert_array_equal(lower_lanes, ((1 << lane) - 1).astype(np.uint32))
    np.testing.assert_array_equal(lanes, lane)


@pytest.mark.parametrize("dtype", [np.int32, np.uint64, np.float32, np.float64])
def test_eq_sync_and_match_any_sync_compare_the_lanes_values(rng, dtype):
    @cuda.jit
    def compare(predicates, values, same_predicate, matching, all_lanes, all_same):
        i = cuda.grid(1)
        same_predicate[i] = cuda.eq_sync(ALL_LANES, predicates[i])
        matching[i] = cuda.match_any_sync(ALL_LANES, values[i])
        lanes, same = cuda.match_all_sync(ALL_LANES, values[i] * (i >= 64))
        all_lanes[i] = lanes
        all_same[i] = same

    # Warps of all-true, all-false and mixed predicates; values from a few, so lanes match.
    predicates = np.concatenate([np.ones(WARP), np.zeros(WARP), rng.integers(0, 2, 2 * WARP)])
    predicates = predicates.astype(np.int32)
    n = len(predicates)
    values = rng.integers(0, 4, n).astype(dtype)
    same, matching = np.full(n, -1, np.int32), np.zeros(n, np.uint32)
    all_lanes, all_same = np.full(n, 7, np.uint32), np.full(n, 7, np.int32)
    compare[2, 64](predicates, values, same, matching, all_lanes, all_same)

    truth = (predicates != 0).reshape(-1, WARP)
    per_warp = np.repeat(np.arange(n // WARP), WARP)
    uniform = truth.all(axis=1) | ~truth.any(axis=1)
    np.testing.assert_array_equal(same != 0, uniform[per_warp])
    lanes = values.reshape(-1, WARP)
    expected = [sum(1 << other for other in range(WARP) if lanes[w, other] == lanes[w, lane])
                for w in range(n // WARP) for lane in range(WARP)]
    np.testing.assert_array_equal(matching, np.array(expected, np.uint32))
    # The first two warps pass zeros, the others their values: all equal in those two (and
    # wherever the random values happen to agree).
    agree = np.array([w < 2 or len(set(lanes[w])) == 1 for w in range(n // WARP)])
    np.testing.assert_array_equal(all_lanes, np.where(agree, 0xFFFFFFFF, 0)[per_warp])
    np.testing.assert_array_equal(all_same, agree[per_warp])


def test_activemask_names_the_lanes_that_exist():
    @cuda.jit
    def active(masks):
        masks[cuda.grid(1)] = cuda.activemask()

    masks = np.zeros(48, np.uint32)  # a full warp and one of 16 lanes
    active[1, 48](masks)
    np.testing.assert_array_equal(masks[:32], np.full(32, 0xFFFFFFFF, np.uint32))
    np.testing.assert_array_equal(masks[32:], np.full(16, 0xFFFF, np.uint32))


# ---- barriers ----------------------------------------------------------------------------

def test_syncthreads_orders_shared_memory_across_all_warps_of_a_block(target):
    @cuda.jit
    def reverse_three_times(data):
        tile = cuda.shared.array(REVERSE_BLOCK, int32)
        t = cuda.threadIdx.x
        i = cuda.grid(1)
        value = data[i]
        for step in range(3):
            tile[t] = value
            cuda.syncthreads()  # every thread has stored
            value = tile[REVERSE_BLOCK - 1 - t]
            cuda.syncthreads()  # every thread has loaded before the next round's stores
        data[i] = value

    blocks = 2 if target == "cpu" else 64
    data = np.arange(blocks * REVERSE_BLOCK, dtype=np.int32)
    expected = data.reshape(blocks, REVERSE_BLOCK)[:, ::-1].ravel()
    reverse_three_times[blocks, REVERSE_BLOCK](data)
    np.testing.assert_array_equal(data, expected)


def test_syncthreads_count_and_or_vote_across_the_block(rng):
    @cuda.jit
    def block_votes(predicates, counts, all_true, any_true):
        i = cuda.grid(1)
        p = predicates[i]
        counts[i] = cuda.syncthreads_count(p)
        all_true[i] = cuda.syncthreads_and(p)
        any_true[i] = cuda.syncthreads_or(p)

    threads = 256
    # Blocks: all true, all false, one thread true (with 7), random.
    predicates = np.concatenate([np.ones(threads), np.zeros(threads),
                                 np.eye(1, threads, 200)[0] * 7,
                                 rng.integers(0, 2, threads)]).astype(np.int32)
    n = len(predicates)
    counts, all_true, any_true = (np.full(n, -1, np.int32) for _ in range(3))
    block_votes[n // threads, threads](predicates, counts, all_true, any_true)

    truth = (predicates != 0).reshape(-1, threads)
    per_block = np.repeat(np.arange(n // threads), threads)
    np.testing.assert_array_equal(counts, truth.sum(axis=1)[per_block])
    np.testing.assert_array_equal(all_true != 0, truth.all(axis=1)[per_block])
    np.testing.assert_array_equal(any_true != 0, truth.any(axis=1)[per_block])


# ---- shared, local and constant memory ---------------------------------------------------

def test_dynamic_shared_memory_holds_several_arrays_at_offsets(rng):
    """Every dynamic shared array starts at the same address, as in numba: slices place the
    arrays one after another. The launch gives the bytes as kernel[grid, block, stream, bytes]."""
    @cuda.jit
    def reverse_through_shared(doubles_in, floats_in, ints_in, doubles_out, floats_out,
                               ints_out, lengths):
        n = cuda.blockDim.x
        t = cuda.threadIdx.x
        i = cuda.grid(1)
        dynamic_doubles = cuda.shared.array(0, float64)
        dynamic_floats = cuda.shared.array(0, float32)
        dynamic_ints = cuda.shared.array(0, int32)
        doubles = dynamic_doubles[:n]  # bytes [0, 8n)
        floats = dynamic_floats[2 * n:3 * n]  # bytes [8n, 12n)
        ints = dynamic_ints[3 * n:]  # bytes [12n, 16n)
        doubles[t] = doubles_in[i]
        floats[t] = floats_in[i]
        ints[t] = ints_in[i]
        cuda.syncthreads()
        doubles_out[i] = doubles[n - 1 - t]
        floats_out[i] = floats[n - 1 - t]
        ints_out[i] = ints[n - 1 - t]
        if i == 0:
            lengths[0] = len(dynamic_doubles)
            lengths[1] = dynamic_ints.size

    blocks, threads = 3, 64
    n = blocks * threads
    doubles_in = rng.standard_normal(n)
    floats_in = rng.standard_normal(n).astype(np.float32)
    ints_in = rng.integers(-10 ** 9, 10 ** 9, n).astype(np.int32)
    doubles_out, floats_out = np.full(n, np.nan), np.full(n, np.nan, np.float32)
    ints_out, lengths = np.zeros(n, np.int32), np.zeros(2, np.int64)
    shared_bytes = 16 * threads
    reverse_through_shared[blocks, threads, 0, shared_bytes](
        doubles_in, floats_in, ints_in, doubles_out, floats_out, ints_out, lengths)

    def reversed_blocks(values):
        return values.reshape(blocks, threads)[:, ::-1].ravel()

    np.testing.assert_array_equal(doubles_out, reversed_blocks(doubles_in))
    np.testing.assert_array_equal(floats_out, reversed_blocks(floats_in))
    np.testing.assert_array_equal(ints_out, reversed_blocks(ints_in))
    np.testing.assert_array_equal(lengths, [shared_bytes // 8, shared_bytes // 4])


def test_static_2d_shared_tile_transposes_a_matrix(rng):
    @cuda.jit
    def transpose(source, destination):
        tile = cuda.shared.array((TILE, TILE_PADDED), float32)
        x, y = cuda.grid(2)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        if y < source.shape[0] and x < source.shape[1]:
            tile[ty, tx] = source[y, x]
        cuda.syncthreads()
        out_x = cuda.blockIdx.y * TILE + tx
        out_y = cuda.blockIdx.x * TILE + ty
        if out_y < destination.shape[0] and out_x < destination.shape[1]:
            destination[out_y, out_x] = tile[tx, ty]

    source = rng.standard_normal((50, 37)).astype(np.float32)
    destination = np.full((37, 50), np.nan, np.float32)
    grid = ((source.shape[1] + TILE - 1) // TILE, (source.shape[0] + TILE - 1) // TILE)
    transpose[grid, (TILE, TILE)](source, destination)
    np.testing.assert_array_equal(destination, source.T)


def test_local_array_holds_per_thread_scratch(rng):
    @cuda.jit
    def suffix_sums(values, sums):
        i = cuda.grid(1)
        if i < values.shape[0]:
            scratch = cuda.local.array(8, np.int64)
            for k in range(8):
                scratch[k] = values[i, k]
            total = 0
            for k in range(7, -1, -1):
                total += scratch[k]
                sums[i, k] = total

    values = rng.integers(-1000, 1000, (100, 8))
    sums = np.zeros_like(values)
    suffix_sums[4, 32](values, sums)
    np.testing.assert_array_equal(sums, np.cumsum(values[:, ::-1], axis=1)[:, ::-1])


def test_2d_local_array(rng):
    @cuda.jit
    def transpose_rows(values, transposed):
        i = cuda.grid(1)
        if i < values.shape[0]:
            block = cuda.local.array((3, 4), np.float64)
            for r in range(3):
                for c in range(4):
                    block[r, c] = values[i, r * 4 + c]
            for c in range(4):
                for r in range(3):
                    transposed[i, c * 3 + r] = block[r, c]

    values = rng.standard_normal((70, 12))
    transposed = np.full_like(values, np.nan)
    transpose_rows[3, 32](values, transposed)
    np.testing.assert_array_equal(transposed,
                                  values.reshape(-1, 3, 4).transpose(0, 2, 1).reshape(-1, 12))


def test_constant_array_like_reads_a_global_array(rng):
    @cuda.jit
    def weigh(values, weighed):
        weights = cuda.const.array_like(WEIGHTS)
        i = cuda.grid(1)
        if i < values.size:
            weighed[i] = values[i] * weights[i % weights.shape[0]]

    values = rng.standard_normal(200).astype(np.float32)
    weighed = np.full_like(values, np.nan)
    weigh[2, 128](values, weighed)
    np.testing.assert_array_equal(weighed, values * np.resize(WEIGHTS, len(values)))


def test_2d_constant_array_like():
    @cuda.jit
    def look_up(found):
        table = cuda.const.array_like(TABLE)
        i = cuda.grid(1)
        if i < found.size:
            found[i] = table[i % 3, i % 4]

    found = np.zeros(24, np.int64)
    look_up[1, 32](found)
    index = np.arange(24)
    np.testing.assert_array_equal(found, TABLE[index % 3, index % 4])


# ---- bit functions -----------------------------------------------------------------------

def bit_operands(dtype, rng):
    info = np.iinfo(dtype)
    special = [0, 1, 2, 3, 0x10, 0x80, info.max, info.min, info.max - 1, 1 << (info.bits - 2)]
    if info.min < 0:
        special += [-1, -2, info.min + 1]
    else:
        special += [info.max >> 1, 1 << (info.bits - 1)]
    random = rng.integers(info.min, info.max, 200, dtype=dtype, endpoint=True)
    return np.concatenate([np.array(special, dtype=dtype), random])


@pytest.mark.parametrize("dtype", BITWISE_TYPES, ids=type_id)
def test_popc_clz_ffs_brev_match_python(dtype, rng):
    @cuda.jit
    def bit_functions(values, ones, leading_zeros, first_set, reversed_bits):
        i = cuda.grid(1)
        if i < values.size:
            value = values[i]
            ones[i] = cuda.popc(value)
            leading_zeros[i] = cuda.clz(value)
            first_set[i] = cuda.ffs(value)
            reversed_bits[i] = cuda.brev(value)

    values = bit_operands(dtype, rng)
    n = len(values)
    width = np.iinfo(dtype).bits
    unsigned = np.dtype(f"uint{width}")
    ones, leading_zeros, first_set = (np.full(n, -1, np.int32) for _ in range(3))
    reversed_bits = np.zeros(n, unsigned)
    bit_functions[(n + 63) // 64, 64](values, ones, leading_zeros, first_set, reversed_bits)

    patterns = [int(v) & ((1 << width) - 1) for v in values]  # the bits, as Python ints
    np.testing.assert_array_equal(ones, [bin(p).count("1") for p in patterns], err_msg="popc")
    np.testing.assert_array_equal(leading_zeros, [width - len(bin(p)) + 2 if p else width
                                                  for p in patterns], err_msg="clz")
    # ffs is 1-based, 0 when no bit is set (CUDA's __ffs).
    np.testing.assert_array_equal(first_set, [len(bin(p & -p)) - 2 if p else 0
                                              for p in patterns], err_msg="ffs")
    np.testing.assert_array_equal(
        reversed_bits, np.array([int(bin(p)[2:].zfill(width)[::-1], 2) for p in patterns],
                                dtype=unsigned), err_msg="brev")


# ---- print and assert --------------------------------------------------------------------

PRINT_PROGRAM = """
import numpy as np
from cudapy import cuda


@cuda.jit
def report(values):
    i = cuda.grid(1)
    if i < values.size:
        print("item", i, "half", values[i], "even", i % 2 == 0)


def main():
    report[1, 4](np.arange(4, dtype=np.float32) * np.float32(0.5))
    cuda.synchronize()


if __name__ == "__main__":
    main()
"""


def test_print_writes_one_line_per_thread(target, tmp_path, capfd):
    """On the GPU the driver prints the device's printf output at the synchronization; the
    program runs in a child process whose stdout is read. On the CPU printf goes to this
    process's C stdout, flushed here so that capfd sees it."""
    program = tmp_path / "print_program.py"
    program.write_text(PRINT_PROGRAM)
    if target == "cpu":
        load_program(program).main()
        ctypes.CDLL(None).fflush(None)
        output = capfd.readouterr().out
    else:
        result = run_program(program)
        assert result.returncode == 0, result.stderr
        output = result.stdout
    expected = [f"item {i} half {i * 0.5:g} even {i % 2 == 0}" for i in range(4)]
    assert sorted(output.splitlines()) == expected


ASSERT_PROGRAM = """
import sys

import numpy as np
from cudapy import cuda


def copy_all_but_37(source, destination):
    i = cuda.grid(1)
    if i < source.size:
        assert source[i] != 37, "found 37"
        destination[i] = source[i]


checked = cuda.jit(debug=True)(copy_all_but_37)
unchecked = cuda.jit(copy_all_but_37)

source = np.arange(64, dtype=np.int32)
destination = np.zeros(64, dtype=np.int32)
if sys.argv[1] == "debug":
    try:
        checked[2, 32](source, destination)
        cuda.synchronize()
    except AssertionError as error:
        print(error)
        sys.exit(0)
    sys.exit("no AssertionError")
unchecked[2, 32](source, destination)
cuda.synchronize()
print("copied", int(np.count_nonzero(destination == source)))
"""


def test_assert_with_debug_raises_assertion_error_naming_file_line_thread_and_block(tmp_path):
    """In a child process: a failed device assertion may leave the GPU context unusable."""
    program = tmp_path / "assert_program.py"
    program.write_text(ASSERT_PROGRAM)
    result = run_program(program, "debug")
    assert result.returncode == 0, result.stdout + result.stderr
    line = ASSERT_PROGRAM.splitlines().index('        assert source[i] != 37, "found 37"') + 1
    message = result.stdout.strip()
    assert f"{program.name}:{line}: AssertionError: found 37" in message
    assert message.endswith("(thread (5, 0, 0) of block (1, 0, 0))")  # element 37 = 32 + 5


def test_assert_without_debug_is_not_checked(tmp_path):
    program = tmp_path / "assert_program.py"
    program.write_text(ASSERT_PROGRAM)
    result = run_program(program, "release")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "copied 64"


# ---- device arrays -----------------------------------------------------------------------

@pytest.mark.parametrize("shape", [(17,), (5, 7), (2, 3, 4)], ids=str)
@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.int64, np.float32, np.float64],
                         ids=type_id)
def test_to_device_and_copy_to_host_round_trip(dtype, shape, rng):
    host = (rng.standard_normal(shape) * 100).astype(dtype)
    device = cuda.to_device(host)
    assert device.shape == shape
    assert device.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(device.copy_to_host(), host)
    into = np.zeros_like(host)
    device.copy_to_host(into)
    np.testing.assert_array_equal(into, host)


def test_kernel_fills_a_device_array():
    @cuda.jit
    def fill(out):
        x, y = cuda.grid(2)
        if y < out.shape[0] and x < out.shape[1]:
            out[y, x] = y * 100 + x

    out = cuda.device_array((5, 7), np.int32)
    assert out.shape == (5, 7) and out.dtype == np.int32
    fill[(1, 1), (8, 8)](out)
    np.testing.assert_array_equal(out.copy_to_host(), 100 * np.arange(5)[:, None] + np.arange(7))


def test_device_arrays_stay_on_the_device_between_launches(rng):
    @cuda.jit("void(float64[::1])")
    def add_one(values):
        i = cuda.grid(1)
        if i < values.size:
            values[i] += 1.0

    host = rng.standard_normal(300)
    device = cuda.to_device(host)
    add_one[3, 128](device)
    add_one[3, 128](device)
    np.testing.assert_array_equal(device.copy_to_host(), host + 1.0 + 1.0)


# ---- a numba.cuda program, unchanged but for its import -----------------------------------

NUMBA_PROGRAM = """
import math

import numpy as np
from numba import cuda

TPB = 16


@cuda.jit
def increment_by_one(an_array):
    pos = cuda.grid(1)
    if pos < an_array.size:
        an_array[pos] += 1


@cuda.jit
def fast_matmul(A, B, C):
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=np.float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=np.float32)

    x, y = cuda.grid(2)

    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bpg = cuda.gridDim.x

    tmp = np.float32(0.)
    for i in range(bpg):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]

        cuda.syncthreads()

        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]

        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp


an_array = np.zeros(1000, dtype=np.int32)
threadsperblock = 128
blockspergrid = (an_array.size + (threadsperblock - 1)) // threadsperblock
increment_by_one[blockspergrid, threadsperblock](an_array)
assert np.all(an_array == 1)

rng = np.random.default_rng(1)
x_h = rng.random((40, 40), dtype=np.float32)
y_h = rng.random((40, 40), dtype=np.float32)
x_d = cuda.to_device(x_h)
y_d = cuda.to_device(y_h)
z_d = cuda.device_array((40, 40), dtype=np.float32)
threadsperblock = (TPB, TPB)
blockspergrid_x = math.ceil(z_d.shape[0] / threadsperblock[0])
blockspergrid_y = math.ceil(z_d.shape[1] / threadsperblock[1])
blockspergrid = (blockspergrid_x, blockspergrid_y)
fast_matmul[blockspergrid, threadsperblock](x_d, y_d, z_d)
z_h = z_d.copy_to_host()
assert np.allclose(z_h, x_h @ y_h, rtol=1e-5)
print("OK")
"""


def test_numba_program_runs_with_only_its_import_changed(tmp_path):
    program = tmp_path / "numba_program.py"
    program.write_text(NUMBA_PROGRAM.replace("from numba import cuda", "from cudapy import cuda"))
    result = run_program(program)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "OK"
