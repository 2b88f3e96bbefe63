"""The elementwise engine and its faces (vectorize, map and zipWith, device-array arithmetic),
with NumPy as the oracle: on the CPU target, and on the GPU where there is one."""

import math

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda


INTEGERS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float16", "float32", "float64"]


@pytest.fixture
def rng():
    return np.random.default_rng(20261126)


def values(rng, dtype, shape, low=-50, high=50, nonzero=False):
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(dtype)
    if dtype.kind == "u":
        low = max(low, 1 if nonzero else 0)
    data = rng.integers(low, high, shape)
    if nonzero:
        data[data == 0] = 1
    if dtype.kind == "f":
        data = data + rng.random(shape)
    return data.astype(dtype)


def check(got, expected, dtype=None):
    got = np.asarray(got)
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    assert got.shape == expected.shape
    if expected.dtype.kind == "f":
        tolerance = {2: 2e-3, 4: 2e-6, 8: 1e-12}[expected.dtype.itemsize]
        np.testing.assert_allclose(got, expected, rtol=tolerance, atol=tolerance)
    else:
        np.testing.assert_array_equal(got, expected)


# ---- device-array arithmetic ---------------------------------------------------------------

BINARY = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.true_divide,
          "//": np.floor_divide, "%": np.remainder, "<": np.less, "<=": np.less_equal,
          ">": np.greater, ">=": np.greater_equal, "==": np.equal, "!=": np.not_equal}
BITWISE = {"&": np.bitwise_and, "|": np.bitwise_or, "^": np.bitwise_xor}


def apply_operator(symbol, a, b):
    return eval(f"a {symbol} b", {"a": a, "b": b})


@pytest.mark.parametrize("dtype", INTEGERS + FLOATS)
@pytest.mark.parametrize("symbol", list(BINARY))
def test_operators_follow_numpy(target, rng, dtype, symbol):
    a = values(rng, dtype, 37)
    b = values(rng, dtype, 37, nonzero=True)
    with np.errstate(all="ignore"):
        expected = BINARY[symbol](a, b)
    got = apply_operator(symbol, cp.to_device(a), cp.to_device(b))
    assert isinstance(got, cp.DeviceArray)
    check(got, expected)


@pytest.mark.parametrize("dtype", INTEGERS + ["bool"])
@pytest.mark.parametrize("symbol", list(BITWISE))
def test_bitwise_operators_follow_numpy(target, rng, dtype, symbol):
    a, b = values(rng, dtype, 20), values(rng, dtype, 20)
    check(apply_operator(symbol, cp.to_device(a), cp.to_device(b)), BITWISE[symbol](a, b))


@pytest.mark.parametrize("left, right", [("int32", "float32"), ("int8", "uint8"),
                                         ("uint64", "int64"), ("float16", "int16"),
                                         ("bool", "int8"), ("float32", "float64")])
def test_mixed_types_promote_as_numpy_does(target, rng, left, right):
    a, b = values(rng, left, 16), values(rng, right, 16, nonzero=True)
    for symbol in ["+", "*", "/", "<"]:
        with np.errstate(all="ignore"):
            expected = BINARY[symbol](a, b)
        check(apply_operator(symbol, cp.to_device(a), cp.to_device(b)), expected)


@pytest.mark.parametrize("dtype", ["int8", "int32", "uint16", "float16", "float32"])
@pytest.mark.parametrize("scalar", [3, 2.5, True])
def test_python_numbers_are_weak_as_in_nep_50(target, rng, dtype, scalar):
    a = values(rng, dtype, 10, low=0, high=40)
    for symbol in ["+", "*", "-"]:
        expected = BINARY[symbol](a, scalar)
        check(apply_operator(symbol, cp.to_device(a), scalar), expected)
        check(apply_operator(symbol, scalar, cp.to_device(a)), BINARY[symbol](scalar, a))


