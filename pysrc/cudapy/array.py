"""CudaArray: a one-dimensional array in GPU memory."""

import ctypes
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


def _ndarray_to_host(data, dtype):
    host = np.ascontiguousarray(data)
    if host.ndim != 1:
        raise ValueError(f"a CudaArray is one-dimensional; got an array of shape {data.shape}")
    if dtype is not None:
        host = host.astype(dtype, copy=False)
    scalar_type_of(host.dtype)
    return host


class CudaArray:
    """A one-dimensional array in GPU memory (host memory for the CPU target's kernels).

    CudaArray(list or ndarray) copies the data to the GPU: a list's floats become float32, its
    ints int32 and its bools bool; an ndarray keeps its dtype unless `dtype` is given.
    The memory is freed when the object is collected, or at once by free().
    """

    def __init__(self, data, dtype=None, target=None):
        self.target = targets.resolve(target)
        dtype = None if dtype is None else to_dtype(dtype)
        if isinstance(data, np.ndarray):
            host = _ndarray_to_host(data, dtype)
        elif isinstance(data, (list, tuple)):
            host = list_to_array(data, dtype)
        else:
            raise TypeError("CudaArray() takes a list or a 1-d NumPy array, got "
                            f"{type(data).__name__}")
        self._allocate(len(host), host.dtype)
        self._upload(host)

    @classmethod
    def allocate(cls, length, dtype, target=None):
        """An uninitialized array of `length` elements of `dtype` (cp.Int, cp.Float, cp.Double,
        cp.Bool or a NumPy dtype), in the memory of `target`'s kernels."""
        if isinstance(length, bool):
            raise TypeError("CudaArray.allocate(): the length must be an integer, got bool")
        length = operator.index(length)
        if length < 0:
            raise ValueError(f"CudaArray.allocate(): the length must not be negative, got {length}")
        array = cls.__new__(cls)
        array.target = targets.resolve(target)
        array._allocate(length, to_dtype(dtype))
        return array

    def _allocate(self, length, dtype):
        self._length = length
        self._dtype = dtype
        buffer = _ffi.buffer_p()
        # The library gets at least one byte so that empty arrays have a buffer too.
        _ffi.check(_ffi.lib.cudapy_buffer_new_on(targets.memory_target(self.target),
                                                 max(length * dtype.itemsize, 1),
                                                 ctypes.byref(buffer)))
        self._buffer = buffer
        self._pointer = _ffi.lib.cudapy_buffer_pointer(buffer)
        self._release = weakref.finalize(self, _ffi.lib.cudapy_buffer_delete, buffer)
        # At exit the CUDA runtime may be gone before the finalizers run; the process frees
        # device memory anyway.
        self._release.atexit = False

    def _live_buffer(self):
        if self._buffer is None:
            raise ValueError("this CudaArray was freed")
        return self._buffer

    def _upload(self, host):
        if host.nbytes:
            _ffi.check(_ffi.lib.cudapy_buffer_upload(self._live_buffer(), 0, host.ctypes.data,
                                                     host.nbytes))

    def _download_into(self, host):
        """Copies the array into `host`, a contiguous ndarray of the same dtype and length."""
        if host.nbytes:
            _ffi.check(_ffi.lib.cudapy_buffer_download(self._live_buffer(), 0, host.ctypes.data,
                                                       host.nbytes))

    def free(self):
        """Frees the device memory now; the array cannot be used afterwards."""
        self._release()
        self._buffer = None
        self._pointer = None

    def toHost(self):
        """A NumPy array holding a copy of the data."""
        host = np.empty(self._length, self._dtype)
        self._download_into(host)
        return host

    def toList(self):
        """A list of Python numbers holding a copy of the data."""
        return self.toHost().tolist()

    @property
    def dtype(self):
        return self._dtype

    @property
    def length(self):
        return self._length

    @property
    def shape(self):
        return (self._length,)

    @property
    def nbytes(self):
        return self._length * self._dtype.itemsize

    @property
    def pointer(self):
        """The device address of the first element."""
        self._live_buffer()
        return self._pointer

    def __len__(self):
        return self._length

    def __repr__(self):
        state = "" if self._buffer is not None else ", freed"
        return f"CudaArray(length={self._length}, dtype={self._dtype}{state})"
