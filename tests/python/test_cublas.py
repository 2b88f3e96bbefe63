"""cuBLAS through cudapy.cudalib.cublas, against NumPy.

Without a GPU: the errors for arguments cuBLAS cannot take, raised before any GPU work; the CPU
target's arrays refused; and the calls the functions make (flags, leading dimensions, strides,
which operand goes first) for matrices and vectors of every layout, run by a NumPy model of
column-major BLAS that stands in for cuBLAS over host memory. On a GPU: every function for the
four dtypes, C- and Fortran-ordered matrices, every transpose, batches, strided vectors, host,
device and CuPy arrays, and streams."""

import ctypes
import inspect

import numpy as np
import pytest

import cudapy as cp
from cudapy import _ffi
from cudapy.cudalib import cublas, library_version

DTYPES = (np.float32, np.float64, np.complex64, np.complex128)
FLAGS = ("N", "T", "C")


def laid_out(values, order):
    """`values` in C order, or with each matrix (the last two axes) in Fortran order."""
    if order == "C" or values.ndim < 2:
        return np.array(values, order="C")
    return np.swapaxes(np.ascontiguousarray(np.swapaxes(values, -1, -2)), -1, -2)


def random_array(rng, shape, dtype, order="C"):
    values = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return laid_out(values.astype(dtype), order)


def to_gpu(array):
    """A device array of `array`'s values and layout; a stack of Fortran-ordered matrices
    stays one (a transposed view of a C-ordered copy)."""
    if array.ndim == 3 and not array.flags.c_contiguous:
        return cp.to_device(np.ascontiguousarray(np.swapaxes(array, 1, 2))).transpose(0, 2, 1)
    return cp.to_device(array)


def operation(matrix, flag):
    """op(X) of a BLAS transpose flag, for a matrix or a stack of them."""
    return {"N": matrix, "T": np.swapaxes(matrix, -1, -2),
            "C": np.swapaxes(matrix, -1, -2).conj()}[flag]


def assert_close(got, expected, dtype, terms=1, context=()):
    """Within the rounding of sums of `terms` products in `dtype`: rtol 1e-5 for single
    precision, 1e-12 for double, growing as sqrt(terms), relative to the largest magnitude.
    `context` (the case) goes into the message."""
    single = np.dtype(dtype) in (np.dtype(np.float32), np.dtype(np.complex64))
    tolerance = (1e-5 if single else 1e-12) * max(1.0, np.sqrt(terms))
    expected = np.asarray(expected)
    scale = max(1.0, float(np.abs(expected).max())) if expected.size else 1.0
    np.testing.assert_allclose(got, expected, rtol=tolerance, atol=tolerance * scale,
                               err_msg=str(context))


def layouts(rng, shape, dtype):
    """A matrix of `shape` laid out four ways, as (name, parent, index): parent[index] is the
    matrix in C order, in Fortran order, and as a view with a longer leading dimension of a
    row-major and of a column-major array."""
    rows, cols = shape
    whole = (slice(None), slice(None))
    yield "C", random_array(rng, shape, dtype), whole
    yield "F", random_array(rng, shape, dtype, "F"), whole
    yield "C view", random_array(rng, (rows + 1, cols + 3), dtype), (slice(1, None),
                                                                      slice(2, cols + 2))
    yield "F view", random_array(rng, (rows + 2, cols + 1), dtype, "F"), (slice(1, rows + 1),
                                                                          slice(1, None))


# ---- a model of cuBLAS, for the calls made without a GPU ---------------------------------

ELEMENT_DTYPES = {_ffi.Element.FLOAT32: np.float32, _ffi.Element.FLOAT64: np.float64,
                  _ffi.Element.COMPLEX64: np.complex64, _ffi.Element.COMPLEX128: np.complex128}
OPERATIONS = {_ffi.Transpose.NONE: "N", _ffi.Transpose.TRANSPOSE: "T",
              _ffi.Transpose.CONJUGATE: "C"}


def byte_range(address, itemsize, shape, strides):
    """[first, end) of the bytes an array's elements take (strides in bytes)."""
    if 0 in shape:
        return address, address
    offsets = [(extent - 1) * stride for extent, stride in zip(shape, strides)]
    return (address + sum(min(0, offset) for offset in offsets),
            address + sum(max(0, offset) for offset in offsets) + itemsize)


class ModelArray:
    """A GPU array of another library, as __cuda_array_interface__ describes one, over host
    memory: what the model reads and writes. Each one's bytes are noted: the model touches no
    others."""

    extents = []

    def __init__(self, array):
        self.array = array
        ModelArray.extents.append(byte_range(array.ctypes.data, array.itemsize, array.shape,
                                             array.strides))

    @property
    def pointer(self):
        return self.array.ctypes.data

    @property
    def __cuda_array_interface__(self):
        return {"shape": self.array.shape, "strides": self.array.strides,
                "typestr": self.array.dtype.str, "version": 3, "stream": None,
                "data": (self.array.ctypes.data, not self.array.flags.writeable)}


class ModelAddresses(ModelArray):
    """The device array of matrices' addresses a pointer-array batch uploads."""

    def __init__(self, host, stream=0):
        super().__init__(host)


