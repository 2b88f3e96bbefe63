"""CudaArray: an n-dimensional array in GPU memory (host memory for the CPU target's kernels),
and the view of other libraries' device arrays through __cuda_array_interface__."""

import ctypes
import math
import operator
import weakref

import numpy as np

from . import _ffi, targets
from .types import scalar_type_of, to_dtype

# CudaPy's element types for a list: Python floats become float32, ints int32, bools bool.
_LIST_DEFAULTS = {"b": np.dtype(np.bool_), "i": np.dtype(np.int32), "u": np.dtype(np.int32),
                  "f": np.dtype(np.float32)}
# The element kinds a list may hold for each kind of element type it is converted to.
_CONVERTIBLE_KINDS = {"b": "biu", "i": "biu", "u": "biu", "f": "biuf"}
_KIND_NAMES = {"b": "bool", "i": "int", "u": "int", "f": "float", "c": "complex", "U": "str",
               "S": "bytes"}
_ORDERS = ("C", "F")


def _describe_elements(values, source):
    if source.dtype.kind in _KIND_NAMES:
        return _KIND_NAMES[source.dtype.kind]
    return ", ".join(sorted({type(value).__name__ for value in values}))


def list_to_array(values, dtype=None):
    """A 1-d NumPy array holding a list's numbers, as `dtype` or else by CudaPy's rules.

    Raises TypeError for elements that would change meaning (floats for an integer type) and
    OverflowError for numbers the element type cannot hold.
    """
    try:
        source = np.asarray(values)
    except ValueError:
        raise ValueError("the list must be flat and hold numbers") from None
    if source.ndim != 1:
        raise ValueError(f"the list must be flat, got {source.ndim} levels of nesting")
    if len(source) == 0:
        return np.empty(0, dtype if dtype is not None else np.float32)
    kind = source.dtype.kind
    if kind == "O" and all(isinstance(value, int) for value in values):
        raise OverflowError("the list holds an integer too large for any element type")
    if dtype is None:
        if kind not in _LIST_DEFAULTS:
            raise TypeError(f"a list of {_describe_elements(values, source)} cannot become a "
                            "CudaArray; it takes bools, ints or floats")
        dtype = _LIST_DEFAULTS[kind]
    elif kind not in _CONVERTIBLE_KINDS[dtype.kind]:
        raise TypeError(f"a list of {_describe_elements(values, source)} cannot be converted "
                        f"to {dtype}")
    if dtype.kind in "iu" and kind in "iu":
        limits = np.iinfo(dtype)
        low, high = int(source.min()), int(source.max())
        if low < limits.min or high > limits.max:
            outside = low if low < limits.min else high
            raise OverflowError(f"the list element {outside} does not fit in {dtype} "
                                f"({limits.min}..{limits.max})")
    with np.errstate(over="ignore"):
        converted = source.astype(dtype)
    if dtype.kind == "f" and np.any(np.isinf(converted) & np.isfinite(source)):
        raise OverflowError(f"the list holds a number too large for {dtype}")
    return converted


def layout_of(c_contiguous, f_contiguous):
    """The cudapy_layout an array of these contiguity flags takes without a copy (C when both)."""
    if c_contiguous:
        return _ffi.Layout.C
    return _ffi.Layout.F if f_contiguous else _ffi.Layout.ANY


def ndarray_layout(array):
    flags = array.flags
    return layout_of(flags.c_contiguous, flags.f_contiguous)


def _contiguity(shape, strides, itemsize):
    """(C-contiguous, Fortran-contiguous) as NumPy's flags say: extents of 1 have any stride,
    and an empty array is both."""
    if 0 in shape:
        return True, True

    def contiguous(pairs):
        expected = itemsize
        for extent, stride in pairs:
            if extent != 1 and stride != expected:
                return False
            expected *= extent
        return True

    pairs = list(zip(shape, strides))
    return contiguous(reversed(pairs)), contiguous(pairs)


