"""PyCUDA's driver module over cudapy: devices and contexts, device memory and copies,
page-locked host memory, streams, events, modules and functions, and PyCUDA's exceptions.

cudapy works in each device's primary context (as the CUDA runtime does): a Context stands for
a device made current on a thread, push() and pop() keep PyCUDA's stack of them per thread, and
detach() releases nothing the device's other users hold. With CUDAPY_TARGET=cpu, device 0 is
the CPU target (no CUDA C++ runs there), so that array programs run without a GPU.
"""

import ctypes
import threading

import numpy as np

from .. import _ffi, errors, targets
from ..array import pinned_array
from .._launch import ArgumentHandler, In, InOut, Out
from ..cuda_source import Function, LoadedCode, _pointer_of
from .._devices import device_attribute as _attribute_of, device_count, device_info, memory_info
from ..stream import Event as _Event, Stream as _Stream, stream_handle


class Error(Exception):
    """PyCUDA's base of the driver's errors."""


class LogicError(Error):
    """A call the driver refused as wrong (a bad argument, an unknown name)."""


class LaunchError(Error):
    """A kernel faulted or could not be launched."""


class RuntimeError(Error):
    """The driver failed for another reason."""


class MemoryError(Error, MemoryError):  # noqa: A001 (PyCUDA's name)
    """The device ran out of memory."""


class CompileError(Error):
    """CUDA C++ that did not compile; `stdout`/`stderr` as PyCUDA's (the compiler's log)."""

    def __init__(self, msg, command_line=(), stdout=None, stderr=None):
        super().__init__(msg)
        self.msg, self.command_line, self.stdout, self.stderr = msg, command_line, stdout, stderr


def _name_table(text):
    return {name: int(value) for name, value in (item.split("=") for item in text.split())}


