"""numba.cuda's vocabulary for cudapy: `from cudapy import cuda` in place of
`from numba import cuda` runs numba-style kernels through cudapy.

    from cudapy import cuda

    @cuda.jit
    def add(x, y, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = x[i] + y[i]

    add[blocks, threads_per_block](x, y, out)

`@cuda.jit` compiles a kernel for the types of the arguments of each call (one specialization
per combination of types, cached), or for the signature it is given
(`@cuda.jit("void(float32[:], float32[:, ::1])")`). The kernel's module-level numbers become
named constants, its module-level NumPy arrays constant arrays (`cuda.const.array_like`), and the
`@cuda.jit(device=True)` functions it calls, directly or through each other, its device
functions. Kernels run on the target given by `target=` ("cuda", "cpu" or "python"; the default
is $CUDAPY_TARGET, else "cuda"), chosen when the kernel is decorated.

The names kernels use (cuda.threadIdx, cuda.grid, cuda.shared.array, cuda.atomic.add,
cuda.syncthreads, ...) mean something only inside a kernel: on the host they raise RuntimeError.
Host functions: to_device, device_array, device_array_like, pinned_array,
pinned_array_like, mapped_array, mapped_array_like, is_cuda_array, as_cuda_array,
from_cuda_array_interface, synchronize, stream, event, default_stream, legacy_default_stream,
per_thread_default_stream, external_stream,
is_available, detect, get_current_device, gpus, select_device, list_devices. The
rest of numba.cuda's API raises AttributeError naming it.
"""

import importlib
import inspect
import sys
from types import SimpleNamespace
import numpy as np

from . import _ffi
from . import errors as _errors
from . import array as _array
from . import _devices as _device
from . import targets
from .array import CudaArray
from .closure import DeviceFunction
from .linking import CUSource, declare_device
from .numba_types import SCALAR_TYPES, from_dtype, signature_text, typeof, void
from ._compile import _Program, _options
from ._launch import In, InOut, Out
from .kernel import Dispatcher
from .reduction import Reduce
from .guvectorize import guvectorize as _any_target_guvectorize
from .vectorize import vectorize as _any_target_vectorize

# numba's decorator and class of full reductions: `@cuda.reduce def add(a, b): ...`.
reduce = Reduce

# The module: the package's attribute `stream` is the function cudapy.stream().
_stream = importlib.import_module(".stream", __package__)

__all__ = [
    "jit", "declare_device", "CUSource", "vectorize", "guvectorize", "reduce", "Reduce",
    "In", "Out", "InOut",
    "to_device", "device_array", "device_array_like", "pinned_array", "pinned_array_like",
    "mapped_array", "mapped_array_like", "managed_array", "is_cuda_array", "as_cuda_array",
    "from_cuda_array_interface",
    "synchronize",
    "stream", "event", "default_stream", "legacy_default_stream", "per_thread_default_stream",
    "external_stream", "is_available", "detect", "get_current_device", "gpus", "select_device",
    "list_devices",
    "compile_ptx", "compile_ptx_for_current_device", "compile",
    "threadIdx", "blockIdx", "blockDim", "gridDim", "grid", "gridsize", "laneid", "warpsize",
    "shared", "local", "const", "atomic", "cg", "fp16", "libdevice", "fma", "cbrt",
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128", "void", "from_dtype", "typeof",
    "cudadrv", "devicearray",
]

# Element types, as kernels name them (cuda.float32), as dtype= takes them, and as numba's
# type objects: float32[:] is an array type and void(float32[:], int32) a signature.
bool_, float16, float32, float64 = (SCALAR_TYPES[name] for name in
                                    ("bool_", "float16", "float32", "float64"))