def memory(address, dtype, shape, strides, checked=True):
    """The elements at `address` (host memory here), with shape and strides in elements;
    `checked`: they lie in a ModelArray's bytes."""
    dtype = np.dtype(dtype)
    if 0 in shape:
        return np.zeros(shape, dtype)
    span = 1 + sum((extent - 1) * stride for extent, stride in zip(shape, strides))
    if checked:
        first, end = byte_range(address, dtype.itemsize, shape,
                                [stride * dtype.itemsize for stride in strides])
        assert any(low <= first and end <= high for low, high in ModelArray.extents), \
            "an access outside the arrays given"
    flat = np.frombuffer((ctypes.c_char * (span * dtype.itemsize)).from_address(address), dtype)
    return np.lib.stride_tricks.as_strided(flat, shape, [s * dtype.itemsize for s in strides])


def scalar(address, dtype):
    return memory(address, dtype, (), (), checked=False)[()]


def stored(address, dtype, flag, rows, cols, leading):
    """op(X) as BLAS reads it: X column-major at `address`, rows x cols when flag is 'N', else
    cols x rows."""
    extents = (rows, cols) if flag == "N" else (cols, rows)
    assert leading >= max(1, extents[0]), "a leading dimension below the rows"
    return operation(memory(address, dtype, extents, (1, leading)), flag)


def vector(address, dtype, length, increment):
    assert increment > 0, "a vector of a stride that is not positive"
    return memory(address, dtype, (length,), (increment,))


def model_gemm(gemm_pointer, stream):
    gemm = gemm_pointer._obj
    assert gemm.size == ctypes.sizeof(_ffi.Gemm)
    dtype = np.dtype(ELEMENT_DTYPES[gemm.element])
    transa, transb = OPERATIONS[gemm.transa], OPERATIONS[gemm.transb]
    alpha, beta = scalar(gemm.alpha, dtype), scalar(gemm.beta, dtype)
    assert gemm.batch >= 1
    if gemm.m == 0 or gemm.n == 0:
        return 0
    for index in range(gemm.batch):
        if gemm.pointer_arrays:
            a, b, c = (int(memory(array, np.uint64, (gemm.batch,), (1,))[index])
                       for array in (gemm.a, gemm.b, gemm.c))
        else:
            a, b, c = (pointer + index * stride * dtype.itemsize for pointer, stride in
                       ((gemm.a, gemm.stride_a), (gemm.b, gemm.stride_b), (gemm.c, gemm.stride_c)))
        left = stored(a, dtype, transa, gemm.m, gemm.k, gemm.lda)
        right = stored(b, dtype, transb, gemm.k, gemm.n, gemm.ldb)
        result = stored(c, dtype, "N", gemm.m, gemm.n, gemm.ldc)
        product = alpha * (left.astype(np.complex128) @ right.astype(np.complex128))
        if beta != 0:
            product = product + beta * result
        result[...] = product if dtype.kind == "c" else product.real
    return 0


def model_gemv(element, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, stream):
    dtype = np.dtype(ELEMENT_DTYPES[element])
    flag = OPERATIONS[trans]
    takes, gives = (n, m) if flag == "N" else (m, n)
    if m == 0 or n == 0:  # BLAS returns at once, leaving y as it is
        return 0
    assert lda >= max(1, m), "a leading dimension below the rows"
    matrix = operation(memory(a, dtype, (m, n), (1, lda)), flag)
    source, target = vector(x, dtype, takes, incx), vector(y, dtype, gives, incy)
    product = scalar(alpha, dtype) * (matrix.astype(np.complex128) @ source)
    if scalar(beta, dtype) != 0:
        product = product + scalar(beta, dtype) * target
    target[...] = product if dtype.kind == "c" else product.real
    return 0


def model_axpy(element, n, alpha, x, incx, y, incy, stream):
    dtype = ELEMENT_DTYPES[element]
    target = vector(y, dtype, n, incy)
    target += scalar(alpha, dtype) * vector(x, dtype, n, incx)
    return 0


def model_scal(element, n, alpha, x, incx, stream):
    dtype = ELEMENT_DTYPES[element]
    target = vector(x, dtype, n, incx)
    target *= scalar(alpha, dtype)
    return 0


def model_dot(element, conjugate, n, x, incx, y, incy, result, stream):
    dtype = ELEMENT_DTYPES[element]
    first, second = vector(x, dtype, n, incx), vector(y, dtype, n, incy)
    product = np.sum((first.conj() if conjugate else first) * second)
    memory(result, dtype, (), (), checked=False)[()] = product
    return 0


def model_nrm2(element, n, x, incx, result, stream):
    dtype = ELEMENT_DTYPES[element]
    real = np.finfo(dtype).dtype
    norm = np.linalg.norm(vector(x, dtype, n, incx))
    memory(result, real, (), (), checked=False)[()] = norm
    return 0


def model_iamax(element, smallest, n, x, incx, out, stream):
    values = vector(x, ELEMENT_DTYPES[element], n, incx)
    magnitudes = np.abs(values.real) + np.abs(values.imag)
    out._obj.value = -1 if n == 0 else int((np.argmin if smallest else np.argmax)(magnitudes))
    return 0


MODEL = {"cudapy_blas_gemm": model_gemm, "cudapy_blas_gemv": model_gemv,
         "cudapy_blas_axpy": model_axpy, "cudapy_blas_scal": model_scal,
         "cudapy_blas_dot": model_dot, "cudapy_blas_nrm2": model_nrm2,
         "cudapy_blas_iamax": model_iamax}


