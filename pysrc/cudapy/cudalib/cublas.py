"""cuBLAS with NumbaPro's functions (pyculib's Blas): Level 1 `axpy`, `scal`, `dot`, `dotu`,
`dotc`, `nrm2`, `amax` and `amin`; `gemv`; `gemm` and its batches `gemm_batched` and
`gemm_strided_batched`; and `matmul`, NumPy's `a @ b`.

    from cudapy.cudalib import cublas
    cublas.gemm("N", "N", m, n, k, 1.0, A, B, 0.0, C)   # C = A @ B, in place
    blas = cublas.Blas(stream)                         # the same functions on a stream
    blas.axpy(2.0, x, y)                               # y = 2 x + y, in place

Arrays are float32, float64, complex64 or complex128, one dtype in a call (a mix is refused,
not converted). Device arrays and other libraries' GPU arrays (CuPy, PyTorch) stay on the
GPU; host arrays (NumPy arrays, lists) are copied there, and a host array written in place gets
its result back. Matrices are the arrays as NumPy sees them: in C or Fortran order, or any 2-d
view with one axis of unit stride, each read by cuBLAS where it lies (a row-major matrix as its
column-major transpose, the transpose flags changed to suit); vectors of any positive stride.
A device array of another layout (a vector of a negative or zero stride, a matrix with no axis
of unit stride) is refused with a ValueError rather than copied: pass a copy. float32 products
accumulate in float32 (no TF32).

Every function takes `stream=`: None (the legacy default stream), an int cudaStream_t, a
cudapy Stream, or CuPy's, PyTorch's or numba's. Arguments are checked before anything reaches
the GPU: a wrong dtype is a TypeError, a wrong shape, extent, stride or transpose letter a
ValueError, each naming the function and the argument. cuBLAS's own failures raise
cudapy.LibraryError.
"""

import collections
import ctypes
import functools
import inspect
import operator

import numpy as np

from .. import _ffi
from ..array import CudaArray, foreign_array
from ._operands import element_of, new_array, operand, returned, stream_of, write_back

__all__ = ["Blas", "amax", "amin", "axpy", "dot", "dotc", "dotu", "gemm", "gemm_batched",
           "gemm_strided_batched", "gemv", "matmul", "nrm2", "scal"]

_FLAGS = {"N": _ffi.Transpose.NONE, "T": _ffi.Transpose.TRANSPOSE,
          "C": _ffi.Transpose.CONJUGATE}
# op(X) for a matrix that cuBLAS reads as its transpose (laid out otherwise than the result):
# the other flag; conj(X) without a transpose has no flag (None), and takes a conjugated copy.
_ACROSS = {"N": "T", "T": "N", "C": None}


# ---- arguments -----------------------------------------------------------------------------

class _Argument:
    """An array argument as cuBLAS will get it, read without touching the GPU: its shape and
    dtype, and its strides in elements there. `value` is what goes to the GPU: a device array
    as it is, a host array as it is when cuBLAS can read it, else a C-ordered copy; `host`, the
    caller's host array, which takes the result when the argument is written."""

    __slots__ = ("value", "host", "name", "shape", "dtype", "element", "strides", "gpu")

    def on_gpu(self, where, stream):
        """The Operand on the GPU; a host array is copied there on `stream`."""
        if self.gpu is None:
            self.gpu = operand(self.value, self.name, where, stream)
            if self.host is not None:
                self.gpu.host = self.host
        return self.gpu