complex64, complex128 = SCALAR_TYPES["complex64"], SCALAR_TYPES["complex128"]
int8, int16, int32, int64 = (SCALAR_TYPES[name] for name in ("int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (SCALAR_TYPES[name] for name in
                                 ("uint8", "uint16", "uint32", "uint64"))


# ---- names with a meaning inside kernels only ----------------------------------------------

# What each function of the kernel language does, as its docstring says it on the host.
_KERNEL_DOCS = {
    "grid": "grid(n): the thread's global index, an int for n=1, else a tuple of n ints.",
    "gridsize": "gridsize(n): the threads in the whole grid along 1 to n axes (the stride of "
                "a grid-stride loop).",
    "fma": "fma(a, b, c): a * b + c rounded once.",
    "cbrt": "cbrt(x): the real cube root of x.",
    "syncthreads": "syncthreads(): waits until every thread of the block has reached it; "
                   "memory written before it is seen by the block after it.",
    "syncthreads_count": "syncthreads_count(predicate): syncthreads(), returning how many "
                         "threads of the block gave a true predicate.",
    "syncthreads_and": "syncthreads_and(predicate): syncthreads(), returning whether every "
                       "thread of the block gave a true predicate.",
    "syncthreads_or": "syncthreads_or(predicate): syncthreads(), returning whether any thread "
                      "of the block gave a true predicate.",
    "syncwarp": "syncwarp(mask=0xFFFFFFFF): waits for the warp's lanes in mask.",
    "threadfence": "threadfence(): the thread's memory writes before it are seen by every "
                   "thread of the GPU before its writes after it.",
    "threadfence_block": "threadfence_block(): threadfence() for the threads of the block.",
    "threadfence_system": "threadfence_system(): threadfence() for the GPU, the host and "
                          "other GPUs.",
    "shfl_sync": "shfl_sync(mask, value, lane): the value of `lane` in the warp (lanes in "
                 "mask all call it).",
    "shfl_up_sync": "shfl_up_sync(mask, value, delta): the value of the lane delta below "
                    "(its own below delta).",
    "shfl_down_sync": "shfl_down_sync(mask, value, delta): the value of the lane delta "
                      "above (its own past the warp's end).",
    "shfl_xor_sync": "shfl_xor_sync(mask, value, lane_mask): the value of lane (laneid ^ "
                     "lane_mask).",
    "all_sync": "all_sync(mask, predicate): whether every lane in mask gave a true "
                "predicate.",
    "any_sync": "any_sync(mask, predicate): whether any lane in mask gave a true predicate.",
    "eq_sync": "eq_sync(mask, predicate): whether the lanes in mask all gave the same "
               "predicate.",
    "match_any_sync": "match_any_sync(mask, value): a uint32 of the lanes in mask whose value "
                      "equals this lane's.",
    "match_all_sync": "match_all_sync(mask, value): (the lanes of mask if all their values are "
                      "equal, else 0; whether they are).",
    "ballot_sync": "ballot_sync(mask, predicate): a uint32 whose bit i says lane i gave a "
                   "true predicate.",
    "activemask": "activemask(): a uint32 of the warp's lanes running this call.",
    "lanemask_lt": "lanemask_lt(): a uint32 of the lanes below this one.",
    "popc": "popc(x): the number of set bits of an integer.",
    "brev": "brev(x): the integer with its bits in reverse order.",
    "clz": "clz(x): the number of zero bits above the highest set bit.",
    "ffs": "ffs(x): the position, from 1, of the lowest set bit; 0 for 0.",
    "assume_aligned": "assume_aligned(array, bytes): cudapy's own: the array's data lies on a "
                      "multiple of bytes (a literal power of two), so that neighbouring elements "
                      "load and store together; ValueError where it does not.",
    "cg.this_grid": "cg.this_grid(): the grid group, whose sync() waits for every thread of "
                    "the grid (a kernel using it is launched cooperatively).",
    "shared.array": "shared.array(shape, dtype): an array in the block's shared memory "
                    "(shape 0: the launch's dynamic shared memory).",
    "local.array": "local.array(shape, dtype): an array of the thread's own.",
    "const.array_like": "const.array_like(array): a module's NumPy array, in the GPU's "
                        "constant memory.",
}
_ATOMIC_DOCS = {
    "add": "adds value", "sub": "subtracts value", "min": "stores the smaller",
    "max": "stores the larger", "nanmin": "stores the smaller, a NaN counting as missing",
    "nanmax": "stores the larger, a NaN counting as missing",
    "and_": "ands value in", "or_": "ors value in",
    "xor": "xors value in", "exch": "stores value", "inc": "counts up to value, then from 0",
    "dec": "counts down from value to 0, then from value",
}


# numba's cache-hinted loads and stores, by PTX's cache operators.
_CACHE_HINTS = {
    "ldca": "cached in L1 and L2", "ldcg": "cached in L2 only", "ldcs": "streaming: likely "
    "read once", "ldlu": "the last use of the line", "ldcv": "fetched again, never cached",
    "stcg": "cached in L2 only", "stcs": "streaming: likely written once", "stwb":
    "written back", "stwt": "written through to system memory",
}


def _kernel_doc(name):
    found = _KERNEL_DOCS.get(name)
    if found is not None:
        return found
    hint = _CACHE_HINTS.get(name)
    if hint is not None:
        if name.startswith("ld"):
            return f"{name}(array, index): the element, loaded {hint} (PTX ld.global.{name[2:]})."
        return (f"{name}(array, index, value): stores value into the element, {hint} (PTX "
                f"st.global.{name[2:]}).")
    space, _, operation = name.partition(".")
    if space == "fp16":
        return f"fp16.{operation}: numba's function of float16 values (see docs/numba.md)."
    if space == "libdevice":
        return f"libdevice.{operation}: CUDA's libdevice function (see docs/numba.md)."
    if operation == "load":
        return ("atomic.load(array, index): the element as the GPU's memory holds it, never a "
                "stale cached copy: for flags that other blocks set.")
    if operation in ("cas", "compare_and_swap"):
        return (f"atomic.{operation}(array, {'index, ' if operation == 'cas' else ''}old, "
                "value): stores value where the element equals old; returns the element it "
                "found.")
    return (f"atomic.{operation}(array, index, value): {_ATOMIC_DOCS[operation]} at "
            "array[index] atomically; returns the element it found.")


def _device_function(name):
    """A function of the kernel language: calling it on the host is an error."""
    def function(*args, **kwargs):
        raise RuntimeError(f"cuda.{name}() can only be called inside a kernel")
    function.__name__ = function.__qualname__ = name.rpartition(".")[2]
    function.__module__ = __name__
    function.__doc__ = _kernel_doc(name) + " (Inside kernels only.)"
    function.kernel_language_name = name  # what a kernel that is passed the function calls
    return function


class _ThreadIndex:
    """cuda.threadIdx, blockIdx, blockDim and gridDim: x, y and z exist inside kernels only."""

    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def _refuse(self, axis):
        raise RuntimeError(f"cuda.{self._name}.{axis} can only be read inside a kernel")

    x = property(lambda self: self._refuse("x"), doc="The index or count along x (inside "
                 "kernels only).")
    y = property(lambda self: self._refuse("y"), doc="The index or count along y (inside "
                 "kernels only).")
    z = property(lambda self: self._refuse("z"), doc="The index or count along z (inside "
                 "kernels only).")

    def __repr__(self):
        return f"<cuda.{self._name}: read inside kernels only>"


class _KernelValue:
    """cuda.laneid and cuda.warpsize: values inside kernels only; using one on the host is an
    error."""

    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def _refuse(self, *args):
        raise RuntimeError(f"cuda.{self._name} can only be read inside a kernel")

    def __repr__(self):
        return f"<cuda.{self._name}: read inside kernels only>"


for _operation in ("index", "int", "float", "bool", "neg", "pos", "abs", "invert", "lt", "le",
                   "gt", "ge", "add", "sub", "mul", "truediv", "floordiv", "mod", "pow",
                   "lshift", "rshift", "and", "or", "xor", "radd", "rsub", "rmul", "rtruediv",
                   "rfloordiv", "rmod", "rpow", "rlshift", "rrshift", "rand", "ror", "rxor"):
    setattr(_KernelValue, f"__{_operation}__", _KernelValue._refuse)
del _operation


class _Namespace:
    """cuda.shared, cuda.local, cuda.const and cuda.atomic: functions of the kernel language;
    numba's others are refused by name."""

    def __init__(self, name, functions):
        self._name = name
        for function in functions:
            setattr(self, function, _device_function(f"{name}.{function}"))

    def __getattr__(self, attribute):
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        raise AttributeError(f"cuda.{self._name}.{attribute} is not supported by cudapy")

    def __repr__(self):
        return f"<cuda.{self._name}>"


threadIdx = _ThreadIndex("threadIdx")
blockIdx = _ThreadIndex("blockIdx")
blockDim = _ThreadIndex("blockDim")
gridDim = _ThreadIndex("gridDim")
laneid = _KernelValue("laneid")
warpsize = _KernelValue("warpsize")

shared = _Namespace("shared", ["array"])
local = _Namespace("local", ["array"])
const = _Namespace("const", ["array_like"])
atomic = _Namespace("atomic", [builtin.name.partition(".")[2] for builtin in _ffi.BUILTINS
                               if builtin.group == _ffi.BuiltinGroup.ATOMIC])

grid = _device_function("grid")
gridsize = _device_function("gridsize")
fma = _device_function("fma")
cbrt = _device_function("cbrt")

# numba's cooperative groups: `g = cuda.cg.this_grid()`, then `g.sync()` waits for the grid.
cg = _Namespace("cg", ["this_grid"])


# numba's libdevice functions that kernels call: the library's list.
libdevice = _Namespace("libdevice", _ffi.LIBDEVICE_NAMES)

# numba's functions of float16 values (the translation lists them in its error for another name).
fp16 = _Namespace("fp16", ["habs", "hadd", "hceil", "hcos", "hdiv", "heq", "hexp", "hexp10",
                           "hexp2", "hfloor", "hfma", "hge", "hgt", "hle", "hlog", "hlog10",
                           "hlog2", "hlt", "hmax", "hmin", "hmul", "hne", "hneg", "hrcp",
                           "hrint", "hrsqrt", "hsin", "hsqrt", "hsub", "htrunc"])

# The library's barriers, warp collectives and bit functions (cuda.syncthreads, ...).
for _builtin in _ffi.BUILTINS:
    if _builtin.group != _ffi.BuiltinGroup.ATOMIC and "." not in _builtin.name:
        globals()[_builtin.name] = _device_function(_builtin.name)
        __all__.append(_builtin.name)
del _builtin


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    raise AttributeError(f"cuda.{name} is not supported by cudapy")


# ---- host functions ------------------------------------------------------------------------

def to_device(obj, stream=0, copy=True, to=None, target=None):
    """A CudaArray holding a copy of `obj` (a NumPy array, or anything np.asarray takes), in the
    memory of `target`'s kernels (default: $CUDAPY_TARGET, else "cuda"); with `to`, the data is
    copied into that CudaArray instead, which is returned. copy=False allocates without copying.
    With a stream the copy is ordered on it (see CudaArray)."""
    host = obj if isinstance(obj, np.ndarray) else np.asarray(obj)
    if to is not None:
        to.copy_to_device(host, stream=stream)
        return to
    if copy:
        return CudaArray(host, target=target, stream=stream)
    return device_array_like(host, stream=stream, target=target)


def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0, target=None):
    """An uninitialized CudaArray of `shape` and `dtype` (float64 unless given, as numba's),
    C or Fortran `order` or `strides` in bytes, in the memory of `target`'s kernels; `stream`
    becomes its stream."""
    return CudaArray.allocate(shape, dtype, target=target, strides=strides, order=order,
                              stream=stream)


