"""ParPy's buffers: arrays kept in the backend's memory between calls, so that repeated calls
of jit functions copy nothing. A buffer of CompileBackend.Cuda is a cudapy device array (GPU
memory, or host memory for the CPU target and the interpreter); one of backend None is a NumPy
array on the host."""

from .. import array as _array
from .._lazy import numpy as np
from . import backend as _backend
from .options import CompileBackend
from .types import ElemSize


class DataType:
    """A buffer's element type."""

    __slots__ = ("elem",)

    def __init__(self, elem):
        self.elem = elem

    @staticmethod
    def from_elem_size(elem):
        """The DataType of a parpy.types element type."""
        if not isinstance(elem, ElemSize):
            raise TypeError(f"expected a parpy.types element type, got {elem!r}")
        return DataType(elem)

    @staticmethod
    def from_dtype(dtype):
        """The DataType of a NumPy dtype."""
        return DataType(ElemSize.from_dtype(dtype))

    def dtype(self):
        """The NumPy dtype."""
        return self.elem.dtype()

    def size(self):
        """The size of an element in bytes."""
        return self.elem.size()

    def __eq__(self, other):
        return isinstance(other, DataType) and other.elem == self.elem

    def __hash__(self):
        return hash(self.elem)

    def __repr__(self):
        return f"DataType({self.elem})"


def _check_backend(backend):
    if backend is not None and not isinstance(backend, CompileBackend):
        raise ValueError(f"Cannot convert to buffer of unknown backend {backend}")
    if backend == CompileBackend.Metal:
        raise ValueError("Cannot convert to buffer of backend Metal: cudapy has no Metal backend")
    return CompileBackend.Cuda if backend == CompileBackend.Auto else backend


def _on_device(host, backend):
    """The backend's copy of the host array `host`."""
    if backend is None or _backend.target() == "python":
        return np.array(host, copy=True)
    return _array.to_device(np.ascontiguousarray(host), target=_backend.target())


def _host_of(value):
    """A NumPy array of `value`'s elements on the host (a copy where it is elsewhere)."""
    if isinstance(value, np.ndarray):
        return value
    if hasattr(value, "__cuda_array_interface__"):
        if type(value).__module__.startswith("torch"):
            return value.detach().cpu().numpy()
        return np.asarray(_array.foreign_array(value).copy_to_host())
    return np.asarray(value)


class Buffer:
    """An array in a backend's memory: `numpy()` and `torch()` copy it out, `float()`, `int()`
    and `bool()` read a one-element buffer, `reshape` and `with_type` give views (a new copy
    where the element size changes), `sync()` waits for the work queued on it."""

    def __init__(self, data, backend, src=None):
        self._data = data
        self.backend = backend
        self.src = src

    @property
    def shape(self):
        """The buffer's shape."""
        return tuple(self._data.shape)

    @property
    def dtype(self):
        """The buffer's element type, a DataType."""
        return DataType.from_dtype(self._data.dtype)

    def size(self):
        """The buffer's size in bytes."""
        return int(np.prod(self.shape, dtype=np.int64)) * self._data.dtype.itemsize

    def sync(self):
        """Waits for the work queued on the buffer's device."""
        sync(self.backend)

    def numpy(self):
        """A NumPy copy of the buffer on the host."""
        data = self._data
        if isinstance(data, np.ndarray):
            return data.copy()
        return data.copy_to_host()

    def torch(self):
        """The buffer as a PyTorch tensor: on the GPU without a copy, else a CPU copy."""
        import torch
        data = self._data
        if isinstance(data, np.ndarray) or _backend.target() != "cuda":
            return torch.from_numpy(np.ascontiguousarray(self.numpy()))
        return torch.as_tensor(data, device="cuda")

    def _scalar(self):
        if int(np.prod(self.shape, dtype=np.int64)) != 1:
            raise ValueError(f"only a buffer of one element converts to a scalar; this one has "
                             f"shape {self.shape}")
        return self.numpy().reshape(())[()]

    def __float__(self):
        return float(self._scalar())

    def __int__(self):
        return int(self._scalar())

    def __bool__(self):
        return bool(self._scalar())

    def reshape(self, *shape):
        """A view of the buffer in another shape of as many elements."""
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        count = int(np.prod(shape, dtype=np.int64))
        if count != int(np.prod(self.shape, dtype=np.int64)) or any(n < 0 for n in shape):
            raise ValueError(f"Cannot reshape buffer of shape {self.shape} to {tuple(shape)}")
        return Buffer(self._data.reshape(shape), self.backend, self.src)

    def with_type(self, elem):
        """The buffer's elements as `elem`: a view where the size is the same and both are
        integers (a change of sign), else a converted copy."""
        dtype = ElemSize.dtype(elem)
        mine = self._data.dtype
        if dtype.itemsize == mine.itemsize and dtype.kind in "iu" and mine.kind in "iu":
            return Buffer(self._data.view(dtype), self.backend, self.src)
        host = self.numpy().astype(dtype)
        return Buffer(_on_device(host, self.backend), self.backend, self.src)

    @property
    def __cuda_array_interface__(self):
        if isinstance(self._data, np.ndarray) or _backend.target() != "cuda":
            raise AttributeError("a buffer in host memory has no __cuda_array_interface__")
        return self._data.__cuda_array_interface__

    def __repr__(self):
        return f"parpy.buffer.Buffer(shape={self.shape}, dtype={self.dtype}, backend={self.backend})"


def from_array(value, backend):
    """A buffer of `backend` holding a copy of the array `value` (NumPy, PyTorch, CuPy, ...);
    backend None keeps it on the host."""
    backend = _check_backend(backend)
    if isinstance(value, Buffer):
        return value
    return Buffer(_on_device(_host_of(value), backend), backend, src=value)


def _new(shape, dtype, backend, zeroed):
    backend = _check_backend(backend)
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    dtype = ElemSize.dtype(dtype)
    if backend is None or _backend.target() == "python":
        return Buffer((np.zeros if zeroed else np.empty)(shape, dtype), backend)
    make = _array.zeros if zeroed else _array.empty
    return Buffer(make(shape, dtype, target=_backend.target()), backend)


def empty(shape, dtype, backend):
    """A buffer of `shape` and element type `dtype` (parpy.types) with undefined contents."""
    return _new(shape, dtype, backend, False)


def zeros(shape, dtype, backend):
    """A buffer of `shape` and element type `dtype` filled with zeros."""
    return _new(shape, dtype, backend, True)


def empty_like(buffer):
    """A buffer of `buffer`'s shape, type and backend with undefined contents."""
    return empty(buffer.shape, buffer.dtype.elem, buffer.backend)


def zeros_like(buffer):
    """A buffer of `buffer`'s shape, type and backend filled with zeros."""
    return zeros(buffer.shape, buffer.dtype.elem, buffer.backend)


def sync(backend=None):
    """Waits for the work queued on the backend's device."""
    if _backend.target() == "cuda":
        from .._devices import synchronize
        synchronize()
