"""Argument and launch-shape checks, which all happen before a GPU is needed."""

import numpy as np
import pytest

import cudapy as cp
from paper_kernels import mandel, mandelbrot, saxpy


# typed : void (bool flag, int8 small, uint16 unsigned, int64 wide, float single, double* D, bool* B)
def typed(flag, small, unsigned, wide, single, D, B):
    if idx < len(D):
        D[idx] = single
        B[idx] = flag


@pytest.fixture(scope="module")
def saxpy_kernel():
    return cp.compile(saxpy)


@pytest.fixture(scope="module")
def typed_kernel():
    return cp.compile(typed)


def good_typed_args():
    return [True, 1, 2, 3, 0.5, np.zeros(4), np.zeros(4, dtype=bool)]


def test_parameter_layout_is_read(typed_kernel):
    assert typed_kernel.params == [
        ("flag", "bool"), ("small", "int8"), ("unsigned", "uint16"), ("wide", "int64"),
        ("single", "float"), ("D", "double*"), ("B", "bool*")]


def test_wrong_argument_count(saxpy_kernel):
    x = np.zeros(4, dtype=np.float32)
    with pytest.raises(TypeError,
                       match=r"saxpy\(\) takes 3 arguments \(alpha, X, Y\) but 2 were given"):
        saxpy_kernel(4)(2.0, x)
    with pytest.raises(TypeError, match="but 4 were given"):
        saxpy_kernel(4)(2.0, x, x, x)
    with pytest.raises(TypeError, match="but 0 were given"):
        saxpy_kernel[1, 32]()


def test_wrong_type_for_array(saxpy_kernel):
    with pytest.raises(TypeError) as caught:
        saxpy_kernel(4)(2.0, "text", [1.0])
    message = str(caught.value)
    assert "saxpy(): argument 'X' must be float*" in message
    assert "CudaArray" in message
    assert message.endswith("got str")


def test_wrong_type_for_scalar(saxpy_kernel):
    x = np.zeros(4, dtype=np.float32)
    with pytest.raises(TypeError, match=r"argument 'alpha' must be float .*got str"):
        saxpy_kernel(4)("2.0", x, x)
    with pytest.raises(TypeError, match="argument 'alpha'.*got complex"):
        saxpy_kernel(4)(2j, x, x)
    with pytest.raises(TypeError, match="argument 'alpha'.*got NoneType"):
        saxpy_kernel(4)(None, x, x)


def test_wrong_dtype_array_names_both_dtypes(saxpy_kernel):
    x = np.zeros(4, dtype=np.float32)
    with pytest.raises(TypeError) as caught:
        saxpy_kernel(4)(2.0, x, np.zeros(4, dtype=np.float64))
    message = str(caught.value)
    assert "argument 'Y'" in message
    assert "float32" in message and "float64" in message


def test_array_must_be_one_dimensional(saxpy_kernel):
    x = np.zeros(4, dtype=np.float32)
    with pytest.raises(ValueError, match="argument 'X'.*1-d"):
        saxpy_kernel(4)(2.0, np.zeros((2, 2), dtype=np.float32), x)


def test_read_only_array_for_a_written_parameter(saxpy_kernel):
    x = np.zeros(4, dtype=np.float32)
    y = np.zeros(4, dtype=np.float32)
    y.flags.writeable = False
    with pytest.raises(ValueError, match="argument 'Y'.*read-only"):
        saxpy_kernel(4)(2.0, x, y)


def test_list_elements_must_fit_the_element_type():
    kernel = cp.compile([mandelbrot, mandel])
    args = [0.0, 0.0, 1.0, 1.0, 2, 2, 10]
    with pytest.raises(TypeError, match="argument 'result'.*float"):
        kernel(2, 2)([0.5, 1.0, 2.0, 3.0], *args)
    with pytest.raises(OverflowError, match="argument 'result'"):
        kernel(2, 2)([0, 1, 2, 2 ** 40], *args)
    with pytest.raises(TypeError, match="argument 'result'.*str"):
        kernel(2, 2)(["a", "b"], *args)
    with pytest.raises(ValueError, match="argument 'result'"):
        kernel(2, 2)([[1, 2], [3, 4]], *args)