def _strides_like(ary):
    """Contiguous strides for an array shaped as `ary` whose axes are ordered in memory as
    `ary`'s are (NumPy's order="K", as np.empty_like lays out a view)."""
    shape, itemsize = ary.shape, ary.dtype.itemsize
    # Slowest-moving axis first; ties keep C order.
    axes = sorted(range(len(shape)), key=lambda axis: (-abs(ary.strides[axis]), axis))
    strides = [0] * len(shape)
    step = itemsize
    for axis in reversed(axes):
        strides[axis] = step
        step *= max(shape[axis], 1)
    return tuple(strides)


def device_array_like(ary, stream=0, target=None):
    """An uninitialized CudaArray of the shape and dtype of `ary` (a NumPy array or a
    CudaArray), contiguous, its axes ordered in memory as `ary`'s (C order for a C-ordered
    array, Fortran order for a Fortran-ordered one)."""
    return CudaArray.allocate(ary.shape, ary.dtype, target=target, strides=_strides_like(ary),
                              stream=stream)


def pinned_array(shape, dtype=np.float64, strides=None, order="C"):
    """A NumPy array in page-locked host memory, for asynchronous copies (an ordinary one
    without a GPU); float64 unless given, as numba's; laid out by `strides` in bytes, or in
    `order`."""
    return _array.pinned_array(shape, dtype, order, strides)


