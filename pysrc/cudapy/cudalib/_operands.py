"""The arrays cuBLAS, cuFFT and cuRAND are given: cudapy's device arrays as they are, other
libraries' GPU arrays (CuPy, PyTorch, numba) through __cuda_array_interface__ without a copy,
and host arrays (NumPy arrays, lists) copied to the GPU, their results copied back."""

import ctypes

from .. import _ffi
from .._lazy import numpy as np
from ..array import CudaArray, foreign_array
from ..errors import UnsupportedError
from ..stream import stream_handle


class Operand:
    """An array argument on the GPU: `view` (a CudaArray or a ForeignArray) and, when it was
    copied from the host, `host`, the NumPy array it came from."""

    __slots__ = ("view", "host")

    def __init__(self, view, host=None):
        self.view = view
        self.host = host

    @property
    def pointer(self):
        return self.view._pointer

    @property
    def shape(self):
        return self.view._shape

    @property
    def dtype(self):
        return self.view._dtype

    @property
    def strides(self):
        return self.view._strides

    @property
    def size(self):
        size = 1
        for extent in self.view._shape:
            size *= extent
        return size

    @property
    def c_contiguous(self):
        return self.view._c_contiguous

    @property
    def f_contiguous(self):
        return self.view._f_contiguous


def stream_of(stream, where):
    """The cudaStream_t of a `stream=` argument."""
    return stream_handle(stream, f"{where}: the stream")


def operand(value, name, where, stream):
    """`value` as an Operand on the GPU, ordered on `stream`. A CPU target's array is refused:
    NVIDIA's libraries run on the GPU only."""
    if isinstance(value, CudaArray):
        if value.target != "cuda":
            raise UnsupportedError(
                f"{where}: {name} is an array of the {value.target} target, in host memory; "
                "cuBLAS, cuFFT and cuRAND run on the GPU only (NumPy's numpy.fft, numpy.linalg "
                "and numpy.random do these on the CPU)")
        return Operand(value)
    foreign = foreign_array(value)
    if foreign is not None:
        if foreign.producer_stream is not None and foreign.producer_stream != stream:
            _ffi.check(_ffi.lib.cudapy_stream_wait_stream(stream, foreign.producer_stream))
        return Operand(foreign)
    if isinstance(value, (np.ndarray, list, tuple, np.generic, int, float, complex)):
        host = np.asarray(value)
        if host.dtype == object:
            raise TypeError(f"{where}: {name} must be an array of numbers")
        return Operand(CudaArray(host, target="cuda", stream=stream), host)
    raise TypeError(f"{where}: {name} must be a device array, a GPU array of another library "
                    f"or a NumPy array, got {type(value).__name__}")


def element_of(dtype, where, name, allowed=(np.float32, np.float64, np.complex64,
                                             np.complex128)):
    """The cudapy_element of a dtype, or a TypeError naming the argument."""
    dtype = np.dtype(dtype)
    elements = {np.dtype(np.float32): _ffi.Element.FLOAT32,
                np.dtype(np.float64): _ffi.Element.FLOAT64,
                np.dtype(np.complex64): _ffi.Element.COMPLEX64,
                np.dtype(np.complex128): _ffi.Element.COMPLEX128}
    if dtype not in [np.dtype(kind) for kind in allowed]:
        names = ", ".join(np.dtype(kind).name for kind in allowed)
        raise TypeError(f"{where}: {name} is {dtype.name}; it must be one of {names}")
    return elements[dtype]


def new_array(shape, dtype, stream, order="C"):
    """An uninitialized device array for a result."""
    return CudaArray.allocate(tuple(shape), np.dtype(dtype), target="cuda", order=order,
                              stream=stream)


def returned(result, operands, stream):
    """`result` (a device array) as the caller gets it: copied to the host when every array
    operand came from the host, as NumbaPro's functions give host arrays for host arrays."""
    if operands and all(each.host is not None for each in operands):
        return result.copy_to_host(stream=stream)
    return result


def write_back(target, stream):
    """Copies an in-place result into the host array it was copied from, if any."""
    if target.host is not None:
        target.view.copy_to_host(target.host, stream=stream)


def library_version(library):
    """(version, path) of an NVIDIA library (a cudapy._ffi.NvidiaLibrary), loading it."""
    version = ctypes.c_int()
    path = ctypes.c_void_p()
    _ffi.check(_ffi.lib.cudapy_nvidia_library_load(library, ctypes.byref(version),
                                                   ctypes.byref(path)))
    try:
        text = ctypes.string_at(path.value).decode() if path.value else ""
    finally:
        _ffi.lib.cudapy_string_free(path)
    return version.value, text
