"""DLPack: CudaArray.__dlpack__ hands an array to another library (CuPy, PyTorch, NumPy for the
CPU target's arrays) without a copy, and cudapy.from_dlpack() (in cudapy.array) takes one from
any object with __dlpack__, or from a "dltensor" capsule, through take().

The exchange follows the DLPack Python specification (unversioned "dltensor" capsules): the
producer wraps a DLManagedTensor in a capsule named "dltensor"; the consumer renames the capsule
"used_dltensor" and calls the tensor's deleter when it no longer needs the memory. A capsule
that nobody consumed calls the deleter when it is collected.

The prototypes here are of Python's C API (through a private handle on the interpreter, so that
other modules' prototypes of the same functions are left alone); cudapy's own are in _ffi.
"""

import ctypes
from typing import NamedTuple, Optional

from . import _ffi
from ._lazy import numpy as np
from .stream import LEGACY_DEFAULT_STREAM, wait_for_stream

KDL_CPU = 1
KDL_CUDA = 2
KDL_CUDA_HOST = 3
KDL_CUDA_MANAGED = 13

_KDL_INT, _KDL_UINT, _KDL_FLOAT, _KDL_BOOL = 0, 1, 2, 6
_CODES = {"i": _KDL_INT, "u": _KDL_UINT, "f": _KDL_FLOAT, "b": _KDL_BOOL}
_KINDS = {code: kind for kind, code in _CODES.items()}

_CAPSULE_NAME = b"dltensor"  # lives as long as the module: capsules keep a pointer to it
_USED_CAPSULE_NAME = b"used_dltensor"


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    pass


_Deleter = ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensor))
DLManagedTensor._fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                            ("deleter", _Deleter)]

_python = ctypes.PyDLL(ctypes.pythonapi._name, handle=ctypes.pythonapi._handle)
# The capsule destructor gets the dying capsule's address: not an object to hold on to.
_CapsuleDestructor = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
_python.PyCapsule_New.restype = ctypes.py_object
_python.PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _CapsuleDestructor]
_python.PyCapsule_IsValid.restype = ctypes.c_int
_python.PyCapsule_IsValid.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_python.PyCapsule_GetPointer.restype = ctypes.c_void_p
_python.PyCapsule_GetPointer.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_python.PyCapsule_SetName.restype = ctypes.c_int
_python.PyCapsule_SetName.argtypes = [ctypes.c_void_p, ctypes.c_char_p]


# ---- export -----------------------------------------------------------------------------------

class _Export:
    """What one exported DLManagedTensor needs alive until its deleter runs: the struct, its
    shape and strides, and the array (which keeps the memory)."""

    __slots__ = ("managed", "shape", "strides", "array")


_exports = {}  # address of the DLManagedTensor -> _Export, until the deleter runs


@_Deleter
def _delete_export(managed):
    _exports.pop(ctypes.addressof(managed.contents), None)


@_CapsuleDestructor
def _destroy_capsule(capsule):
    # Renamed "used_dltensor" when a consumer took it: the consumer calls the deleter then.
    if _python.PyCapsule_IsValid(capsule, _CAPSULE_NAME):
        address = _python.PyCapsule_GetPointer(capsule, _CAPSULE_NAME)
        _delete_export(ctypes.cast(address, ctypes.POINTER(DLManagedTensor)))


def device_of(array):
    """The (device type, device id) of a CudaArray: its GPU's ordinal; host memory is the
    CPU's, device 0, whichever device the CPU target simulates."""
    if array._launch_key[0] == _ffi.Target.CUDA:
        return KDL_CUDA, _ffi.lib.cudapy_buffer_device(array._live_buffer())
    return KDL_CPU, 0


def export(array, stream, dl_device, copy):
    """The "dltensor" capsule of a CudaArray, for its __dlpack__."""
    device = device_of(array)
    if copy:
        raise BufferError("cudapy's __dlpack__ shares the array's memory; copy=True is not "
                          "supported")
    if dl_device is not None and tuple(dl_device) != device:
        raise BufferError(f"the array is on DLPack device {device}, not {tuple(dl_device)}")
    if array._dtype.kind not in _CODES:
        raise BufferError(f"DLPack cannot describe {array._dtype}")
    pointer = array.pointer  # refuses a freed array
    if device[0] == KDL_CUDA:
        _order_for_consumer(array, stream)
    elif stream is not None:
        raise BufferError(f"__dlpack__(): a CPU array takes no stream, got {stream!r}")
    record = _Export()
    record.array = array
    ndim = array.ndim
    record.shape = (ctypes.c_int64 * max(ndim, 1))(*array.shape)
    record.strides = (ctypes.c_int64 * max(ndim, 1))(*array._element_strides)
    managed = DLManagedTensor()
    tensor = managed.dl_tensor
    tensor.data = pointer
    tensor.device = DLDevice(*device)
    tensor.ndim = ndim
    tensor.dtype = DLDataType(_CODES[array._dtype.kind], array._dtype.itemsize * 8, 1)
    tensor.shape = ctypes.cast(record.shape, ctypes.POINTER(ctypes.c_int64))
    tensor.strides = ctypes.cast(record.strides, ctypes.POINTER(ctypes.c_int64))
    tensor.byte_offset = 0
    managed.deleter = _delete_export
    record.managed = managed
    address = ctypes.addressof(managed)
    _exports[address] = record
    try:
        return _python.PyCapsule_New(address, _CAPSULE_NAME, _destroy_capsule)
    except BaseException:
        del _exports[address]
        raise


