"""Every element type in every layout through a kernel, against NumPy: 1-, 2- and 3-d arrays
that are C-ordered, Fortran-ordered, strided and reversed, as NumPy arrays and as device
arrays, read through `X[i, j, k]`, `X.shape` and `X.size`; and their transposes, `X.T`."""

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda

DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
          np.uint64, np.float16, np.float32, np.float64]
LAYOUTS = ["C", "F", "strided", "reversed"]


# Every test runs its kernels on the CPU target, and on the GPU where there is one.
pytestmark = pytest.mark.usefixtures("target")


def view(base, layout):
    """`base` (C-ordered) seen in `layout`, with the same shape for every layout but strided."""
    if layout == "C":
        return base
    if layout == "F":
        return np.asfortranarray(base)
    if layout == "strided":
        doubled = np.zeros(tuple(2 * n for n in base.shape), base.dtype)
        window = doubled[tuple(slice(None, None, 2) for _ in base.shape)]
        window[...] = base
        return window
    flipped = np.ascontiguousarray(base[tuple(slice(None, None, -1) for _ in base.shape)])
    return flipped[tuple(slice(None, None, -1) for _ in base.shape)]


def values(dtype, shape, rng):
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if np.issubdtype(dtype, np.integer):
        limits = np.iinfo(dtype)
        return rng.integers(limits.min, limits.max, size=shape, dtype=dtype, endpoint=True)
    return (rng.standard_normal(shape) * 100).astype(dtype)


def doubled(x):
    """What `X + X` gives in a kernel: NumPy's wrapping sum; `or` for bools."""
    if x.dtype == np.bool_:
        return x | x
    with np.errstate(over="ignore"):
        return (x + x).astype(x.dtype)


# Decorated in each test: cuda.jit fixes the target when it is applied.
def double_1d(X, Y):
    i = cuda.grid(1)
    if i < X.shape[0] and X.size == Y.size and X.ndim == 1:
        Y[i] = X[i] + X[i]


def double_2d(X, Y):
    i, j = cuda.grid(2)
    if i < X.shape[0] and j < X.shape[1]:
        Y[i, j] = X[i, j] + X[i, j]


def double_3d(X, Y):
    i, j, k = cuda.grid(3)
    n, m, p = X.shape
    if i < n and j < m and k < p:
        Y[i, j, k] = X[i, j, k] + X[i, j, k]


KERNELS = {1: (double_1d, (37,), (2,), (32,)), 2: (double_2d, (9, 13), (3, 4), (4, 4)),
           3: (double_3d, (5, 6, 7), (2, 2, 2), (4, 4, 4))}


@pytest.mark.parametrize("ndim", [1, 2, 3])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_numpy_arrays(dtype, layout, ndim, target):
    kernel, shape, grid, block = KERNELS[ndim]
    rng = np.random.default_rng(ndim * 100 + LAYOUTS.index(layout))
    source = view(values(dtype, shape, rng), layout)
    result = view(np.zeros(shape, dtype), layout)
    if dtype == np.bool_:  # bool + bool is an int in Python; a bool array keeps bools here
        result = view(np.zeros(shape, np.int8), layout)
    cuda.jit(kernel)[grid, block](source, result)
    expected = source.astype(np.int8) * 2 if dtype == np.bool_ else doubled(source)
    np.testing.assert_array_equal(result, expected)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", [np.int16, np.uint64, np.float16, np.float64],
                         ids=lambda d: np.dtype(d).name)
def test_device_arrays(dtype, layout, target):
    kernel, shape, grid, block = KERNELS[3]
    rng = np.random.default_rng(7)
    host = view(values(dtype, shape, rng), layout)
    source = cuda.to_device(host)
    result = cuda.device_array(shape, dtype, order="F" if layout == "F" else "C")
    cuda.jit(kernel)[grid, block](source, result)
    np.testing.assert_array_equal(result.copy_to_host(), doubled(host))


def transposed(out, a, strided):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        out[i, j] = a.T[i, j] + strided.T[i, j] * 10 + a.transpose().shape[0]


def store_through_transpose(a):
    i, j = cuda.grid(2)
    if i < a.shape[1] and j < a.shape[0]:
        a.T[i, j] = i * 100 + j


@pytest.mark.parametrize("where", ["cpu", "python", pytest.param("cuda", marks=pytest.mark.gpu)])
@pytest.mark.parametrize("order", ["C", "F"])
def test_transposes_are_views_with_the_axes_reversed(where, order):
    a = np.asarray(np.arange(12.0).reshape(3, 4), order=order)
    strided = np.arange(24.0).reshape(3, 8)[:, ::2]
    out = np.zeros((4, 3))
    cuda.jit(transposed, target=where)[(1, 1), (8, 8)](out, a, strided)
    np.testing.assert_array_equal(out, a.T + strided.T * 10 + 4)
    target = np.asarray(np.zeros((5, 4)), order=order)
    cuda.jit(store_through_transpose, target=where)[(1, 1), (8, 8)](target)
    rows, columns = np.indices((4, 5))
    np.testing.assert_array_equal(target.T, rows * 100 + columns)


def test_transpose_takes_no_axes():
    with pytest.raises(cp.CompileError, match=r"transpose\(\) in kernels reverses all axes"):
        cp.compile("def k(a):\n    a.transpose(1, 0)[0, 0] = 1\n", sig="void(float64[:, :])",
                   target="cpu")
