"""PyCUDA's gpuarray over cudapy: GPUArray is cudapy's DeviceArray with PyCUDA's names
(gpudata, ptr, flags, get/set, fill, view, squeeze, ...), and the module functions (to_gpu,
zeros, arange, take, concatenate, stack, sum, dot, maximum, where, ...). Arithmetic,
comparisons, reductions and conversions run as cudapy's elementwise and reduction kernels and
give GPUArrays; dtypes follow NumPy's rules."""

import builtins
import ctypes
import numbers

import numpy as np

from .. import _ffi, arraymath, targets
from . import complex_kernels
from ..array import CudaArray, _Allocation, _contiguous_strides, pinned_array
from ..cuda_source import DevicePointer
from ..elementwise import ElementwiseKernel as _PythonElementwise, _type_text, converter


class _Flags:
    """The contiguity of an array, as NumPy's flags name it."""

    __slots__ = ("c_contiguous", "f_contiguous")

    def __init__(self, c_contiguous, f_contiguous):
        self.c_contiguous, self.f_contiguous = c_contiguous, f_contiguous

    @property
    def forc(self):
        """Whether the array is C- or Fortran-contiguous."""
        return self.c_contiguous or self.f_contiguous

    def __repr__(self):
        return f"C_CONTIGUOUS : {self.c_contiguous}\n  F_CONTIGUOUS : {self.f_contiguous}"


def _shape_tuple(shape):
    if isinstance(shape, np.ndarray):
        return tuple(int(extent) for extent in shape.reshape(-1))
    if isinstance(shape, numbers.Integral):
        return (int(shape),)
    return tuple(int(extent) for extent in shape)


def _keep(owner):
    """The on_release of memory another object owns: referencing it keeps the owner alive."""
    return lambda: owner


def _as_gpuarray(value):
    """A result of cudapy's array operations as a GPUArray (the same memory)."""
    if type(value) is CudaArray:
        value.__class__ = GPUArray
    return value