@pytest.fixture
def model(monkeypatch):
    """cuBLAS's entry points replaced by the model; the streams of the calls, as they come."""
    streams = []
    monkeypatch.setattr(ModelArray, "extents", [])

    def recorded(function):
        def call(*args):
            streams.append(args[-1])
            return function(*args)
        return call

    for name, function in MODEL.items():
        monkeypatch.setattr(_ffi.lib, name, recorded(function))
    monkeypatch.setattr(cublas, "new_array", lambda shape, dtype, stream, order="C":
                        ModelArray(np.zeros(shape, dtype, order=order)))
    monkeypatch.setattr(cublas, "CudaArray", ModelAddresses)
    monkeypatch.setattr(cublas, "_copy_bytes",
                        lambda destination, source, nbytes, stream:
                        ctypes.memmove(destination, source, nbytes))
    return streams


# ---- without a GPU -------------------------------------------------------------------------

def test_the_library_loads_and_says_its_version_and_path():
    try:
        version, path = library_version(_ffi.NvidiaLibrary.CUBLAS)
    except cp.LibraryUnavailableError as error:
        pytest.skip(f"cuBLAS is not installed: {str(error).splitlines()[0]}")
    assert version >= 10000 and "cublas" in path


def host(shape, dtype=np.float32):
    return np.ones(shape, dtype)


BAD_CALLS = [
    (lambda: cublas.axpy(1.0, host(3), host(3, np.float64)), TypeError,
     r"cublas.axpy\(\): x is float32 and y is float64"),
    (lambda: cublas.axpy(1.0, host(3), host(4)), ValueError, "x has 3 elements and y 4"),
    (lambda: cublas.axpy(1.0, host(3), [1.0, 2.0, 3.0]), TypeError,
     "y takes the result in place"),
    (lambda: cublas.axpy(1.0, host((3, 2)), host(6)), ValueError, "x must be a 1-d array"),
    (lambda: cublas.axpy(1 + 2j, host(3), host(3)), TypeError, "alpha is complex"),
    (lambda: cublas.axpy("2", host(3), host(3)), TypeError, "alpha must be a number"),
    (lambda: cublas.scal(2.0, np.broadcast_to(np.float32(1), (3,))), ValueError,
     "x is read-only"),
    (lambda: cublas.dot(np.arange(3), np.arange(3)), TypeError,
     "x is int64; it must be one of float32, float64, complex64, complex128"),
    (lambda: cublas.dotc(host(3), host(2)), ValueError, "x has 3 elements and y 2"),
    (lambda: cublas.nrm2(ModelArray(host(6)[::-1])), ValueError,
     "x has a stride of -4 bytes; cuBLAS takes vectors of positive strides"),
    (lambda: cublas.amax(host(0)), ValueError, "x is empty"),
    (lambda: cublas.amin(object()), TypeError, "x must be a device array"),
    (lambda: cublas.gemv("X", 2, 3, 1.0, host((2, 3)), host(3), 0.0, host(2)), ValueError,
     r"trans must be 'N', 'T' or 'C', got 'X'"),
    (lambda: cublas.gemv("N", 3, 2, 1.0, host((2, 3)), host(3), 0.0, host(2)), ValueError,
     r"A has shape \(2, 3\); it must be \(m, n\) = \(3, 2\)"),
    (lambda: cublas.gemv("N", 2, 3, 1.0, host((2, 3)), host(2), 0.0, host(2)), ValueError,
     "x has 2 elements; with trans='N' it must have n = 3"),
    (lambda: cublas.gemv("T", 2, 3, 1.0, host((2, 3)), host(2), 0.0, host(2)), ValueError,
     "y has 2 elements; with trans='T' it must have n = 3"),
    (lambda: cublas.gemv("N", 2, 3, 1.0, host((2, 3), np.complex64), host(3), 0.0, host(2)),
     TypeError, "A is complex64 and x is float32"),
    (lambda: cublas.gemm("N", "Q", 2, 2, 2, 1.0, host((2, 2)), host((2, 2)), 0.0,
                         host((2, 2))), ValueError, "transb must be 'N', 'T' or 'C'"),
    (lambda: cublas.gemm("N", "N", -2, 2, 2, 1.0, host((2, 2)), host((2, 2)), 0.0,
                         host((2, 2))), ValueError, "m must not be negative"),
    (lambda: cublas.gemm("N", "N", 2.0, 2, 2, 1.0, host((2, 2)), host((2, 2)), 0.0,
                         host((2, 2))), TypeError, "m must be an integer, got float"),
    (lambda: cublas.gemm("T", "N", 2, 4, 3, 1.0, host((2, 3)), host((3, 4)), 0.0,
                         host((2, 4))), ValueError,
     "A is 2 x 3; with transa='T' it must be k x m = 3 x 2"),
    (lambda: cublas.gemm("N", "N", 2, 4, 3, 1.0, host((2, 3)), host((3, 4)), 0.0,
                         host((4, 2))), ValueError, "C is 4 x 2; it must be m x n = 2 x 4"),
    (lambda: cublas.gemm("N", "N", 2, 2, 2, 1.0, host((2, 2)), host((2, 2), np.float64), 0.0,
                         host((2, 2))), TypeError, "A is float32 and B is float64"),
    (lambda: cublas.gemm("N", "N", 2, 2, 2, 1.0, host((2, 2)), host((2, 2)), 0.0,
                         host((2, 2, 1))), ValueError, "C must be a 2-d array"),
    (lambda: cublas.gemm("N", "N", 2, 2, 2, 1.0, ModelArray(host((4, 4))[::2, ::2]),
                         host((2, 2)), 0.0, host((2, 2))), ValueError,
     "A .* is not a matrix cuBLAS can read"),
    (lambda: cublas.gemm("N", "N", 3, 2, 2, 1.0, ModelArray(host((2, 6)).T[::2]),
                         host((2, 2)), 0.0, host((3, 2))), ValueError,
     "A .* is not a matrix cuBLAS can read"),
    (lambda: cublas.gemm_batched("N", "N", 2, 2, 2, 1.0, [host((2, 2))] * 2, [host((2, 2))] * 3,
                                 0.0, [host((2, 2))] * 2), ValueError,
     "A holds 2 matrices, B 3 and C 2"),
    (lambda: cublas.gemm_batched("N", "N", 2, 2, 2, 1.0,
                                 [host((2, 2)), np.asfortranarray(host((2, 2)))],
                                 [host((2, 2))] * 2, 0.0, [host((2, 2))] * 2), ValueError,
     r"A\[1\] is laid out otherwise than A\[0\]"),
    (lambda: cublas.gemm_batched("N", "N", 2, 2, 2, 1.0, [host((2, 2)), host((2, 3))],
                                 [host((2, 2))] * 2, 0.0, [host((2, 2))] * 2), ValueError,
     r"A\[1\] is 2 x 3 and A\[0\] 2 x 2"),
    (lambda: cublas.gemm_batched("N", "N", 2, 2, 2, 1.0, host((2, 2)), host((1, 2, 2)), 0.0,
                                 host((1, 2, 2))), ValueError, "A must be a 3-d array"),
    (lambda: cublas.gemm_strided_batched("N", "N", 2, 2, 2, 1.0, host((3, 2, 2)),
                                         host((3, 2, 2)), 0.0, host((2, 2))), ValueError,
     "C must be a 3-d array"),
    (lambda: cublas.gemm_strided_batched("N", "N", 2, 2, 2, 1.0, host((2, 2, 2)),
                                         host((3, 2, 2)), 0.0, host((3, 2, 2))), ValueError,
     "A holds 2 matrices and C 3"),
    (lambda: cublas.gemm_strided_batched("N", "C", 2, 2, 3, 1.0, host((3, 2, 3)),
                                         host((3, 3, 2)), 0.0, host((3, 2, 2))), ValueError,
     "B's matrices are 3 x 2; with transb='C' they must be n x k = 2 x 3"),
    (lambda: cublas.gemm_strided_batched("N", "N", 2, 2, 2, 1.0,
                                         ModelArray(np.asfortranarray(host((3, 2, 2)))),
                                         host((3, 2, 2)), 0.0, host((3, 2, 2))), ValueError,
     "A .* is not a matrix cuBLAS can read"),
    (lambda: cublas.gemm_strided_batched(
        "N", "N", 2, 2, 2, 1.0, host((3, 2, 2)), host((3, 2, 2)), 0.0,
        ModelArray(np.lib.stride_tricks.as_strided(host((2, 2)), (3, 2, 2), (0, 8, 4)))),
     ValueError, "C's matrices overlap"),
    (lambda: cublas.matmul(host((2, 3)), host((2, 3))), ValueError,
     r"a's last axis \(3\) and b's second to last axis \(2\)"),
    (lambda: cublas.matmul(host((2, 3)), host(2)), ValueError, "b's only axis"),
    (lambda: cublas.matmul(host((2, 2, 3)), host((3, 3, 2))), ValueError,
     "a holds 2 matrices and b 3"),
    (lambda: cublas.matmul(host((1, 1, 2, 2)), host((2, 2))), ValueError,
     "a must be a 1-d, 2-d or 3-d array"),
    (lambda: cublas.matmul(host(()), host((2, 2))), ValueError, "a must be a 1-d"),
    (lambda: cublas.matmul(host((2, 2)), host((2, 2), np.complex64)), TypeError,
     "a is float32 and b is complex64"),
    (lambda: cublas.matmul(host((2, 3)), host((3, 4)), out=host((2, 3))), ValueError,
     r"out has shape \(2, 3\); a @ b has shape \(2, 4\)"),
    (lambda: cublas.matmul(host((2, 3)), host((3, 4)), out=host((2, 4), np.float64)), TypeError,
     "a is float32 and out is float64"),
    (lambda: cublas.dot(host(3), host(3), stream=-1), ValueError, "must not be negative"),
    (lambda: cublas.Blas(stream="fast"), TypeError, "the stream must be an integer"),
]