def pinned_array_like(ary):
    """A page-locked host array of `ary`'s shape and dtype, uninitialized, its axes ordered in
    memory as `ary`'s, as numba's."""
    return pinned_array(ary.shape, ary.dtype, strides=_strides_like(ary))


def mapped_array(shape, dtype=np.float64, strides=None, order="C", stream=0, portable=False,
                 wc=False):
    """numba's mapped array: a NumPy array in page-locked host memory that kernels read and
    write in place (a launch copies nothing; the host sees the stores once the kernel has
    finished, e.g. after cuda.synchronize()). float64 unless given. Every such array is
    portable across GPUs; `wc` (write-combined) is a hint cudapy does not take."""
    return _array.mapped_array(shape, dtype, strides, order, stream)


def mapped_array_like(ary, stream=0, portable=False, wc=False):
    """A mapped array of `ary`'s shape and dtype, its axes ordered in memory as `ary`'s."""
    return mapped_array(ary.shape, ary.dtype, strides=_strides_like(ary), stream=stream)


def managed_array(shape, dtype=np.float64, strides=None, order="C", stream=0,
                  attach_global=True):
    """numba's managed array: a NumPy array in managed memory, which the host and the GPU's
    kernels both use in place (a launch copies nothing; the host sees the stores once the
    kernel has finished). float64 unless given. The memory is attached globally, so every
    stream may use it; attach_global=False is refused rather than ignored."""
    if not attach_global:
        raise NotImplementedError("managed_array(attach_global=False): cudapy attaches managed "
                                  "memory to every stream")
    return _array.managed_array(shape, dtype, strides, order, stream)


