"""The reduction and scan engines and their faces (array reductions, NumPy's functions on device
arrays, numba's reduce, ufunc.reduce, PyCUDA's ReductionKernel, scan, cumsum), with NumPy as
the oracle: on the CPU target, and on the GPU where there is one.

Floating-point results are compared with NumPy's in float64 within a tolerance of the type's
epsilon times the sum of the magnitudes (the engine's order of additions is not NumPy's)."""

import math
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda

INTEGERS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float16", "float32", "float64"]
EPSILON = {"float16": 2e-3, "float32": 2e-6, "float64": 1e-14}


@pytest.fixture
def rng():
    return np.random.default_rng(20261127)


def values(rng, dtype, shape, low=-20, high=20):
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(dtype)
    if dtype.kind == "u":
        low = 0
    data = rng.integers(low, high, shape)
    if dtype.kind == "f":
        data = data + rng.random(shape)
    return data.astype(dtype)


def host(result):
    assert isinstance(result, cp.CudaArray), type(result)
    return result.copy_to_host()


def check_close(got, expected, magnitude=None):
    """`got` (a NumPy array) against NumPy's `expected`: the same dtype and shape, integers
    exactly, floats within epsilon times `magnitude` (the sum of the magnitudes added)."""
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    assert got.shape == expected.shape, (got.shape, expected.shape)
    if expected.dtype.kind == "f":
        epsilon = EPSILON[expected.dtype.name] * 4
        scale = np.abs(expected).astype(np.float64) if magnitude is None else magnitude
        np.testing.assert_array_less(
            np.abs(got.astype(np.float64) - expected.astype(np.float64)),
            epsilon * (np.asarray(scale, np.float64) + 1))
    else:
        np.testing.assert_array_equal(got, expected)


# ---- array reductions --------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ["bool"] + INTEGERS + FLOATS)
def test_sum_of_every_dtype_is_numpys(target, rng, dtype):
    data = values(rng, dtype, 5000)
    expected = data.sum()
    magnitude = np.abs(data.astype(np.float64)).sum()
    check_close(host(cp.to_device(data).sum()), expected, magnitude)


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int32", "uint64", "float16",
                                   "float32", "float64"])
@pytest.mark.parametrize("name", ["prod", "min", "max", "mean", "any", "all", "argmin",
                                  "argmax"])
def test_every_reduction_of_several_dtypes(target, rng, dtype, name):
    if name == "prod":
        data = values(rng, dtype, 40, low=-2, high=3)
    else:
        data = values(rng, dtype, 3000)
    expected = getattr(data, name)()
    magnitude = np.abs(data.astype(np.float64)).sum() / (data.size if name == "mean" else 1)
    got = host(getattr(cp.to_device(data), name)())
    check_close(got, np.asarray(expected), magnitude if name in ("mean", "prod") else None)


SHAPES_AND_AXES = [
    ((1100, 8200), 1),       # long rows: a block per row
    ((37, 500), 1),          # rows: a warp per row
    ((300, 20), 1),
    ((400, 9), 1),           # very short rows: a thread per row
    ((3, 70000), -1),        # few long rows: split, then folded
    ((2000, 64), 0),         # columns
    ((5, 3000, 40), 1),      # columns in the middle
    ((600, 5), 0),           # columns too few: copied into rows
    ((4, 5, 6, 7), (0, 2)),  # axes apart: copied into rows
    ((4, 5, 6, 7), (1, 2)),
    ((4, 5, 6, 7), (2, 3)),
    ((6, 7, 8), None),
    ((0, 5), 1),
    ((5, 0), 0),
]


@pytest.mark.parametrize("shape,axis", SHAPES_AND_AXES)
@pytest.mark.parametrize("keepdims", [False, True])
def test_sum_over_axes_matches_numpy(target, rng, shape, axis, keepdims):
    data = values(rng, "float32", shape)
    expected = data.sum(axis=axis, keepdims=keepdims)
    magnitude = np.abs(data).astype(np.float64).sum(axis=axis, keepdims=keepdims)
    check_close(host(cp.to_device(data).sum(axis=axis, keepdims=keepdims)), expected,
                magnitude)