def test_repeated_operators_take_each_calls_values(target, rng):
    """Operators called again with the same types take the planned call: each call's numbers
    and arrays, another shape, and a number too large for the dtype, as NumPy refuses it."""
    a, b = values(rng, "int16", 50), values(rng, "int16", 50)
    da, db = cp.to_device(a), cp.to_device(b)
    for k in (1, 2, 3, -7):
        check(da + k, a + k)
        check(k - da, k - a)
        check(da * db, a * b)
        check(-da, -a)
        check(da[:10] + k, a[:10] + k)
        check(da ** 2, a ** 2)
    for _ in range(2):
        with pytest.raises(OverflowError):
            da + 10 ** 6


def test_device_and_host_arrays_mix_on_every_call(target, rng):
    """A host array beside a device array is copied for each call, however often the same
    types come (the planned calls of device arrays and numbers do not take it)."""
    a, b = values(rng, "float32", 40), values(rng, "float32", 40)
    device = cp.to_device(a)
    for _ in range(3):
        check(device + b, a + b)
        check(b * device, b * a)
        check(device - b[:1], a - b[:1])


def test_numpy_scalars_are_strong(target):
    a = np.arange(5, dtype=np.float32)
    check(cp.to_device(a) + np.float64(1.5), a + np.float64(1.5))


def test_unary_operators(target, rng):
    for dtype in ["int8", "int32", "int64", "float32", "float64"]:
        a = values(rng, dtype, 12)
        d = cp.to_device(a)
        check(-d, -a)
        check(+d, +a)
        check(abs(d), abs(a))
        if dtype.startswith("int"):
            check(~d, ~a)


@pytest.mark.parametrize("shapes", [((3, 4), (4,)), ((3, 1), (1, 5)), ((2, 3, 4), (3, 1)),
                                    ((5,), ()), ((0, 3), (3,))])
def test_broadcasting(target, rng, shapes):
    a, b = values(rng, "float32", shapes[0]), values(rng, "float64", shapes[1])
    check(cp.to_device(a) * cp.to_device(b), a * b)
    check(cp.to_device(a) - b.item() if b.ndim == 0 else cp.to_device(a) - cp.to_device(b),
          a - (b.item() if b.ndim == 0 else b))


def test_mismatched_shapes_are_refused_with_both_shapes(target):
    with pytest.raises(ValueError, match=r"\(3,\), \(4,\) do not broadcast"):
        cp.to_device(np.ones(3)) + cp.to_device(np.ones(4))


def test_views_and_fortran_arrays(target, rng):
    a = values(rng, "float32", (6, 8))
    d = cp.to_device(a)
    check(d[1:5, 2:7] + 1, a[1:5, 2:7] + 1)
    f = np.asfortranarray(a)
    check(cp.to_device(f) * cp.to_device(a), f * a)


def test_in_place_operators_write_into_the_array(target, rng):
    a = values(rng, "float32", 9)
    d = cp.to_device(a)
    same = d
    d += 2
    d *= cp.to_device(a)
    assert d is same
    check(d, (a + 2) * a)


def test_in_place_refuses_what_numpy_refuses(target):
    d = cp.to_device(np.arange(4, dtype=np.int32))
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output from float64 to int32"):
        d += 1.5
    check(d, np.arange(4, dtype=np.int32))


def test_numpy_ufuncs_run_on_the_device(target, rng):
    a = values(rng, "float32", 25, low=1, high=9)
    d = cp.to_device(a)
    for ufunc in [np.sin, np.exp, np.sqrt, np.log, np.tanh, np.negative]:
        got = ufunc(d)
        assert isinstance(got, cp.DeviceArray)
        check(got, ufunc(a))
    check(np.add(d, d), a + a)
    check(np.maximum(d, 4.5), np.maximum(a, np.float32(4.5)))
    out = cuda.device_array_like(a)
    assert np.multiply(d, 2, out=out) is out
    check(out, a * 2)


def test_array_protocol_copies_to_the_host(target):
    a = np.arange(6, dtype=np.int16).reshape(2, 3)
    d = cp.to_device(a)
    host = np.asarray(d)
    assert isinstance(host, np.ndarray)
    np.testing.assert_array_equal(host, a)
    assert np.array(d, dtype=np.float64).dtype == np.float64
    assert "[[0, 1, 2]" in repr(d) and "int16" in repr(d)