_DEVICE_ATTRIBUTES = (
    "MAX_THREADS_PER_BLOCK=1 MAX_BLOCK_DIM_X=2 MAX_BLOCK_DIM_Y=3 MAX_BLOCK_DIM_Z=4 "
    "MAX_GRID_DIM_X=5 MAX_GRID_DIM_Y=6 MAX_GRID_DIM_Z=7 MAX_SHARED_MEMORY_PER_BLOCK=8 "
    "TOTAL_CONSTANT_MEMORY=9 WARP_SIZE=10 MAX_PITCH=11 MAX_REGISTERS_PER_BLOCK=12 CLOCK_RATE=13 "
    "TEXTURE_ALIGNMENT=14 GPU_OVERLAP=15 MULTIPROCESSOR_COUNT=16 KERNEL_EXEC_TIMEOUT=17 "
    "INTEGRATED=18 CAN_MAP_HOST_MEMORY=19 COMPUTE_MODE=20 MAXIMUM_TEXTURE1D_WIDTH=21 "
    "MAXIMUM_TEXTURE2D_WIDTH=22 MAXIMUM_TEXTURE2D_HEIGHT=23 MAXIMUM_TEXTURE3D_WIDTH=24 "
    "MAXIMUM_TEXTURE3D_HEIGHT=25 MAXIMUM_TEXTURE3D_DEPTH=26 MAXIMUM_TEXTURE2D_LAYERED_WIDTH=27 "
    "MAXIMUM_TEXTURE2D_LAYERED_HEIGHT=28 MAXIMUM_TEXTURE2D_LAYERED_LAYERS=29 "
    "SURFACE_ALIGNMENT=30 CONCURRENT_KERNELS=31 ECC_ENABLED=32 PCI_BUS_ID=33 PCI_DEVICE_ID=34 "
    "TCC_DRIVER=35 MEMORY_CLOCK_RATE=36 GLOBAL_MEMORY_BUS_WIDTH=37 L2_CACHE_SIZE=38 "
    "MAX_THREADS_PER_MULTIPROCESSOR=39 ASYNC_ENGINE_COUNT=40 UNIFIED_ADDRESSING=41 "
    "MAXIMUM_TEXTURE1D_LAYERED_WIDTH=42 MAXIMUM_TEXTURE1D_LAYERED_LAYERS=43 CAN_TEX2D_GATHER=44 "
    "MAXIMUM_TEXTURE2D_GATHER_WIDTH=45 MAXIMUM_TEXTURE2D_GATHER_HEIGHT=46 "
    "MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE=47 MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE=48 "
    "MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE=49 PCI_DOMAIN_ID=50 TEXTURE_PITCH_ALIGNMENT=51 "
    "MAXIMUM_TEXTURECUBEMAP_WIDTH=52 MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH=53 "
    "MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS=54 MAXIMUM_SURFACE1D_WIDTH=55 "
    "MAXIMUM_SURFACE2D_WIDTH=56 MAXIMUM_SURFACE2D_HEIGHT=57 MAXIMUM_SURFACE3D_WIDTH=58 "
    "MAXIMUM_SURFACE3D_HEIGHT=59 MAXIMUM_SURFACE3D_DEPTH=60 MAXIMUM_SURFACE1D_LAYERED_WIDTH=61 "
    "MAXIMUM_SURFACE1D_LAYERED_LAYERS=62 MAXIMUM_SURFACE2D_LAYERED_WIDTH=63 "
    "MAXIMUM_SURFACE2D_LAYERED_HEIGHT=64 MAXIMUM_SURFACE2D_LAYERED_LAYERS=65 "
    "MAXIMUM_SURFACECUBEMAP_WIDTH=66 MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH=67 "
    "MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS=68 MAXIMUM_TEXTURE1D_LINEAR_WIDTH=69 "
    "MAXIMUM_TEXTURE2D_LINEAR_WIDTH=70 MAXIMUM_TEXTURE2D_LINEAR_HEIGHT=71 "
    "MAXIMUM_TEXTURE2D_LINEAR_PITCH=72 MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH=73 "
    "MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT=74 COMPUTE_CAPABILITY_MAJOR=75 "
    "COMPUTE_CAPABILITY_MINOR=76 MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH=77 "
    "STREAM_PRIORITIES_SUPPORTED=78 GLOBAL_L1_CACHE_SUPPORTED=79 LOCAL_L1_CACHE_SUPPORTED=80 "
    "MAX_SHARED_MEMORY_PER_MULTIPROCESSOR=81 MAX_REGISTERS_PER_MULTIPROCESSOR=82 "
    "MANAGED_MEMORY=83 MULTI_GPU_BOARD=84 MULTI_GPU_BOARD_GROUP_ID=85 "
    "HOST_NATIVE_ATOMIC_SUPPORTED=86 SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO=87 "
    "PAGEABLE_MEMORY_ACCESS=88 CONCURRENT_MANAGED_ACCESS=89 COMPUTE_PREEMPTION_SUPPORTED=90 "
    "CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM=91 CAN_USE_STREAM_MEM_OPS_V1=92 "
    "CAN_USE_64_BIT_STREAM_MEM_OPS_V1=93 CAN_USE_STREAM_WAIT_VALUE_NOR_V1=94 "
    "COOPERATIVE_LAUNCH=95 COOPERATIVE_MULTI_DEVICE_LAUNCH=96 "
    "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN=97 CAN_FLUSH_REMOTE_WRITES=98 HOST_REGISTER_SUPPORTED=99 "
    "PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES=100 DIRECT_MANAGED_MEM_ACCESS_FROM_HOST=101 "
    "VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED=102 HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED=103 "
    "HANDLE_TYPE_WIN32_HANDLE_SUPPORTED=104 HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED=105 "
    "MAX_BLOCKS_PER_MULTIPROCESSOR=106 GENERIC_COMPRESSION_SUPPORTED=107 "
    "MAX_PERSISTING_L2_CACHE_SIZE=108 MAX_ACCESS_POLICY_WINDOW_SIZE=109 "
    "GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED=110 RESERVED_SHARED_MEMORY_PER_BLOCK=111 "
    "SPARSE_CUDA_ARRAY_SUPPORTED=112 READ_ONLY_HOST_REGISTER_SUPPORTED=113 "
    "TIMELINE_SEMAPHORE_INTEROP_SUPPORTED=114 MEMORY_POOLS_SUPPORTED=115 "
    "GPU_DIRECT_RDMA_SUPPORTED=116 GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS=117 "
    "GPU_DIRECT_RDMA_WRITES_ORDERING=118 MEMPOOL_SUPPORTED_HANDLE_TYPES=119 CLUSTER_LAUNCH=120 "
    "DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED=121 CAN_USE_64_BIT_STREAM_MEM_OPS=122 "
    "CAN_USE_STREAM_WAIT_VALUE_NOR=123 DMA_BUF_SUPPORTED=124 IPC_EVENT_SUPPORTED=125 "
    "MEM_SYNC_DOMAIN_COUNT=126 TENSOR_MAP_ACCESS_SUPPORTED=127 HANDLE_TYPE_FABRIC_SUPPORTED=128 "
    "UNIFIED_FUNCTION_POINTERS=129 NUMA_CONFIG=130 NUMA_ID=131 MULTICAST_SUPPORTED=132 "
    "MPS_ENABLED=133 HOST_NUMA_ID=134 D3D12_CIG_SUPPORTED=135 MEM_DECOMPRESS_ALGORITHM_MASK=136 "
    "MEM_DECOMPRESS_MAXIMUM_LENGTH=137 VULKAN_CIG_SUPPORTED=138 GPU_PCI_DEVICE_ID=139 "
    "GPU_PCI_SUBSYSTEM_ID=140 HOST_NUMA_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED=141 "
    "HOST_NUMA_MEMORY_POOLS_SUPPORTED=142 HOST_NUMA_MULTINODE_IPC_SUPPORTED=143 "
    "HOST_MEMORY_POOLS_SUPPORTED=144 HOST_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED=145 "
    "HOST_ALLOC_DMA_BUF_SUPPORTED=146 ONLY_PARTIAL_HOST_NATIVE_ATOMIC_SUPPORTED=147 "
)