@pytest.mark.parametrize("shape,axis", SHAPES_AND_AXES[:8])
@pytest.mark.parametrize("name", ["max", "argmin", "all", "mean"])
def test_reductions_over_axes_match_numpy(target, rng, shape, axis, name):
    if name == "argmin" and isinstance(axis, tuple):
        axis = axis[0]
    data = values(rng, "int32", shape, -3, 3)  # many ties: argmin must take the first
    expected = getattr(data, name)(axis=axis)
    check_close(host(getattr(cp.to_device(data), name)(axis=axis)), expected)


def test_non_contiguous_inputs(target, rng):
    data = values(rng, "float64", (60, 80))
    device = cp.to_device(data)
    for view, expected in [(device[::2, 1::3], data[::2, 1::3]),
                           (device.T, data.T)]:
        for axis in (None, 0, 1):
            check_close(host(view.sum(axis=axis)), expected.sum(axis=axis),
                        np.abs(expected).sum(axis=axis))
        check_close(host(view.argmax(axis=1)), expected.argmax(axis=1))
        check_close(host(view.argmax()), np.asarray(expected.argmax()))


def test_more_elements_than_the_grid_has_threads(target, rng):
    data = values(rng, "int64", 3_000_003, -1000, 1000)
    device = cp.to_device(data)
    assert host(device.sum())[()] == data.sum()
    assert host(device.argmax())[()] == data.argmax()
    assert host(device.reshape(3, 1_000_001).min(axis=1)).tolist() == \
        data.reshape(3, 1_000_001).min(axis=1).tolist()


def test_empty_and_single_element(target):
    empty = cp.to_device(np.zeros(0, np.float32))
    assert host(empty.sum())[()] == 0 and host(empty.sum()).dtype == np.float32
    assert host(empty.prod())[()] == 1
    assert math.isnan(host(empty.mean())[()])
    assert not host(empty.any())[()] and host(empty.all())[()]
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        empty.max()
    with pytest.raises(ValueError, match="argmin of an empty sequence"):
        empty.argmin()
    one = cp.to_device(np.array([7], np.int8))
    assert host(one.sum())[()] == 7 and host(one.sum()).dtype == np.int64
    assert host(one.argmax())[()] == 0 and host(one.min())[()] == 7


def test_nan_propagates_and_argmax_takes_the_first_nan(target):
    data = np.array([1.0, np.nan, 5.0, np.nan, 2.0], np.float32)
    device = cp.to_device(data)
    assert math.isnan(host(device.max())[()]) and math.isnan(host(device.min())[()])
    assert host(device.argmax())[()] == 1 and host(device.argmin())[()] == 1
    assert math.isnan(host(device.sum())[()])


def test_dtype_and_out_arguments(target, rng):
    data = values(rng, "int16", (30, 40))
    device = cp.to_device(data)
    check_close(host(device.sum(axis=0, dtype=np.float32)), data.sum(axis=0, dtype=np.float32))
    check_close(host(device.mean(dtype=np.float32)), np.asarray(data.mean(dtype=np.float32)),
                np.abs(data).mean())
    out = cp.device_array(40, np.int32)
    assert device.sum(axis=0, out=out) is out
    check_close(out.copy_to_host(), data.sum(axis=0).astype(np.int32))
    with pytest.raises(ValueError, match="out= has shape"):
        device.sum(axis=1, out=out)


def test_axis_errors_name_the_axis(target):
    device = cp.to_device(np.zeros((2, 3), np.float32))
    with pytest.raises(np.exceptions.AxisError):
        device.sum(axis=2)
    with pytest.raises(ValueError, match="duplicate"):
        device.sum(axis=(0, 0))
    with pytest.raises(TypeError, match="axis"):
        device.sum(axis=1.5)
    with pytest.raises(TypeError, match="argmax"):
        device.argmax(axis=(0, 1))