class GPUArray(CudaArray):
    """PyCUDA's GPUArray: GPUArray(shape, dtype, allocator=None, base=None, gpudata=None,
    strides=None, order="C") is an uninitialized array, or one over the device memory
    `gpudata` (an address or a DeviceAllocation) that `base` keeps alive."""

    __slots__ = ()

    def __init__(self, shape, dtype, allocator=None, base=None, gpudata=None, strides=None,
                 order="C"):
        shape = _shape_tuple(shape)
        dtype = np.dtype(dtype)
        self.target = targets.resolve(None)
        if strides is None:
            if order not in ("C", "F"):
                raise ValueError(f"order must be 'C' or 'F', got {order!r}")
            strides = _contiguous_strides(shape, dtype.itemsize, order)
        strides = tuple(int(stride) for stride in strides)
        if gpudata is None and allocator is None:
            self._allocate(shape, strides, dtype)
            return
        nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        if gpudata is None:
            gpudata = allocator(builtins.max(nbytes, 1))
        owner = base if base is not None else gpudata
        buffer = _ffi.buffer_p()
        _ffi.check(_ffi.lib.cudapy_buffer_wrap(targets.memory_target(self.target),
                                               int(gpudata), builtins.max(nbytes, 1),
                                               ctypes.byref(buffer)))
        self._adopt(_Allocation(buffer, _keep(owner)), int(gpudata), 0, shape, strides, dtype, 0)

    # ---- PyCUDA's attributes -------------------------------------------------------------

    @property
    def gpudata(self):
        """The device address of the first element, which kernels take as a pointer."""
        return DevicePointer(self.pointer)

    @property
    def ptr(self):
        """The device address of the first element, an int."""
        return self.pointer

    @property
    def mem_size(self):
        """The number of elements (PyCUDA's name for size)."""
        return self.size

    @property
    def flags(self):
        """The array's c_contiguous, f_contiguous and forc flags, as NumPy's."""
        return _Flags(self.is_c_contiguous(), self.is_f_contiguous())

    @property
    def allocator(self):
        """PyCUDA's allocator of the array's memory: always None (cudapy allocates it)."""
        return None

    @property
    def base(self):
        """PyCUDA's owner of the memory of a view: always None."""
        return None

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    # ---- copies --------------------------------------------------------------------------

    def get(self, ary=None, pagelocked=False, async_=False, stream=None, **kwargs):
        """A NumPy array holding the data (into `ary` when given; in page-locked memory when
        `pagelocked`)."""
        if async_ or kwargs.get("async"):
            return self.get_async(stream, ary)
        if ary is None and pagelocked:
            ary = pinned_array(self.shape, self.dtype,
                               "F" if self.is_f_contiguous() and not self.is_c_contiguous()
                               else "C")
        return self.copy_to_host(ary, stream=stream or 0)

    def get_async(self, stream=None, ary=None):
        """get() ordered on `stream`: a NumPy array holding the data (into `ary` when
        given)."""
        return self.copy_to_host(ary, stream=stream or 0)

    def set(self, ary, async_=False, stream=None, **kwargs):
        """Copies a host array of this size and dtype into the array."""
        ary = np.asarray(ary)
        if ary.size != self.size:
            raise ValueError(f"set(): the array has {ary.size} elements, this one {self.size}")
        if ary.dtype != self.dtype:
            raise ValueError(f"set(): the array is {ary.dtype}, this one {self.dtype}")
        if ary.shape != self.shape:
            ary = ary.reshape(self.shape)
        if self.is_c_contiguous() or self.is_f_contiguous():
            order = "C" if self.is_c_contiguous() else "F"
            self.copy_to_device(np.asarray(ary, order=order), stream=stream or 0)
        else:
            converter(self.dtype)(ary, out=self)

    def set_async(self, ary, stream=None):
        """set() ordered on `stream`: copies a host array of this size and dtype in."""
        self.set(ary, stream=stream)

    def fill(self, value, stream=None):
        """Sets every element to `value`; returns the array."""
        if self.dtype.kind == "c":
            return complex_kernels.fill(self, value)
        converter(self.dtype)(value, out=self, stream=stream or 0)
        return self

    def copy(self):
        """A new array with the same values, laid out as this one when it is contiguous."""
        order = "F" if self.is_f_contiguous() and not self.is_c_contiguous() else "C"
        result = GPUArray(self.shape, self.dtype, order=order)
        if self.is_c_contiguous() or self.is_f_contiguous():
            result.copy_to_device(self)  # a copy of the memory, any dtype
        else:
            converter(self.dtype)(self, out=result)
        return result

    def _new_like_me(self, dtype=None, order="C"):
        return GPUArray(self.shape, self.dtype if dtype is None else dtype, order=order)

    def astype(self, dtype, stream=None):
        """A copy converted to `dtype` as NumPy converts (complex to real keeps the real part)."""
        if self.dtype.kind == "c" or np.dtype(dtype).kind == "c":
            if np.dtype(dtype) == self.dtype:
                return self.copy()
            return complex_kernels.convert(self, dtype)
        return _as_gpuarray(CudaArray.astype(self, dtype))

    def reshape(self, *shape, order="C"):
        """NumPy's reshape; in an order the array is not contiguous in, of a copy laid out in
        that order (NumPy copies there too)."""
        contiguous = self.is_c_contiguous() if order == "C" else self.is_f_contiguous()
        source = self
        if not contiguous and order in ("C", "F"):
            source = GPUArray(self.shape, self.dtype, order=order)
            converter(self.dtype)(self, out=source)
        return _as_gpuarray(CudaArray.reshape(source, *shape, order=order))

    def transpose(self, axes=None):
        """The view with the axes in the order `axes` gives (reversed when None)."""
        return _as_gpuarray(CudaArray.transpose(self) if axes is None
                            else CudaArray.transpose(self, axes))

    def view(self, dtype=None):
        """The same memory as another dtype; a different item size rescales the last axis of a
        C-contiguous array."""
        dtype = self.dtype if dtype is None else np.dtype(dtype)
        shape, strides = list(self.shape), list(self.strides)
        if dtype.itemsize != self.dtype.itemsize:
            if not self.is_c_contiguous() or not shape:
                raise ValueError("view(): another item size needs a C-contiguous array")
            last = shape[-1] * self.dtype.itemsize
            if last % dtype.itemsize:
                raise ValueError("view(): the last axis does not divide into the new dtype")
            shape[-1] = last // dtype.itemsize
            strides = list(_contiguous_strides(tuple(shape), dtype.itemsize, "C"))
        view = self._view(0, tuple(shape), tuple(strides))
        view._describe(view._pointer, tuple(shape), tuple(strides), dtype,
                       targets.memory_target(self.target))
        return view

    def squeeze(self):
        """A view without the axes of extent 1."""
        kept = [(extent, stride) for extent, stride in zip(self.shape, self.strides)
                if extent != 1]
        return self._view(0, tuple(e for e, _ in kept), tuple(s for _, s in kept))

    def reverse(self, stream=None):
        """A reversed copy of a 1-d array."""
        if self.ndim != 1:
            raise ValueError("reverse() takes a 1-d array")
        return take(self, arange(self.size - 1, -1, -1, dtype=np.int64), stream=stream)

    def __getitem__(self, key):
        """NumPy's basic indexing, with np.newaxis (None) giving axes of extent 1."""
        items = key if isinstance(key, tuple) else (key,)
        if not any(item is None for item in items):
            found = CudaArray.__getitem__(self, key)
            if isinstance(found, CudaArray):
                return found
            # Every axis indexed by an integer: PyCUDA gives a 0-d array there, not a number.
            return self[tuple(slice(i, i + 1 if i != -1 else None) for i in items)].reshape(())
        plain = tuple(item for item in items if item is not None)
        base = CudaArray.__getitem__(self, plain) if plain else self
        if not isinstance(base, CudaArray):
            base = self[tuple(slice(i, i + 1) for i in plain)].reshape(())
        # Where each new axis goes among the result's axes.
        shape, strides = list(base.shape), list(base.strides)
        axis = 0
        for item in items:
            if item is None:
                shape.insert(axis, 1)
                strides.insert(axis, 0)
                axis += 1
            elif item is Ellipsis:
                axis += base.ndim - builtins.sum(1 for i in plain
                                        if i is not Ellipsis and not isinstance(i, int))
            elif not isinstance(item, numbers.Integral):
                axis += 1
        return base._view(0, tuple(shape), tuple(strides))

    def __setitem__(self, key, value):
        """Assigns a scalar or an array (host or device, broadcast) to the indexed part."""
        arraymath.assign(self[key], value)

    # ---- arithmetic beyond the operators -----------------------------------------------------

    def mul_add(self, selffac, other, otherfac, add_timer=None, stream=None, out=None):
        """selffac * self + otherfac * other, into `out` when given."""
        result = selffac * self + otherfac * other
        if out is None:
            return result
        out[...] = result
        return out

    def conj(self, out=None):
        """The complex conjugate (the array itself when it is real)."""
        if self.dtype.kind == "c":
            return complex_kernels.unary("conjugate", self, out)
        return self

    conjugate = conj

    @property
    def real(self):
        """The real part (the array itself when it is real)."""
        if self.dtype.kind == "c":
            return complex_kernels.unary("real", self)
        return self

    @property
    def imag(self):
        """The imaginary part (zeros when the array is real)."""
        if self.dtype.kind == "c":
            return complex_kernels.unary("imag", self)
        return zeros_like(self)

    def __array_ufunc__(self, ufunc, method, *inputs, out=None, **kwargs):
        name = ufunc.__name__
        if (method == "__call__" and not kwargs and out is None
                and any(complex_kernels.is_complex(value) for value in inputs)):
            if name in complex_kernels.BINARY and len(inputs) == 2:
                return complex_kernels.binary(name, *inputs)
            if len(inputs) == 1 and name in complex_kernels.UNARY_NAMES:
                return complex_kernels.unary(name, inputs[0])
        return _as_gpuarray(CudaArray.__array_ufunc__(self, ufunc, method, *inputs, out=out,
                                                      **kwargs))

    def bind_to_texref(self, *args, **kwargs):
        """PyCUDA's binding to a texture reference: always NotImplementedError, as CUDA 12
        removed texture references."""
        raise NotImplementedError("texture references were removed in CUDA 12")

    bind_to_texref_ext = bind_to_texref


