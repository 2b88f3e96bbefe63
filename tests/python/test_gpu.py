"""Kernels run on the GPU, checked against NumPy or plain Python."""

import math

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda
from paper_kernels import mandel, mandelbrot, mandelbrot_reference, matrixMultiply, saxpy

pytestmark = [pytest.mark.gpu, pytest.mark.nvrtc]

ALL_DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
              np.uint64, np.float16, np.float32, np.float64]


@pytest.fixture
def rng():
    return np.random.default_rng(20240601)


@pytest.fixture(scope="module")
def saxpy_kernel():
    return cp.compile(saxpy)


def saxpy_reference(alpha, x, y):
    return np.float32(alpha) * x + y


def test_device_info():
    info = cp.device_info(0)
    assert info.name
    assert info.compute_capability >= (3, 0)
    assert info.multiprocessors > 0
    assert info.total_memory > 0
    assert cp.has_gpu()


def test_saxpy_cuda_arrays(saxpy_kernel, rng):
    n = 100_003
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    X, Y = cp.CudaArray(x), cp.CudaArray(y)
    saxpy_kernel(n)(2.5, X, Y)
    cp.synchronize()
    np.testing.assert_allclose(Y.toHost(), saxpy_reference(2.5, x, y), rtol=1e-6)
    np.testing.assert_array_equal(X.toHost(), x)


