"""The devices kernels run on: the GPUs the library can see, and the devices the CPU target
simulates so that programs for several GPUs run and are tested without them. Each thread has
its own current device (the first until it selects another); arrays, streams, compiles and
launches of a thread are its current device's."""

import ctypes
import functools
import os
import threading
from collections import namedtuple

from . import _ffi, targets


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


@functools.cache
def _resident_threads_of(ordinal):
    return device_info(ordinal).multiprocessors * 2048


def resident_threads(target="cuda"):
    """The threads the current GPU runs at once (2048 on each multiprocessor); None for a
    host target or without a GPU. A grid-stride kernel needs no more threads than these."""
    if target != "cuda" or not has_gpu():
        return None
    return _resident_threads_of(_current_ordinal(_memory(target)))


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


class _Selection:
    """Whether any thread has made a device other than the first current through cudapy: until
    then every array and launch is on the first, and launches skip comparing devices."""

    __slots__ = ("several",)

    def __init__(self):
        self.several = False


selection = _Selection()

# The CPU target and the interpreter run every construct of the kernel language (warp
# collectives, 64-bit and float16 atomics, ...) as a GPU of this capability does.
HOST_TARGET_CAPABILITY = (9, 0)
_restore = threading.local()  # each thread's stack of devices to go back to, for `with`
_simulated_from_environment = False


def _memory(target):
    """The C ABI target whose devices `target` (a name or None) runs on."""
    memory = targets.memory_target(targets.resolve(target))
    if memory == _ffi.Target.CPU:
        _simulate_from_environment()
    return memory


def _simulate_from_environment():
    """$CUDAPY_HOST_DEVICES sets how many devices the CPU target simulates, once."""
    global _simulated_from_environment
    if _simulated_from_environment:
        return
    _simulated_from_environment = True
    given = os.environ.get("CUDAPY_HOST_DEVICES", "")
    if given:
        try:
            count = int(given)
        except ValueError:
            raise ValueError(f"CUDAPY_HOST_DEVICES must be a number of devices, got {given!r}") \
                from None
        simulate_devices(count)


def simulate_devices(count):
    """Makes the CPU target (and the interpreter) simulate `count` devices (1 to 64; one
    unless set, or $CUDAPY_HOST_DEVICES): each has its own arrays, in host memory, so that a
    program written for several GPUs runs, and is tested, on a machine without them."""
    global _simulated_from_environment
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"simulate_devices(): the count must be an int, got "
                        f"{type(count).__name__}")
    _simulated_from_environment = True
    _ffi.check(_ffi.lib.cudapy_host_device_count_set(count))


def _target_device_count(memory):
    count = ctypes.c_int()
    _ffi.check(_ffi.lib.cudapy_target_device_count(memory, ctypes.byref(count)))
    return count.value


def _current_ordinal(memory):
    ordinal = ctypes.c_int()
    _ffi.check(_ffi.lib.cudapy_target_device_current(memory, ctypes.byref(ordinal)))
    return ordinal.value


def _select(memory, ordinal):
    _ffi.check(_ffi.lib.cudapy_target_device_select(memory, ordinal))
    if ordinal != 0 and not selection.several:
        selection.several = True
        if memory == _ffi.Target.CUDA:
            _connect_gpus()


def _connect_gpus():
    """Lets every GPU's kernels reach every other's memory where they can, once a program uses
    several: an array given to a kernel on another GPU is then read there, not a fault."""
    count = _target_device_count(_ffi.Target.CUDA)
    reaches = ctypes.c_int()
    for ordinal in range(count):
        for peer in range(count):
            if peer != ordinal:
                _ffi.check(_ffi.lib.cudapy_device_peer_access(ordinal, peer,
                                                              ctypes.byref(reaches)))