def _wrapping(method):
    def wrapped(self, *args, **kwargs):
        return _as_gpuarray(method(self, *args, **kwargs))
    wrapped.__name__ = method.__name__
    wrapped.__doc__ = method.__doc__
    return wrapped


_COMPLEX_OPERATORS = {"add": "add", "sub": "subtract", "mul": "multiply",
                      "truediv": "true_divide"}


def _is_operand(value):
    return isinstance(value, (GPUArray, numbers.Number, np.generic))


def _complex_operator(method, ufunc, form):
    """An operator whose complex operands (GPUArrays and numbers) the CUDA C++ kernels of
    complex_kernels compute; `form` is "", "r" (reflected) or "i" (in place)."""
    def operator(self, other):
        if complex_kernels.is_complex(self) or complex_kernels.is_complex(other):
            if not _is_operand(other):
                return NotImplemented
            if form == "r":
                return complex_kernels.binary(ufunc, other, self)
            return complex_kernels.binary(ufunc, self, other, out=self if form == "i" else None)
        return _as_gpuarray(method(self, other))
    operator.__name__ = method.__name__
    return operator


def _complex_unary(method, name):
    def operator(self):
        if self.dtype.kind == "c":
            return complex_kernels.unary(name, self)
        return _as_gpuarray(method(self))
    operator.__name__ = method.__name__
    return operator