def test_numpy_functions_run_on_the_device(target, rng):
    data = values(rng, "float32", (20, 30))
    device = cp.to_device(data)
    for function in (np.sum, np.prod, np.min, np.max, np.amax, np.mean, np.argmax, np.any,
                     np.all):
        result = function(device, axis=1)
        assert isinstance(result, cp.CudaArray), function
        check_close(result.copy_to_host(), function(data, axis=1),
                    np.abs(data).mean(axis=1) if function is np.mean else None)
    assert isinstance(np.cumsum(device, axis=0), cp.CudaArray)
    # Functions with no device implementation see the array's values, as np.asarray gives them.
    np.testing.assert_array_equal(np.sort(device, axis=None), np.sort(data, axis=None))
    assert np.allclose(device, data)


def test_dot_vdot_and_norm(target, rng):
    x, y = values(rng, "float32", 10000), values(rng, "float32", 10000)
    dx, dy = cp.to_device(x), cp.to_device(y)
    magnitude = np.abs(x.astype(np.float64) * y).sum()
    check_close(host(cp.dot(dx, dy)), np.asarray(np.dot(x, y)), magnitude)
    check_close(host(np.dot(dx, dy)), np.asarray(np.dot(x, y)), magnitude)
    check_close(host(dx.dot(dy)), np.asarray(x.dot(y)), magnitude)
    matrix = values(rng, "int16", (30, 20))
    check_close(host(cp.vdot(cp.to_device(matrix), cp.to_device(matrix))),
                np.asarray(np.vdot(matrix, matrix)))
    for ord_ in (None, 1, 2, np.inf, -np.inf, 0, 3):
        check_close(host(cp.linalg.norm(dx, ord_)), np.asarray(np.linalg.norm(x, ord_)),
                    np.asarray(np.linalg.norm(x, ord_)))
    square = values(rng, "float64", (50, 60))
    check_close(host(np.linalg.norm(cp.to_device(square), axis=1)),
                np.linalg.norm(square, axis=1))
    check_close(host(cp.linalg.norm(cp.to_device(square))), np.asarray(np.linalg.norm(square)))
    with pytest.raises(ValueError, match="not aligned"):
        cp.dot(dx, dy[:5])
    with pytest.raises(NotImplementedError, match="matrix norm"):
        cp.linalg.norm(cp.to_device(square), 2)


# ---- numba's reduce, ufunc.reduce ---------------------------------------------------------


def add(a, b):
    return a + b


def larger(a, b):
    return a if a > b else b


def test_cuda_reduce_matches_numpy(target, rng):
    data = values(rng, "float64", 100_000)
    total = cuda.reduce(add)
    check_close(np.asarray(total(data)), np.asarray(data.sum()), np.abs(data).sum())
    check_close(np.asarray(total(cp.to_device(data), init=10.0)),
                np.asarray(data.sum() + 10.0), np.abs(data).sum())
    check_close(np.asarray(total(data, size=1000)), np.asarray(data[:1000].sum()),
                np.abs(data[:1000]).sum())
    assert total(np.zeros(0), init=3.0) == 3.0
    biggest = cp.reduce(larger)
    ints = values(rng, "int32", 54321, -10**6, 10**6)
    assert biggest(ints, init=-10**9) == ints.max()
    result = cp.device_array(2, np.int32)
    assert biggest(cp.to_device(ints), res=result, init=-10**9) is None
    assert result.copy_to_host()[0] == ints.max()


def test_cuda_reduce_again_takes_each_calls_init(target):
    """Repeated calls of one shape take the planned launches; each passes its own init."""
    total = cuda.reduce(add)
    data = cp.to_device(np.arange(1, 1001, dtype=np.int64))
    for init in (0, 7, 0, -500500, 2**40, 7):
        assert total(data) == 500500
        assert total(data, init=init) == 500500 + init