@pytest.mark.parametrize("call, kind, message", BAD_CALLS)
def test_bad_arguments_fail_before_any_gpu_work(call, kind, message):
    # Without a GPU any GPU work would raise another error first (no device).
    with pytest.raises(kind, match=message):
        call()


@pytest.mark.parametrize("call", [
    lambda x: cublas.axpy(1.0, x, x.copy_to_host()),
    lambda x: cublas.scal(2.0, x),
    lambda x: cublas.dot(x, x),
    lambda x: cublas.matmul(x.reshape(2, 2), np.eye(2, dtype=np.float32)),
    lambda x: cublas.gemm("N", "N", 2, 2, 2, 1.0, np.eye(2, dtype=np.float32), x.reshape(2, 2),
                          0.0, np.zeros((2, 2), np.float32)),
])
def test_the_cpu_targets_arrays_are_refused(call):
    array = cp.to_device(np.arange(4, dtype=np.float32), target="cpu")
    with pytest.raises(cp.UnsupportedError, match="run on the GPU only"):
        call(array)


def test_every_public_name_has_a_docstring_and_blas_methods_take_no_stream():
    for name in cublas.__all__:
        assert inspect.getdoc(getattr(cublas, name)), name
    for name in cublas.__all__:
        if name == "Blas":
            continue
        method = getattr(cublas.Blas, name)
        assert method.__doc__ == getattr(cublas, name).__doc__
        parameters = list(inspect.signature(method).parameters)
        assert parameters[0] == "self" and "stream" not in parameters, name
        assert parameters[1:] == [p for p in inspect.signature(getattr(cublas, name)).parameters
                                  if p != "stream"]


