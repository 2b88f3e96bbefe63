"""Interpreter mode: `seq=True` on a launch and `target="python"` at compile run the kernel's
Python function thread by thread. Needs no GPU (the kernel is only translated), except the
test of CudaArray arguments."""

import numpy as np
import pytest

import cudapy as cp
from paper_kernels import mandel, mandelbrot, mandelbrot_reference, matrixMultiply, saxpy


# ---- results equal NumPy's ----------------------------------------------------------------

@pytest.mark.parametrize("launch", ["threads", "grid"])
def test_saxpy_equals_numpy(launch):
    kernel = cp.compile(saxpy)
    rng = np.random.default_rng(1)
    x = rng.standard_normal(1000).astype(np.float32)
    y = rng.standard_normal(1000).astype(np.float32)
    expected = np.float32(2.5) * x + y
    if launch == "threads":
        kernel(len(x))(2.5, x, y, seq=True)
    else:
        kernel[(len(x) + 127) // 128, 128](2.5, x, y, seq=True)
    assert y.dtype == np.float32
    np.testing.assert_array_equal(y, expected)


def test_mandelbrot_equals_numpy():
    kernel = cp.compile([mandelbrot, mandel])
    width, height, iterations = 48, 32, 40
    result = np.full(width * height, -1, np.int32)
    kernel(width, height)(result, -2.0, -1.0, 1.0, 1.0, width, height, iterations, seq=True)
    expected = mandelbrot_reference(-2.0, -1.0, 1.0, 1.0, width, height, iterations)
    np.testing.assert_array_equal(result.reshape(height, width), expected)


def test_matmul_equals_numpy():
    kernel = cp.compile(matrixMultiply)
    n = 12
    rng = np.random.default_rng(2)
    a = rng.standard_normal((n, n)).astype(np.float32)
    b = rng.standard_normal((n, n)).astype(np.float32)
    c = np.zeros(n * n, np.float32)
    kernel[(2, 2), (8, 8)](a.ravel(), b.ravel(), c, n, seq=True)
    np.testing.assert_allclose(c.reshape(n, n), a @ b, rtol=1e-5, atol=1e-5)


# ---- print and pdb ------------------------------------------------------------------------

# chatty : void (float* X)
def chatty(X):
    print("thread", idx, "sees", X[idx])
    X[idx] = X[idx] + 1


def test_print_inside_a_kernel(capsys):
    kernel = cp.compile(chatty, target="python")
    x = np.array([1.5, 2.5, 3.5], np.float32)
    kernel(3)(x)
    assert capsys.readouterr().out.splitlines() == [
        "thread 0 sees 1.5", "thread 1 sees 2.5", "thread 2 sees 3.5"]
    assert x.tolist() == [2.5, 3.5, 4.5]


# debugged : void (int* Out)
def debugged(Out):
    import pdb
    if idx < 0:
        breakpoint()
        pdb.set_trace()
    print(
        "value",
        idx)
    Out[idx] = idx * 3


def test_debugging_statements_compile_for_the_python_target(capsys):
    """print, breakpoint, pdb.set_trace and imports are left out of the translation with
    target="python" (the translation still checks the rest) and run as written."""
    kernel = cp.compile(debugged, target="python")
    out = np.zeros(2, np.int32)
    kernel(2)(out)
    assert out.tolist() == [0, 3]
    assert capsys.readouterr().out == "value 0\nvalue 1\n"


def test_breakpoint_is_refused_by_the_gpu_translation():
    """print() is translated (to printf); breakpoint() only works in interpreter mode."""
    cp.compile(chatty)
    with pytest.raises(cp.CompileError, match="breakpoint"):
        cp.compile(debugged)


# broken : void (int* Out)
def broken(Out):
    print(idx)
    Out[idx] = undefined_name


def test_the_python_target_still_reports_compile_errors():
    with pytest.raises(cp.CompileError, match="undefined_name"):
        cp.compile(broken, target="python")


def test_an_exception_names_the_thread():
    kernel = cp.compile(chatty, target="python")
    with pytest.raises(IndexError) as caught:
        kernel[1, 4](np.zeros(3, np.float32))
    assert "threadIdx=(3, 0, 0)" in "\n".join(getattr(caught.value, "__notes__", []))


# ---- launch forms and targets -------------------------------------------------------------

# names : void (int* Thread, int* Block, int* BlockSize, int* GridSize, int* Global, int* Warp)
def names(Thread, Block, BlockSize, GridSize, Global, Warp):
    Thread[idx] = threadIdx.x
    Block[idx] = blockIdx.x
    BlockSize[idx] = blockDim.x
    GridSize[idx] = gridDim.x
    Global[idx] = idx
    Warp[idx] = warpSize


def test_seq_with_an_explicit_grid_binds_the_cuda_names():
    kernel = cp.compile(names)
    outputs = [np.full(6, -1, np.int32) for _ in range(6)]
    kernel[2, 3](*outputs, seq=True)
    assert [o.tolist() for o in outputs] == [
        [0, 1, 2, 0, 1, 2], [0, 0, 0, 1, 1, 1], [3] * 6, [2] * 6, list(range(6)), [32] * 6]


# count_2d : void (int* Out, int width)
def count_2d(Out, width):
    Out[idy * width + idx] = Out[idy * width + idx] + 1


def test_seq_with_thread_counts_runs_exactly_those_threads():
    kernel = cp.compile(count_2d)
    out = np.zeros(20, np.int32)
    kernel(3, 2)(out, 4, seq=True)
    # Threads past the counts (idx 3, idy 2..4) do not run.
    assert out.reshape(5, 4).tolist() == [[1, 1, 1, 0], [1, 1, 1, 0]] + [[0] * 4] * 3


def test_thread_counts_leave_the_block_names_undefined():
    kernel = cp.compile(names)
    outputs = [np.zeros(2, np.int32) for _ in range(6)]
    with pytest.raises(NameError, match=r"threadIdx\.x .*kernel\[grid, block\]"):
        kernel(2)(*outputs, seq=True)


def test_target_python_interprets_every_launch():
    kernel = cp.compile(saxpy, target="python")
    x = np.arange(4, dtype=np.float32)
    y = np.ones(4, np.float32)
    kernel(4)(2.0, x, y)
    kernel[1, 4](2.0, x, y)
    assert y.tolist() == [1.0, 5.0, 9.0, 13.0]


def test_unknown_target():
    with pytest.raises(ValueError, match="got 'fpga'"):
        cp.compile(saxpy, target="fpga")


def test_source_text_with_the_python_target(capsys):
    kernel = cp.compile("""
        # from_text : void (int* Out)
        def from_text(Out):
            print("in", idx)
            Out[idx] = twice(idx)

        # twice : int8 (int x)
        def twice(x):
            return x * 200
        """, target="python")
    out = np.zeros(2, np.int32)
    kernel(2)(out)
    assert out.tolist() == [0, -56]  # the helper's int8 result wraps
    assert capsys.readouterr().out == "in 0\nin 1\n"


def test_module_with_the_python_target(capsys):
    module = cp.module([chatty, count_2d], target="python")
    x = np.zeros(2, np.float32)
    module.chatty(2)(x)
    assert x.tolist() == [1.0, 1.0]
    assert capsys.readouterr().out == "thread 0 sees 0\nthread 1 sees 0\n"  # printf's %g


def test_cudapy_target_python_selects_the_interpreter(monkeypatch, capsys):
    monkeypatch.setenv("CUDAPY_TARGET", "python")
    kernel = cp.compile(chatty)
    kernel(1)(np.zeros(1, np.float32))
    assert capsys.readouterr().out == "thread 0 sees 0\n"


def test_module_kernels_take_seq():
    module = cp.module([saxpy, count_2d])
    y = np.zeros(2, np.float32)
    module.saxpy(2)(3.0, [1.0, 2.0], y, seq=True)
    assert y.tolist() == [3.0, 6.0]


# ---- arguments ----------------------------------------------------------------------------

# typed : void (bool flag, int8 small, uint16 unsigned, float single, double* D, bool* B)
def typed(flag, small, unsigned, single, D, B):
    D[idx] = single
    B[idx] = flag


def good_typed_args():
    return [True, 1, 2, 0.5, np.zeros(4), np.zeros(4, dtype=bool)]


def bad_arguments():
    good = good_typed_args()
    readonly = np.zeros(4)
    readonly.flags.writeable = False
    return {
        "too few": good[:-1],
        "too many": good + [1],
        "bool from float": [0.5] + good[1:],
        "int from float": good[:1] + [1.0] + good[2:],
        "int overflow": good[:1] + [200] + good[2:],
        "negative unsigned": good[:2] + [-1] + good[3:],
        "float from str": good[:3] + ["0.5"] + good[4:],
        "array dtype": good[:4] + [np.zeros(4, np.float32)] + good[5:],
        "array shape": good[:4] + [np.zeros((2, 2))] + good[5:],
        "read-only written array": good[:4] + [readonly] + good[5:],
        "list of floats for bool*": good[:5] + [[0.5, 1.5]],
        "scalar for array": good[:4] + [1.0] + good[5:],
    }


@pytest.mark.parametrize("case", list(bad_arguments()))
def test_argument_errors_are_the_compiled_paths(case):
    kernel = cp.compile(typed)
    args = bad_arguments()[case]
    with pytest.raises((TypeError, ValueError, OverflowError)) as compiled:
        kernel(4)(*args)
    with pytest.raises(compiled.type) as interpreted:
        kernel(4)(*args, seq=True)
    assert str(interpreted.value) == str(compiled.value)
    with pytest.raises(compiled.type) as python_target:
        cp.compile(typed, target="python")[1, 4](*args)
    assert str(python_target.value) == str(compiled.value)


def test_scalars_take_the_parameter_types():
    kernel = cp.compile(typed)
    d, b = np.zeros(4), np.zeros(4, dtype=bool)
    kernel(4)(1, 1, 2, 0.1, d, b, seq=True)
    assert d.tolist() == [float(np.float32(0.1))] * 4  # a float parameter holds a float32
    assert b.tolist() == [True] * 4


def test_lists_are_read_but_not_written_back():
    kernel = cp.compile(saxpy)
    x = [1.0, 2.0, 3.0]
    y = [10.0, 20.0, 30.0]
    kernel(3)(2.0, x, y, seq=True)
    assert y == [10.0, 20.0, 30.0]


def test_non_contiguous_arrays_are_written_back():
    kernel = cp.compile(saxpy)
    y = np.zeros(8, np.float32)
    kernel(4)(1.0, np.ones(4, np.float32), y[::2], seq=True)
    assert y.tolist() == [1, 0, 1, 0, 1, 0, 1, 0]


def test_arrays_the_kernel_only_reads_are_left_alone():
    kernel = cp.compile(saxpy)
    x = np.arange(3, dtype=np.float32)
    x.flags.writeable = False
    y = np.zeros(3, np.float32)
    kernel(3)(1.0, x, y, seq=True)
    assert y.tolist() == [0.0, 1.0, 2.0]


# rows : void (int** M, int* Lengths)
def rows(M, Lengths):
    Lengths[idx] = len(M[idx])
    M[idx][0] = M[idx][0] + 10


def test_arrays_of_arrays():
    kernel = cp.compile(rows)
    matrix = np.arange(6, dtype=np.int32).reshape(2, 3)
    lengths = np.zeros(2, np.int32)
    kernel(2)(matrix, lengths, seq=True)
    assert matrix.tolist() == [[10, 1, 2], [13, 4, 5]] and lengths.tolist() == [3, 3]
    ragged = [np.zeros(1, np.int32), [5, 6, 7]]
    kernel(2)(ragged, lengths, seq=True)
    assert ragged[0].tolist() == [10] and ragged[1] == [5, 6, 7]
    assert lengths.tolist() == [1, 3]


# negative_index : void (float* X)
def negative_index(X):
    X[idx - 1] = 1.0


def test_negative_indices_raise():
    """The GPU does not wrap negative indices; the interpreter refuses them."""
    kernel = cp.compile(negative_index)
    with pytest.raises(IndexError, match="index -1 is negative"):
        kernel(2)(np.zeros(2, np.float32), seq=True)


def test_cuda_arrays_in_host_memory_are_read_and_written_back():
    """The python target's CudaArrays live in host memory, as the CPU target's do."""
    kernel = cp.compile(saxpy, target="python")
    x = cp.CudaArray(np.arange(4, dtype=np.float32), target="python")
    y = cp.CudaArray(np.ones(4, np.float32), target="python")
    kernel(4)(2.0, x, y)
    assert y.toList() == [1.0, 3.0, 5.0, 7.0]
    assert x.toList() == [0.0, 1.0, 2.0, 3.0]


@pytest.mark.gpu
def test_cuda_arrays_are_read_back_and_written_back(gpu):
    kernel = cp.compile(saxpy)
    x = cp.CudaArray(np.arange(4, dtype=np.float32))
    y = cp.CudaArray(np.ones(4, np.float32))
    kernel(4)(2.0, x, y, seq=True)
    assert y.toList() == [1.0, 3.0, 5.0, 7.0]
    assert x.toList() == [0.0, 1.0, 2.0, 3.0]


# ---- semantics ----------------------------------------------------------------------------

# float32_literals : void (float* X, double* Wide, double* Narrow)
def float32_literals(X, Wide, Narrow):
    Narrow[idx] = X[idx] * 0.1
    Wide[idx] = double(X[idx]) * 0.1


def test_float_literals_are_weak():
    """x * 0.1 with a float32 x is computed in float32, then widened when stored."""
    kernel = cp.compile(float32_literals)
    x = np.array([3.0, 7.0, 1e6], np.float32)
    wide, narrow = np.zeros(3), np.zeros(3)
    kernel(3)(x, wide, narrow, seq=True)
    assert narrow.tolist() == (x * np.float32(0.1)).astype(np.float64).tolist()
    assert wide.tolist() == (x.astype(np.float64) * 0.1).tolist()
    assert narrow.tolist() != wide.tolist()


# literal_type : void (float* X)
def literal_type(X):
    print(type(X[idx] * 2.0).__name__, type(X[idx] * 2).__name__)


def test_arithmetic_with_literals_stays_float32(capsys):
    cp.compile(literal_type, target="python")(1)(np.ones(1, np.float32))
    assert capsys.readouterr().out == "float32 float32\n"


# integer_division : void (int* A, int* B, int* Quotient, int* Remainder, int8* Wrapped)
def integer_division(A, B, Quotient, Remainder, Wrapped):
    Quotient[idx] = A[idx] // B[idx]
    Remainder[idx] = A[idx] % B[idx]
    Wrapped[idx] = int8(A[idx] * 20)


def test_integer_division_floors_and_remainder_takes_the_divisor_sign():
    kernel = cp.compile(integer_division)
    a = np.array([7, -7, 7, -7, 0], np.int32)
    b = np.array([2, 2, -2, -2, 3], np.int32)
    quotient, remainder = np.zeros(5, np.int32), np.zeros(5, np.int32)
    wrapped = np.zeros(5, np.int8)
    kernel(5)(a, b, quotient, remainder, wrapped, seq=True)
    assert quotient.tolist() == [3, -4, -4, 3, 0]
    assert remainder.tolist() == [1, 1, -1, -1, 0]
    assert wrapped.tolist() == [-116, 116, -116, 116, 0]  # 140 wraps in int8


# math_rules : void (float* X, double* D, int64* Floor, float* Sqrt, double* Sqrt64, int64* N)
def math_rules(X, D, Floor, Sqrt, Sqrt64, N):
    Floor[idx] = math.floor(X[idx])
    Sqrt[idx] = math.sqrt(X[idx])
    Sqrt64[idx] = math.sqrt(X[idx]) + math.sqrt(D[idx])
    N[idx] = len(X) + round(D[idx])


def test_math_follows_cudapys_float_rules():
    kernel = cp.compile(math_rules)
    x = np.array([2.0, -1.0, 2.5], np.float32)
    d = np.array([2.0, 0.5, 1.5])
    floor, n = np.zeros(3, np.int64), np.zeros(3, np.int64)
    root, root64 = np.zeros(3, np.float32), np.zeros(3)
    kernel(3)(x, d, floor, root, root64, n, seq=True)
    assert floor.tolist() == [2, -1, 2]
    assert root[0] == np.sqrt(np.float32(2.0)) and np.isnan(root[1])  # NaN, not ValueError
    # math.sqrt of a float32 is a float32, added to a float64.
    assert root64[0] == np.float64(np.sqrt(np.float32(2.0))) + np.sqrt(2.0)
    assert n.tolist() == [5, 3, 5]  # round() halves to even