def test_cuda_reduce_from_threads_and_streams(target):
    """Host results come back through memory of each thread's own, after each call's wait."""
    total = cuda.reduce(add)
    sizes = range(100_000, 100_008)
    arrays = [cp.to_device(np.arange(n, dtype=np.int64)) for n in sizes]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda d: [total(d) for _ in range(20)], arrays))
    for n, got in zip(sizes, results):
        assert got == [n * (n - 1) // 2] * 20
    if target == "cuda":
        stream = cp.stream()
        assert total(arrays[0], stream=stream, init=1) == 100_000 * 99_999 // 2 + 1


def test_cuda_reduce_errors(target):
    total = cuda.Reduce(add)
    with pytest.raises(TypeError, match="res= has dtype float32"):
        total(np.ones(4), res=cp.device_array(1, np.float32))
    other = "cpu" if target == "cuda" else "cuda"
    if other == "cpu" or cp.device_count():
        with pytest.raises(TypeError, match=f"res= is an array of the {other} target"):
            total(np.ones(4), res=cp.device_array(1, np.float64, target=other))
    with pytest.raises(ValueError, match="size must be"):
        total(np.ones(4), size=5)
    with pytest.raises(ValueError, match="1-d"):
        total(np.ones((2, 2)))
    with pytest.raises(TypeError, match="def function"):
        cuda.reduce(max)


def test_ufunc_reduce_over_axes(target, rng):
    ufunc = cp.vectorize(["int64(int64, int64)", "float64(float64, float64)"],
                         target="cuda" if target == "cuda" else "cpu")(add)
    data = values(rng, "int64", (40, 50, 6))
    for axis in (0, 1, 2, None, (0, 2)):
        check_close(np.asarray(ufunc.reduce(data, axis=axis)), np.add.reduce(data, axis=axis))
    device = ufunc.reduce(cp.to_device(data), axis=1, keepdims=True)
    check_close(host(device), np.add.reduce(data, axis=1, keepdims=True))
    with pytest.raises(ValueError, match="no identity"):
        ufunc.reduce(np.zeros((0, 3)), axis=0)


# ---- PyCUDA's ReductionKernel ----------------------------------------------------------------


def test_reduction_kernel_dot_product(target, rng):
    dot = cp.ReductionKernel(np.float32, neutral="0", reduce_expr="a+b",
                             map_expr="x[i]*y[i]", arguments="float *x, float *y")
    x, y = values(rng, "float32", 70000), values(rng, "float32", 70000)
    dx, dy = cp.to_device(x), cp.to_device(y)
    result = dot(dx, dy)
    assert result.shape == () and result.dtype == np.float32
    magnitude = np.abs(x.astype(np.float64) * y).sum()
    check_close(result.get(), np.asarray(np.dot(x, y)), magnitude)
    check_close(dot(dx, dy, range=range(10, 5000, 3)).get(),
                np.asarray(np.dot(x[10:5000:3], y[10:5000:3])), magnitude)
    check_close(dot(dx, dy, slice=slice(100)).get(), np.asarray(np.dot(x[:100], y[:100])),
                magnitude)
    assert dot(dx[:0], dy[:0]).get()[()] == 0
    assert dot(dx[:1], dy[:1]).get()[()] == np.float32(x[0] * y[0])


def test_reduction_kernel_with_scalars_and_a_preamble(target, rng):
    count_above = cp.ReductionKernel(
        "int64", neutral=0, reduce_expr="a + b", map_expr="above(x[i], limit)",
        arguments="double *x, double limit",
        preamble="def above(value, limit):\n    return 1 if value > limit else 0\n")
    data = values(rng, "float64", 9999)
    assert count_above(cp.to_device(data), 3.5).get()[()] == (data > 3.5).sum()
    largest = cp.ReductionKernel(np.int32, neutral="-2147483648", reduce_expr="max(a, b)",
                                 arguments="int *v")
    ints = values(rng, "int32", 5000, -10**6, 10**6)
    assert largest(cp.to_device(ints)).get()[()] == ints.max()


def test_reduction_kernel_errors(target):
    with pytest.raises(cp.CompileError, match="line|:"):
        cp.ReductionKernel(np.float32, "0", "a +* b", "x[i]", "float *x")(
            cp.to_device(np.ones(4, np.float32)))
    with pytest.raises(ValueError, match="neutral"):
        cp.ReductionKernel(np.float32, "zero", "a+b", "x[i]", "float *x")
    kernel = cp.ReductionKernel(np.float32, "0", "a+b", "x[i]", "float *x")
    with pytest.raises(TypeError, match="'x' must be a 1-d array of float32"):
        kernel(cp.to_device(np.ones(4, np.float64)))


# ---- scans -------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ["bool", "int8", "int32", "uint32", "int64", "float32",
                                   "float64"])