def test_astype_fill_copy_where(target, rng):
    a = values(rng, "float64", 11) * 100
    d = cp.to_device(a)
    for dtype in ["int8", "int32", "uint16", "float16", "float32", "bool"]:
        with np.errstate(all="ignore"):
            expected = a.astype(dtype)
        if dtype in ("int8", "uint16"):  # out of range: C's conversion is undefined; skip
            continue
        check(d.astype(dtype), expected)
    copy = d.copy()
    copy += 1
    check(d, a)
    check(copy, a + 1)
    copy.fill(3)
    check(copy, np.full(11, 3.0))
    check(cp.where(d > 0, d, 0.0), np.where(a > 0, a, 0.0))
    check(cp.if_positive(d, d, -d), np.where(a > 0, a, -a))


def test_negative_integer_powers_are_refused_as_numpy_does(target):
    d = cp.to_device(np.arange(1, 5, dtype=np.int32))
    for exponent in [-1, np.int64(-2), cp.to_device(np.array([2, 1, -1, 0], np.int32))]:
        with pytest.raises(ValueError, match="Integers to negative integer powers"):
            d ** exponent
    check(d ** cp.to_device(np.array([2, 1, 3, 0], np.int32)), np.arange(1, 5, dtype=np.int32)
          ** np.array([2, 1, 3, 0], np.int32))
    check(d ** -1.0, np.arange(1, 5, dtype=np.int32) ** -1.0)


def test_truth_is_numpy_s(target):
    one, three = cp.to_device(np.array([2.0])), cp.to_device(np.arange(3.0))
    assert bool(one == 2.0) and not bool(one < 0)
    with pytest.raises(ValueError, match="truth value of a CudaArray of 3 elements is ambiguous"):
        bool(three == three)
    with pytest.raises(ValueError, match="ambiguous"):
        if three > 1:
            pass


def test_empty_arrays(target):
    d = cp.to_device(np.zeros(0, dtype=np.float32))
    check(d + 1, np.zeros(0, dtype=np.float32))
    check(d * d, np.zeros(0, dtype=np.float32))


# ---- vectorize ------------------------------------------------------------------------------

@cp.vectorize(["float32(float32, float32)", "float64(float64, float64)"])
def add_square(a, b):
    return (a + b) ** 2


@pytest.mark.parametrize("vector_target", ["cpu", "parallel",
                                           pytest.param("cuda", marks=[pytest.mark.gpu,
                                                                       pytest.mark.nvrtc])])
def test_vectorize_numbapro_example_on_every_target(rng, vector_target):
    ufunc = cp.vectorize(["float32(float32, float32)"], target=vector_target)(
        add_square.py_func)
    a, b = values(rng, "float32", (40, 3)), values(rng, "float32", (40, 3))
    got = ufunc(a, b)
    assert isinstance(got, np.ndarray)
    check(got, (a + b) ** 2)


def test_vectorize_chooses_the_signature_as_numpy_chooses_a_loop(target, rng):
    a = values(rng, "float32", 8)
    check(add_square(a, a), (a + a) ** 2)
    i = values(rng, "int32", 8)
    check(add_square(i, i), ((i + i) ** 2).astype(np.float64))  # int32 casts safely to f8 only
    check(add_square(a, 2), (a + np.float32(2)) ** 2)
    assert add_square.types == ["ff->f", "dd->d"]
    with pytest.raises(TypeError, match=r"no signature takes \(complex128, float32\)"):
        add_square(np.ones(8, complex), a)


def test_vectorize_device_arrays_stay_on_the_device(target, rng):
    a = values(rng, "float32", 1000)
    d = cp.to_device(a)
    got = add_square(d, d)
    assert isinstance(got, cp.DeviceArray)
    check(got, (a + a) ** 2)
    out = cp.to_device(np.zeros(1000, np.float32))
    assert add_square(d, 1.0, out=out) is out
    check(out, (a + 1) ** 2)