def test_integer_parameters_refuse_floats():
    kernel = cp.compile([mandelbrot, mandel])
    result = np.zeros(4, dtype=np.int32)
    with pytest.raises(TypeError, match="argument 'width' must be int .*got float"):
        kernel(2, 2)(result, 0.0, 0.0, 1.0, 1.0, 2.0, 2, 10)
    with pytest.raises(TypeError, match="argument 'maxIters'.*got float64"):
        kernel(2, 2)(result, 0.0, 0.0, 1.0, 1.0, 2, 2, np.float64(10))


def test_integer_overflow_names_the_parameter(typed_kernel):
    cases = [(1, 128, "small"), (1, -129, "small"), (2, -1, "unsigned"), (2, 65536, "unsigned"),
             (3, 2 ** 63, "wide"), (4, 1e39, "single"), (4, -2.0 ** 128, "single")]
    for index, value, name in cases:
        args = good_typed_args()
        args[index] = value
        with pytest.raises(OverflowError, match=f"argument '{name}'"):
            typed_kernel(4)(*args)
    mandelbrot_kernel = cp.compile([mandelbrot, mandel])
    with pytest.raises(OverflowError, match=r"argument 'width' = 2147483648 does not fit in int"):
        mandelbrot_kernel(2, 2)(np.zeros(4, np.int32), 0.0, 0.0, 1.0, 1.0, 2 ** 31, 2, 10)


def test_bool_parameter(typed_kernel):
    args = good_typed_args()
    args[0] = "yes"
    with pytest.raises(TypeError, match="argument 'flag' must be bool"):
        typed_kernel(4)(*args)
    args[0] = 1.0
    with pytest.raises(TypeError, match="argument 'flag'"):
        typed_kernel(4)(*args)


def test_bool_array_refuses_other_dtypes(typed_kernel):
    args = good_typed_args()
    args[6] = np.zeros(4, dtype=np.uint8)
    with pytest.raises(TypeError, match="argument 'B'.*bool.*uint8"):
        typed_kernel(4)(*args)


@pytest.mark.parametrize("shape, error, text", [
    ((0,), ValueError, "nx must be positive, got 0"),
    ((-3,), ValueError, "nx must be positive, got -3"),
    ((4, 0), ValueError, "ny must be positive"),
    ((4, 1, -1), ValueError, "nz must be positive"),
    ((2 ** 32,), ValueError, "nx must be at most"),
    ((1.5,), TypeError, "nx must be an integer, got float"),
    (("4",), TypeError, "nx must be an integer, got str"),
    ((True,), TypeError, "nx must be an integer, got bool"),
])
def test_bad_thread_counts(saxpy_kernel, shape, error, text):
    with pytest.raises(error, match=text):
        saxpy_kernel(*shape)


@pytest.mark.parametrize("key, error, text", [
    ((0, 32), ValueError, "grid must be positive"),
    ((1, (32, 0)), ValueError, r"block\[1\] must be positive"),
    (((1, 1, 1, 1), 32), ValueError, "grid must be an integer or a tuple of 1 to 3"),
    ((1, ()), ValueError, "block must be an integer or a tuple of 1 to 3"),
    ((1.0, 32), TypeError, "grid must be an integer, got float"),
    ((1, 32, -1), ValueError, "stream must not be negative"),
    ((1, 32, 0, -4), ValueError, "shared_bytes must not be negative"),
    ((1, 32, 0, 0, 0), TypeError, "grid, block"),
])
def test_bad_grid_and_block(saxpy_kernel, key, error, text):
    with pytest.raises(error, match=text):
        saxpy_kernel[key]


def test_single_launch_index_is_refused(saxpy_kernel):
    with pytest.raises(TypeError, match="grid, block"):
        saxpy_kernel[4]


def test_launch_shapes_of_every_form_are_accepted(saxpy_kernel):
    for launch in [saxpy_kernel(4), saxpy_kernel(4, 2, 1), saxpy_kernel[1, 32],
                   saxpy_kernel[(2, 2), (16, 2)], saxpy_kernel[(1, 1, 1), (8, 4, 2), 0, 128],
                   saxpy_kernel[np.int64(1), np.int32(32), None]]:
        assert callable(launch)