def _shape_of(shape, where):
    """A shape tuple from an int or a sequence of ints, each non-negative."""
    items = shape if isinstance(shape, (tuple, list)) else (shape,)
    extents = []
    for item in items:
        if isinstance(item, bool):
            raise TypeError(f"{where}: the shape must hold integers, got bool")
        try:
            extent = operator.index(item)
        except TypeError:
            raise TypeError(f"{where}: the shape must be an integer or a tuple of integers, got "
                            f"{type(item).__name__}") from None
        if extent < 0:
            raise ValueError(f"{where}: the shape must not be negative, got {extent}")
        extents.append(extent)
    return tuple(extents)


def _contiguous_strides(shape, itemsize, order):
    strides = []
    step = itemsize
    for extent in (reversed(shape) if order == "C" else shape):
        strides.append(step)
        step *= max(extent, 1)
    return tuple(reversed(strides)) if order == "C" else tuple(strides)


def _strides_of(strides, shape, itemsize, where):
    """Strides in bytes as given for device_array(): non-negative multiples of the item size."""
    strides = _shape_of(strides, where.replace("shape", "strides"))
    if len(strides) != len(shape):
        raise ValueError(f"{where}: {len(strides)} strides for {len(shape)} dimensions")
    for stride in strides:
        if stride % itemsize:
            raise ValueError(f"{where}: the strides must be multiples of the item size "
                             f"({itemsize} bytes), got {strides}")
    return strides


def _span(shape, strides, itemsize):
    """Bytes from the first element to the end of the last, for non-negative strides."""
    if 0 in shape:
        return 0
    return itemsize + sum((extent - 1) * stride for extent, stride in zip(shape, strides))


def _ndarray_to_host(data, dtype):
    """The array as a contiguous ndarray of `dtype`, keeping Fortran order when it has it."""
    host = data if dtype is None else data.astype(dtype, copy=False)
    scalar_type_of(host.dtype)
    flags = host.flags
    return host if flags.c_contiguous or flags.f_contiguous else np.ascontiguousarray(host)