def _wrap_results():
    """The CudaArray operations whose results become GPUArrays."""
    names = ["__pos__", "__invert__", "ravel", "sum",
             "prod", "mean", "min", "max", "argmin", "argmax",
             "any", "all", "dot", "cumsum", "cumprod"]
    for operator in ("floordiv", "mod", "pow", "and", "or", "xor", "lshift", "rshift"):
        names += [f"__{operator}__", f"__r{operator}__"]
    names += [f"__{comparison}__" for comparison in ("lt", "le", "gt", "ge", "eq", "ne")]
    for name in names:
        method = getattr(CudaArray, name, None)
        if method is not None:
            setattr(GPUArray, name, _wrapping(method))
    for operator, ufunc in _COMPLEX_OPERATORS.items():
        for form in ("", "r", "i"):
            name = f"__{form}{operator}__"
            setattr(GPUArray, name, _complex_operator(getattr(CudaArray, name), ufunc, form))
    GPUArray.__neg__ = _complex_unary(CudaArray.__neg__, "negative")
    GPUArray.__abs__ = _complex_unary(CudaArray.__abs__, "absolute")
    GPUArray.T = property(lambda self: self.transpose(), doc="The transposed view.")


_wrap_results()


# ---- creating arrays ----------------------------------------------------------------------

def to_gpu(ary, allocator=None):
    """A GPUArray holding a copy of a host array (its strides kept when contiguous)."""
    ary = np.asarray(ary)
    order = "F" if ary.flags.f_contiguous and not ary.flags.c_contiguous else "C"
    result = GPUArray(ary.shape, ary.dtype, allocator=allocator, order=order)
    result.set(ary)
    return result


def to_gpu_async(ary, allocator=None, stream=None):
    """to_gpu() with the copy ordered on `stream`."""
    ary = np.asarray(ary)
    result = GPUArray(ary.shape, ary.dtype, allocator=allocator)
    result.set(ary, stream=stream)
    return result


def empty(shape, dtype=np.float64, allocator=None, order="C"):
    """An uninitialized GPUArray."""
    return GPUArray(shape, dtype, allocator=allocator, order=order)