def test_launch_method_runs_as_the_subscript_does():
    """kernel.launch(args, grid=, block=, stream=, shared_mem=) is kernel[grid, block, stream,
    shared_mem](args), on the CPU target against NumPy; its shape arguments are checked alike
    and are keyword-only."""
    kernel = cp.compile(saxpy, target="cpu")
    x = np.arange(40, dtype=np.float32)
    y = np.ones(40, dtype=np.float32)
    kernel.launch(np.float32(2.0), x, y, grid=2, block=32)
    np.testing.assert_array_equal(y, 2 * np.arange(40, dtype=np.float32) + 1)
    kernel.launch(np.float32(1.0), x, y, grid=(1, 1), block=(64, 1), stream=0, shared_mem=16)
    np.testing.assert_array_equal(y, 3 * np.arange(40, dtype=np.float32) + 1)
    with pytest.raises(ValueError, match="shared_bytes must not be negative"):
        kernel.launch(np.float32(1.0), x, y, grid=1, block=32, shared_mem=-1)
    with pytest.raises(TypeError, match="grid"):
        kernel.launch(np.float32(1.0), x, y, block=32)
    with pytest.raises(TypeError, match="takes 3 arguments"):
        kernel.launch(np.float32(1.0), x, grid=1, block=32)


def test_a_function_without_a_signature_is_typed_at_its_calls():
    """cp.compile of a function with no signature compiles it at its calls for the arguments'
    types, once per type tuple: Python floats as float64, ints as int64, NumPy scalars and
    arrays by their dtype (the CPU target, against NumPy)."""
    def scale(a, X):
        if idx < len(X):
            X[idx] = a * X[idx]

    kernel = cp.compile(scale, target="cpu")
    x = np.arange(8, dtype=np.float32)
    kernel(8)(2.0, x)
    kernel[1, 8](np.float32(3.0), x)
    kernel.launch(2, x, grid=1, block=8)
    kernel(8)(2.0, x)
    np.testing.assert_array_equal(x, 24 * np.arange(8, dtype=np.float32))
    assert sorted(kernel.signatures) == ["void(float32, float32[::1])",
                                         "void(float64, float32[::1])",
                                         "void(int64, float32[::1])"]


def test_valid_arguments_reach_the_device():
    """Without a GPU, checked arguments lead to the GPU step and its clear error."""
    if cp.device_count() > 0:
        pytest.skip("a GPU is present; test_gpu.py runs the kernels")
    kernel = cp.compile(saxpy)
    with pytest.raises((cp.NoDeviceError, cp.NvrtcUnavailableError)):
        kernel(4)(np.float32(2.0), [1.0, 2.0, 3.0, 4.0], np.zeros(4, dtype=np.float32))
    with pytest.raises((cp.NoDeviceError, cp.NvrtcUnavailableError)):
        cp.compile(typed)(4)(*good_typed_args())
    with pytest.raises(cp.NoDeviceError):
        cp.CudaArray([1.0, 2.0])


def test_scalars_accept_python_and_numpy_numbers(typed_kernel):
    """Accepted scalars reach the GPU step (or run, with a GPU); none raises TypeError."""
    args = [np.bool_(False), np.int8(-128), np.uint64(65535), np.int32(-5), 3, np.zeros(4),
            [True, False, 1, 0]]
    try:
        typed_kernel(4)(*args)
    except (cp.NoDeviceError, cp.NvrtcUnavailableError):
        pass


# row_sums : void (float** M, float* out)
def row_sums(M, out):
    if idx < len(M):
        total = 0.0
        for j in range(len(M[idx])):
            total += M[idx][j]
        out[idx] = total


def test_an_array_of_arrays_takes_rows():
    kernel = cp.compile(row_sums)
    assert kernel.params == [("M", "float**"), ("out", "float*")]
    out = np.zeros(2, dtype=np.float32)
    with pytest.raises(ValueError, match="argument 'M' must be a 2-d array"):
        kernel(2)(np.zeros((2, 2, 2), dtype=np.float32), out)
    with pytest.raises(TypeError, match="argument 'M' must be float\\*\\*"):
        kernel(2)(3.0, out)
    with pytest.raises(TypeError, match="argument 'M' must be float\\*\\*"):
        kernel(2)([np.zeros(2, dtype=np.float64)], out)