# The calls made, run by the model: every layout of every operand, every transpose.

@pytest.mark.parametrize("dtype", DTYPES)
def test_gemm_gives_cublas_the_right_flags_and_leading_dimensions(model, dtype):
    rng = np.random.default_rng(1)
    m, n, k = 3, 4, 5
    for transa in FLAGS:
        for transb in FLAGS:
            a_shape = (m, k) if transa == "N" else (k, m)
            b_shape = (k, n) if transb == "N" else (n, k)
            for a_layout, a, a_index in layouts(rng, a_shape, dtype):
                for b_layout, b, b_index in layouts(rng, b_shape, dtype):
                    for c_layout, c, c_index in layouts(rng, (m, n), dtype):
                        a_matrix, b_matrix, c_matrix = a[a_index], b[b_index], c[c_index]
                        expected = (1.5 * operation(a_matrix, transa)
                                    @ operation(b_matrix, transb) - 0.5 * c_matrix)
                        given = ModelArray(c_matrix)
                        assert cublas.gemm(transa, transb, m, n, k, 1.5, ModelArray(a_matrix),
                                           ModelArray(b_matrix), -0.5, given) is given
                        assert_close(c_matrix, expected, dtype, k,
                                     (transa, transb, a_layout, b_layout, c_layout))


@pytest.mark.parametrize("dtype", DTYPES)
def test_gemv_gives_cublas_the_right_call_for_each_layout(model, dtype):
    rng = np.random.default_rng(2)
    m, n = 4, 3
    for trans in FLAGS:
        takes, gives = (n, m) if trans == "N" else (m, n)
        for layout, a, index in layouts(rng, (m, n), dtype):
            x = random_array(rng, 2 * takes, dtype)[::2]
            y = random_array(rng, 3 * gives, dtype)[1::3]
            expected = 2 * operation(a[index], trans) @ x + 0.5 * y
            cublas.gemv(trans, m, n, 2, ModelArray(a[index]), ModelArray(x), 0.5, ModelArray(y))
            assert_close(y, expected, dtype, takes, (trans, layout))


def test_gemv_over_an_empty_x_scales_y_by_beta(model):
    y = np.arange(1.0, 4.0)
    cublas.gemv("N", 3, 0, 1.0, ModelArray(np.zeros((3, 0), order="F")),
                ModelArray(np.zeros(0)), 2.0, ModelArray(y))
    np.testing.assert_array_equal(y, [2.0, 4.0, 6.0])
    y = np.full(2, np.nan)
    cublas.gemv("T", 0, 2, 1.0, ModelArray(np.zeros((0, 2))), ModelArray(np.zeros(0)), 0.0,
                ModelArray(y))
    np.testing.assert_array_equal(y, [0.0, 0.0])


@pytest.mark.parametrize("dtype", DTYPES)
def test_batches_give_cublas_the_right_strides_and_addresses(model, dtype):
    rng = np.random.default_rng(3)
    count, m, n, k = 3, 2, 4, 3
    for transa, transb in (("N", "N"), ("T", "C"), ("C", "N")):
        a_shape = (m, k) if transa == "N" else (k, m)
        b_shape = (k, n) if transb == "N" else (n, k)
        for order in ("C", "F"):
            a = random_array(rng, (count,) + a_shape, dtype, order)
            b = random_array(rng, (count,) + b_shape, dtype)
            c = random_array(rng, (count, m, n), dtype, order)
            expected = operation(a, transa) @ operation(b, transb) + 2 * c
            cublas.gemm_strided_batched(transa, transb, m, n, k, 1, ModelArray(a),
                                        ModelArray(b), 2, ModelArray(c))
            assert_close(c, expected, dtype, k)
            # One matrix of A for every product, given as a 2-d matrix.
            c = random_array(rng, (count, m, n), dtype)
            cublas.gemm_strided_batched(transa, transb, m, n, k, 1, ModelArray(a[1]),
                                        ModelArray(b), 0, ModelArray(c))
            assert_close(c, operation(a[1], transa) @ operation(b, transb), dtype, k)
            # Lists of matrices, and a list beside a 3-d array.
            matrices = [random_array(rng, (m, n), dtype, order) for _ in range(count)]
            cublas.gemm_batched(transa, transb, m, n, k, 1, [ModelArray(x) for x in a],
                                ModelArray(b), 0, [ModelArray(x) for x in matrices])
            expected = operation(a, transa) @ operation(b, transb)
            assert_close(np.stack(matrices), expected, dtype, k)
            c = random_array(rng, (count, m, n), dtype)
            cublas.gemm_batched(transa, transb, m, n, k, 1, ModelArray(a), ModelArray(b), 0,
                                ModelArray(c))
            assert_close(c, expected, dtype, k)


@pytest.mark.parametrize("dtype", DTYPES)
def test_matmul_gives_numpys_products(model, dtype):
    rng = np.random.default_rng(4)
    shapes = [((3, 4), (4, 5)), ((4,), (4, 5)), ((3, 4), (4,)), ((4,), (4,)),
              ((2, 3, 4), (2, 4, 5)), ((2, 3, 4), (4, 5)), ((3, 4), (2, 4, 5)),
              ((1, 3, 4), (2, 4, 5)), ((2, 3, 4), (4,)), ((4,), (2, 4, 5)), ((3, 0), (0, 2))]
    for left_shape, right_shape in shapes:
        for order in ("C", "F"):
            a = random_array(rng, left_shape, dtype, order)
            b = random_array(rng, right_shape, dtype, order)
            expected = a @ b
            got = cublas.matmul(ModelArray(a), ModelArray(b))
            assert isinstance(got, ModelArray) and got.array.shape == expected.shape
            assert_close(got.array, expected, dtype, left_shape[-1])
            out = laid_out(np.zeros(expected.shape, dtype), "F" if order == "C" else "C")
            assert cublas.matmul(ModelArray(a), ModelArray(b), out=ModelArray(out)).array is out
            assert_close(out, expected, dtype, left_shape[-1])