class Device:
    """One device of a target: a GPU for "cuda", a simulated device for "cpu" and "python".

    `with cudapy.device(1):` makes it the thread's current device for the block and then
    restores the one before; arrays made, kernels launched and streams created inside are
    its. `id` (also `ordinal` and int(device)) is its number."""

    __slots__ = ("id", "target", "_memory")

    def __init__(self, ordinal=0, target=None):
        target = targets.resolve(target)
        memory = _memory(target)
        if isinstance(ordinal, bool) or not isinstance(ordinal, int):
            raise TypeError(f"Device(): the ordinal must be an int, got {type(ordinal).__name__}")
        count = _target_device_count(memory)
        if count == 0:
            from .errors import NoDeviceError
            raise NoDeviceError("no CUDA GPU was found")
        if not 0 <= ordinal < count:
            raise ValueError(f"there is no device {ordinal} on the {target} target; it has "
                             f"{count}")
        self.id = ordinal
        self.target = target
        self._memory = memory

    @property
    def ordinal(self):
        """The device's number, as `id`."""
        return self.id

    def __index__(self):
        return self.id

    __int__ = __index__

    def __eq__(self, other):
        if isinstance(other, Device):
            return self.id == other.id and self._memory == other._memory
        if isinstance(other, int) and not isinstance(other, bool):
            return self.id == other
        return NotImplemented

    def __hash__(self):
        return hash((self.id, self._memory))

    def __repr__(self):
        return f"<cudapy.Device {self.id} of the {self.target} target: {self.name}>"

    @property
    def info(self):
        """Its DeviceInfo (the host's cores, memory and the capability the CPU target
        behaves as, for a simulated device)."""
        if self._memory == _ffi.Target.CUDA:
            return device_info(self.id)
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        return DeviceInfo(f"cudapy {self.target} target",
                          HOST_TARGET_CAPABILITY, os.cpu_count() or 1, memory)

    @property
    def name(self):
        """The GPU's name as the driver reports it."""
        return self.info.name

    @property
    def compute_capability(self):
        """(major, minor)."""
        return self.info.compute_capability

    def use(self):
        """Makes the device the calling thread's current one (numba's select_device)."""
        _select(self._memory, self.id)
        return self

    def __enter__(self):
        stack = getattr(_restore, "stack", None)
        if stack is None:
            stack = _restore.stack = []
        stack.append(_current_ordinal(self._memory))
        self.use()
        return self

    def __exit__(self, *exception):
        _ffi.check(_ffi.lib.cudapy_target_device_select(self._memory, _restore.stack.pop()))

    def synchronize(self):
        """Waits for the work queued on the device."""
        if self._memory == _ffi.Target.CUDA:
            with self:
                synchronize()

    def can_access_peer(self, peer):
        """Whether this GPU's kernels can read and write GPU `peer`'s memory (enabling it when
        they can). Always true between simulated devices."""
        peer = int(peer)
        if self._memory != _ffi.Target.CUDA:
            return 0 <= peer < _target_device_count(self._memory)
        reaches = ctypes.c_int()
        _ffi.check(_ffi.lib.cudapy_device_peer_access(self.id, peer, ctypes.byref(reaches)))
        return bool(reaches.value)


def devices(target=None):
    """Every device of `target` (default $CUDAPY_TARGET, else "cuda"): the GPUs, or the
    devices the CPU target simulates. An empty list without a GPU."""
    memory = _memory(target)
    return [Device(ordinal, target) for ordinal in range(_target_device_count(memory))]


def device(ordinal=None, target=None):
    """Device `ordinal` of `target` (the current one when not given), for
    `with cudapy.device(1):`."""
    if ordinal is None:
        return current_device(target)
    if isinstance(ordinal, Device):
        return ordinal
    return Device(ordinal, target)


def current_device(target=None):
    """The calling thread's current device of `target`; NoDeviceError for "cuda" without a
    GPU."""
    memory = _memory(target)
    ordinal = _current_ordinal(memory)
    return Device(ordinal, target)


def select_device(ordinal, target=None):
    """Makes device `ordinal` of `target` the calling thread's current one, and gives it."""
    return device(ordinal, target).use()


def device_of_buffer(buffer):
    """The ordinal of the device a library buffer lies on."""
    return _ffi.lib.cudapy_buffer_device(buffer)


def memory_info():
    """(free, total) bytes of the GPU's memory; NoDeviceError without a GPU."""
    free, total = ctypes.c_size_t(), ctypes.c_size_t()
    _ffi.check(_ffi.lib.cudapy_memory_info(ctypes.byref(free), ctypes.byref(total)))
    return free.value, total.value