def zeros(shape, dtype=np.float64, allocator=None, order="C"):
    """A GPUArray of zeros."""
    return empty(shape, dtype, allocator, order).fill(0)


def ones(shape, dtype=np.float64, allocator=None, order="C"):
    """A GPUArray of ones."""
    return empty(shape, dtype, allocator, order).fill(1)


def _order_of(other, order):
    if order in ("K", "A"):
        return "F" if other.flags.f_contiguous and not other.flags.c_contiguous else "C"
    return order


def empty_like(other_ary, dtype=None, order="K"):
    """An uninitialized GPUArray like `other_ary`."""
    return GPUArray(other_ary.shape, other_ary.dtype if dtype is None else dtype,
                    order=_order_of(other_ary, order))


def zeros_like(other_ary, dtype=None, order="K"):
    """A GPUArray of zeros like `other_ary`."""
    return empty_like(other_ary, dtype, order).fill(0)


def ones_like(other_ary, dtype=None, order="K"):
    """A GPUArray of ones like `other_ary`."""
    return empty_like(other_ary, dtype, order).fill(1)


_KERNELS = {}


def _kernel(key, arguments, operation):
    """A Python-form elementwise kernel of cudapy's, made once per key (it runs on the GPU and
    on the CPU target alike)."""
    kernel = _KERNELS.get(key)
    if kernel is None:
        kernel = _KERNELS[key] = _PythonElementwise(arguments, operation, name=key[0])
    return kernel


def arange(*args, dtype=None, allocator=None, stream=None, **kwargs):
    """NumPy's arange, computed on the device."""
    if "start" in kwargs or "stop" in kwargs or "step" in kwargs:
        start, stop, step = kwargs.get("start", 0), kwargs.get("stop"), kwargs.get("step", 1)
        if stop is None:
            start, stop = 0, start
    elif len(args) == 1:
        start, stop, step = 0, args[0], 1
    elif len(args) == 2:
        start, stop, step = args[0], args[1], 1
    elif len(args) == 3:
        start, stop, step = args
    else:
        raise TypeError("arange() takes 1 to 3 positional arguments")
    if dtype is None:
        dtype = np.arange(start, start + step, step).dtype if step else np.int64
    dtype = np.dtype(dtype)
    size = builtins.max(0, int(np.ceil((stop - start) / step)))
    result = GPUArray((size,), dtype, allocator=allocator)
    if size:
        wide = "float64" if dtype.kind in "fc" else "int64"
        kernel = _kernel(("arange", dtype.name),
                         f"{_type_text(dtype)} *x, {wide} start, {wide} step",
                         f"x[i] = {_type_text(dtype)}(start + i * step)")
        kernel(result, start, step, stream=stream)
    return result


def take(a, indices, out=None, stream=None):
    """a's elements at `indices` (a device array of integers), 1-d."""
    if out is None:
        out = GPUArray(indices.shape, a.dtype)
    kernel = _kernel(("take", a.dtype.name, indices.dtype.name),
                     f"{_type_text(a.dtype)} *dest, {_type_text(indices.dtype)} *idx, "
                     f"{_type_text(a.dtype)} *src", "dest[i] = src[idx[i]]")
    kernel(out, indices, a.reshape(-1) if a.ndim != 1 else a, stream=stream)
    return out


def multi_take(arrays, indices, out=None, stream=None):
    """take() of each array at the same indices."""
    if out is None:
        out = [None] * len(arrays)
    return [take(array, indices, result, stream) for array, result in zip(arrays, out)]


def multi_put(arrays, dest_indices, dest_shape=None, out=None, stream=None):
    """Each array's elements placed at `dest_indices` of a new (or `out`) array."""
    if out is None:
        out = [zeros(dest_shape, array.dtype) for array in arrays]
    for array, result in zip(arrays, out):
        kernel = _kernel(("put", array.dtype.name, dest_indices.dtype.name),
                         f"{_type_text(array.dtype)} *dest, {_type_text(dest_indices.dtype)} "
                         f"*idx, {_type_text(array.dtype)} *src", "dest[idx[i]] = src[i]")
        kernel(result, dest_indices, array, stream=stream)
    return out


