"""cudapy.parpy, ParPy's front door: labelled loops, slice statements, reductions, host loops,
`with parpy.gpu`, dict arguments, calls between jit functions, externals, buffers,
print_compiled and compile_string, and the errors. Each test runs on the CPU target, the
cheaper ones in the interpreter too, and on the GPU where there is one. The oracles are NumPy
and the undecorated function run by CPython (ParPy's sequential reference)."""

import gc

import numpy as np
import pytest

import cudapy.parpy as parpy
from cudapy.parpy import operators as ops

GPU = pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])


@pytest.fixture(params=["cpu", GPU])
def target(request, monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", request.param)
    return request.param


@pytest.fixture(params=["cpu", "python", GPU])
def any_target(request, monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", request.param)
    return request.param


def reference(function, *args):
    """The function run by CPython on copies of the arrays: the copies after it."""
    copies = [np.copy(arg) if isinstance(arg, np.ndarray) else arg for arg in args]
    with np.errstate(over="ignore"):  # integers wrap, as on the device
        function(*copies)
    return copies


@parpy.jit
def axpy(a, x, y, N):
    parpy.label('N')
    for i in range(N):
        y[i] = a * x[i] + y[i]


def test_axpy_over_fewer_threads_than_elements(any_target):
    n = 1000
    x = np.random.rand(n).astype(np.float32)
    y = np.random.rand(n).astype(np.float32)
    expected = np.float32(2.5) * x + y
    axpy(2.5, x, y, n, opts=parpy.par({'N': parpy.threads(128)}))
    np.testing.assert_allclose(y, expected, rtol=1e-6)


@pytest.mark.parametrize("threads", [1, 37, 1 << 20])
def test_axpy_any_thread_count(target, threads):
    n = 5003
    x = np.random.rand(n)
    y = np.random.rand(n)
    expected = 2.5 * x + y
    axpy(2.5, x, y, n, opts=parpy.par({'N': parpy.threads(threads)}))
    np.testing.assert_allclose(y, expected)


@parpy.jit
def two_results(x, y, z, N):
    parpy.label('N')
    for i in range(3, N, 2):
        t = x[i] * 2.0
        y[i] = t + y[i]
        z[i] = t - y[i]


def test_long_loops_run_iterations_in_lockstep(target):
    n = (1 << 21) + 7
    x, y, z = np.random.rand(n), np.random.rand(n), np.zeros(n)
    expected = reference(two_results.__wrapped__, x, y, z, n)
    two_results(x, y, z, n, opts=parpy.par({'N': parpy.threads(n)}))
    np.testing.assert_array_equal(y, expected[1])
    np.testing.assert_array_equal(z, expected[2])


@parpy.jit
def sum_rows(x, y, N, M):
    parpy.label('N')
    for i in range(N):
        parpy.label('M')
        for j in range(M):
            y[i] += x[i, j]


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int8"])
@pytest.mark.parametrize("threads", [32, 100, 1024])
def test_row_sums_with_a_reduce_label(target, dtype, threads):
    rows, columns = 37, 1001
    x = (np.random.rand(rows, columns) * 10).astype(dtype)
    y = np.ones(rows, dtype)
    expected = reference(sum_rows.__wrapped__, x, y, rows, columns)[1]
    sum_rows(x, y, rows, columns,
             opts=parpy.par({'N': parpy.threads(rows), 'M': parpy.threads(threads).reduce()}))
    np.testing.assert_allclose(y, expected, rtol=1e-4)


def test_row_sums_in_the_interpreter(monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", "python")
    x = np.random.rand(3, 70).astype(np.float32)
    y = np.zeros(3, np.float32)
    sum_rows(x, y, 3, 70, opts=parpy.par({'N': parpy.threads(3), 'M': parpy.threads(64).reduce()}))
    np.testing.assert_allclose(y, x.sum(axis=1), rtol=1e-5)


@parpy.jit
def row_extremes(x, low, high, N):
    parpy.label('N')
    for i in range(N):
        parpy.label('M')
        low[i] = ops.min(x[i, :])
        parpy.label('M')
        high[i] = ops.max(x[i, :])


def test_min_and_max_of_rows(target):
    x = np.random.randn(20, 333)
    low, high = np.zeros(20), np.zeros(20)
    row_extremes(x, low, high, 20, opts=parpy.par({'N': parpy.threads(20),
                                                     'M': parpy.threads(64)}))
    np.testing.assert_array_equal(low, x.min(axis=1))
    np.testing.assert_array_equal(high, x.max(axis=1))


@parpy.jit
def normalize(t, nrows):
    parpy.label('i')
    for i in range(nrows):
        parpy.label('j')
        s = ops.sum(t[i, :])
        parpy.label('j')
        t[i, :] /= s


def test_row_operations_share_a_block(target):
    t = np.random.rand(50, 600).astype(np.float32) + 0.5
    expected = t / t.sum(axis=1, keepdims=True)
    normalize(t, 50, opts=parpy.par({'i': parpy.threads(50), 'j': parpy.threads(128)}))
    np.testing.assert_allclose(t, expected, rtol=1e-5)


@parpy.jit
def slices(x, y, z, out, total):
    parpy.label('N')
    parpy.label('M')
    out[:, :] = x[:, 0, :] * y[0, :, :] + z[:]
    parpy.label('N')
    total[0] = ops.sum(x[:, 1, :])
    parpy.label('N')
    total[1] = ops.prod(z[2:5])


def test_slice_statements_broadcast_and_reduce(target):
    x = np.random.rand(6, 3, 7)
    y = np.random.rand(2, 6, 7)
    z = np.random.rand(7)
    out, total = np.zeros((6, 7)), np.zeros(2)
    expected_out, expected_total = reference(slices.__wrapped__, x, y, z, out, total)[3:]
    slices(x, y, z, out, total, opts=parpy.par({'N': parpy.threads(32), 'M': parpy.threads(8)}))
    np.testing.assert_allclose(out, expected_out)
    np.testing.assert_allclose(total, expected_total)


@parpy.jit
def jacobi(steps, A, B):
    for t in range(1, steps):
        parpy.label('N')
        B[1:-1] = (A[:-2] + A[1:-1] + A[2:]) / 3.0
        parpy.label('N')
        A[1:-1] = (B[:-2] + B[1:-1] + B[2:]) / 3.0


def test_host_loop_launches_kernels(any_target):
    A, B = np.random.rand(100), np.zeros(100)
    expected = reference(jacobi.__wrapped__, 6, A, B)
    jacobi(6, A, B, opts=parpy.par({'N': parpy.threads(64)}))
    np.testing.assert_allclose(A, expected[1])
    np.testing.assert_allclose(B, expected[2])


@parpy.jit
def python_arithmetic(x, out):
    with parpy.gpu:
        out[0] = x[0] // x[1]
        out[1] = x[0] % x[1]
        out[2] = x[1] // x[0]
        out[3] = x[1] % x[0]
        out[4] = x[0] / x[1]
        out[5] = ops.max(x[0], x[1]) << 2


def test_sequential_code_keeps_pythons_arithmetic(target):
    x = np.array([-7, 2], np.int64)
    out = np.zeros(6, np.int64)
    expected = reference(python_arithmetic.__wrapped__, x, out)[1]
    python_arithmetic(x, out, opts=parpy.par({}))
    np.testing.assert_array_equal(out, expected)


@parpy.jit
def spmv(A, x, y):
    parpy.label('row')
    for row in range(A["nrows"]):
        parpy.label('i')
        for i in range(A["rows"][row], A["rows"][row + 1]):
            y[row] += A["values"][i] * x[A["cols"][i]]


def test_dict_arguments_as_a_sparse_matrix(target):
    dense = np.random.rand(40, 50) * (np.random.rand(40, 50) < 0.2)
    rows = np.concatenate([[0], np.cumsum((dense != 0).sum(axis=1))]).astype(np.int64)
    cols = np.nonzero(dense)[1].astype(np.int64)
    values = dense[dense != 0]
    x = np.random.rand(50)
    y = np.zeros(40)
    matrix = {'values': values, 'rows': rows, 'cols': cols, 'nrows': 40}
    spmv(matrix, x, y, opts=parpy.par({'row': parpy.threads(40), 'i': parpy.threads(32).reduce()}))
    np.testing.assert_allclose(y, dense @ x)


def test_a_nested_dict_is_refused(target):
    with pytest.raises(RuntimeError, match="nested dictionary"):
        spmv({'rows': {'a': np.zeros(2)}}, np.zeros(2), np.zeros(2), opts=parpy.par({}))


@parpy.jit
def add_row(x, y, M):
    parpy.label('M')
    y[:] += x[:]


@parpy.jit
def add_rows(x, y, N, M):
    parpy.label('N')
    for i in range(N):
        add_row(x[i], y[i], M)


@parpy.jit
def scaled(x: parpy.types.F32, s: parpy.types.F32):
    return x * s


@parpy.jit
def scale_all(x, y):
    parpy.label('N')
    y[:] = scaled(x[:], 3.0)


@parpy.jit
def add_planes(x, y, N):
    parpy.label('N')
    for i in range(N):
        add_rows(x[i], y[i], 5, 6)


def test_three_parallel_levels(target):
    x = np.random.rand(4, 5, 6)
    y = np.ones_like(x)
    add_planes(x, y, 4, opts=parpy.par({'N': parpy.threads(4), 'M': parpy.threads(32)}))
    np.testing.assert_allclose(y, x + 1)


def test_calls_of_jit_functions_are_inlined(target):
    x = np.random.rand(10, 15).astype(np.float32)
    y = np.ones_like(x)
    add_rows(x, y, 10, 15, opts=parpy.par({'N': parpy.threads(10), 'M': parpy.threads(15)}))
    np.testing.assert_allclose(y, x + 1)
    out = np.zeros_like(x[0])
    scale_all(x[0], out, opts=parpy.par({'N': parpy.threads(32)}))
    np.testing.assert_allclose(out, 3 * x[0])


@parpy.external("sqrtf", parpy.CompileBackend.Cuda, parpy.Target.Device)
def root(x: parpy.types.F32) -> parpy.types.F32:
    return np.sqrt(x)


@parpy.jit
def roots(x, y):
    parpy.label('N')
    for i in range(10):
        y[i] = root(x[i])


def test_externals_call_cuda_cpp(target):
    x = np.arange(10, dtype=np.float32)
    y = np.zeros_like(x)
    roots(x, y, opts=parpy.par({'N': parpy.threads(10)}))
    np.testing.assert_allclose(y, np.sqrt(x), rtol=1e-6)
    assert root(np.float32(4.0)) == 2.0


def test_external_declarations_are_checked():
    with pytest.raises(RuntimeError, match="Unsupported parameter type annotation"):
        @parpy.external("f", parpy.CompileBackend.Cuda, parpy.Target.Device)
        def untyped(x: int) -> parpy.types.I32:
            return x
    with pytest.raises(RuntimeError, match="not a C\\+\\+ function name"):
        parpy.external("f(); evil", parpy.CompileBackend.Cuda, parpy.Target.Device)
    with pytest.raises(RuntimeError, match="Host externals are not supported"):
        parpy.external("f", parpy.CompileBackend.Cuda, parpy.Target.Host)


def test_seq_runs_the_function_in_cpython():
    x = np.ones(4)
    y = np.zeros(4)
    axpy(2.0, x, y, 4, seq=True)
    np.testing.assert_array_equal(y, 2.0)


def test_buffers_keep_arrays_on_the_device(target):
    x = np.arange(12, dtype=np.float64).reshape(3, 4)
    buffer = parpy.buffer.from_array(x, parpy.CompileBackend.Cuda)
    assert buffer.shape == (3, 4) and buffer.size() == 96 and buffer.src is x
    y = parpy.buffer.zeros((3,), parpy.types.F64, parpy.CompileBackend.Cuda)
    sum_rows(buffer, y, 3, 4, opts=parpy.par({'N': parpy.threads(3),
                                              'M': parpy.threads(32).reduce()}))
    np.testing.assert_array_equal(y.numpy(), x.sum(axis=1))
    np.testing.assert_array_equal(buffer.reshape(12).numpy(), x.ravel())
    with pytest.raises(ValueError, match="Cannot reshape buffer"):
        buffer.reshape(5, 3)
    signed = parpy.buffer.zeros((2,), parpy.types.I32, None)
    assert signed.with_type(parpy.types.U32).dtype == parpy.buffer.DataType.from_elem_size(
        parpy.types.U32)
    with pytest.raises(ValueError, match="unknown backend 5"):
        parpy.buffer.from_array(x, 5)


def test_print_compiled_gives_the_code_and_the_plan(monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", "cuda")
    x = np.zeros((4, 8), np.float32)
    code = parpy.print_compiled(sum_rows, [x, np.zeros(4, np.float32), 4, 8],
                                parpy.par({'N': parpy.threads(4),
                                           'M': parpy.threads(32).reduce()}))
    assert '__global__ void CUDAPY_LAUNCH_BOUNDS sum_rows_0(' in code
    assert "shfl_down_sync" in code
    assert '// parpy-plan {"function": "sum_rows"' in code


def add_first_two(dst, a):
    with parpy.gpu:
        dst[0] = a[0] + a[1]


def and_first_two(dst, a):
    with parpy.gpu:
        dst[0] = a[0] & a[1]


def test_each_function_gets_its_own_code(monkeypatch):
    """Plain functions printed one after the other with the same arguments: each is compiled
    for itself, never given the code kept for another (as a key by a reused id would)."""
    monkeypatch.setenv("CUDAPY_TARGET", "cpu")
    args = [np.zeros(1), np.ones(2)]
    for _ in range(200):
        assert "a.data[0] + a.data[1]" in parpy.print_compiled(add_first_two, args, parpy.par({}))
        gc.collect()  # what a collected object leaves, the next may take, with its id
        with pytest.raises(TypeError, match="Invalid type F64 of bitwise operation"):
            parpy.print_compiled(and_first_two, args, parpy.par({}))


def test_compile_string_needs_the_gpu(monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", "cpu")
    with pytest.raises(RuntimeError, match="GPU only"):
        parpy.compile_string("axpy", "// parpy-plan {}", parpy.par({}))


@pytest.mark.gpu
@pytest.mark.nvrtc
def test_compile_string_runs_edited_code(monkeypatch):
    monkeypatch.setenv("CUDAPY_TARGET", "cuda")
    n = 1000
    x = np.ones(n, np.float32)
    y = np.zeros(n, np.float32)
    opts = parpy.par({'N': parpy.threads(256)})
    code = parpy.print_compiled(axpy, [2.5, x, y, n], opts)
    assert "2.5f" in code
    edited = parpy.compile_string("axpy", code.replace("2.5f", "4.0f"), opts)
    edited(2.5, x, y, n)
    np.testing.assert_array_equal(y, 4.0)
    with pytest.raises(ValueError, match="compiled for a = 2.5"):
        edited(3.0, x, y, n)


@pytest.mark.gpu
@pytest.mark.nvrtc
def test_device_arrays_of_other_libraries_are_not_copied(monkeypatch):
    cupy = pytest.importorskip("cupy")
    monkeypatch.setenv("CUDAPY_TARGET", "cuda")
    x = cupy.random.rand(64, 48).T  # strided: the kernel takes its strides
    y = cupy.zeros((48, 64))
    copy_2d(x, y, opts=parpy.par({'N': parpy.threads(48), 'M': parpy.threads(64)}))
    assert cupy.array_equal(x, y)


@parpy.jit
def copy_2d(x, y):
    parpy.label('N')
    parpy.label('M')
    y[:, :] = x[:, :]


# ---- errors ---------------------------------------------------------------------------------

def outside_parallel_code(x, y, N):
    for i in range(N):
        y[i] = 0.0
        parpy.label('M')
        for j in range(N):
            y[i] += x[i, j]


def slice_without_every_dimension(x, y):
    parpy.label('N')
    y[:] = x[:]


def subtracting_reduction(x, y):
    parpy.label('N')
    for i in range(10):
        y[0] -= x[i]


def float_floor_division(x, y):
    with parpy.gpu:
        y[0] = x[0] // x[1]


def blocks_would_wait(x, y):
    with parpy.gpu:
        y[0] = 1.0
        parpy.label('N')
        for i in range(4):
            parpy.label('M')
            for j in range(8):
                x[i, j] = y[0]


def no_parallelism(x):
    for i in range(3):
        x[i] = 1.0


@pytest.mark.parametrize("function, args, spec, error, message", [
    (outside_parallel_code, [np.zeros((4, 4)), np.zeros(4), 4], {'M': parpy.threads(32).reduce()},
     RuntimeError, r"test_parpy.py:\d+: Assignments are not allowed outside parallel code"),
    (slice_without_every_dimension, [np.zeros((4, 4)), np.zeros(4)], {'N': parpy.threads(4)},
     TypeError, r"test_parpy.py:\d+: Indexing with 1 dimensions on tensor of shape \[4, 4\]"),
    (subtracting_reduction, [np.zeros(10), np.zeros(1)], {'N': parpy.threads(32).reduce()},
     RuntimeError, r"test_parpy.py:\d+: Parallel reductions not supported for operator Sub"),
    (float_floor_division, [np.zeros(2), np.zeros(1)], {}, TypeError,
     r"test_parpy.py:\d+: Invalid type F64 of integer arithmetic operation"),
    (no_parallelism, [np.zeros(3)], {}, RuntimeError,
     "does not contain any parallelism"),
    (blocks_would_wait, [np.zeros((4, 8)), np.zeros(1)],
     {'N': parpy.threads(4), 'M': parpy.threads(8)}, RuntimeError,
     r"test_parpy.py:\d+: This statement runs beside a parallel loop whose iterations are "
     "spread over blocks"),
])
def test_errors_name_the_line(monkeypatch, function, args, spec, error, message):
    monkeypatch.setenv("CUDAPY_TARGET", "cpu")
    with pytest.raises(error, match=message):
        parpy.print_compiled(function, args, parpy.par(spec))


def test_parse_errors_come_at_decoration():
    with pytest.raises(RuntimeError, match="Range step size must be non-zero"):
        @parpy.jit
        def zero_step(x, N):
            for i in range(0, N, 0):
                x[i] = i
    with pytest.raises(RuntimeError, match="Cannot associate label with non-parallelizable"):
        @parpy.jit
        def labelled_if(x):
            parpy.label('N')
            if x[0] > 0:
                x[0] = 1
    with pytest.raises(RuntimeError, match="Call to unknown function helper"):
        def helper(v):
            return v

        @parpy.jit
        def calls_plain_python(x):
            with parpy.gpu:
                x[0] = helper(x[0])


def test_a_call_needs_opts(target):
    with pytest.raises(RuntimeError, match="Missing required keyword argument opts"):
        axpy(1.0, np.zeros(2), np.zeros(2), 2)