class _Names:
    """A PyCUDA enumeration: its members are attributes holding ints."""

    def __init__(self, table):
        self._table = table
        for name, value in table.items():
            setattr(self, name, value)

    def name_of(self, value):
        """The member's name that holds `value`; KeyError when none does."""
        for name, number in self._table.items():
            if number == value:
                return name
        raise KeyError(value)


device_attribute = _Names(_name_table(_DEVICE_ATTRIBUTES))
ctx_flags = _Names({"SCHED_AUTO": 0, "SCHED_SPIN": 1, "SCHED_YIELD": 2,
                    "SCHED_BLOCKING_SYNC": 4, "MAP_HOST": 8, "LMEM_RESIZE_TO_MAX": 16})
event_flags = _Names({"DEFAULT": 0, "BLOCKING_SYNC": 1, "DISABLE_TIMING": 2,
                      "INTERPROCESS": 4})
host_alloc_flags = _Names({"PORTABLE": 1, "DEVICEMAP": 2, "WRITECOMBINED": 4})
mem_attach_flags = _Names({"GLOBAL": 1, "HOST": 2, "SINGLE": 4})
func_cache = _Names({"PREFER_NONE": 0, "PREFER_SHARED": 1, "PREFER_L1": 2,
                     "PREFER_EQUAL": 3})
function_attribute = _Names({"MAX_THREADS_PER_BLOCK": 0, "SHARED_SIZE_BYTES": 1,
                             "CONST_SIZE_BYTES": 2, "LOCAL_SIZE_BYTES": 3, "NUM_REGS": 4,
                             "PTX_VERSION": 5, "BINARY_VERSION": 6,
                             "MAX_DYNAMIC_SHARED_SIZE_BYTES": 8})


def _on_cpu():
    return targets.resolve(None) == "cpu"


def init(flags=0):
    """Checks that a driver and a GPU are there (or that the CPU target is chosen)."""
    if not _on_cpu() and device_count() == 0:
        raise RuntimeError("cuInit failed: no CUDA-capable device is detected")


def get_version():
    """The CUDA version this cudapy speaks, as PyCUDA's (major, minor, 0)."""
    version = get_driver_version()
    return version // 1000, version % 1000 // 10, 0


def get_driver_version():
    """The installed driver's CUDA version, e.g. 13000 for 13.0 (0 without a driver)."""
    version = ctypes.c_int()
    _ffi.check(_ffi.lib.cudapy_driver_version(ctypes.byref(version)))
    return version.value