def multi_take_put(arrays, dest_indices, src_indices, dest_shape=None, out=None,
                   stream=None, src_offsets=None):
    """dest[dest_indices] = src[src_indices] for each array."""
    if out is None:
        out = [zeros(dest_shape, array.dtype) for array in arrays]
    if src_offsets is not None:
        raise NotImplementedError("multi_take_put(): src_offsets is not supported by cudapy")
    for array, result in zip(arrays, out):
        kernel = _kernel(("take_put", array.dtype.name, dest_indices.dtype.name),
                         f"{_type_text(array.dtype)} *dest, {_type_text(dest_indices.dtype)} "
                         f"*dest_idx, {_type_text(src_indices.dtype)} *src_idx, "
                         f"{_type_text(array.dtype)} *src", "dest[dest_idx[i]] = src[src_idx[i]]")
        kernel(result, dest_indices, src_indices, array, stream=stream)
    return out


def transpose(a, axes=None):
    """a.transpose(axes)."""
    return a.transpose(axes) if axes is not None else a.transpose()


def reshape(a, shape):
    """a.reshape(shape)."""
    return a.reshape(shape)


def concatenate(arrays, axis=0, allocator=None):
    """The arrays joined along an existing axis."""
    arrays = list(arrays)
    if not arrays:
        raise ValueError("concatenate() needs at least one array")
    first = arrays[0]
    axis = axis % first.ndim
    extent = builtins.sum(array.shape[axis] for array in arrays)
    shape = first.shape[:axis] + (extent,) + first.shape[axis + 1:]
    dtype = np.result_type(*[array.dtype for array in arrays])
    result = GPUArray(shape, dtype, allocator=allocator)
    at = 0
    for array in arrays:
        count = array.shape[axis]
        result[(slice(None),) * axis + (slice(at, at + count),)] = array
        at += count
    return result


def stack(arrays, axis=0, allocator=None):
    """The arrays joined along a new axis."""
    arrays = list(arrays)
    if not arrays:
        raise ValueError("stack() needs at least one array")
    first = arrays[0]
    if any(array.shape != first.shape for array in arrays):
        raise ValueError("stack(): all arrays must have the same shape")
    axis = axis % (first.ndim + 1)
    shape = first.shape[:axis] + (len(arrays),) + first.shape[axis:]
    dtype = np.result_type(*[array.dtype for array in arrays])
    result = GPUArray(shape, dtype, allocator=allocator)
    for index, array in enumerate(arrays):
        part = result[(slice(None),) * axis + (slice(index, index + 1),)]
        converter(dtype)(array, out=part._view(0, first.shape, part.strides[:axis]
                                               + part.strides[axis + 1:]))
    return result


# ---- elementwise functions ---------------------------------------------------------------

def _apply(name, *args, out=None, stream=None):
    return _as_gpuarray(arraymath.apply(name, *args, out=out, stream=stream or 0))


def maximum(a, b, out=None, stream=None):
    """NumPy's maximum, elementwise on the device."""
    return _apply("maximum", a, b, out=out, stream=stream)


def minimum(a, b, out=None, stream=None):
    """NumPy's minimum, elementwise on the device."""
    return _apply("minimum", a, b, out=out, stream=stream)


def where(criterion, then_, else_, out=None, stream=None):
    """NumPy's where(criterion, then_, else_), on the device."""
    return _as_gpuarray(arraymath.where(criterion, then_, else_))


def if_positive(criterion, then_, else_, out=None, stream=None):
    """then_ where criterion > 0, else else_, elementwise."""
    return _as_gpuarray(arraymath.if_positive(criterion, then_, else_))


