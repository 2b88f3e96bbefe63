"""The GPUs the library can see."""

import ctypes
from collections import namedtuple

from . import _ffi


class DeviceInfo(namedtuple("DeviceInfo", ["name", "compute_capability", "multiprocessors",
                                           "total_memory"])):
    """A GPU's name, compute capability (major, minor), multiprocessors and memory in bytes."""

    __slots__ = ()


def device_count():
    """The number of usable GPUs; 0 without a CUDA driver or GPU."""
    count = ctypes.c_int()
    _ffi.check(_ffi.lib.cudapy_device_count(ctypes.byref(count)))
    return count.value


def has_gpu():
    """Whether a CUDA GPU is usable (a driver and at least one GPU)."""
    return device_count() > 0


def device_info(ordinal=0):
    """The DeviceInfo of GPU `ordinal` (name, compute capability, multiprocessors, memory);
    NoDeviceError without a GPU, ValueError for an ordinal past the last."""
    if isinstance(ordinal, bool) or not isinstance(ordinal, int):
        raise TypeError(f"device_info(): the ordinal must be an int, got {type(ordinal).__name__}")
    if not 0 <= ordinal < 2 ** 31:
        raise ValueError(f"device_info(): there is no GPU {ordinal}")
    info = _ffi.DeviceInfo(size=ctypes.sizeof(_ffi.DeviceInfo))
    _ffi.check(_ffi.lib.cudapy_device_info_get(ordinal, ctypes.byref(info)))
    return DeviceInfo(name=info.name.decode("utf-8", "replace"),
                      compute_capability=(info.major, info.minor),
                      multiprocessors=info.multiprocessors, total_memory=info.total_memory)


def device_attribute(attribute, ordinal=0):
    """One attribute of GPU `ordinal`, numbered as CUDA's cudaDeviceAttr (and CUdevice_attribute)
    number them: 1 is the most threads a block may have."""
    value = ctypes.c_int()
    _ffi.check(_ffi.lib.cudapy_device_attribute(int(ordinal), int(attribute),
                                                ctypes.byref(value)))
    return value.value


def synchronize():
    """Waits for all work on the current GPU; a kernel's fault is raised as LaunchError."""
    _ffi.check(_ffi.lib.cudapy_synchronize())


def memory_info():
    """(free, total) bytes of the GPU's memory; NoDeviceError without a GPU."""
    free, total = ctypes.c_size_t(), ctypes.c_size_t()
    _ffi.check(_ffi.lib.cudapy_memory_info(ctypes.byref(free), ctypes.byref(total)))
    return free.value, total.value