def _argument(value, name, where, written=False):
    """The _Argument of an array argument; `written`: it takes a result in place."""
    argument = _Argument()
    argument.name, argument.value, argument.host, argument.gpu = name, value, None, None
    if isinstance(value, CudaArray):
        argument.gpu = operand(value, name, where, 0)  # refuses the CPU target's arrays
        view = argument.gpu.view
    else:
        view = foreign_array(value)
    if view is not None:
        if written and view.readonly:
            raise ValueError(f"{where}: {name} is read-only, and it takes the result")
        argument.shape, argument.dtype = view._shape, view._dtype
        byte_strides = view._strides
    elif isinstance(value, np.ndarray) or (
            not written and isinstance(value, (list, tuple, np.generic, int, float, complex))):
        host = np.asarray(value)
        if host.dtype == object:
            raise TypeError(f"{where}: {name} must be an array of numbers")
        if written and not host.flags.writeable:
            raise ValueError(f"{where}: {name} is read-only, and it takes the result")
        # Copied to the GPU either way: in C order unless it is contiguous in a layout cuBLAS
        # reads (C order, or Fortran order of at most 2 dimensions).
        readable = host.flags.c_contiguous or (host.flags.f_contiguous and host.ndim <= 2)
        argument.value = host if readable else np.ascontiguousarray(host)
        argument.host = host
        argument.shape, argument.dtype = host.shape, host.dtype
        byte_strides = argument.value.strides
    elif written:
        raise TypeError(f"{where}: {name} takes the result in place, so it must be a device "
                        f"array, a GPU array of another library or a NumPy array, got "
                        f"{type(value).__name__}")
    else:
        raise TypeError(f"{where}: {name} must be a device array, a GPU array of another "
                        f"library or a NumPy array, got {type(value).__name__}")
    argument.element = element_of(argument.dtype, where, name)
    argument.strides = tuple(stride // argument.dtype.itemsize for stride in byte_strides)
    return argument


def _dimensions(where, argument, *allowed):
    if len(argument.shape) not in allowed:
        wanted = [f"{count}-d" for count in allowed]
        if len(wanted) > 1:
            wanted = [", ".join(wanted[:-1]) + " or " + wanted[-1]]
        raise ValueError(f"{where}: {argument.name} must be a {wanted[0]} array, got shape "
                         f"{argument.shape}")


def _one_dtype(where, *arguments):
    first = arguments[0]
    for other in arguments[1:]:
        if other.dtype != first.dtype:
            raise TypeError(f"{where}: {first.name} is {first.dtype.name} and {other.name} is "
                            f"{other.dtype.name}; cuBLAS takes arrays of one dtype (convert "
                            "one with astype)")


def _flag(value, name, where):
    """'N', 'T' or 'C' from a transpose letter (either case)."""
    if isinstance(value, str) and value.upper() in _FLAGS:
        return value.upper()
    raise ValueError(f"{where}: {name} must be 'N', 'T' or 'C', got {value!r}")


def _extent(value, name, where):
    """A non-negative int from m, n or k."""
    if isinstance(value, bool):
        raise TypeError(f"{where}: {name} must be an integer, got bool")
    try:
        extent = operator.index(value)
    except TypeError:
        raise TypeError(f"{where}: {name} must be an integer, got "
                        f"{type(value).__name__}") from None
    if extent < 0:
        raise ValueError(f"{where}: {name} must not be negative, got {extent}")
    return extent


def _scalar(value, dtype, name, where):
    """`value` as a 0-d NumPy array of `dtype`, whose address cuBLAS reads."""
    number = np.asarray(value)
    if number.ndim != 0 or number.dtype.kind not in "iufc":
        raise TypeError(f"{where}: {name} must be a number, got {type(value).__name__}")
    if number.dtype.kind == "c" and dtype.kind != "c":
        if number.imag != 0:
            raise TypeError(f"{where}: {name} is complex ({value!r}) and the arrays are "
                            f"{dtype.name}")
        number = number.real
    return np.array(number, dtype)


# ---- vectors -------------------------------------------------------------------------------

def _vector(value, name, where, written=False):
    """The _Argument of a 1-d array of a positive stride."""
    argument = _argument(value, name, where, written)
    _dimensions(where, argument, 1)
    if argument.shape[0] > 1 and argument.strides[0] <= 0:
        raise ValueError(f"{where}: {name} has a stride of "
                         f"{argument.strides[0] * argument.dtype.itemsize} bytes; cuBLAS takes "
                         "vectors of positive strides (pass a copy)")
    return argument


def _same_length(where, first, second):
    if first.shape != second.shape:
        raise ValueError(f"{where}: {first.name} has {first.shape[0]} elements and "
                         f"{second.name} {second.shape[0]}; they must have as many")


def _increment(vector):
    """The stride in elements cuBLAS steps through a vector with (any, for one element)."""
    return vector.strides[0] if vector.shape[0] > 1 else 1


def axpy(alpha, x, y, stream=None):
    """y = alpha * x + y, in place on y, which is returned. x and y: vectors of one dtype and
    length."""
    where = "cublas.axpy()"
    handle = stream_of(stream, where)
    source, target = _vector(x, "x", where), _vector(y, "y", where, written=True)
    _one_dtype(where, source, target)
    _same_length(where, source, target)
    factor = _scalar(alpha, source.dtype, "alpha", where)
    source_gpu, target_gpu = source.on_gpu(where, handle), target.on_gpu(where, handle)
    _ffi.check(_ffi.lib.cudapy_blas_axpy(
        source.element, source.shape[0], factor.ctypes.data, source_gpu.pointer,
        _increment(source), target_gpu.pointer, _increment(target), handle))
    write_back(target_gpu, handle)
    return y


def scal(alpha, x, stream=None):
    """x = alpha * x, in place on x (a vector), which is returned."""
    where = "cublas.scal()"
    handle = stream_of(stream, where)
    target = _vector(x, "x", where, written=True)
    factor = _scalar(alpha, target.dtype, "alpha", where)
    target_gpu = target.on_gpu(where, handle)
    _ffi.check(_ffi.lib.cudapy_blas_scal(target.element, target.shape[0], factor.ctypes.data,
                                         target_gpu.pointer, _increment(target), handle))
    write_back(target_gpu, handle)
    return x


def _dot(x, y, conjugate, stream, where):
    handle = stream_of(stream, where)
    first, second = _vector(x, "x", where), _vector(y, "y", where)
    _one_dtype(where, first, second)
    _same_length(where, first, second)
    result = np.zeros((), first.dtype)
    first_gpu, second_gpu = first.on_gpu(where, handle), second.on_gpu(where, handle)
    _ffi.check(_ffi.lib.cudapy_blas_dot(
        first.element, conjugate and first.dtype.kind == "c", first.shape[0], first_gpu.pointer,
        _increment(first), second_gpu.pointer, _increment(second), result.ctypes.data, handle))
    return result[()]


def dot(x, y, stream=None):
    """The sum of x[i] * y[i] (NumPy's dot of two vectors), a NumPy scalar of their dtype."""
    return _dot(x, y, False, stream, "cublas.dot()")


def dotu(x, y, stream=None):
    """dot(): the product without conjugation (BLAS's name for complex vectors)."""
    return _dot(x, y, False, stream, "cublas.dotu()")


def dotc(x, y, stream=None):
    """The sum of conj(x[i]) * y[i] (NumPy's vdot), a NumPy scalar of their dtype; dot() for
    real vectors."""
    return _dot(x, y, True, stream, "cublas.dotc()")


def nrm2(x, stream=None):
    """The Euclidean norm of a vector, a real NumPy scalar (float32 for float32 and complex64,
    float64 for float64 and complex128)."""
    where = "cublas.nrm2()"
    handle = stream_of(stream, where)
    vector = _vector(x, "x", where)
    result = np.zeros((), np.finfo(vector.dtype).dtype)
    vector_gpu = vector.on_gpu(where, handle)
    _ffi.check(_ffi.lib.cudapy_blas_nrm2(vector.element, vector.shape[0], vector_gpu.pointer,
                                         _increment(vector), result.ctypes.data, handle))
    return result[()]


def _extreme(x, smallest, stream, where):
    handle = stream_of(stream, where)
    vector = _vector(x, "x", where)
    if vector.shape[0] == 0:
        raise ValueError(f"{where}: x is empty, so no element is of the "
                         f"{'smallest' if smallest else 'largest'} magnitude")
    vector_gpu = vector.on_gpu(where, handle)
    index = ctypes.c_int64()
    _ffi.check(_ffi.lib.cudapy_blas_iamax(vector.element, smallest, vector.shape[0],
                                          vector_gpu.pointer, _increment(vector),
                                          ctypes.byref(index), handle))
    return index.value


def amax(x, stream=None):
    """The index (0-based, an int) of the first element of largest magnitude of a vector:
    |x[i]|, or |re| + |im| for complex elements, as BLAS measures them. An empty vector is a
    ValueError."""
    return _extreme(x, False, stream, "cublas.amax()")


def amin(x, stream=None):
    """The index (0-based, an int) of the first element of smallest magnitude of a vector, as
    amax() measures it."""
    return _extreme(x, True, stream, "cublas.amin()")


# ---- matrices ------------------------------------------------------------------------------

def _layouts(rows, cols, row_stride, col_stride):
    """{"F" or "C": leading dimension} for each way cuBLAS can read a rows x cols matrix of
    these strides (in elements): F, column-major, as it lies; C, row-major, read as its
    transpose. A stride of an axis of extent 1 does not matter."""
    if rows == 0 or cols == 0:
        return {"F": max(rows, 1), "C": max(cols, 1)}
    found = {}
    if rows == 1 or row_stride == 1:
        leading = col_stride if cols > 1 else rows
        if leading >= rows:
            found["F"] = leading
    if cols == 1 or col_stride == 1:
        leading = row_stride if rows > 1 else cols
        if leading >= cols:
            found["C"] = leading
    return found


def _may_overlap(extents, strides):
    """Whether two elements of an array of these extents and strides (in elements) may share
    memory: not when, taking the axes by increasing stride, each stride passes the reach of
    those before it (interleaved matrices pass)."""
    reach = 0  # elements from the first to the last over the axes taken so far
    for stride, extent in sorted((stride, extent) for extent, stride in zip(extents, strides)
                                 if extent > 1):
        if stride <= reach:
            return True
        reach += (extent - 1) * stride
    return False


class _Matrices:
    """One factor of a product, checked: `count` matrices of rows x cols in `stacks`, each
    (argument, matrices, stride): that many matrices `stride` elements apart in one argument;
    cuBLAS may read them in any of `layouts` ({"F" or "C": leading dimension})."""

    __slots__ = ("name", "rows", "cols", "layouts", "stacks")

    @property
    def count(self):
        return sum(matrices for _, matrices, _ in self.stacks)

    @property
    def arguments(self):
        return [argument for argument, _, _ in self.stacks]


def _stack(where, argument, shape, strides, written=False):
    """The _Matrices of one argument read as shape (matrices, rows, cols), with these strides
    in elements (a 2-d array: one matrix; a vector: one row or one column)."""
    count, rows, cols = shape
    stride, row_stride, col_stride = strides
    layouts = _layouts(rows, cols, row_stride, col_stride)
    if not layouts:
        byte_strides = tuple(each * argument.dtype.itemsize for each in argument.strides)
        raise ValueError(f"{where}: {argument.name} (shape {argument.shape}, strides "
                         f"{byte_strides} bytes) is not a matrix cuBLAS can read: one axis "
                         "must have unit stride and the other a stride at least the first's "
                         "extent (pass a contiguous copy)")
    if count > 1 and rows and cols:
        if stride < 0:
            raise ValueError(f"{where}: {argument.name}'s matrices are a negative stride "
                             "apart; cuBLAS takes them in increasing addresses (pass a copy)")
        if written and _may_overlap(shape, strides):
            raise ValueError(f"{where}: {argument.name}'s matrices overlap (they are {stride} "
                             "elements apart); each takes its own result")
    matrices = _Matrices()
    matrices.name, matrices.rows, matrices.cols, matrices.layouts = (argument.name, rows, cols,
                                                                     layouts)
    matrices.stacks = [(argument, count, stride if count > 1 else 0)]
    return matrices


def _stack_of(where, argument, written=False):
    """The _Matrices of a 2-d argument (one matrix) or a 3-d one (matrices along its first
    axis)."""
    _dimensions(where, argument, 2, 3)
    if len(argument.shape) == 2:
        return _stack(where, argument, (1,) + argument.shape, (0,) + argument.strides, written)
    return _stack(where, argument, argument.shape, argument.strides, written)


def _batch(where, value, name, written=False):
    """The _Matrices of gemm_batched()'s A, B or C: a list or tuple of matrices, or a 3-d
    array of them; a list's matrices must share one layout and leading dimension."""
    if not isinstance(value, (list, tuple)):
        argument = _argument(value, name, where, written)
        _dimensions(where, argument, 3)
        return _stack_of(where, argument, written)
    matrices = _Matrices()
    matrices.name, matrices.rows, matrices.cols = name, None, None
    matrices.layouts, matrices.stacks = {"F": 1, "C": 1}, []
    for index, item in enumerate(value):
        argument = _argument(item, f"{name}[{index}]", where, written)
        _dimensions(where, argument, 2)
        one = _stack_of(where, argument, written)
        if matrices.stacks:
            if (one.rows, one.cols) != (matrices.rows, matrices.cols):
                raise ValueError(f"{where}: {argument.name} is {one.rows} x {one.cols} and "
                                 f"{name}[0] {matrices.rows} x {matrices.cols}; a batch's "
                                 "matrices are of one shape")
            shared = {layout: leading for layout, leading in matrices.layouts.items()
                      if one.layouts.get(layout) == leading}
            if not shared:
                raise ValueError(f"{where}: {argument.name} is laid out otherwise than "
                                 f"{name}[0] (order or leading dimension); cuBLAS reads a "
                                 "batch's matrices with one layout")
            matrices.layouts = shared
        else:
            matrices.rows, matrices.cols, matrices.layouts = one.rows, one.cols, one.layouts
        matrices.stacks += one.stacks
    return matrices


def _check_shape(where, matrices, flag, flag_name, rows, cols, batched):
    """Checks that op(X) of `flag` is rows x cols, each a (name, extent) pair."""
    (row_name, row_extent), (col_name, col_extent) = (rows, cols) if flag == "N" else (cols, rows)
    if (matrices.rows, matrices.cols) != (row_extent, col_extent):
        subject, pronoun = ((f"{matrices.name}'s matrices are", "they") if batched
                            else (f"{matrices.name} is", "it"))
        condition = f"with {flag_name}={flag!r} " if flag_name else ""
        raise ValueError(f"{where}: {subject} {matrices.rows} x {matrices.cols}; {condition}"
                         f"{pronoun} must be {row_name} x {col_name} = {row_extent} x "
                         f"{col_extent}")


def _check_factors(where, transa, transb, m, n, k, a, b, c, batched):
    """Checks the shapes of op(A) (m x k), op(B) (k x n) and C (m x n)."""
    _check_shape(where, a, transa, "transa", ("m", m), ("k", k), batched)
    _check_shape(where, b, transb, "transb", ("k", k), ("n", n), batched)
    _check_shape(where, c, "N", "", ("m", m), ("n", n), batched)


def _plan(flags, factors, result):
    """The result's layout, and for each factor its layout and cuBLAS's flag for it (None: it
    needs a conjugated copy), with as few conjugated copies as the layouts allow."""
    best = None
    for result_layout in result.layouts:
        chosen = []
        for flag, factor in zip(flags, factors):
            options = [(flag if layout == result_layout else _ACROSS[flag], layout)
                       for layout in factor.layouts]
            chosen.append(min(options, key=lambda option: option[0] is None))
        copies = sum(flag is None for flag, _ in chosen)
        if best is None or copies < best[0]:
            best = (copies, result_layout, chosen)
    return best[1], best[2]


def _span_bytes(gpu):
    """Bytes from an operand's first element to the end of its last (its strides are
    non-negative where its extents pass 1)."""
    if 0 in gpu.shape:
        return 0
    return gpu.dtype.itemsize + sum((extent - 1) * stride
                                    for extent, stride in zip(gpu.shape, gpu.strides))


def _copy_bytes(destination, source, nbytes, stream):
    """Copies device memory, ordered on `stream`."""
    buffers = []
    try:
        for pointer in (destination, source):
            buffer = _ffi.buffer_p()
            _ffi.check(_ffi.lib.cudapy_buffer_wrap(_ffi.Target.CUDA, pointer, nbytes,
                                                   ctypes.byref(buffer)))
            buffers.append(buffer)
        _ffi.check(_ffi.lib.cudapy_buffer_copy(buffers[0], 0, buffers[1], 0, nbytes, stream))
    finally:
        for buffer in buffers:
            _ffi.lib.cudapy_buffer_delete(buffer)


def _conjugated(gpu, stream):
    """conj(X) laid out as X: a device copy of a complex operand's memory, from its first
    element to its last, with every imaginary part negated (a real scal by -1 of every other
    real number)."""
    itemsize = gpu.dtype.itemsize
    nbytes = _span_bytes(gpu)
    copy = new_array((nbytes // itemsize,), gpu.dtype, stream)
    if nbytes:
        _copy_bytes(copy.pointer, gpu.pointer, nbytes, stream)
        single = gpu.dtype == np.complex64
        real = _ffi.Element.FLOAT32 if single else _ffi.Element.FLOAT64
        minus_one = np.array(-1, np.float32 if single else np.float64)
        _ffi.check(_ffi.lib.cudapy_blas_scal(real, nbytes // itemsize, minus_one.ctypes.data,
                                             copy.pointer + itemsize // 2, 2, stream))
    return copy


# One factor of a gemm call as cuBLAS reads it: its flag, leading dimension, address (of the
# first matrix, or of the array of the matrices' addresses) and stride between matrices.
_Read = collections.namedtuple("_Read", "flag leading pointer stride")


def _product(where, stream, transa, transb, m, n, k, alpha, beta, a, b, c, pointer_arrays):
    """C = alpha op(A) op(B) + beta C for each of c.count products, on the GPU, with checked
    factors and scalars (0-d arrays of the dtype); host arrays among C's get their results.
    Returns the Operands of A's and B's arguments."""
    if alpha.dtype.kind != "c":  # A^H is A^T for real matrices, which every layout expresses
        transa, transb = transa.replace("C", "T"), transb.replace("C", "T")
    result_layout, chosen = _plan((transa, transb), (a, b), c)
    inputs, factors = [], []
    temporaries = []  # conjugated copies and address arrays, alive until the call is queued
    for factor, (flag, layout) in zip((a, b), chosen):
        bases = []
        for argument in factor.arguments:
            gpu = argument.on_gpu(where, stream)
            inputs.append(gpu)
            if flag is None:  # X^H, X read as its transpose: conj(X), read as it lies
                gpu = _conjugated(gpu, stream)
                temporaries.append(gpu)
            bases.append(gpu.pointer)
        factors.append((flag or "N", factor.layouts[layout], bases, factor))
    results = [argument.on_gpu(where, stream) for argument in c.arguments]
    factors.append(("N", c.layouts[result_layout], [gpu.pointer for gpu in results], c))
    if c.count and m and n:
        reads = []
        for flag, leading, bases, factor in factors:
            if pointer_arrays:
                itemsize = alpha.dtype.itemsize
                addresses = CudaArray(np.array(
                    [base + index * stride * itemsize
                     for base, (_, matrices, stride) in zip(bases, factor.stacks)
                     for index in range(matrices)], np.uint64), stream=stream)
                temporaries.append(addresses)
                reads.append(_Read(flag, leading, addresses.pointer, 0))
            else:
                reads.append(_Read(flag, leading, bases[0], factor.stacks[0][2]))
        first, second, result = reads
        if result_layout == "C":  # C^T = op(B)^T op(A)^T, each read as its transpose
            first, second, m, n = second, first, n, m
        gemm = _ffi.Gemm(size=ctypes.sizeof(_ffi.Gemm), element=c.arguments[0].element,
                         transa=_FLAGS[first.flag], transb=_FLAGS[second.flag], m=m, n=n, k=k,
                         alpha=alpha.ctypes.data, beta=beta.ctypes.data, a=first.pointer,
                         b=second.pointer, c=result.pointer, lda=first.leading,
                         ldb=second.leading, ldc=result.leading, stride_a=first.stride,
                         stride_b=second.stride, stride_c=result.stride, batch=c.count,
                         pointer_arrays=int(pointer_arrays))
        _ffi.check(_ffi.lib.cudapy_blas_gemm(ctypes.byref(gemm), stream))
    for gpu in results:
        write_back(gpu, stream)
    return inputs


def _row_product(element, transb, alpha, beta, x, x_length, incx, matrix, leading, y,
                 y_length, incy, stream):
    """y^T = alpha x^T op(M) + beta y^T as one gemm: x^T and y^T are one-row matrices whose
    leading dimensions are the vectors' strides."""
    gemm = _ffi.Gemm(size=ctypes.sizeof(_ffi.Gemm), element=element, transa=_FLAGS["N"],
                     transb=_FLAGS[transb], m=1, n=y_length, k=x_length,
                     alpha=alpha.ctypes.data, beta=beta.ctypes.data, a=x, b=matrix, c=y,
                     lda=incx, ldb=leading, ldc=incy, batch=1)
    _ffi.check(_ffi.lib.cudapy_blas_gemm(ctypes.byref(gemm), stream))


def gemv(trans, m, n, alpha, A, x, beta, y, stream=None):
    """y = alpha * op(A) @ x + beta * y, in place on y, which is returned; op(A) is A, A.T or
    A.conj().T for trans 'N', 'T' or 'C'. A: an m x n matrix (C or Fortran order, or a 2-d view
    with one axis of unit stride); x and y: vectors of the lengths op(A) takes and gives."""
    where = "cublas.gemv()"
    handle = stream_of(stream, where)
    trans = _flag(trans, "trans", where)
    extents = {"m": _extent(m, "m", where), "n": _extent(n, "n", where)}
    m, n = extents["m"], extents["n"]
    matrix = _argument(A, "A", where)
    source, target = _vector(x, "x", where), _vector(y, "y", where, written=True)
    _dimensions(where, matrix, 2)
    _one_dtype(where, matrix, source, target)
    if matrix.shape != (m, n):
        raise ValueError(f"{where}: A has shape {matrix.shape}; it must be (m, n) = ({m}, {n})")
    for vector, extent in zip((source, target), ("nm" if trans == "N" else "mn")):
        if vector.shape[0] != extents[extent]:
            raise ValueError(f"{where}: {vector.name} has {vector.shape[0]} elements; with "
                             f"trans={trans!r} it must have {extent} = {extents[extent]}")
    layouts = _stack(where, matrix, (1, m, n), (0,) + matrix.strides).layouts
    factor = _scalar(alpha, matrix.dtype, "alpha", where)
    addend = _scalar(beta, matrix.dtype, "beta", where)
    if matrix.dtype.kind != "c":
        trans = trans.replace("C", "T")
    matrix_gpu = matrix.on_gpu(where, handle)
    source_gpu, target_gpu = source.on_gpu(where, handle), target.on_gpu(where, handle)
    if source.shape[0] == 0:
        # BLAS's gemv leaves y as it is when x is empty; y = beta y is a gemm over k = 0.
        _row_product(matrix.element, "N", factor, addend, source_gpu.pointer, 0, 1,
                     matrix_gpu.pointer, 1, target_gpu.pointer, target.shape[0],
                     _increment(target), handle)
    elif "F" in layouts:
        _ffi.check(_ffi.lib.cudapy_blas_gemv(
            matrix.element, _FLAGS[trans], m, n, factor.ctypes.data, matrix_gpu.pointer,
            layouts["F"], source_gpu.pointer, _increment(source), addend.ctypes.data,
            target_gpu.pointer, _increment(target), handle))
    elif trans != "C":  # cuBLAS reads a row-major A as the n x m matrix A^T
        _ffi.check(_ffi.lib.cudapy_blas_gemv(
            matrix.element, _FLAGS[_ACROSS[trans]], n, m, factor.ctypes.data,
            matrix_gpu.pointer, layouts["C"], source_gpu.pointer, _increment(source),
            addend.ctypes.data, target_gpu.pointer, _increment(target), handle))
    else:
        # A^H x of a row-major A, which cuBLAS reads as S = A^T: no gemv flag gives conj(S) x,
        # but its transpose y^T = alpha x^T S^H + beta y^T is a gemm of S as it lies.
        _row_product(matrix.element, "C", factor, addend, source_gpu.pointer, m,
                     _increment(source), matrix_gpu.pointer, layouts["C"], target_gpu.pointer,
                     n, _increment(target), handle)
    write_back(target_gpu, handle)
    return y


def _product_arguments(where, transa, transb, m, n, k):
    return (_flag(transa, "transa", where), _flag(transb, "transb", where),
            _extent(m, "m", where), _extent(n, "n", where), _extent(k, "k", where))


def gemm(transa, transb, m, n, k, alpha, A, B, beta, C, stream=None):
    """C = alpha * op(A) @ op(B) + beta * C, in place on C, which is returned; op(X) is X, X.T
    or X.conj().T for 'N', 'T' or 'C'. op(A) is m x k, op(B) k x n and C m x n; each matrix in
    C or Fortran order, or a 2-d view with one axis of unit stride."""
    where = "cublas.gemm()"
    handle = stream_of(stream, where)
    transa, transb, m, n, k = _product_arguments(where, transa, transb, m, n, k)
    left, right = _argument(A, "A", where), _argument(B, "B", where)
    target = _argument(C, "C", where, written=True)
    for argument in (left, right, target):
        _dimensions(where, argument, 2)
    _one_dtype(where, left, right, target)
    a, b = _stack_of(where, left), _stack_of(where, right)
    c = _stack_of(where, target, written=True)
    _check_factors(where, transa, transb, m, n, k, a, b, c, batched=False)
    factor = _scalar(alpha, left.dtype, "alpha", where)
    addend = _scalar(beta, left.dtype, "beta", where)
    _product(where, handle, transa, transb, m, n, k, factor, addend, a, b, c, False)
    return C


def gemm_batched(transa, transb, m, n, k, alpha, A, B, beta, C, stream=None):
    """C[i] = alpha * op(A[i]) @ op(B[i]) + beta * C[i] for each i, in place on C, which is
    returned (gemm() for each). A, B and C: lists or tuples of matrices, or 3-d arrays of them
    along the first axis, as many in each; the matrices of a list share one layout (order and
    leading dimension)."""
    where = "cublas.gemm_batched()"
    handle = stream_of(stream, where)
    transa, transb, m, n, k = _product_arguments(where, transa, transb, m, n, k)
    a, b, c = _batch(where, A, "A"), _batch(where, B, "B"), _batch(where, C, "C", written=True)
    if not a.count == b.count == c.count:
        raise ValueError(f"{where}: A holds {a.count} matrices, B {b.count} and C {c.count}; "
                         "they must hold as many")
    if not c.count:
        return C
    _check_factors(where, transa, transb, m, n, k, a, b, c, batched=True)
    arguments = a.arguments + b.arguments + c.arguments
    _one_dtype(where, *arguments)
    factor = _scalar(alpha, arguments[0].dtype, "alpha", where)
    addend = _scalar(beta, arguments[0].dtype, "beta", where)
    # One array of each factor is a strided batch; lists take arrays of the matrices' addresses.
    pointer_arrays = any(len(matrices.stacks) > 1 for matrices in (a, b, c))
    _product(where, handle, transa, transb, m, n, k, factor, addend, a, b, c, pointer_arrays)
    return C


def gemm_strided_batched(transa, transb, m, n, k, alpha, A, B, beta, C, stream=None):
    """C[i] = alpha * op(A[i]) @ op(B[i]) + beta * C[i] for each i, in place on C, which is
    returned. C: a 3-d array, its matrices along the first axis; A and B: 3-d arrays of as many
    matrices, or of one (or a 2-d matrix), used for every product."""
    where = "cublas.gemm_strided_batched()"
    handle = stream_of(stream, where)
    transa, transb, m, n, k = _product_arguments(where, transa, transb, m, n, k)
    left, right = _argument(A, "A", where), _argument(B, "B", where)
    target = _argument(C, "C", where, written=True)
    _dimensions(where, target, 3)
    _one_dtype(where, left, right, target)
    a, b = _stack_of(where, left), _stack_of(where, right)
    c = _stack_of(where, target, written=True)
    for matrices in (a, b):
        if matrices.count not in (1, c.count):
            raise ValueError(f"{where}: {matrices.name} holds {matrices.count} matrices and C "
                             f"{c.count}; it must hold as many, or one")
    _check_factors(where, transa, transb, m, n, k, a, b, c, batched=True)
    factor = _scalar(alpha, left.dtype, "alpha", where)
    addend = _scalar(beta, left.dtype, "beta", where)
    _product(where, handle, transa, transb, m, n, k, factor, addend, a, b, c, False)
    return C


def _as_stack(argument, vector_is_row):
    """(shape, strides) of a 1- to 3-d argument as (matrices, rows, cols): a vector is one row
    (matmul's left operand) or one column (its right one)."""
    shape, strides = argument.shape, argument.strides
    if len(shape) == 1:
        if vector_is_row:
            shape, strides = (1, shape[0]), (0, strides[0])
        else:
            shape, strides = (shape[0], 1), (strides[0], 0)
    if len(shape) == 2:
        shape, strides = (1,) + shape, (0,) + strides
    return shape, strides


def matmul(a, b, out=None, stream=None):
    """a @ b as NumPy's matmul computes it: a and b of 1 to 3 dimensions and one dtype (a 3-d
    array is a stack of matrices along its first axis; a stack of one, or a 2-d matrix, is used
    for each of the other's). The result is a new device array, or a NumPy array when a and b
    are both host arrays; `out`, of the result's shape and dtype, gets it instead and is
    returned."""
    where = "cublas.matmul()"
    handle = stream_of(stream, where)
    left, right = _argument(a, "a", where), _argument(b, "b", where)
    for argument in (left, right):
        _dimensions(where, argument, 1, 2, 3)
    _one_dtype(where, left, right)
    (count_a, m, k), strides_a = _as_stack(left, vector_is_row=True)
    (count_b, inner, n), strides_b = _as_stack(right, vector_is_row=False)
    if k != inner:
        axis = "only" if len(right.shape) == 1 else "second to last"
        raise ValueError(f"{where}: a has shape {left.shape} and b {right.shape}; a's last axis "
                         f"({k}) and b's {axis} axis ({inner}) must be of one extent")
    count = max(count_a, count_b)
    if {count_a, count_b} - {1, count}:
        raise ValueError(f"{where}: a holds {count_a} matrices and b {count_b}; they must hold "
                         "as many, or one of them just one")
    batched = 3 in (len(left.shape), len(right.shape))
    shape = (((count,) if batched else ()) + ((m,) if len(left.shape) > 1 else ())
             + ((n,) if len(right.shape) > 1 else ()))
    factors = (_stack(where, left, (count_a, m, k), strides_a),
               _stack(where, right, (count_b, k, n), strides_b))
    if out is not None:
        target = _argument(out, "out", where, written=True)
        _one_dtype(where, left, target)
        if target.shape != shape:
            raise ValueError(f"{where}: out has shape {target.shape}; a @ b has shape {shape}")
    else:
        result = new_array(shape, left.dtype, handle)
        target = _argument(result, "out", where, written=True)
    # out's strides for (matrices, rows, cols); the axes a vector operand leaves out are of one.
    axes = iter(target.strides)
    strides = (next(axes) if batched else 0, next(axes) if len(left.shape) > 1 else 0,
               next(axes) if len(right.shape) > 1 else 0)
    c = _stack(where, target, (count, m, n), strides, written=True)
    one, zero = np.array(1, left.dtype), np.array(0, left.dtype)
    inputs = _product(where, handle, "N", "N", m, n, k, one, zero, *factors, c, False)
    if out is not None:
        return out
    found = returned(result, inputs, handle)
    return found[()] if isinstance(found, np.ndarray) and not shape else found


# ---- Blas ----------------------------------------------------------------------------------

def _bound(function):
    """`function` as a method of Blas: the same arguments but `stream`, which is the Blas's."""

    @functools.wraps(function)
    def method(self, *args, **kwargs):
        return function(*args, stream=self.stream, **kwargs)

    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    parameters += [parameter for name, parameter in inspect.signature(function).parameters.items()
                   if name != "stream"]
    method.__signature__ = inspect.Signature(parameters)
    return method


class Blas:
    """cuBLAS's functions on one stream, as pyculib's Blas: Blas(stream).gemm(...) is
    gemm(..., stream=stream). `stream`: None (the legacy default stream), an int cudaStream_t,
    a cudapy Stream, or CuPy's, PyTorch's or numba's."""

    __slots__ = ("stream",)

    def __init__(self, stream=None):
        stream_of(stream, "cublas.Blas()")  # a stream it cannot take is refused here
        self.stream = stream

    axpy = _bound(axpy)
    scal = _bound(scal)
    dot = _bound(dot)
    dotu = _bound(dotu)
    dotc = _bound(dotc)
    nrm2 = _bound(nrm2)
    amax = _bound(amax)
    amin = _bound(amin)
    gemv = _bound(gemv)
    gemm = _bound(gemm)
    gemm_batched = _bound(gemm_batched)
    gemm_strided_batched = _bound(gemm_strided_batched)
    matmul = _bound(matmul)