def test_vectorize_without_signatures_types_each_call(target, rng):
    @cp.vectorize
    def scaled(x, y):
        return x * 2 + y

    for left, right in [("int32", "int32"), ("int8", "float32"), ("float64", "uint16")]:
        a, b = values(rng, left, 5), values(rng, right, 5)
        check(scaled(a, b), a * 2 + b)
    assert scaled(3, 4) == 10 and isinstance(scaled(3, 4), np.integer)


def test_numba_cuda_vectorize_targets_the_device_target(monkeypatch):
    def add(a, b):
        return a + b

    monkeypatch.setenv("CUDAPY_TARGET", "cuda")
    assert cuda.vectorize(["float32(float32, float32)"])(add).target == "cuda"
    assert cuda.guvectorize(["void(float32[:], float32[:])"], "(n)->(n)")(add).target == "cuda"
    assert cuda.vectorize(add, target="cpu").target == "cpu"
    assert cp.vectorize(add).target == "cpu"  # numba's own vectorize: the CPU by default
    assert cuda.vectorize(add, target="gpu").target == "cuda"
    monkeypatch.setenv("CUDAPY_TARGET", "cpu")
    ufunc = cuda.vectorize(["float32(float32, float32)"])(add)
    assert ufunc.target == "cpu"
    # numba's GPU names stand for the CPU target there, as for numba's simulator
    assert cuda.vectorize(add, target="cuda").target == "cpu"
    assert cuda.guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", target="gpu")(
        add).target == "cpu"
    assert cp.vectorize(add, target="cuda").target == "cuda"  # cudapy's own: as named
    np.testing.assert_array_equal(ufunc(np.ones(3, np.float32), np.ones(3, np.float32)), 2)


@pytest.mark.parametrize("signature, message", [
    ("float32 float32", "does not parse"), ("float32(complex7)", "complex7"),
    (42, "is a string")])
def test_bad_signatures_are_refused(signature, message):
    with pytest.raises((TypeError, ValueError), match=message):
        cp.vectorize([signature])(add_square.py_func)


def test_bad_targets_and_shapes_are_refused(rng):
    with pytest.raises(ValueError, match="target must be one of"):
        cp.vectorize(target="tpu")(add_square.py_func)
    with pytest.raises(ValueError, match=r"out= has shape \(3,\) but the operands broadcast"):
        add_square(np.ones(4, np.float32), np.ones(4, np.float32),
                   out=np.zeros(3, np.float32))
    with pytest.raises(TypeError, match="takes 2 arguments but 1 were given"):
        add_square(np.ones(4, np.float32))


def test_a_function_the_translator_refuses_is_a_compile_error():
    @cp.vectorize(target="cpu")
    def bad(x):
        return x.unknown_attribute

    with pytest.raises(cp.CompileError):
        bad(np.ones(3))


# ---- CudaPy's map and zipWith ---------------------------------------------------------------

def increment(x):
    return x + 1


def test_map_and_zip_with(target, rng):
    a, b = values(rng, "int32", 50), values(rng, "float32", 50)
    check(cp.map(increment, a), a + 1)
    check(cp.zipWith(add_square.py_func, a, b), (a + b) ** 2)
    d = cp.to_device(a)
    got = cp.map(increment, d)
    assert isinstance(got, cp.DeviceArray)
    check(got, a + 1)


# ---- CuPy's fuse ----------------------------------------------------------------------------

def saxpy_expression(x, y):
    return 5 * x + 6 * y


@cp.fuse
def fused_math(x):
    return math.sqrt(abs(x)) + x * x


def test_fuse_computes_the_whole_expression_in_one_kernel(target, rng):
    # Positive values: no cancellation, which the GPU's fused multiply-add would show.
    a, b = values(rng, "float32", (7, 9), low=0), values(rng, "float32", (9,), low=0)
    fused_saxpy = cp.fuse()(saxpy_expression)
    check(fused_saxpy(a, b), 5 * a + 6 * b)
    d = cp.to_device(a)
    got = fused_saxpy(d, cp.to_device(b))
    assert isinstance(got, cp.DeviceArray)
    check(got, 5 * a + 6 * b)
    check(fused_math(d), np.sqrt(abs(a)) + a * a)
    # One kernel for the host arrays, one for the device arrays; one memory on the CPU target.
    assert len(fused_saxpy._kernels) == (1 if target == "cpu" else 2)