class _ArrayView:
    """What a kernel launch reads of an array in the memory of its target: the address, the
    extents and the strides (in elements), packed once as the C ABI lays them out."""

    __slots__ = ()
    readonly = False

    def _describe(self, pointer, shape, strides, dtype, memory):
        self._pointer = pointer
        self._shape = shape
        self._strides = strides
        self._dtype = dtype
        self._element_strides = tuple(stride // dtype.itemsize for stride in strides)
        self._c_contiguous, self._f_contiguous = _contiguity(shape, strides, dtype.itemsize)
        self._layout = layout_of(self._c_contiguous, self._f_contiguous)
        self._packed = (pointer, *shape)
        self._packed_strided = self._packed + self._element_strides
        self._type_key = (dtype, len(shape), self._layout)
        # What a launch compares with its parameter's to accept the array at once.
        self._launch_key = (memory, *self._type_key)


class CudaArray(_ArrayView):
    """An n-dimensional array in GPU memory (host memory for the CPU target's kernels).

    CudaArray(list or ndarray) copies the data to the GPU: a list's floats become float32, its
    ints int32 and its bools bool; an ndarray keeps its dtype unless `dtype` is given, and its
    shape and order (C, or Fortran when it is Fortran-contiguous; other arrays are copied in C
    order). The memory is freed when the object is collected, or at once by free(). Copies
    between the host and the array are synchronous.
    """

    __slots__ = ("target", "_pointer", "_shape", "_strides", "_dtype", "_element_strides",
                 "_c_contiguous", "_f_contiguous", "_layout", "_packed", "_packed_strided",
                 "_type_key", "_launch_key", "_span", "_buffer", "_release", "__weakref__")

    def __init__(self, data, dtype=None, target=None):
        self.target = targets.resolve(target)
        dtype = None if dtype is None else to_dtype(dtype)
        if isinstance(data, np.ndarray):
            host = _ndarray_to_host(data, dtype)
        elif isinstance(data, (list, tuple)):
            host = list_to_array(data, dtype)
        else:
            raise TypeError("CudaArray() takes a list or a NumPy array, got "
                            f"{type(data).__name__}")
        self._allocate(host.shape, host.strides, host.dtype)
        self._upload(host)

    @classmethod
    def allocate(cls, shape, dtype, target=None, strides=None, order="C"):
        """An uninitialized array of `shape` (an int or a tuple) and `dtype` (cp.Int, cp.Float,
        cp.Double, cp.Bool or a NumPy dtype) in the memory of `target`'s kernels, laid out in
        `order` ("C" or "F") or by `strides` in bytes."""
        where = "CudaArray.allocate()"
        shape = _shape_of(shape, where)
        dtype = to_dtype(dtype)
        if strides is None:
            if order not in _ORDERS:
                raise ValueError(f"{where}: order must be 'C' or 'F', got {order!r}")
            strides = _contiguous_strides(shape, dtype.itemsize, order)
        else:
            strides = _strides_of(strides, shape, dtype.itemsize, where)
        array = cls.__new__(cls)
        array.target = targets.resolve(target)
        array._allocate(shape, strides, dtype)
        return array

    def _allocate(self, shape, strides, dtype):
        span = _span(shape, strides, dtype.itemsize)
        buffer = _ffi.buffer_p()
        # The library gets at least one byte so that empty arrays have a buffer too.
        _ffi.check(_ffi.lib.cudapy_buffer_new_on(targets.memory_target(self.target),
                                                 max(span, 1), ctypes.byref(buffer)))
        self._buffer = buffer
        self._span = span
        self._release = weakref.finalize(self, _ffi.lib.cudapy_buffer_delete, buffer)
        # At exit the CUDA runtime may be gone before the finalizers run; the process frees
        # device memory anyway.
        self._release.atexit = False
        self._describe(_ffi.lib.cudapy_buffer_pointer(buffer), tuple(shape), tuple(strides),
                       dtype, targets.memory_target(self.target))

    def _live_buffer(self):
        if self._buffer is None:
            raise ValueError("this CudaArray was freed")
        return self._buffer

    @property
    def _contiguous(self):
        """Whether the memory holds the elements in C or Fortran order, without gaps."""
        return self._layout != _ffi.Layout.ANY

    def _host_image(self, host):
        """`host` laid out as this array's memory is: itself when it already is."""
        if self._contiguous:
            return (np.asfortranarray(host) if self._layout == _ffi.Layout.F
                    else np.ascontiguousarray(host))
        image = np.zeros(self._span, np.uint8)
        self._elements_of(image)[...] = host
        return image

    def _elements_of(self, image):
        """The array's elements in `image`, bytes laid out as the array's memory."""
        return np.lib.stride_tricks.as_strided(image.view(self._dtype), self._shape,
                                               self._strides)

    def _upload(self, host):
        """Copies `host`, an ndarray of this array's shape and dtype, into the array."""
        image = self._host_image(host)
        if image.nbytes:
            _ffi.check(_ffi.lib.cudapy_buffer_upload(self._live_buffer(), 0, image.ctypes.data,
                                                     image.nbytes))

    def _download_into(self, host):
        """Copies the array's memory into `host`, a contiguous ndarray of the same layout."""
        if host.nbytes:
            _ffi.check(_ffi.lib.cudapy_buffer_download(self._live_buffer(), 0, host.ctypes.data,
                                                       host.nbytes))

    def free(self):
        """Frees the device memory now; the array cannot be used afterwards."""
        self._release()
        self._buffer = None
        self._pointer = None

    def copy_to_host(self, ary=None, stream=0):
        """A NumPy array holding a copy of the data, with this array's strides; or the data
        copied into `ary`, an ndarray of the same shape and dtype, which is returned. `stream`
        is accepted for numba's sake: the copy is synchronous."""
        self._live_buffer()
        if ary is not None:
            self._check_host_array(ary, "copy_to_host()", "ary")
            if not ary.flags.writeable:
                raise ValueError("copy_to_host(): ary is read-only")
        if self._contiguous:
            order = "F" if self._layout == _ffi.Layout.F else "C"
            if ary is not None and ary.flags[f"{order}_CONTIGUOUS"]:
                self._download_into(ary)
                return ary
            host = np.empty(self._shape, self._dtype, order=order)
            self._download_into(host)
        else:
            image = np.empty(self._span, np.uint8)
            self._download_into(image)
            host = self._elements_of(image)
        if ary is None:
            return host
        ary[...] = host
        return ary

    def copy_to_device(self, host, stream=0):
        """Copies `host` (an ndarray, or a CudaArray, of this array's shape and dtype) into the
        array. `stream` is accepted for numba's sake: the copy is synchronous."""
        if isinstance(host, CudaArray):
            host = host.copy_to_host()
        self._check_host_array(host, "copy_to_device()", "the source")
        self._upload(host)

    def _check_host_array(self, host, where, what):
        if not isinstance(host, np.ndarray):
            raise TypeError(f"{where}: {what} must be a NumPy array, got {type(host).__name__}")
        if host.shape != self._shape:
            raise ValueError(f"{where}: {what} has shape {host.shape}, the CudaArray "
                             f"{self._shape}")
        if host.dtype != self._dtype:
            raise TypeError(f"{where}: {what} holds {host.dtype}, the CudaArray {self._dtype}")

    def toHost(self):
        """A NumPy array holding a copy of the data."""
        return self.copy_to_host()

    def toList(self):
        """A (nested) list of Python numbers holding a copy of the data."""
        return self.copy_to_host().tolist()

    def is_c_contiguous(self):
        return self._c_contiguous

    def is_f_contiguous(self):
        return self._f_contiguous

    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self):
        return self._shape

    @property
    def strides(self):
        """Bytes from one element to the next along each dimension, as NumPy's."""
        return self._strides

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def size(self):
        return math.prod(self._shape)

    @property
    def nbytes(self):
        return self.size * self._dtype.itemsize

    @property
    def length(self):
        return len(self)

    @property
    def pointer(self):
        """The device address of the first element."""
        self._live_buffer()
        return self._pointer

    @property
    def __cuda_array_interface__(self):
        """The CUDA Array Interface (version 3), for arrays in GPU memory only."""
        if self.target != "cuda":
            raise AttributeError(f"a CudaArray of the {self.target} target lives in host "
                                 "memory and has no __cuda_array_interface__")
        return {"shape": self._shape,
                "strides": None if self._c_contiguous else self._strides,
                "typestr": self._dtype.str, "data": (self.pointer, False), "version": 3,
                "stream": 1}  # cudapy launches on the legacy default stream unless told

    def __len__(self):
        if not self._shape:
            raise TypeError("len() of a 0-d CudaArray")
        return self._shape[0]

    def __repr__(self):
        state = "" if self._buffer is not None else ", freed"
        return f"CudaArray(shape={self._shape}, dtype={self._dtype}{state})"