class Device:
    """A GPU by ordinal (or by PCI bus id string); with CUDAPY_TARGET=cpu, device 0 is the CPU
    target. Attributes read as methods (get_attribute) and as upper-case names."""

    def __init__(self, ordinal):
        if isinstance(ordinal, str):
            raise LogicError("cudapy finds devices by ordinal, not by PCI bus id")
        count = Device.count()
        if not 0 <= int(ordinal) < count:
            raise LogicError(f"there is no device {ordinal}; {count} found")
        self.ordinal = int(ordinal)

    @staticmethod
    def count():
        """The number of devices (on the CPU target, the devices it simulates)."""
        if _on_cpu():
            from .._devices import devices
            return len(devices("cpu"))
        return device_count()

    def name(self):
        """The device's name, as the driver reports it."""
        return "cudapy CPU target" if _on_cpu() else device_info(self.ordinal).name

    def compute_capability(self):
        """The (major, minor) compute capability; (0, 0) on the CPU target."""
        return (0, 0) if _on_cpu() else device_info(self.ordinal).compute_capability

    def total_memory(self):
        """The device's memory in bytes (the host's on the CPU target)."""
        if _on_cpu():
            import os
            return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        return device_info(self.ordinal).total_memory

    def pci_bus_id(self):
        """The device's PCI address as a string, 'domain:bus:device.0' in hexadecimal."""
        domain, bus, slot = (self.get_attribute(getattr(device_attribute, name))
                             for name in ("PCI_DOMAIN_ID", "PCI_BUS_ID", "PCI_DEVICE_ID"))
        return f"{domain:04x}:{bus:02x}:{slot:02x}.0"

    def get_attribute(self, attribute):
        """The value of a device_attribute member (an int) for this device."""
        if _on_cpu():
            raise LogicError("the CPU target has no CUDA device attributes")
        return _attribute_of(int(attribute), self.ordinal)

    def get_attributes(self):
        """Every attribute the driver reports, by device_attribute member."""
        if _on_cpu():
            return {}
        found = {}
        for name, number in device_attribute._table.items():
            try:
                found[_AttributeName(name, number)] = _attribute_of(number, self.ordinal)
            except errors.CudapyError:
                pass  # an attribute this driver does not know
        return found

    def __getattr__(self, name):
        number = device_attribute._table.get(name)
        if number is None:
            raise AttributeError(name)
        return self.get_attribute(number)

    def make_context(self, flags=0):
        """A Context of this device, pushed: current on this thread until popped."""
        context = Context(self)
        context.push()
        return context

    def retain_primary_context(self):
        """The device's primary context as a Context, not made current."""
        return Context(self)

    def __eq__(self, other):
        return isinstance(other, Device) and other.ordinal == self.ordinal

    def __hash__(self):
        return hash(self.ordinal)

    def __repr__(self):
        return f"<pycuda.driver.Device {self.ordinal}: {self.name()}>"


class _AttributeName(int):
    """A device_attribute member as get_attributes' keys print it."""

    def __new__(cls, name, number):
        made = super().__new__(cls, number)
        made.name = name
        return made

    def __str__(self):
        return self.name

    __repr__ = __str__


_stack = threading.local()


def _contexts():
    if not hasattr(_stack, "contexts"):
        _stack.contexts = []
    return _stack.contexts


def _select(device):
    from .._devices import _memory, _select as select
    select(_memory("cpu" if _on_cpu() else "cuda"), device.ordinal)


class Context:
    """A device made current on this thread (its primary context); PyCUDA's stack of them."""

    def __init__(self, device):
        self._device = device

    def push(self):
        """Makes the context current on this thread, above the one that was."""
        _contexts().append(self)
        _select(self._device)

    @staticmethod
    def pop():
        """Removes the current context of this thread, making the one below it current."""
        stack = _contexts()
        if not stack:
            raise LogicError("cannot pop a context: none is current on this thread")
        stack.pop()
        if stack:
            _select(stack[-1]._device)

    def detach(self):
        """Removes the context from this thread's stack; the device keeps its memory."""
        stack = _contexts()
        if self in stack:
            stack.remove(self)

    @staticmethod
    def get_current():
        """The context current on this thread, or None."""
        stack = _contexts()
        return stack[-1] if stack else None

    @staticmethod
    def get_device():
        """The Device of the current context (device 0 when none is current)."""
        stack = _contexts()
        return stack[-1]._device if stack else Device(0)

    @staticmethod
    def synchronize():
        """Waits for all work on the current device."""
        if not _on_cpu():
            from .._devices import synchronize
            synchronize()

    def get_api_version(self):
        """The driver's CUDA version, as get_driver_version()."""
        return get_driver_version()


class DeviceAllocation(_ffi.Owner):
    """Device memory of mem_alloc(): int() is its address; freed when collected or by
    free()."""

    __slots__ = ("_buffer", "_pointer", "size")

    def __init__(self, size):
        if size < 0:
            raise LogicError("cannot allocate a negative number of bytes")
        buffer = _ffi.buffer_p()
        _ffi.check(_ffi.lib.cudapy_buffer_new_on(_memory_target(), max(int(size), 1),
                                                 ctypes.byref(buffer)))
        self._buffer = buffer
        self._pointer = _ffi.lib.cudapy_buffer_pointer(buffer) or 0
        self.size = int(size)
        self._own(_ffi.lib.cudapy_buffer_delete, buffer)

    def free(self):
        """Frees the memory now, rather than when the object is collected."""
        self.close()

    def __int__(self):
        if self.closed:
            raise LogicError("the allocation was freed")
        return self._pointer

    __index__ = __int__

    def __repr__(self):
        return f"<pycuda.driver.DeviceAllocation 0x{self._pointer:x}, {self.size} bytes>"