# ---- PyCUDA's ElementwiseKernel -------------------------------------------------------------

def test_elementwise_kernel_as_pycuda_writes_it(target, rng):
    lin_comb = cp.ElementwiseKernel("float a, float *x, float b, float *y, float *z",
                                    "z[i] = a*x[i] + b*y[i]", "lin_comb")
    a, b = values(rng, "float32", 1000, low=0), values(rng, "float32", 1000, low=0)
    x, y = cp.to_device(a), cp.to_device(b)
    z = cp.to_device(np.zeros(1000, np.float32))
    lin_comb(5, x, 6, y, z)
    check(z, np.float32(5) * a + np.float32(6) * b)
    z.fill(0)
    lin_comb(1, x, 0, y, z, slice=slice(10, 900, 7))
    expected = np.zeros(1000, np.float32)
    expected[10:900:7] = a[10:900:7]
    check(z, expected)
    z.fill(0)
    lin_comb(1, x, 0, y, z, range=range(5, 20, 5))
    expected = np.zeros(1000, np.float32)
    expected[5:20:5] = a[5:20:5]
    check(z, expected)


def test_elementwise_kernel_preamble_and_c_type_names(target):
    histogram_index = cp.ElementwiseKernel(
        "unsigned int *out, long long modulus, const double *scale",
        "value = squared(i) % modulus; out[i] = value * int64(scale[0])",
        preamble="def squared(v):\n    return v * v\n")
    out = cp.to_device(np.zeros(50, np.uint32))
    histogram_index(out, 7, cp.to_device(np.array([3.0])))
    index = np.arange(50, dtype=np.int64)
    check(out, ((index * index % 7) * 3).astype(np.uint32))


@pytest.mark.parametrize("size", [1, 3, 4, 5, 1003])
def test_elementwise_kernel_of_assignments_runs_each_index_once(target, rng, size):
    """Operations of assignments run four indices in lockstep, the last few one at a time:
    locals, augmented assignments and a stepped slice, against NumPy."""
    kernel = cp.ElementwiseKernel(
        "float a, float *x, float b, float *y, float *z",
        "t = a*x[i]; t += 1; z[i] = t + b*y[i]; z[i] *= 2")
    a, b = values(rng, "float32", size), values(rng, "float32", size)
    x, y = cp.to_device(a), cp.to_device(b)
    z = cp.to_device(np.zeros(size, np.float32))
    kernel(np.float32(2), x, np.float32(3), y, z)
    check(z, ((np.float32(2) * a + 1) + np.float32(3) * b) * 2)
    z.fill(0)
    kernel(np.float32(2), x, np.float32(3), y, z, slice=slice(1, None, 3))
    expected = np.zeros(size, np.float32)
    expected[1::3] = ((np.float32(2) * a[1::3] + 1) + np.float32(3) * b[1::3]) * 2
    check(z, expected)


@pytest.mark.parametrize("offset", [0, 1, 2, 3])
def test_views_off_the_lanes_alignment_compute_as_aligned_arrays_do(target, rng, offset):
    """Aligned arrays run kernels that load a thread's four lanes at once; views starting
    elsewhere (x[1:] of float32 is 4 bytes off) run the plain ones, with the same results."""
    a, b = values(rng, "float32", 1003), values(rng, "float32", 1003)
    x, y = cp.to_device(a), cp.to_device(b)
    z = cp.to_device(np.zeros(1003, np.float32))
    part = slice(offset, 1003 - (3 - offset))
    check(x[part] + y[part], a[part] + b[part])
    check(x[part].astype(np.int64), a[part].astype(np.int64))
    kernel = cp.ElementwiseKernel("float *x, float *y, float *z", "z[i] = 2*x[i] + y[i]")
    kernel(x[part], y[part], z[part])
    expected = np.zeros(1003, np.float32)
    expected[part] = np.float32(2) * a[part] + b[part]
    check(z, expected)