def test_cumsum_of_several_dtypes(target, rng, dtype):
    data = values(rng, dtype, 50_003)
    expected = np.cumsum(data)
    check_close(host(cp.cumsum(cp.to_device(data))), expected,
                np.cumsum(np.abs(data.astype(np.float64))))


@pytest.mark.parametrize("shape,axis", [((7, 5000), 1), ((7, 5000), 0), ((3, 4, 2100), None),
                                        ((3, 4, 2100), 1), ((1, 1), 0), ((0, 4), 1),
                                        ((5, 0), 1)])
def test_cumsum_and_cumprod_over_axes(target, rng, shape, axis):
    data = values(rng, "int32", shape, -4, 5)
    device = cp.to_device(data)
    check_close(host(device.cumsum(axis=axis)), np.cumsum(data, axis=axis))
    check_close(host(np.cumprod(device, axis=axis)), np.cumprod(data, axis=axis))


def test_scan_of_a_python_function(target, rng):
    data = values(rng, "int32", 100_003, -10**6, 10**6)
    check_close(cp.scan(larger, data), np.maximum.accumulate(data))
    exclusive = cp.scan(add, cp.to_device(data), inclusive=False, init=5)
    expected = np.concatenate([[5], 5 + np.cumsum(data)[:-1]]).astype(np.int32)
    check_close(host(exclusive), expected)
    strided = cp.to_device(data[:99631].reshape(301, 331))[::2, ::3]
    check_close(host(cp.scan(add, strided, axis=1)), np.cumsum(data[:99631].reshape(301, 331)[::2, ::3],
                                                               axis=1, dtype=np.int32))
    with pytest.raises(ValueError, match="init="):
        cp.scan(add, data, inclusive=False)


def test_lambdas_compile_as_numba_takes_them(target, rng):
    data = values(rng, "float64", 5000)
    total = cuda.Reduce(lambda a, b: a + b)
    check_close(np.asarray(total(data)), np.asarray(data.sum()), np.abs(data).sum())
    product = cuda.reduce(lambda a, b: (a *
                                        b))
    assert product(np.arange(1, 11, dtype=np.float64), init=1) == math.factorial(10)
    check_close(host(cp.map(lambda x: x * 2 + 1, cp.to_device(data))), data * 2 + 1)
    with pytest.raises(TypeError, match="defaults"):
        cuda.reduce(lambda a, b=1: a + b)(data)


def test_repeated_calls_take_the_planned_path_and_stay_right(target, rng):
    for shape, axis in [((1000,), None), ((50, 300), 1), ((300, 50), 0), ((6, 70000), -1),
                        ((4, 5, 6), (1, 2))]:
        for _ in range(3):  # the first call plans, the others reuse the plan
            data = values(rng, "float32", shape)
            check_close(host(cp.to_device(data).sum(axis=axis)), data.sum(axis=axis),
                        np.abs(data).sum(axis=axis))
        # Arrays the plan does not take: a transposed view, a slice.
        wide = values(rng, "float32", shape[::-1])
        view = cp.to_device(wide).T
        check_close(host(view.sum(axis=axis)), wide.T.sum(axis=axis),
                    np.abs(wide.T).sum(axis=axis))
    data = values(rng, "int32", (40, 30))
    device = cp.to_device(data)
    for _ in range(3):
        check_close(host(device.argmax(axis=1)), data.argmax(axis=1))
        check_close(host(cp.dot(device[0], device[1])), np.asarray(np.dot(data[0], data[1])))