def _memory_target():
    return _ffi.Target.CPU if _on_cpu() else _ffi.Target.CUDA


def mem_alloc(bytes):
    """`bytes` of device memory, a DeviceAllocation."""
    return DeviceAllocation(bytes)


def mem_get_info():
    """(free, total) bytes of the current device."""
    return memory_info()


def _wrapped(address, size):
    """A cudapy buffer over `size` bytes at a device address the caller owns."""
    buffer = _ffi.buffer_p()
    _ffi.check(_ffi.lib.cudapy_buffer_wrap(_memory_target(), ctypes.c_void_p(address), size,
                                           ctypes.byref(buffer)))
    return buffer


def _host_view(host, what):
    if isinstance(host, np.ndarray):
        if not (host.flags.c_contiguous or host.flags.f_contiguous):
            raise LogicError(f"{what}: the host array must be contiguous")
        return host
    return np.frombuffer(memoryview(host).cast("B"), np.uint8)


def _copy_in(dest, src, stream):
    host = _host_view(src, "memcpy_htod")
    buffer = _wrapped(_pointer_of(dest), host.nbytes)
    try:
        _ffi.check(_ffi.lib.cudapy_buffer_upload_async(buffer, 0, host.ctypes.data, host.nbytes,
                                                       stream))
    finally:
        _ffi.lib.cudapy_buffer_delete(buffer)


def _copy_out(dest, src, stream):
    host = _host_view(dest, "memcpy_dtoh")
    buffer = _wrapped(_pointer_of(src), host.nbytes)
    try:
        _ffi.check(_ffi.lib.cudapy_buffer_download_async(buffer, 0, host.ctypes.data,
                                                         host.nbytes, stream))
    finally:
        _ffi.lib.cudapy_buffer_delete(buffer)


def memcpy_htod(dest, src):
    """Copies a host buffer to a device address."""
    _copy_in(dest, src, 0)


def _wait_default_stream():
    """Waits for the legacy default stream (on the CPU target copies are done already)."""
    if not _on_cpu():
        _ffi.check(_ffi.lib.cudapy_stream_synchronize(0))


def memcpy_dtoh(dest, src):
    """Copies device memory into a host buffer and waits for it."""
    _copy_out(dest, src, 0)
    _wait_default_stream()


def memcpy_htod_async(dest, src, stream=None):
    """Copies a host buffer to a device address, ordered on `stream`."""
    _copy_in(dest, src, stream_handle(stream))


def memcpy_dtoh_async(dest, src, stream=None):
    """Copies device memory into a host buffer, ordered on `stream`."""
    _copy_out(dest, src, stream_handle(stream))


def memcpy_dtod(dest, src, size):
    """Copies `size` bytes between device addresses."""
    memcpy_dtod_async(dest, src, size, None)


def memcpy_dtod_async(dest, src, size, stream=None):
    """Copies `size` bytes between device addresses, ordered on `stream`."""
    target, source = _wrapped(_pointer_of(dest), size), _wrapped(_pointer_of(src), size)
    try:
        _ffi.check(_ffi.lib.cudapy_buffer_copy(target, 0, source, 0, size,
                                               stream_handle(stream)))
    finally:
        _ffi.lib.cudapy_buffer_delete(target)
        _ffi.lib.cudapy_buffer_delete(source)


def _memset(dest, value, count, dtype, stream):
    memcpy_htod_async(dest, np.full(count, value, dtype=dtype), stream)
    if stream is None:
        _wait_default_stream()


def memset_d8(dest, data, count):
    """Sets `count` bytes at a device address to `data`."""
    _memset(dest, data, count, np.uint8, None)


def memset_d16(dest, data, count):
    """Sets `count` 16-bit words at a device address to `data`."""
    _memset(dest, data, count, np.uint16, None)


def memset_d32(dest, data, count):
    """Sets `count` 32-bit words at a device address to `data`."""
    _memset(dest, data, count, np.uint32, None)


def memset_d8_async(dest, data, count, stream=None):
    """Sets `count` bytes at a device address, ordered on `stream`."""
    _memset(dest, data, count, np.uint8, stream)