def test_elementwise_kernel_carrying_a_value_between_indices(target):
    """An operation that reads a local before assigning it carries it from one index to the
    next, with loop_prep and after_loop around each thread's part: it runs index by index."""
    kernel = cp.ElementwiseKernel(
        "int *x, int *running, long long *total",
        "count += 1; running[i] = count; x[i] = 2 * x[i]",
        loop_prep="count = int32(0)", after_loop="cuda.atomic.add(total, 0, count)")
    size = 5000
    x = cp.to_device(np.arange(size, dtype=np.int32))
    running = cp.to_device(np.zeros(size, np.int32))
    total = cp.to_device(np.zeros(1, np.int64))
    kernel(x, running, total)
    check(x, 2 * np.arange(size, dtype=np.int32))
    check(total, np.array([size], np.int64))
    # Each thread numbers its indices 1, 2, ... as it strides over them by the grid's
    # threads: the first index numbered 2 is that stride.
    got = running.copy_to_host()
    seconds = np.flatnonzero(got == 2)
    stride = seconds[0] if seconds.size else size
    np.testing.assert_array_equal(got, 1 + np.arange(size) // stride)


@pytest.mark.parametrize("arguments, error, message", [
    ("float a, float *x[]", ValueError, "cannot read the argument"),
    ("quad *x", TypeError, "unknown type 'quad'"),
    ("float a, float b", ValueError, "no argument is an array"),
    ("float *i", ValueError, "the loop's own")])
def test_elementwise_kernel_refuses_bad_argument_lists(arguments, error, message):
    with pytest.raises(error, match=message):
        cp.ElementwiseKernel(arguments, "x[i] = 0")


def test_elementwise_kernel_operation_errors_are_compile_errors():
    kernel = cp.ElementwiseKernel("float *x", "x[i] = x[i] > 0 ? x[i] : 0", target="cpu")
    with pytest.raises(cp.CompileError):
        kernel(np.ones(4, np.float32))


# ---- ufunc.reduce ---------------------------------------------------------------------------

@cp.vectorize(["int64(int64, int64)", "float64(float64, float64)"])
def add_numbers(a, b):
    return a + b


@cp.vectorize
def larger(a, b):
    return a if a > b else b


@pytest.mark.parametrize("shape", [(1,), (7,), (1000,), (3, 5), (4, 1, 6), (2, 9, 3)])
def test_reduce_folds_every_axis_as_numpy_does(target, rng, shape):
    a = values(rng, "int64", shape)
    for axis in list(range(-len(shape), len(shape))) + [None]:
        check(np.asarray(add_numbers.reduce(a, axis=axis)), np.asarray(np.add.reduce(a, axis=axis)))
        check(np.asarray(larger.reduce(a, axis=axis)),
              np.asarray(np.maximum.reduce(a, axis=axis)))
    f = values(rng, "float64", shape)
    check(np.asarray(add_numbers.reduce(f, axis=0, keepdims=True)),
          np.add.reduce(f, axis=0, keepdims=True))


def test_reduce_of_device_arrays_stays_on_the_device(target, rng):
    a = values(rng, "float64", (33, 17))
    d = cp.to_device(a)
    got = add_numbers.reduce(d, axis=1)
    assert isinstance(got, cp.DeviceArray)
    check(got, a.sum(axis=1))
    total = larger.reduce(d, axis=None)
    assert isinstance(total, cp.DeviceArray) and total.shape == ()
    check(total, np.asarray(a.max()))


def test_reduce_refuses_what_numpy_refuses():
    with pytest.raises(ValueError, match="zero-size array to reduction operation add_numbers"):
        add_numbers.reduce(np.zeros((0, 3)))
    with pytest.raises(ValueError, match="axis 2 is out of bounds"):
        add_numbers.reduce(np.zeros((2, 3)), axis=2)
    with pytest.raises(ValueError, match="binary functions"):
        cp.vectorize(lambda_free_square).reduce(np.ones(3))


def lambda_free_square(x):
    return x * x