def _order_for_consumer(array, stream):
    """Makes the consumer's stream wait for the array's, as __dlpack__(stream=) asks."""
    if stream is None:
        stream = LEGACY_DEFAULT_STREAM
    if isinstance(stream, bool) or not isinstance(stream, (int, np.integer)):
        raise TypeError(f"__dlpack__(): the stream must be an int or None, got "
                        f"{type(stream).__name__}")
    if stream == -1:
        return  # the consumer orders the work itself
    if stream == 0 or stream < -1:
        raise ValueError(f"__dlpack__(): stream {stream} is not allowed; use None or 1 for the "
                         "legacy default stream, 2 for the per-thread one, or a cudaStream_t")
    producer = array._stream or LEGACY_DEFAULT_STREAM
    wait_for_stream(producer, int(stream))


# ---- import -----------------------------------------------------------------------------------

def _dtype_of(dtype):
    if dtype.lanes != 1 or dtype.code not in _KINDS:
        raise TypeError(f"DLPack data type (code {dtype.code}, {dtype.bits} bits, "
                        f"{dtype.lanes} lanes) has no cudapy element type")
    kind = _KINDS[dtype.code]
    try:
        return np.dtype("?" if kind == "b" else f"{kind}{dtype.bits // 8}")
    except TypeError:
        raise TypeError(f"DLPack data type (code {dtype.code}, {dtype.bits} bits) has no "
                        "cudapy element type") from None


class Tensor(NamedTuple):
    """A DLPack tensor taken from a producer, before the array that adopts it is made."""

    capsule: object        # the "dltensor" capsule, until mark_used() renames it
    address: int           # of its DLManagedTensor, for release()
    target: str            # "cuda" or "cpu"
    memory: int            # the _ffi.Target of its memory
    dtype: object          # np.dtype
    shape: tuple
    strides: Optional[tuple]  # in bytes; None: C-contiguous
    pointer: int


def take(obj):
    """The tensor of `obj` (an object with __dlpack__, or a "dltensor" capsule), checked: its
    device, element type, shape and strides are ones cudapy arrays have. The producer is asked
    to order its work before the legacy default stream, which cudapy's work on it then uses."""
    if type(obj).__name__ == "PyCapsule":
        capsule = obj
    else:
        if not hasattr(obj, "__dlpack__"):
            raise TypeError(f"from_dlpack() takes an object with __dlpack__ or a DLPack capsule, "
                            f"got {type(obj).__name__}")
        device_type = obj.__dlpack_device__()[0] if hasattr(obj, "__dlpack_device__") else None
        if device_type in (KDL_CUDA, KDL_CUDA_MANAGED):
            capsule = obj.__dlpack__(stream=LEGACY_DEFAULT_STREAM)
        else:
            capsule = obj.__dlpack__()
    capsule_address = id(capsule)
    if not _python.PyCapsule_IsValid(capsule_address, _CAPSULE_NAME):
        raise ValueError("from_dlpack(): not an unused \"dltensor\" capsule (a capsule is "
                         "consumed once)")
    address = _python.PyCapsule_GetPointer(capsule_address, _CAPSULE_NAME)
    tensor = ctypes.cast(address, ctypes.POINTER(DLManagedTensor)).contents.dl_tensor
    target, memory = _target_of(tensor.device)
    dtype = _dtype_of(tensor.dtype)
    shape = tuple(tensor.shape[axis] for axis in range(tensor.ndim))
    strides = None
    if tensor.strides:
        strides = tuple(tensor.strides[axis] * dtype.itemsize for axis in range(tensor.ndim))
    if any(extent < 0 for extent in shape):
        raise BufferError(f"from_dlpack(): the shape {shape} has a negative extent")
    return Tensor(capsule, address, target, memory, dtype, shape, strides,
                  (tensor.data or 0) + tensor.byte_offset)


def mark_used(tensor):
    """Renames the tensor's capsule, whose memory an array now owns: the capsule no longer
    calls the deleter; release() does, when the array lets the memory go."""
    _python.PyCapsule_SetName(id(tensor.capsule), _USED_CAPSULE_NAME)


def release(address):
    """Gives a taken tensor's memory back to its producer (its deleter runs)."""
    managed = ctypes.cast(address, ctypes.POINTER(DLManagedTensor))
    if managed.contents.deleter:
        managed.contents.deleter(managed)


def _target_of(device):
    """The target and memory of arrays on a DLPack device."""
    if device.device_type in (KDL_CUDA, KDL_CUDA_MANAGED):
        return "cuda", _ffi.Target.CUDA
    if device.device_type in (KDL_CPU, KDL_CUDA_HOST):
        return "cpu", _ffi.Target.CPU
    raise BufferError(f"from_dlpack(): DLPack device type {device.device_type} is neither a "
                      "CUDA GPU nor the CPU")