def memset_d16_async(dest, data, count, stream=None):
    """Sets `count` 16-bit words at a device address, ordered on `stream`."""
    _memset(dest, data, count, np.uint16, stream)


def memset_d32_async(dest, data, count, stream=None):
    """Sets `count` 32-bit words at a device address, ordered on `stream`."""
    _memset(dest, data, count, np.uint32, stream)


def to_device(bf_obj):
    """A DeviceAllocation holding a copy of a host buffer."""
    host = _host_view(bf_obj, "to_device")
    allocation = mem_alloc(host.nbytes)
    memcpy_htod(allocation, host)
    return allocation


def from_device(devptr, shape, dtype, order="C"):
    """A host array of `shape` and `dtype` copied from a device address."""
    result = np.empty(shape, dtype, order=order)
    memcpy_dtoh(result, devptr)
    return result


def from_device_like(devptr, other_ary):
    """A host array like `other_ary` copied from a device address."""
    result = np.empty_like(other_ary)
    memcpy_dtoh(result, devptr)
    return result


def pagelocked_empty(shape, dtype, order="C", mem_flags=0):
    """An uninitialized host array in page-locked memory."""
    return pinned_array(shape, dtype, order=order)


def pagelocked_zeros(shape, dtype, order="C", mem_flags=0):
    """A page-locked host array of zeros."""
    result = pinned_array(shape, dtype, order=order)
    result.fill(0)
    return result


def pagelocked_empty_like(array, mem_flags=0):
    """An uninitialized page-locked host array like `array`."""
    return pinned_array(array.shape, array.dtype, "F" if array.flags.f_contiguous
                        and not array.flags.c_contiguous else "C")


def pagelocked_zeros_like(array, mem_flags=0):
    """A page-locked host array of zeros like `array`."""
    result = pagelocked_empty_like(array)
    result.fill(0)
    return result


def aligned_empty(shape, dtype, order="C", alignment=4096):
    """An uninitialized host array (NumPy's alignment serves every copy)."""
    return np.empty(shape, dtype, order=order)


class Stream(_Stream):
    """A new CUDA stream (PyCUDA's Stream(flags=0))."""

    __slots__ = ()

    def __init__(self, flags=0):
        if _on_cpu():
            super().__init__(0)  # the CPU target's copies are done on return
        else:
            self._open()

    def is_done(self):
        """Whether the work queued on the stream so far has finished."""
        return self.query()

    def wait_for_event(self, event):
        """Makes the stream's later work wait until `event` has happened."""
        self.wait_event(event)


class Event(_Event):
    """PyCUDA's Event: record() and synchronize() return the event; time_since/time_till
    give milliseconds."""

    __slots__ = ()

    def __init__(self, flags=0):
        super().__init__(timing=not flags & event_flags.DISABLE_TIMING)

    def record(self, stream=None):
        super().record(stream)
        return self

    def synchronize(self):
        super().synchronize()
        return self

    def time_since(self, event):
        """The milliseconds from the earlier `event` to this one."""
        return event.elapsed_time(self)

    def time_till(self, event):
        """The milliseconds from this event to the later `event`."""
        return self.elapsed_time(event)


def module_from_buffer(buffer, options=None, message_handler=None):
    """A module of compiled code (CUBIN, PTX or a fat binary) in memory."""
    return LoadedCode(buffer)


def module_from_file(filename):
    """A module of compiled code (CUBIN, PTX or a fat binary) read from a file."""
    with open(filename, "rb") as file:
        return LoadedCode(file.read())


__all__ = ["ArgumentHandler", "CompileError", "Context", "Device", "DeviceAllocation", "Error",
           "Event", "Function", "In", "InOut", "LaunchError", "LogicError", "MemoryError", "Out",
           "RuntimeError", "Stream", "aligned_empty", "ctx_flags", "device_attribute",
           "event_flags", "from_device", "from_device_like", "func_cache",
           "function_attribute", "get_driver_version", "get_version", "host_alloc_flags", "init",
           "mem_alloc", "mem_attach_flags", "mem_get_info", "memcpy_dtod", "memcpy_dtod_async",
           "memcpy_dtoh", "memcpy_dtoh_async", "memcpy_htod", "memcpy_htod_async", "memset_d16",
           "memset_d16_async", "memset_d32", "memset_d32_async", "memset_d8", "memset_d8_async",
           "module_from_buffer", "module_from_file", "pagelocked_empty",
           "pagelocked_empty_like", "pagelocked_zeros", "pagelocked_zeros_like", "to_device"]