class ForeignArray(_ArrayView):
    """Another library's GPU array (CuPy, PyTorch, numba), read through its
    __cuda_array_interface__ at the launch it is passed to."""

    __slots__ = ("target", "_pointer", "_shape", "_strides", "_dtype", "_element_strides",
                 "_c_contiguous", "_f_contiguous", "_layout", "_packed", "_packed_strided",
                 "_type_key", "_launch_key", "_buffer", "readonly")

    def __init__(self, owner, interface):
        self.target = "cuda"
        self._buffer = owner  # keeps the memory alive for the launch
        dtype = np.dtype(interface["typestr"])
        shape = tuple(interface["shape"])
        strides = interface.get("strides")
        if strides is None:
            strides = _contiguous_strides(shape, dtype.itemsize, "C")
        if interface.get("mask") is not None:
            raise TypeError("arrays with a mask cannot be passed to kernels")
        for stride in strides:
            if stride % dtype.itemsize:
                raise ValueError(f"the array's strides {tuple(strides)} are not multiples of "
                                 f"its item size ({dtype.itemsize} bytes)")
        pointer, self.readonly = interface["data"]
        self._describe(pointer, shape, tuple(strides), dtype, _ffi.Target.CUDA)


def foreign_array(value):
    """A ForeignArray for an object with __cuda_array_interface__, else None."""
    interface = getattr(value, "__cuda_array_interface__", None)
    return None if interface is None else ForeignArray(value, interface)
