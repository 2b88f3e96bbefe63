"""The interpreter that the semantic tests use as their oracle, checked against hand-computed
values. Needs no GPU."""

import math

import numpy as np
import pytest

import interpreter


def kernel_name(name):
    return interpreter.kernel_globals()[name]


# ---- threads ------------------------------------------------------------------------------

def thread_numbers(Out):
    Out[idx] = idx * 10


def test_the_kernel_runs_once_per_thread_with_its_index():
    out = np.full(4, -1, np.int32)
    interpreter.run(thread_numbers, [out], threads=4)
    assert out.tolist() == [0, 10, 20, 30]


def grid_2d(Out, width):
    Out[idy * width + idx] = idx + 10 * idy


def test_two_dimensional_thread_counts():
    out = np.full(6, -1, np.int32)
    interpreter.run(grid_2d, [out, 3], threads=(3, 2))
    assert out.tolist() == [0, 1, 2, 10, 11, 12]


def block_names(Thread, Block, BlockSize, GridSize, Warp):
    Thread[idx] = threadIdx.x
    Block[idx] = blockIdx.x
    BlockSize[idx] = blockDim.x
    GridSize[idx] = gridDim.x
    Warp[idx] = warpSize


def test_an_explicit_grid_defines_the_block_names():
    outputs = [np.full(6, -1, np.int32) for _ in range(5)]
    interpreter.run(block_names, outputs, grid=2, block=3)
    assert [o.tolist() for o in outputs] == [[0, 1, 2, 0, 1, 2], [0, 0, 0, 1, 1, 1], [3] * 6,
                                             [2] * 6, [32] * 6]


def test_thread_counts_leave_the_block_shape_undefined():
    with pytest.raises(NameError, match="threadIdx"):
        interpreter.run(block_names, [np.zeros(2, np.int32) for _ in range(5)], threads=2)


# ---- arithmetic and types -----------------------------------------------------------------

# fixed_width : void (int8* A, int8* Sum, int8* Quotient, int8* Remainder, int* Wide)
def fixed_width(A, Sum, Quotient, Remainder, Wide):
    Sum[idx] = A[idx] + 100
    Quotient[idx] = A[idx] // 3
    Remainder[idx] = A[idx] % -3
    Wide[idx] = A[idx] * 2


def test_fixed_width_arithmetic_wraps_and_floors():
    a = np.array([100, -100, 7, 0], np.int8)
    outputs = [np.zeros(4, np.int8) for _ in range(3)] + [np.zeros(4, np.int32)]
    interpreter.run(fixed_width, [a, *outputs], threads=4)
    assert [o.tolist() for o in outputs] == [[-56, 0, 107, 100], [33, -34, 2, 0],
                                             [-2, -1, -2, 0], [-56, 56, 14, 0]]


# scaled : void (int8 s, int* Out)
def scaled(s, Out):
    Out[idx] = s * 2


def test_scalar_arguments_take_the_parameter_types():
    out = np.zeros(1, np.int32)
    interpreter.run(scaled, [100, out], threads=1)
    assert out.tolist() == [-56]


def test_sig_overrides_take_the_place_of_comments():
    out = np.zeros(1, np.int32)
    interpreter.run(scaled, [100, out], threads=1, sig="void (int16 s, int* Out)")
    assert out.tolist() == [200]


# increment_to_int8 : int8 (int x)
def increment_to_int8(x):
    return x + 1


# halve : double (double x)
def halve(x):
    return x / 2


# helpers : void (int* A, int* Narrow, double* Halves)
def helpers(A, Narrow, Halves):
    Narrow[idx] = increment_to_int8(A[idx])
    Halves[idx] = halve(A[idx])


def test_typed_helpers_convert_arguments_and_results():
    a = np.array([127, 3], np.int32)
    narrow, halves = np.zeros(2, np.int32), np.zeros(2)
    interpreter.run([helpers, increment_to_int8, halve], [a, narrow, halves], threads=2)
    assert narrow.tolist() == [-128, 4]
    assert halves.tolist() == [63.5, 1.5]


def nan_comparisons(X, Y, Results, Smallest, Largest):
    Results[0] = X[0] < Y[0]
    Results[1] = X[0] <= Y[0]
    Results[2] = X[0] == Y[0]
    Results[3] = X[0] != Y[0]
    Results[4] = X[0] > Y[0] > X[0]
    Smallest[0] = min(X[0], Y[0])
    Smallest[1] = min(Y[0], X[0])
    Largest[0] = max(X[0], Y[0])
    Largest[1] = max(Y[0], X[0], Y[0])


def test_nan_comparisons_and_min_max_follow_python():
    results, smallest, largest = np.full(5, -1, np.int8), np.zeros(2), np.zeros(2)
    interpreter.run(nan_comparisons, [np.array([np.nan]), np.array([1.0]), results, smallest,
                                      largest], threads=1)
    assert results.tolist() == [0, 0, 0, 1, 0]
    assert np.isnan(smallest[0]) and smallest[1] == 1.0
    assert np.isnan(largest[0]) and largest[1] == 1.0