@pytest.mark.parametrize("dtype", DTYPES)
def test_level_1_gives_cublas_the_strides(model, dtype):
    rng = np.random.default_rng(5)
    x = random_array(rng, 12, dtype)[::3]
    y = random_array(rng, 8, dtype)[1::2]
    expected = 2 * x + y
    cublas.axpy(2, ModelArray(x), ModelArray(y))
    assert_close(y, expected, dtype)
    expected = 0.5 * x
    cublas.scal(0.5, ModelArray(x))
    assert_close(x, expected, dtype)
    assert_close(cublas.dot(ModelArray(x), ModelArray(y)), np.dot(x, y), dtype, 4)
    dotc = cublas.dotc(ModelArray(x), ModelArray(y))
    assert dotc.dtype == np.dtype(dtype)
    assert_close(dotc, np.vdot(x, y), dtype, 4)
    norm = cublas.nrm2(ModelArray(x))
    assert norm.dtype == np.finfo(dtype).dtype
    assert_close(norm, np.linalg.norm(x), dtype, 4)
    magnitudes = np.abs(x.real) + np.abs(x.imag)
    assert cublas.amax(ModelArray(x)) == np.argmax(magnitudes)
    assert cublas.amin(ModelArray(x)) == np.argmin(magnitudes)


def test_blas_calls_on_its_stream(model):
    blas = cublas.Blas(stream=7)
    x, y = np.ones(3), np.ones(3)
    blas.axpy(1.0, ModelArray(x), ModelArray(y))
    blas.dot(ModelArray(x), ModelArray(y))
    blas.gemm("N", "N", 1, 3, 1, 1.0, ModelArray(x[:1].reshape(1, 1)),
              ModelArray(x.reshape(1, 3)), 0.0, ModelArray(y.reshape(1, 3)))
    cublas.nrm2(ModelArray(x), stream=9)
    assert model == [7, 7, 7, 9]


# ---- on the GPU ----------------------------------------------------------------------------

@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_level_1_on_host_arrays_against_numpy(dtype):
    rng = np.random.default_rng(10)
    x, y = random_array(rng, 37, dtype), random_array(rng, 37, dtype)
    expected = (2 - 1j if np.dtype(dtype).kind == "c" else 2) * x + y
    assert cublas.axpy(2 - 1j if np.dtype(dtype).kind == "c" else 2, x, y) is y
    assert_close(y, expected, dtype)
    expected = 0.25 * x
    assert cublas.scal(0.25, x) is x
    assert_close(x, expected, dtype)
    for function, oracle in ((cublas.dot, np.dot), (cublas.dotu, np.dot),
                             (cublas.dotc, np.vdot)):
        result = function(x, y)
        assert isinstance(result, np.generic) and result.dtype == np.dtype(dtype)
        assert_close(result, oracle(x, y), dtype, 37)
    norm = cublas.nrm2(x)
    assert isinstance(norm, np.generic) and norm.dtype == np.finfo(dtype).dtype
    assert_close(norm, np.linalg.norm(x), dtype, 37)
    magnitudes = np.abs(x.real) + np.abs(x.imag)
    assert cublas.amax(x) == int(np.argmax(magnitudes)) and type(cublas.amax(x)) is int
    assert cublas.amin(x) == int(np.argmin(magnitudes))


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_level_1_on_strided_device_vectors(dtype):
    rng = np.random.default_rng(11)
    x_host, y_host = random_array(rng, 60, dtype), random_array(rng, 40, dtype)
    x_device, y_device = cp.to_device(x_host), cp.to_device(y_host)
    x, y = x_device[1::3], y_device[::2]  # 20 elements each, strides 3 and 2
    expected = 3 * x_host[1::3] + y_host[::2]
    assert cublas.axpy(3, x, y) is y
    assert_close(y.copy_to_host(), expected, dtype)
    untouched = y_device.copy_to_host()[1::2]
    np.testing.assert_array_equal(untouched, y_host[1::2])
    assert_close(cublas.dot(x, y), np.dot(x_host[1::3], expected), dtype, 20)
    assert_close(cublas.dotc(x, y), np.vdot(x_host[1::3], expected), dtype, 20)
    assert_close(cublas.nrm2(x), np.linalg.norm(x_host[1::3]), dtype, 20)
    magnitudes = np.abs(x_host[1::3].real) + np.abs(x_host[1::3].imag)
    assert cublas.amax(x) == np.argmax(magnitudes)
    assert cublas.amin(x) == np.argmin(magnitudes)
    cublas.scal(-2, x)
    assert_close(x_device.copy_to_host()[1::3], -2 * x_host[1::3], dtype)
    np.testing.assert_array_equal(x_device.copy_to_host()[::3], x_host[::3])