def auto_device(obj, stream=0, copy=True):
    """numba's auto_device: (a device array of `obj`, whether it was copied there). A
    device array (anything with __cuda_array_interface__) is used as it is; anything else
    np.asarray takes is copied to the GPU (or only allocated there, without `copy`)."""
    if isinstance(obj, CudaArray):
        return obj, False
    if is_cuda_array(obj):
        return as_cuda_array(obj), False
    return to_device(obj, stream=stream, copy=copy), True


# numba's modules behind its host API, as programs name their classes
# (cuda.cudadrv.driver.Stream, cuda.devicearray.DeviceNDArray): cudapy's own.
devicearray = SimpleNamespace(DeviceNDArray=CudaArray, auto_device=auto_device,
                              is_cuda_ndarray=lambda obj: isinstance(obj, CudaArray))


def is_cuda_array(obj):
    """Whether `obj` is an array in GPU memory: one with __cuda_array_interface__."""
    return hasattr(obj, "__cuda_array_interface__")


def as_cuda_array(obj, sync=True):
    """A CudaArray sharing the GPU memory of `obj` (a CuPy array, a PyTorch tensor, anything
    with __cuda_array_interface__), without a copy; `obj` stays alive while it is used. With
    `sync`, the producer's stream the interface names is waited for."""
    interface = getattr(obj, "__cuda_array_interface__", None)
    if interface is None:
        raise TypeError(f"as_cuda_array() takes an object with __cuda_array_interface__, got "
                        f"{type(obj).__name__}")
    return from_cuda_array_interface(interface, owner=obj, sync=sync)