# ---- casts and range ----------------------------------------------------------------------

def test_casts_wrap_integers_and_truncate_floats():
    assert kernel_name("int8")(np.int32(300)) == 44
    assert kernel_name("uint8")(np.int32(-1)) == 255
    assert kernel_name("int64")(np.uint64(2**64 - 1)) == -1
    as_int = kernel_name("int")(np.float32(-3.7))
    assert as_int == -3 and as_int.dtype == np.int32
    assert kernel_name("float")(np.float64(0.1)) == np.float32(0.1)
    assert kernel_name("double")(np.float32(0.1)).dtype == np.float64
    assert kernel_name("bool")(np.float64(np.nan)) and not kernel_name("bool")(-0.0)
    nan = kernel_name("float")("nan")
    assert np.isnan(nan) and nan.dtype == np.float32


def test_range_values_have_the_loop_variable_type():
    kernel_range = kernel_name("range")
    assert kernel_name("xrange") is kernel_range
    counting = list(kernel_range(np.uint8(3)))
    assert counting == [0, 1, 2] and all(v.dtype == np.uint8 for v in counting)
    assert [v.dtype for v in kernel_range(2, np.int64(4))] == [np.int64, np.int64]
    assert [v.dtype for v in kernel_range(np.True_)] == [np.int32]
    assert list(kernel_range(5, 0, -2)) == [5, 3, 1]
    assert next(kernel_range(3)).dtype == np.int32
    with pytest.raises(ValueError):
        list(kernel_range(0, 5, 0))


def test_len_is_int64():
    length = kernel_name("len")(np.zeros(7))
    assert length == 7 and length.dtype == np.int64


# ---- math ---------------------------------------------------------------------------------

def test_math_gives_c_results_in_the_argument_type():
    m = kernel_name("math")
    root = m.sqrt(np.float32(2))
    assert root.dtype == np.float32 and root == np.float32(math.sqrt(2))
    assert m.sqrt(np.float64(2)) == math.sqrt(2)
    assert np.isnan(m.sqrt(-1.0)) and m.log(0.0) == -np.inf and m.exp(np.float64(1000)) == np.inf
    assert m.sqrt(np.int32(4)).dtype == np.float32  # integers compute in float32
    assert m.pow(np.float32(2), np.int32(3)).dtype == np.float64  # the promoted type
    assert m.sin(np.float32(1)).dtype == np.float32 and m.sin(0.5).dtype == np.float32
    x = np.float64(0.1)
    assert m.sinf(x) == np.float32(math.sin(float(np.float32(x))))
    assert m.pi == math.pi and m.inf == math.inf


def test_floor_ceil_trunc_and_round_give_int64():
    m = kernel_name("math")
    round_ = kernel_name("round")
    x = np.float32(-2.5)
    assert [m.floor(x), m.ceil(x), m.trunc(x)] == [-3, -2, -2]
    assert m.floor(np.float64(3e9)).dtype == np.int64
    assert m.floor(np.int64(2**62 + 1)) == 2**62 + 1
    assert [round_(np.float64(v)) for v in (0.5, 1.5, 2.5, -2.5)] == [0, 2, 2, -2]
    assert round_(np.float32(2.5)).dtype == np.int64


def test_predicates_give_bools():
    m = kernel_name("math")
    assert m.isnan(np.float32(np.nan)) is np.True_
    assert m.isinf(-np.inf) and not m.isinf(1.0)
    assert m.isfinite(np.float64(1.0)) and not m.isfinite(np.nan)


@pytest.mark.parametrize("dtype, epsilon", [(np.float32, 2.0**-12), (np.float64, 2.0**-30)])
def test_fma_rounds_once(dtype, epsilon):
    """(1 + e)**2 - (1 + 2e) is e**2, which the rounded product (1 + 2e) loses."""
    a = dtype(1 + epsilon)
    c = dtype(-(1 + 2 * epsilon))
    assert a * a + c == 0
    result = kernel_name("math").fma(a, a, c)
    assert result == epsilon * epsilon and result.dtype == dtype


# ---- signatures ---------------------------------------------------------------------------

def test_signatures_parse_scalars_and_arrays():
    signature = interpreter.parse_signature("void (float alpha, float* X, int8 n, double *Y)")
    assert signature.params == [np.float32, None, np.int8, None]
    assert signature.returns is None
    assert interpreter.parse_signature("uint16 (bool)") == ([np.dtype(np.bool_)], np.uint16)


def test_signature_comments_are_read_from_the_source():
    assert interpreter.signature_comment(scaled) == "void (int8 s, int* Out)"
    assert interpreter.signature_comment(thread_numbers) is None