@pytest.mark.gpu
def test_level_1_of_empty_vectors():
    empty = np.zeros(0, np.float64)
    assert cublas.dot(empty, empty) == 0 and cublas.nrm2(empty) == 0
    assert cublas.axpy(1.0, empty, empty) is empty


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("trans", FLAGS)
def test_gemv_against_numpy(dtype, trans):
    rng = np.random.default_rng(12)
    m, n = 33, 18
    takes, gives = (n, m) if trans == "N" else (m, n)
    for layout, parent, index in layouts(rng, (m, n), dtype):
        a = parent[index]
        x, y = random_array(rng, takes, dtype), random_array(rng, gives, dtype)
        expected = 1.5 * operation(a, trans) @ x - 2 * y
        assert cublas.gemv(trans, m, n, 1.5, a, x, -2, y) is y  # host arrays, y in place
        assert_close(y, expected, dtype, takes, layout)
        # Device arrays: A a view of its parent, x and y strided.
        y_start = random_array(rng, 2 * gives, dtype)
        y_parent = cp.to_device(y_start)
        y_device = y_parent[::2]
        expected = 1.5 * operation(a, trans) @ x - 2 * y_start[::2]
        x_device = cp.to_device(np.repeat(x, 3))[1::3]
        assert cublas.gemv(trans, m, n, 1.5, cp.to_device(parent)[index], x_device, -2,
                           y_device) is y_device
        after = y_parent.copy_to_host()
        assert_close(after[::2], expected, dtype, takes, layout)
        np.testing.assert_array_equal(after[1::2], y_start[1::2])


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("transa", FLAGS)
@pytest.mark.parametrize("transb", FLAGS)
def test_gemm_against_numpy_for_every_layout(dtype, transa, transb):
    rng = np.random.default_rng(13)
    m, n, k = 7, 5, 19
    a_shape = (m, k) if transa == "N" else (k, m)
    b_shape = (k, n) if transb == "N" else (n, k)
    # Device arrays, views among them: C stays on the device and takes the result.
    for a_layout, a, a_index in layouts(rng, a_shape, dtype):
        for b_layout, b, b_index in layouts(rng, b_shape, dtype):
            for c_layout, c, c_index in layouts(rng, (m, n), dtype):
                expected = (0.5 * operation(a[a_index], transa) @ operation(b[b_index], transb)
                            + 2 * c[c_index])
                c_view = cp.to_device(c)[c_index]
                assert cublas.gemm(transa, transb, m, n, k, 0.5, cp.to_device(a)[a_index],
                                   cp.to_device(b)[b_index], 2, c_view) is c_view
                assert_close(c_view.copy_to_host(), expected, dtype, k,
                             (a_layout, b_layout, c_layout))
    # Host arrays: C takes the result in place, in C or Fortran order.
    for order in ("C", "F"):
        a, b = random_array(rng, a_shape, dtype, order), random_array(rng, b_shape, dtype)
        c = random_array(rng, (m, n), dtype, order)
        expected = operation(a, transa) @ operation(b, transb) - c
        assert cublas.gemm(transa, transb, m, n, k, 1, a, b, -1, c) is c
        assert_close(c, expected, dtype, k)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_gemm_views_with_a_leading_dimension_on_the_device(dtype):
    rng = np.random.default_rng(14)
    big_a, big_b = random_array(rng, (9, 12), dtype), random_array(rng, (10, 8), dtype, "F")
    big_c = random_array(rng, (6, 7), dtype)
    a_view, b_view = cp.to_device(big_a)[1:5, 2:9], cp.to_device(big_b)[3:10, 1:4]
    c_device = cp.to_device(big_c)
    c_view = c_device[2:6, 1:4]
    expected = big_a[1:5, 2:9] @ big_b[3:10, 1:4] + big_c[2:6, 1:4]
    cublas.gemm("N", "N", 4, 3, 7, 1, a_view, b_view, 1, c_view)
    result = c_device.copy_to_host()
    assert_close(result[2:6, 1:4], expected, dtype, 7)
    outside = np.ones(big_c.shape, bool)
    outside[2:6, 1:4] = False
    np.testing.assert_array_equal(result[outside], big_c[outside])


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_float32_class_products_accumulate_without_tf32(dtype):
    rng = np.random.default_rng(15)
    a, b = random_array(rng, (128, 256), dtype), random_array(rng, (256, 96), dtype)
    wide = np.complex128 if np.dtype(dtype).kind == "c" else np.float64
    expected = a.astype(wide) @ b.astype(wide)
    got = cublas.matmul(a, b)
    # TF32 keeps 10 bits of mantissa: its error would be near 1e-3 of the largest entry.
    error = np.abs(got - expected).max() / np.abs(expected).max()
    assert error < 2e-5, error


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_batched_gemm_against_numpy(dtype):
    rng = np.random.default_rng(16)
    count, m, n, k = 5, 6, 4, 9
    for transa, transb in (("N", "N"), ("T", "N"), ("C", "T"), ("N", "C")):
        a_shape = (m, k) if transa == "N" else (k, m)
        b_shape = (k, n) if transb == "N" else (n, k)
        a = random_array(rng, (count,) + a_shape, dtype)
        b = random_array(rng, (count,) + b_shape, dtype, "F")
        c = random_array(rng, (count, m, n), dtype)
        expected = operation(a, transa) @ operation(b, transb) - c
        cublas.gemm_strided_batched(transa, transb, m, n, k, 1, a, b, -1, c)
        assert_close(c, expected, dtype, k)
        # On the device, one B for every product.
        c_device = cp.to_device(np.zeros((count, m, n), dtype))
        cublas.gemm_strided_batched(transa, transb, m, n, k, 2, to_gpu(a), to_gpu(b[2]), 0,
                                    c_device)
        expected = 2 * operation(a, transa) @ operation(b[2], transb)
        assert_close(c_device.copy_to_host(), expected, dtype, k)
        # Lists of host matrices, lists of device ones, and 3-d arrays.
        results = [random_array(rng, (m, n), dtype) for _ in range(count)]
        expected = operation(a, transa) @ operation(b, transb)
        cublas.gemm_batched(transa, transb, m, n, k, 1, list(a), list(b), 0, results)
        assert_close(np.stack(results), expected, dtype, k)
        devices = [cp.to_device(np.zeros((m, n), dtype)) for _ in range(count)]
        cublas.gemm_batched(transa, transb, m, n, k, 1, [to_gpu(x) for x in a], to_gpu(b), 0,
                            devices)
        assert_close(np.stack([d.copy_to_host() for d in devices]), expected, dtype, k)
        c = np.zeros((count, m, n), dtype)
        cublas.gemm_batched(transa, transb, m, n, k, 1, a, b, 0, c)
        assert_close(c, expected, dtype, k)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_matmul_against_numpy(dtype):
    rng = np.random.default_rng(17)
    shapes = [((8, 5), (5, 6)), ((5,), (5, 6)), ((8, 5), (5,)), ((5,), (5,)),
              ((3, 8, 5), (3, 5, 6)), ((3, 8, 5), (5, 6)), ((1, 8, 5), (3, 5, 6)),
              ((8, 0), (0, 6)), ((0, 5), (5, 6))]
    for left_shape, right_shape in shapes:
        for order in ("C", "F"):
            a = random_array(rng, left_shape, dtype, order)
            b = random_array(rng, right_shape, dtype, order)
            expected = a @ b
            on_host = cublas.matmul(a, b)  # host arrays give a host result
            assert isinstance(on_host, (np.ndarray, np.generic))
            assert np.shape(on_host) == expected.shape
            assert_close(on_host, expected, dtype, left_shape[-1])
            on_device = cublas.matmul(to_gpu(a), to_gpu(b))
            assert isinstance(on_device, cp.CudaArray) and on_device.shape == expected.shape
            assert_close(on_device.copy_to_host(), expected, dtype, left_shape[-1])
            mixed = cublas.matmul(a, to_gpu(b))  # one device operand: a device result
            assert isinstance(mixed, cp.CudaArray)
            assert_close(mixed.copy_to_host(), expected, dtype, left_shape[-1])
            out = to_gpu(laid_out(np.zeros(expected.shape, dtype), "F"))
            assert cublas.matmul(to_gpu(a), b, out=out) is out
            assert_close(out.copy_to_host(), expected, dtype, left_shape[-1])
    # A host stack in NumPy's Fortran order, which no matrix of it can be read in: copied.
    a, b = random_array(rng, (3, 8, 5), dtype), random_array(rng, (3, 5, 6), dtype)
    out = np.asfortranarray(np.zeros((3, 8, 6), dtype))
    assert cublas.matmul(np.asfortranarray(a), b, out=out) is out
    assert_close(out, a @ b, dtype, 5)