def logical_and(x1, x2, out=None, stream=None):
    """NumPy's logical_and, elementwise on the device."""
    return _apply("bitwise_and", _apply("not_equal", x1, 0), _apply("not_equal", x2, 0),
                  out=out, stream=stream)


def logical_or(x1, x2, out=None, stream=None):
    """NumPy's logical_or, elementwise on the device."""
    return _apply("bitwise_or", _apply("not_equal", x1, 0), _apply("not_equal", x2, 0),
                  out=out, stream=stream)


def logical_not(x, out=None, stream=None):
    """NumPy's logical_not, elementwise on the device."""
    return _apply("equal", x, 0, out=out, stream=stream)


# ---- reductions ---------------------------------------------------------------------------

def sum(a, dtype=None, stream=None, allocator=None):
    """The sum of every element, a 0-d GPUArray (in memory of `allocator` when given)."""
    out = None
    if allocator is not None:
        out = GPUArray((), np.zeros(0, a.dtype).sum(dtype=dtype).dtype, allocator=allocator)
    return _as_gpuarray(a.sum(dtype=dtype, out=out, stream=stream or 0))


def subset_sum(subset, a, dtype=None, stream=None, allocator=None):
    """sum() of the elements at `subset`."""
    return sum(take(a, subset), dtype=dtype, stream=stream, allocator=allocator)


def dot(a, b, dtype=None, stream=None, allocator=None):
    """The sum of the elementwise products, a 0-d GPUArray."""
    if dtype is not None:
        return sum(_apply("multiply", a.astype(dtype), b.astype(dtype)), stream=stream)
    return _as_gpuarray(CudaArray.dot(a.reshape(-1), b.reshape(-1), stream=stream or 0))


def subset_dot(subset, a, b, dtype=None, stream=None, allocator=None):
    """dot() of the elements at `subset`."""
    return dot(take(a, subset), take(b, subset), dtype=dtype, stream=stream)


def max(a, stream=None):
    """The largest element, a 0-d GPUArray."""
    return _as_gpuarray(a.max(stream=stream or 0))


def min(a, stream=None):
    """The smallest element, a 0-d GPUArray."""
    return _as_gpuarray(a.min(stream=stream or 0))


def subset_max(subset, a, stream=None):
    """max() of the elements at `subset`."""
    return max(take(a, subset), stream)


def subset_min(subset, a, stream=None):
    """min() of the elements at `subset`."""
    return min(take(a, subset), stream)


class vec:
    """CUDA's vector types as NumPy record dtypes (float3 has x, y, z), and their makers."""


def _register_vectors():
    for base, name in ((np.int8, "char"), (np.uint8, "uchar"), (np.int16, "short"),
                       (np.uint16, "ushort"), (np.int32, "int"), (np.uint32, "uint"),
                       (np.int64, "long"), (np.uint64, "ulong"), (np.float32, "float"),
                       (np.float64, "double")):
        for count in (1, 2, 3, 4):
            fields = "xyzw"[:count]
            dtype = np.dtype([(field, base) for field in fields])
            setattr(vec, f"{name}{count}", dtype)

            def make(*values, dtype=dtype):
                return np.array(tuple(values), dtype=dtype)[()]
            make.__name__ = f"make_{name}{count}"
            make.__qualname__ = f"vec.make_{name}{count}"
            make.__doc__ = (f"make_{name}{count}({', '.join(fields)}): CUDA's {name}{count} "
                            f"of these values, a NumPy record of dtype vec.{name}{count}.")
            setattr(vec, f"make_{name}{count}", staticmethod(make))


_register_vectors()


__all__ = ["GPUArray", "arange", "concatenate", "dot", "empty", "empty_like", "if_positive",
           "logical_and", "logical_not", "logical_or", "max", "maximum", "min", "minimum",
           "multi_put", "multi_take", "multi_take_put", "ones", "ones_like", "reshape", "stack",
           "subset_dot", "subset_max", "subset_min", "subset_sum", "sum", "take", "to_gpu",
           "to_gpu_async", "transpose", "vec", "where", "zeros", "zeros_like"]