def test_saxpy_numpy_arrays_are_copied_back(saxpy_kernel, rng):
    n = 4099
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    expected = saxpy_reference(-1.5, x, y)
    x_before = x.copy()
    x.flags.writeable = False  # X is only read, so a read-only array is fine
    saxpy_kernel(n)(np.float32(-1.5), x, y)
    # The GPU may fuse the multiply and add: one rounding less than NumPy's.
    np.testing.assert_allclose(y, expected, rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(x, x_before)


def test_saxpy_non_contiguous_arrays(saxpy_kernel, rng):
    storage = rng.random(2000, dtype=np.float32)
    x = rng.random(1000, dtype=np.float32)
    y = storage[::2]
    expected = saxpy_reference(3.0, x, y)
    untouched = storage[1::2].copy()
    saxpy_kernel(len(x))(3.0, x, y)
    np.testing.assert_allclose(storage[::2], expected, rtol=1e-6)
    np.testing.assert_array_equal(storage[1::2], untouched)


def test_saxpy_lists_are_not_copied_back(saxpy_kernel, rng):
    x = rng.random(64, dtype=np.float32)
    y_list = [float(v) for v in rng.random(64, dtype=np.float32)]
    y_before = list(y_list)
    saxpy_kernel(64)(2.0, x.tolist(), y_list)
    assert y_list == y_before
    # The same lists, with Y as an array, show the kernel read them.
    y = np.array(y_list, dtype=np.float32)
    saxpy_kernel(64)(2.0, x.tolist(), y)
    np.testing.assert_allclose(y, saxpy_reference(2.0, x, np.array(y_before, np.float32)),
                               rtol=1e-6)


def test_saxpy_explicit_grid_and_block(saxpy_kernel, rng):
    n = 5000
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    expected = saxpy_reference(0.75, x, y)
    Y = cp.CudaArray(y)
    saxpy_kernel[(n + 127) // 128, 128](0.75, cp.CudaArray(x), Y)
    np.testing.assert_allclose(Y.toHost(), expected, rtol=1e-6)
    y2 = y.copy()
    saxpy_kernel[((n + 255) // 256,), (256,), 0, 0](0.75, x, y2)
    np.testing.assert_allclose(y2, expected, rtol=1e-6)


def test_launches_are_repeatable(saxpy_kernel):
    y = np.zeros(1000, dtype=np.float32)
    x = np.ones(1000, dtype=np.float32)
    X, Y = cp.CudaArray(x), cp.CudaArray(y)
    for _ in range(10):
        saxpy_kernel(1000)(1.0, X, Y)
    np.testing.assert_array_equal(Y.toHost(), np.full(1000, 10.0, dtype=np.float32))


def assert_mandelbrot_close(counts, expected):
    assert not np.any(counts == -1), "pixels left unwritten"
    # The GPU fuses some multiply-adds, rounding once where NumPy rounds twice; near the set's
    # boundary the iteration magnifies that into other counts for a few pixels (about 0.2%).
    differing = np.count_nonzero(counts != expected)
    assert differing <= expected.size * 5e-3, f"{differing} of {expected.size} pixels differ"


def test_mandelbrot_2d():
    width, height, max_iters = 320, 240, 256
    region = (-2.25, -1.25, 0.75, 1.25)
    counts = np.full(width * height, -1, dtype=np.int32)
    kernel = cp.compile([mandelbrot, mandel])
    kernel(width, height)(counts, *region, width, height, max_iters)
    expected = mandelbrot_reference(*region, width, height, max_iters)
    assert_mandelbrot_close(counts.reshape(height, width), expected)


# mandelbrot_flat : void (int* result, float x0, float y0, float x1, float y1, int width, int height, int maxIters)
def mandelbrot_flat(result, x0, y0, x1, y1, width, height, maxIters):
    if idx < width * height:
        column = idx % width
        row = idx // width
        dx = (x1 - x0) / width
        dy = (y1 - y0) / height
        result[idx] = mandel(x0 + column * dx, y0 + row * dy, maxIters)


def test_mandelbrot_1d_with_explicit_blocks():
    width, height, max_iters = 200, 150, 100
    region = (-2.0, -1.0, 1.0, 1.0)
    counts = cp.CudaArray(np.full(width * height, -1, dtype=np.int32))
    kernel = cp.compile([mandelbrot_flat, mandel])
    kernel[(width * height + 255) // 256, 256](counts, *region, width, height, max_iters)
    expected = mandelbrot_reference(*region, width, height, max_iters)
    assert_mandelbrot_close(counts.toHost().reshape(height, width), expected)


@pytest.mark.parametrize("n", [1, 64, 100])
def test_matmul(rng, n):
    a = rng.random((n, n), dtype=np.float32)
    b = rng.random((n, n), dtype=np.float32)
    c = np.full(n * n, np.nan, dtype=np.float32)
    kernel = cp.compile(matrixMultiply)
    kernel(n, n)(a.ravel(), b.ravel(), c, n)
    np.testing.assert_allclose(c.reshape(n, n), a @ b, rtol=1e-4)


def test_matmul_explicit_2d_blocks(rng):
    n = 70
    a = rng.standard_normal((n, n)).astype(np.float32)
    b = rng.standard_normal((n, n)).astype(np.float32)
    C = cp.CudaArray(np.full(n * n, np.nan, dtype=np.float32))
    blocks = (n + 15) // 16
    cp.compile(matrixMultiply)[(blocks, blocks), (16, 16)](a.ravel(), b.ravel(), C, n)
    np.testing.assert_allclose(C.toHost().reshape(n, n), a @ b, rtol=1e-4, atol=1e-4)


# index_3d : void (int* out, int nx, int ny, int nz)
def index_3d(out, nx, ny, nz):
    if idx < nx and idy < ny and idz < nz:
        out[(idz * ny + idy) * nx + idx] = idx + 10 * idy + 100 * idz


def test_three_dimensional_thread_counts():
    nx, ny, nz = 7, 5, 3
    out = np.full(nx * ny * nz, -1, dtype=np.int32)
    cp.compile(index_3d)(nx, ny, nz)(out, nx, ny, nz)
    z, y, x = np.meshgrid(np.arange(nz), np.arange(ny), np.arange(nx), indexing="ij")
    np.testing.assert_array_equal(out, (x + 10 * y + 100 * z).ravel())


# clamp_all : void (float* X, float low, float high)
def clamp_all(X, low, high):
    if idx < len(X):
        X[idx] = clamp(X[idx], low, high)


# clamp : float (float v, float low, float high)
def clamp(v, low, high):
    if v < low:
        return low
    if v > high:
        return high
    return v


def test_helper_with_return_value(rng):
    x = rng.standard_normal(3000).astype(np.float32)
    expected = np.clip(x, -0.5, 0.25)
    cp.compile([clamp_all, clamp])(len(x))(x, -0.5, 0.25)
    np.testing.assert_array_equal(x, expected)


# int_division : void (int* A, int* B, int* Q, int* R)
def int_division(A, B, Q, R):
    if idx < len(A):
        Q[idx] = A[idx] // B[idx]
        R[idx] = A[idx] % B[idx]


def division_operands(rng):
    a = rng.integers(-1000, 1000, 5000, dtype=np.int32)
    b = rng.integers(-50, 50, 5000, dtype=np.int32)
    b[b == 0] = 7
    a[:4], b[:4] = [-7, 7, -7, 7], [2, -2, -2, 2]
    return a, b


def test_integer_floor_division_and_modulo_follow_python(rng):
    a, b = division_operands(rng)
    q = np.full(len(a), -12345, dtype=np.int32)
    r = np.full(len(a), -12345, dtype=np.int32)
    cp.compile(int_division)(len(a))(a, b, q, r)
    pairs = list(zip(a.tolist(), b.tolist()))
    assert q.tolist() == [x // y for x, y in pairs]
    assert r.tolist() == [x % y for x, y in pairs]


# true_division : void (int* A, int* B, double* F)
def true_division(A, B, F):
    if idx < len(A):
        F[idx] = A[idx] / B[idx]


def test_integer_true_division_gives_the_default_float(rng):
    """int32 / int32 is a true division in cudapy's default float type, float32."""
    a, b = division_operands(rng)
    f = np.full(len(a), np.nan)
    cp.compile(true_division)(len(a))(a, b, f)
    expected = (a.astype(np.float32) / b.astype(np.float32)).astype(np.float64)
    assert f.tolist() == expected.tolist()


# real_division : void (double* A, double* B, double* Q, double* R)
def real_division(A, B, Q, R):
    if idx < len(A):
        Q[idx] = A[idx] // B[idx]
        R[idx] = A[idx] % B[idx]


def test_real_floor_division_and_modulo_follow_python(rng):
    a = rng.integers(-40, 40, 2000) / 2.0
    b = rng.choice([-4.5, -2.0, -1.5, -0.5, 0.5, 1.5, 2.0, 3.0], 2000)
    q = np.full(len(a), np.nan)
    r = np.full(len(a), np.nan)
    cp.compile(real_division)(len(a))(a, b, q, r)
    pairs = list(zip(a.tolist(), b.tolist()))
    assert q.tolist() == [x // y for x, y in pairs]
    assert r.tolist() == [x % y for x, y in pairs]


# last_values : void (int* starts, int* stops, int* steps, int* out)
def last_values(starts, stops, steps, out):
    if idx < len(out):
        out[idx] = last_index(starts[idx], stops[idx], steps[idx])


# last_index : int (int start, int stop, int step)
def last_index(start, stop, step):
    i = -100
    count = 0
    for i in range(start, stop, step):
        count += 1
    return i


def test_loop_variable_keeps_its_last_value():
    cases = [(0, 5, 1), (2, 10, 3), (10, 0, -3), (5, 5, 1), (0, -5, -1), (3, 4, 1), (7, 2, 1)]
    starts, stops, steps = (np.array(column, dtype=np.int32) for column in zip(*cases))
    out = np.full(len(cases), -12345, dtype=np.int32)
    cp.compile([last_values, last_index])(len(cases))(starts, stops, steps, out)
    assert out.tolist() == [last_index(*case) for case in cases]


# while_and_continue : void (int* X, int* out)
def while_and_continue(X, out):
    if idx < len(X):
        n = X[idx]
        steps = 0
        while n != 1:
            steps += 1
            if n % 2 == 0:
                n = n // 2
                continue
            n = 3 * n + 1
        out[idx] = steps


def collatz_steps(n):
    steps = 0
    while n != 1:
        steps += 1
        n = n // 2 if n % 2 == 0 else 3 * n + 1
    return steps


def test_while_and_continue():
    values = list(range(1, 300))
    out = np.full(len(values), -1, dtype=np.int32)
    cp.compile(while_and_continue)(len(values))(values, out)
    assert out.tolist() == [collatz_steps(v) for v in values]


# uses_builtins : void (double* X, double* out)
def uses_builtins(X, out):
    if idx < len(X):
        v = X[idx]
        out[idx] = abs(v) + min(v, 0.5) + max(v, -0.25) + math.sqrt(abs(v)) + float(int(v)) + v ** 2


def test_builtins(rng):
    x = rng.standard_normal(1000) * 10
    out = np.full(len(x), np.nan)
    cp.compile(uses_builtins)(len(x))(x, out)
    expected = [abs(v) + min(v, 0.5) + max(v, -0.25) + math.sqrt(abs(v)) + float(int(v)) + v ** 2
                for v in x.tolist()]
    np.testing.assert_allclose(out, expected, rtol=1e-12)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
def test_cuda_array_round_trip(rng, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        host = rng.random(1001) < 0.5
    elif dtype.kind == "f":
        host = rng.standard_normal(1001).astype(dtype)
    else:
        limits = np.iinfo(dtype)
        host = rng.integers(limits.min, limits.max, 1001, dtype=dtype, endpoint=True)
    array = cp.CudaArray(host)
    assert array.dtype == dtype
    assert array.length == array.shape[0] == 1001
    assert array.shape == (1001,)
    assert array.nbytes == host.nbytes
    back = array.toHost()
    assert back.dtype == dtype
    np.testing.assert_array_equal(back, host)
    assert array.toList() == host.tolist()
    empty = cp.CudaArray(np.empty(0, dtype=dtype))
    assert empty.toHost().shape == (0,) and empty.toHost().dtype == dtype
    assert cp.CudaArray.allocate(5, dtype).toHost().shape == (5,)


def test_cuda_array_from_lists():
    assert cp.CudaArray([1.0, 2.5]).dtype == np.float32
    assert cp.CudaArray([1, 2, 3]).dtype == np.int32
    assert cp.CudaArray([True, False]).dtype == np.bool_
    assert cp.CudaArray([1, 2.5]).toList() == [1.0, 2.5]
    assert cp.CudaArray([]).toList() == []
    assert cp.CudaArray([3, 4], dtype=cp.Double).dtype == np.float64
    with pytest.raises(OverflowError):
        cp.CudaArray([2 ** 40])
    with pytest.raises(TypeError):
        cp.CudaArray(["a"])
    with pytest.raises(ValueError, match="flat"):
        cp.CudaArray([[1.0], [2.0]])
    z = np.array([1 + 2j, -3j], np.complex64)
    np.testing.assert_array_equal(cp.CudaArray(z).copy_to_host(), z)
    with pytest.raises(TypeError):
        cp.CudaArray(np.zeros(3, dtype="datetime64[s]"))


def test_cuda_array_allocate_with_cudapy_types():
    for dtype, expected in [(cp.Int, np.int32), (cp.Float, np.float32), (cp.Double, np.float64),
                            (cp.Bool, np.bool_), ("float", np.float32), ("int64", np.int64)]:
        array = cp.CudaArray.allocate(3, dtype)
        assert array.dtype == expected
    assert cp.CudaArray.allocate(0, cp.Int).toHost().shape == (0,)
    with pytest.raises(ValueError):
        cp.CudaArray.allocate(-1, cp.Int)


def test_cuda_array_of_a_view():
    base = np.arange(20, dtype=np.int16)
    np.testing.assert_array_equal(cp.CudaArray(base[::3]).toHost(), base[::3])


def test_freed_array_is_refused(saxpy_kernel):
    X = cp.CudaArray(np.ones(4, dtype=np.float32))
    X.free()
    X.free()
    with pytest.raises(ValueError, match="freed"):
        X.toHost()
    with pytest.raises(ValueError, match="argument 'X'.*freed"):
        saxpy_kernel(4)(1.0, X, np.zeros(4, dtype=np.float32))


def test_cuda_array_of_wrong_dtype_names_both(saxpy_kernel):
    X = cp.CudaArray(np.ones(4, dtype=np.float64))
    with pytest.raises(TypeError, match="argument 'X'.*float32.*float64"):
        saxpy_kernel(4)(1.0, X, np.zeros(4, dtype=np.float32))


def test_empty_arrays(saxpy_kernel):
    y = np.zeros(0, dtype=np.float32)
    saxpy_kernel(1)(2.0, np.zeros(0, dtype=np.float32), y)
    assert y.shape == (0,)


def test_kernels_of_one_module_share_their_compilation(rng):
    from test_translate import MODULE_SOURCE

    module = cp.module(MODULE_SOURCE)
    values = rng.integers(-1000, 1000, 3000).astype(np.int32)
    expected = values.copy()
    out = np.full(len(values), -7, dtype=np.int32)
    module.fill(len(out))(out, 21)
    assert (out == 42).all()
    module.negate(len(values))(values)
    assert values.tolist() == (-expected).tolist()


# scale_rows : void (float** M, float* factors)
def scale_rows(M, factors):
    if idx < len(M):
        row = M[idx]
        for j in range(len(row)):
            row[j] = row[j] * factors[idx]


def test_arrays_of_arrays_from_a_2d_array_ragged_lists_and_device_rows(rng):
    from test_arguments import row_sums

    matrix = rng.standard_normal((37, 19)).astype(np.float32)
    factors = rng.standard_normal(37).astype(np.float32)
    expected = matrix * factors[:, None]
    cp.compile(scale_rows)(37)(matrix, factors)
    np.testing.assert_allclose(matrix, expected, rtol=1e-6)

    ragged = [list(range(n)) for n in (0, 1, 5, 17)]
    sums = np.full(4, np.nan, dtype=np.float32)
    cp.compile(row_sums)(4)(ragged, sums)
    assert sums.tolist() == [float(sum(row)) for row in ragged]

    rows = [cp.CudaArray(rng.standard_normal(n).astype(np.float32)) for n in (3, 8)]
    sums = np.full(2, np.nan, dtype=np.float32)
    cp.compile(row_sums)(2)(rows, sums)
    np.testing.assert_allclose(sums, [row.toHost().sum() for row in rows], rtol=1e-5)


def half_arithmetic(a, b, sums, differences, products, negations, magnitudes, chained, orders):
    i = cuda.grid(1)
    if i < a.size:
        chained[i] = a[i] * b[i] + a[i]  # rounded twice, as NumPy does: no fused multiply-add
        sums[i] = a[i] + b[i]
        differences[i] = a[i] - b[i]
        products[i] = a[i] * b[i]
        negations[i] = -a[i]
        magnitudes[i] = abs(a[i])
        orders[i, 0] = a[i] < b[i]
        orders[i, 1] = a[i] <= b[i]
        orders[i, 2] = a[i] > b[i]
        orders[i, 3] = a[i] >= b[i]
        orders[i, 4] = a[i] == b[i]
        orders[i, 5] = a[i] != b[i]


def test_float16_arithmetic_in_half_instructions_rounds_as_numpy(rng):
    """Two halves meet in PTX's half instructions; each result is NumPy's, bit for bit (signed
    zeros, subnormals, infinities and overflow included; any NaN for a NaN)."""
    bits = rng.integers(0, 1 << 16, size=(2, 1 << 16), dtype=np.uint16)
    bits[0, :1 << 16] = np.arange(1 << 16, dtype=np.uint16)  # every half against random ones
    a, b = bits.view(np.float16)
    kernel = cuda.jit(half_arithmetic)
    outputs = [np.empty_like(a) for _ in range(6)] + [np.empty((a.size, 6), np.bool_)]
    kernel[(a.size + 255) // 256, 256](a, b, *outputs)
    with np.errstate(all="ignore"):
        expected = [a + b, a - b, a * b, -a, np.abs(a), a * b + a,
                    np.stack([a < b, a <= b, a > b, a >= b, a == b, a != b], axis=1)]
    for got, want in zip(outputs[:6], expected[:6]):
        nan = np.isnan(want)
        np.testing.assert_array_equal(np.isnan(got), nan)
        np.testing.assert_array_equal(got[~nan].view(np.uint16), want[~nan].view(np.uint16))
    np.testing.assert_array_equal(outputs[6], expected[6])


# negated_flag : float16 (uint32 a0, bool a1)
def negated_flag(a0, a1):
    if a0 <= 0:
        return -float16(a1)
    return negated_flag(a0 - 1, a0 > 100)


# negated_flags : void (float16* out)
def negated_flags(out):
    out[idx] = negated_flag(idx & 7, not idx)


def test_negating_a_half_zero_gives_minus_zero_where_ptxas_would_add():
    """-float16(False) in a helper that ptxas turns into a loop: -0.0, as NumPy's (ptxas
    compiled neg.f16 there as an addition to +0, which gives +0)."""
    out = np.full(8, np.nan, dtype=np.float16)
    cp.compile([negated_flags, negated_flag])(8)(out)
    expected = np.array([-1.0] + [-0.0] * 7, dtype=np.float16)
    np.testing.assert_array_equal(out.view(np.uint16), expected.view(np.uint16))