@pytest.mark.gpu
def test_a_stream_orders_the_calls():
    rng = np.random.default_rng(18)
    stream = cp.stream()
    a, b = random_array(rng, (64, 32), np.float64), random_array(rng, (32, 48), np.float64)
    x = random_array(rng, 32, np.float64)
    a_device = cp.to_device(a, stream=stream)
    b_device, c_device = cp.to_device(b, stream=stream), cp.to_device(np.zeros((64, 48)))
    y_device = cp.to_device(np.zeros(64), stream=stream)
    blas = cublas.Blas(stream)
    blas.gemm("N", "N", 64, 48, 32, 1.0, a_device, b_device, 0.0, c_device)
    blas.gemv("N", 64, 32, 1.0, a_device, cp.to_device(x, stream=stream), 0.0, y_device)
    product = blas.matmul(a_device, b_device)
    norm = cublas.nrm2(y_device, stream=stream)  # waits for the stream
    stream.synchronize()
    assert_close(c_device.copy_to_host(), a @ b, np.float64, 32)
    assert_close(product.copy_to_host(), a @ b, np.float64, 32)
    assert_close(y_device.copy_to_host(), a @ x, np.float64, 32)
    assert_close(norm, np.linalg.norm(a @ x), np.float64, 64)


@pytest.mark.gpu
def test_cupy_arrays_stay_on_the_gpu():
    cupy = pytest.importorskip("cupy")
    rng = np.random.default_rng(19)
    a, b = random_array(rng, (16, 9), np.complex64), random_array(rng, (9, 7), np.complex64)
    c = cupy.zeros((16, 7), np.complex64, order="F")
    b_fortran = cupy.asfortranarray(cupy.asarray(b))
    assert cublas.gemm("N", "N", 16, 7, 9, 1, cupy.asarray(a), b_fortran, 0, c) is c
    assert_close(cupy.asnumpy(c), a @ b, np.complex64, 9)
    product = cublas.matmul(cupy.asarray(a), cupy.asarray(b))
    assert_close(product.copy_to_host(), a @ b, np.complex64, 9)
    x, y = cupy.asarray(a[:, 0]), cupy.asarray(a[:, 1])
    assert_close(cublas.dotc(x, y), np.vdot(a[:, 0], a[:, 1]), np.complex64, 16)
    assert cublas.amax(x) == np.argmax(np.abs(a[:, 0].real) + np.abs(a[:, 0].imag))


def test_cudapy_matmul_is_cublas_matmul():
    import cudapy

    assert cudapy.matmul is cublas.matmul
    assert cudapy.cudalib.cublas is cublas