def from_cuda_array_interface(desc, owner=None, sync=True):
    """A CudaArray over the GPU memory that the __cuda_array_interface__ dict `desc`
    describes, kept alive through `owner`; see as_cuda_array."""
    if desc.get("mask") is not None:
        raise NotImplementedError("Masked arrays are not supported (the interface gives a 'mask')")
    return _array.from_cuda_array_interface(desc, owner, sync)


stream = _stream.stream
event = _stream.event
default_stream = _stream.default_stream
legacy_default_stream = _stream.legacy_default_stream
per_thread_default_stream = _stream.per_thread_default_stream
external_stream = _stream.external_stream


def synchronize():
    """Waits for all work on the GPU; a kernel's fault is raised as LaunchError."""
    _device.synchronize()


def is_available():
    """Whether there is a usable CUDA GPU."""
    return _device.device_count() > 0


class Device(_device.Device):
    """numba's device: a GPU (a simulated device on a host target) with its id, name,
    compute_capability, MULTIPROCESSOR_COUNT and total_memory; `with cuda.gpus[1]:` makes it
    current for the block."""

    __slots__ = ()

    @property
    def MULTIPROCESSOR_COUNT(self):
        """Its multiprocessors (the host's cores on a host target)."""
        return self.info.multiprocessors

    @property
    def total_memory(self):
        """Its memory in bytes."""
        return self.info.total_memory


HOST_TARGET_CAPABILITY = _device.HOST_TARGET_CAPABILITY


class _GPUs:
    """numba's cuda.gpus: the devices by index (`cuda.gpus[1]`, `len(cuda.gpus)`, iteration),
    each a context manager making it current; `cuda.gpus.current` is the current one."""

    def __len__(self):
        return len(_device.devices(targets.resolve()))

    def __getitem__(self, ordinal):
        return Device(ordinal, targets.resolve())

    def __iter__(self):
        return iter([Device(device.id, device.target)
                     for device in _device.devices(targets.resolve())])

    @property
    def current(self):
        """The calling thread's current device."""
        return get_current_device()


gpus = _GPUs()


def select_device(ordinal):
    """Makes device `ordinal` current on the calling thread, and gives it."""
    return gpus[ordinal].use()


def list_devices():
    """Every device (numba's cuda.list_devices())."""
    return list(gpus)


cudadrv = SimpleNamespace(
    driver=SimpleNamespace(Stream=_stream.Stream, Event=_stream.Event, Device=Device,
                           CudaAPIError=_errors.CudaError),
    devicearray=devicearray)


def _device_target(target):
    """Where numba.cuda's ufuncs of `target` run: the GPU for numba's GPU names (and none),
    or the CPU target when $CUDAPY_TARGET makes a host target the default, as numba's
    simulator runs them; any other target as named."""
    if target not in (None, "cuda", "gpu"):
        return target
    return "cuda" if targets.resolve() == "cuda" else "cpu"


def vectorize(signatures=None, target=None, **options):
    """numba.cuda.vectorize (also numba.vectorize with target="cuda"): cudapy.vectorize on
    the GPU unless another target is given (the CPU target when $CUDAPY_TARGET is a host
    target)."""
    return _any_target_vectorize(signatures, _device_target(target), **options)


def guvectorize(signatures, layout, target=None, **options):
    """numba.cuda.guvectorize: cudapy.guvectorize on the GPU unless another target is given
    (the CPU target when $CUDAPY_TARGET is a host target)."""
    return _any_target_guvectorize(signatures, layout, _device_target(target), **options)


def get_current_device():
    """The calling thread's current device: a GPU (NoDeviceError without one), or, when
    $CUDAPY_TARGET makes the CPU target or the interpreter the default, one of the devices it
    simulates, described as numba's simulator describes its device: the host's cores as
    multiprocessors, its memory, and HOST_TARGET_CAPABILITY."""
    target = targets.resolve()
    return Device(_device.current_device(target).id, target)


def detect():
    """Prints the GPUs found; returns whether there is one."""
    count = _device.device_count()
    print(f"Found {count} CUDA devices")
    for ordinal in range(count):
        info = _device.device_info(ordinal)
        major, minor = info.compute_capability
        print(f"id {ordinal}    {info.name}    compute capability {major}.{minor}")
    return count > 0


# ---- device functions and kernels -----------------------------------------------------------

# numba's options that cudapy does what they ask anyway: compiled code is always cached on disk
# and always optimized; the device functions a kernel calls are compiled with it, in one
# translation unit, where NVRTC inlines them (what numba's inline="always", forceinline=True and
# link-time optimization, lto=True, achieve), and numba's inline="never" leaves NVRTC's own
# inlining alone, as it leaves LLVM's.
_IMPLIED_OPTIONS = ("cache", "opt", "inline", "forceinline", "lto")

# numba's names of shared memory carveouts, as percents (-1: the driver's choice).
_CARVEOUTS = {"MaxL1": 0, "MaxShared": 100, "default": -1}


def _carveout(value):
    """numba's shared_memory_carveout as a percent: "MaxL1", "MaxShared", "default" or an int
    from -1 (the driver's choice) to 100."""
    if isinstance(value, str):
        if value not in _CARVEOUTS:
            raise ValueError(f"Invalid carveout value {value!r}: give 'MaxL1', 'MaxShared', "
                             "'default' or a percent from -1 to 100")
        return _CARVEOUTS[value]
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"shared_memory_carveout takes a name or an int, got {value!r}")
    if not -1 <= value <= 100:
        raise ValueError(f"shared_memory_carveout must be between -1 and 100, got {value}")
    return int(value)


def jit(func_or_sig=None, device=False, debug=False, fastmath=False, lineinfo=False,
        max_registers=None, launch_bounds=None, target=None, compiler=None, link=None,
        shared_memory_carveout=None, **numba_options):
    """`@cuda.jit`, `@cuda.jit("void(float32[:], int32)")` (or numba's type objects:
    `@cuda.jit(void(float32[:], int32))`, `@cuda.jit((float32[:], int32))`),
    `@cuda.jit(device=True)` and the options: debug (check asserts; KernelAssertionError when
    one fails), fastmath, lineinfo, max_registers, launch_bounds (max threads per block, or
    (that, min blocks per multiprocessor[, max blocks per cluster])), target ("cuda", "cpu",
    "python"; default $CUDAPY_TARGET, else "cuda"), compiler ("nvrtc", "nvcc"; default
    $CUDAPY_COMPILER, else NVRTC), link (CUDA C++ source text or .cu files defining the
    functions of `declare_device` the kernel calls),
    shared_memory_carveout (the share of L1 and shared memory the kernel prefers as shared:
    "MaxL1", "MaxShared", "default" or a percent). numba's cache, opt, inline, forceinline and
    lto are taken: cudapy caches and optimizes always, and compiles device functions with their
    kernel, where NVRTC inlines them."""
    for option in numba_options:
        if option not in _IMPLIED_OPTIONS:
            raise TypeError(f"cuda.jit(): the option {option}= is not supported by cudapy")
    if shared_memory_carveout is not None and device:
        raise TypeError("cuda.jit(device=True) takes no shared_memory_carveout: give it to the "
                        "kernels")
    if device and link is not None:
        raise TypeError("cuda.jit(device=True): give link= to the kernels that call the device "
                        "function, or to declare_device()")
    options = _options(fastmath, lineinfo, debug, max_registers, launch_bounds, compiler,
                       link)._replace(numba_typing=True)
    if shared_memory_carveout is not None:
        options = options._replace(shared_memory_carveout=_carveout(shared_memory_carveout))
    if not device:
        targets.resolve(target)

    def decorate(function, signature=None):
        if not inspect.isfunction(function):
            raise TypeError(f"cuda.jit() takes a function, got {type(function).__name__}")
        if device:
            return DeviceFunction(function, signature)
        return Dispatcher(function, signature, options, target)

    if inspect.isfunction(func_or_sig):
        return decorate(func_or_sig)
    if isinstance(func_or_sig, list):  # numba's list of signatures, one kernel each
        signatures = [_device_signature(item) if device else _signature(item)
                      for item in func_or_sig]
        if not signatures:
            raise TypeError("cuda.jit() takes a list of one signature or more, got []")
        return lambda function: decorate(function, signatures)
    if func_or_sig is None or isinstance(func_or_sig, (str, tuple)):
        signature = (None if func_or_sig is None else _device_signature(func_or_sig) if device
                     else _signature(func_or_sig))
        return lambda function: decorate(function, signature)
    raise TypeError("cuda.jit() takes a function or a signature string, got "
                    f"{type(func_or_sig).__name__}")


def compile_ptx(pyfunc, sig, debug=False, lineinfo=False, device=False, fastmath=False,
                cc=None, opt=None, abi="c", abi_info=None, forceinline=False,
                launch_bounds=None, lto=False, output="ptx"):
    """numba's: the PTX of the kernel `pyfunc` compiled for the signature `sig` (a string,
    numba's tuple of argument types, or `void(...)`) and compute capability `cc` ((major,
    minor); None: the oldest NVRTC compiles for), with the return type: (ptx, void). Device
    functions are compiled into the kernels that call them, so `device=True` is refused;
    `lto=True` and `output="ltoir"` (NVVM's LTO-IR) are refused too."""
    if device:
        raise NotImplementedError("compile_ptx(device=True): cudapy compiles a device function "
                                  "into each kernel that calls it; compile such a kernel")
    if lto or output != "ptx":
        raise NotImplementedError("cudapy compiles PTX with NVRTC: lto=True and output="
                                  f"{output!r} (LTO-IR) are not supported")
    arch = None if cc is None else f"compute_{cc[0]}{cc[1]}"
    # Typed as cuda.jit types its kernels (numba's rules), as numba's compile_ptx does.
    options = _options(fastmath, lineinfo, debug, None, launch_bounds)._replace(numba_typing=True)
    ptx = _Program(pyfunc, {pyfunc.__name__: _signature(sig)}, options).ptx(arch)
    return ptx, void


def compile_ptx_for_current_device(pyfunc, sig, debug=False, lineinfo=False, device=False,
                                   fastmath=False, opt=None, abi="c", abi_info=None,
                                   forceinline=False, launch_bounds=None, lto=False,
                                   output="ptx"):
    """compile_ptx for the compute capability of the current GPU."""
    return compile_ptx(pyfunc, sig, debug=debug, lineinfo=lineinfo, device=device,
                       fastmath=fastmath, cc=get_current_device().compute_capability,
                       launch_bounds=launch_bounds, lto=lto, output=output)


compile = compile_ptx  # numba's cuda.compile with its default output, PTX


def _signature(given):
    """A signature as text: a string as it is (numba's "(float32[:], int32)" is a kernel's),
    numba's tuple of argument types as a kernel's `void(...)`."""
    if isinstance(given, (str, tuple)):
        return str(signature_text(given))
    raise TypeError("a signature is a string such as 'void(float32[:], int32)' or a tuple of "
                    f"types such as (float32[:], int32), got {type(given).__name__}")


def _device_signature(given):
    """A device function's signature as text; numba's tuple of argument types gives its
    parameters alone, "(int64, int64)", whose result type the function's body gives."""
    if isinstance(given, tuple):
        return "(" + str(signature_text(given)).partition("(")[2]
    return _signature(given)


# numba.cuda.random's names: `cuda.random.create_xoroshiro128p_states`, and `from
# cudapy.cuda.random import ...` (this is a module, not a package: the name is registered).
from . import random  # noqa: E402

sys.modules[__name__ + ".random"] = random
