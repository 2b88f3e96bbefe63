"""Launches from Python: each parameter's argument conversion, launch shapes, and the launch code
generated for each kernel's parameters, which packs a launch's arguments in one call."""

import ctypes
import functools
import math
import operator
import os
import struct
from typing import NamedTuple, Optional

from . import _ffi, targets
from ._lazy import numpy as np
from .array import (CudaArray, ForeignArray, cupy_interop, foreign_array, foreign_reader,
                    launch_key, list_to_array, mapped_array_class, order_after,
                    torch_interop)
from .cache import launch_code
from ._devices import selection
from .stream import LEGACY_DEFAULT_STREAM, stream_handle
from .errors import InternalError
from .types import SCALAR_TYPES, ScalarType, dtype_of, struct_code, type_name


# Magnitudes from which a number rounds to infinity in the narrow float types.
_FLOAT_OVERFLOW = {ScalarType.FLOAT16: 65520.0, ScalarType.FLOAT32: 2.0 ** 128 * (1 - 2.0 ** -25)}
_POINTER_CODE = {8: "Q", 4: "I"}[ctypes.sizeof(ctypes.c_void_p)]
_MAX_DIM = 0xFFFFFFFF
_ONE = 1  # kernel(n) tells the default ny=1, nz=1 by identity


class _Staged(NamedTuple):
    """A host array for one launch: `host` is what the kernel gets (a contiguous copy, or the
    array itself), `copy_back` the array to copy it into after the launch (None: none)."""

    host: "np.ndarray"
    copy_back: Optional["np.ndarray"]


class ArgumentHandler:
    """A host array given to a kernel, as PyCUDA's drv.In and numba's cuda.In name it: copied
    to the GPU for the launch (In, InOut) and back after it (Out, InOut); the launch waits for
    the kernel when one is given."""

    copy_in = copy_out = False

    def __init__(self, array):
        if not isinstance(array, np.ndarray):
            raise TypeError(f"{type(self).__name__}() takes a NumPy array, got "
                            f"{type(array).__name__}")
        self.array = array


class In(ArgumentHandler):
    """A host array the kernel reads."""

    copy_in = True


class Out(ArgumentHandler):
    """A host array the kernel writes."""

    copy_out = True


class InOut(ArgumentHandler):
    """A host array the kernel reads and writes."""

    copy_in = copy_out = True


class _StagedRows(NamedTuple):
    """The rows of a `T**` argument: each a CudaArray or a _Staged host array. The kernel gets
    a device array of their descriptors."""

    rows: list


_LAYOUT_NAMES = {_ffi.Layout.C: "C-contiguous", _ffi.Layout.F: "Fortran-contiguous"}
_ARRAY_VIEWS = (CudaArray, ForeignArray)


def _no_reader(value, launch_stream):
    """The foreign reader of parameters that take no other library's arrays as they are."""
    return None


def array_type(dtype, ndim, layout):
    """numba's spelling of an array type: `float32[:, ::1]` for C order, `float32[::1, :]` for
    Fortran order, `float32[:, :]` for any."""
    dimensions = [":"] * ndim
    if layout == _ffi.Layout.C:
        dimensions[-1] = "::1"
    elif layout == _ffi.Layout.F:
        dimensions[0] = "::1"
    return f"{dtype.name}[{', '.join(dimensions)}]"


class _Parameter:
    def __init__(self, kernel_name, info, target):
        self.target_name = target
        self.memory = targets.memory_target(target)
        self.host_memory = self.memory == _ffi.Target.CPU
        self.name = info.name.decode("utf-8")
        self.element = SCALAR_TYPES[info.element]
        self.is_array = info.kind == _ffi.ParamKind.ARRAY
        self.depth = info.array_depth
        self.ndim = info.ndim
        self.layout = _ffi.LAYOUTS[info.layout]
        self.strided = self.depth == 1 and self.layout == _ffi.Layout.ANY
        self.written = bool(info.written)
        self.offset = info.offset
        self.bytes = info.bytes
        self.dtype = dtype_of(self.element)
        self._where = f"{kernel_name}(): argument '{self.name}'"
        if self.depth == 2:
            self.type = type_name(self.element) + "**"
            self.convert = self._convert_rows
            self.code = _POINTER_CODE + "q"
        elif self.is_array:
            # CudaPy's `float*` for a 1-d C array, numba's spelling for the others.
            self.type = (type_name(self.element) + "*"
                         if self.ndim == 1 and self.layout == _ffi.Layout.C
                         else array_type(self.dtype, self.ndim, self.layout))
            self.convert = self._convert_array
            self.code = _POINTER_CODE + "q" * (self.ndim * (2 if self.strided else 1))
        else:
            self.type = type_name(self.element)
            self.code = struct_code(self.element)
            if self.element == ScalarType.BOOL:
                self.convert = self._convert_bool
            elif self.dtype.kind == "c":
                self._overflow = _FLOAT_OVERFLOW.get(
                    ScalarType.FLOAT32 if self.element == ScalarType.COMPLEX64 else None, math.inf)
                self.convert = self._convert_complex
            elif self.dtype.kind in "iu":
                limits = np.iinfo(self.dtype)
                self._low, self._high = int(limits.min), int(limits.max)
                self.convert = self._convert_integer
            else:
                self._overflow = _FLOAT_OVERFLOW.get(self.element, math.inf)
                self.convert = self._convert_float
        # A CudaArray with this key is accepted at once (for T**: each row's).
        self._launch_key = launch_key(self.memory, self.dtype, self.ndim, self.layout)
        # Reads CuPy arrays and PyTorch tensors at a launch without their interface.
        self.read_foreign = (foreign_reader(self.dtype, self.ndim, self.strided)
                             if self.is_array and self.depth == 1
                             and self.memory == _ffi.Target.CUDA
                             and self.layout != _ffi.Layout.F else _no_reader)
        # An array's packed words, one a format code: placeholders until it is in place; a
        # complex number's two parts.
        self.words = len(self.code) if self.is_array else 2 if self.dtype.kind == "c" else 1
        self.placeholder = (None,) * self.words

    def _type_error(self, expected, value):
        return TypeError(f"{self._where} must be {self.type} ({expected}), got "
                         f"{type(value).__name__}")

    def _convert_bool(self, value):
        if isinstance(value, (int, np.integer, np.bool_)):
            return bool(value)
        raise self._type_error("a bool or an int", value)

    def _convert_integer(self, value):
        if not isinstance(value, (int, np.integer)):
            raise self._type_error("an integer", value)
        value = int(value)
        if not self._low <= value <= self._high:
            raise OverflowError(f"{self._where} = {value} does not fit in {self.type} "
                                f"({self._low}..{self._high})")
        return value

    def _convert_float(self, value):
        if value.__class__ is not float:
            if not isinstance(value, (int, float, np.integer, np.floating)):
                raise self._type_error("a number", value)
            try:
                value = float(value)
            except OverflowError:
                raise OverflowError(f"{self._where} = {value} does not fit in "
                                    f"{self.type}") from None
        if abs(value) >= self._overflow and not math.isinf(value):
            raise OverflowError(f"{self._where} = {value} does not fit in {self.type}")
        return value

    def _convert_complex(self, value):
        """A complex parameter's (real, imaginary) parts, from any Python or NumPy number."""
        if not isinstance(value, (int, float, complex, np.number, np.bool_)):
            raise self._type_error("a number", value)
        value = complex(value)
        for part in (value.real, value.imag):
            if abs(part) >= self._overflow and not math.isinf(part):
                raise OverflowError(f"{self._where} = {value} does not fit in {self.type}")
        return value.real, value.imag

    def _convert_rows(self, value):
        """A `T**` argument: a 2-d NumPy array, or a list of rows (CudaArrays, 1-d NumPy arrays
        or lists), which may differ in length."""
        if isinstance(value, np.ndarray):
            if value.ndim != 2:
                raise ValueError(f"{self._where} must be a 2-d array or a list of rows, got "
                                 f"shape {value.shape}")
            rows = list(value)
        elif isinstance(value, (list, tuple)):
            rows = value
        else:
            raise self._type_error(f"a 2-d NumPy array of {self.dtype} or a list of rows", value)
        return _StagedRows([self._convert_array(row) for row in rows])

    def _convert_array(self, value):
        if isinstance(value, ArgumentHandler):
            # numba's cuda.In, Out and InOut: staged for the launch, copied back after it
            # only for Out and InOut, whatever the kernel stores.
            staged = self._stage(value.array)
            if value.copy_out:
                return _Staged(staged.host, value.array)
            # A kernel in host memory would store into the array itself: it gets a copy.
            host = staged.host
            if self.host_memory and host is value.array:
                host = host.copy(order="K")
            return _Staged(host, None)
        if isinstance(value, CudaArray):
            if value._launch_key == self._launch_key and value._buffer is not None:
                return value
            return self._check_device_array(value, "a CudaArray")
        if isinstance(value, np.ndarray):
            if (type(value) is not np.ndarray and self.memory == _ffi.Target.CUDA
                    and isinstance(value, mapped_array_class())):
                return self._check_device_array(value.device_view(), "a mapped array")
            return self._stage(value)
        if isinstance(value, list) and self.ndim == 1:
            try:
                return _Staged(list_to_array(value, self.dtype), None)
            except (TypeError, ValueError, OverflowError) as error:
                raise type(error)(f"{self._where}: {error}") from None
        foreign = foreign_array(value)
        if foreign is not None:
            if self.memory != _ffi.Target.CUDA:
                raise TypeError(f"{self._where} is a {type(value).__name__} in GPU memory, but "
                                f"the kernel runs on the {self.target_name} target")
            return self._check_device_array(foreign, f"a {type(value).__name__}")
        if self.ndim == 1:
            raise self._type_error(f"a CudaArray, a 1-d NumPy array or a list of {self.dtype}",
                                   value)
        raise self._type_error(f"a CudaArray or a {self.ndim}-d NumPy array of {self.dtype}",
                               value)

    def _check_device_array(self, array, what):
        if targets.memory_target(array.target) != self.memory:
            raise TypeError(f"{self._where} is {what} for the {array.target} target, "
                            f"but the kernel runs on the {self.target_name} target")
        if array._dtype != self.dtype:
            raise TypeError(f"{self._where} must be {self.type} ({self.dtype} elements), "
                            f"got {what} of {array._dtype}")
        if array._buffer is None:
            raise ValueError(f"{self._where} is {what} that was freed")
        if len(array._shape) != self.ndim:
            raise ValueError(f"{self._where} must be a {self.ndim}-d array ({self.type}), got "
                             f"{what} of shape {array._shape}")
        if self.layout == _ffi.Layout.C and not array._c_contiguous or (
                self.layout == _ffi.Layout.F and not array._f_contiguous):
            raise ValueError(f"{self._where} must be {_LAYOUT_NAMES[self.layout]} "
                             f"({self.type}), got {what} with strides {array._strides}; "
                             "device arrays are never copied implicitly")
        if self.written and array.readonly:
            raise ValueError(f"{self._where} is {what} that is read-only, but the kernel may "
                             "store into it")
        itemsize = array._dtype.itemsize
        if (any(stride % itemsize for stride in array._strides)
                or array._pointer % array._dtype.alignment):
            raise ValueError(f"{self._where} is {what} whose elements are not whole elements "
                             f"apart (strides {array._strides} of {itemsize}-byte elements), as "
                             "a field of a packed record is: lay the record out with "
                             "np.dtype(..., align=True), or copy the field")
        return array

    def _stage(self, value):
        """A NumPy argument: the kernel gets it as it is where it can (C-contiguous arrays for
        C parameters and so on, and any aligned array on the CPU), else a contiguous copy,
        copied back into the array after the launch if the kernel may store into it."""
        if value.dtype != self.dtype:
            raise TypeError(f"{self._where} must be {self.type} ({self.dtype} elements), "
                            f"got a NumPy array of {value.dtype}")
        if value.ndim != self.ndim:
            raise ValueError(f"{self._where} must be a {self.ndim}-d array, got shape "
                             f"{value.shape}")
        flags = value.flags
        if self.written and not flags.writeable:
            raise ValueError(f"{self._where} is a read-only array, but the kernel may "
                             "store into it")
        if self.layout == _ffi.Layout.F:
            host = value if flags.f_contiguous else np.asfortranarray(value)
        elif flags.c_contiguous:
            host = value
        elif self.layout == _ffi.Layout.ANY and (flags.f_contiguous or self.host_memory and (
                flags.aligned and not any(stride % value.itemsize for stride in value.strides))):
            host = value
        else:
            host = np.ascontiguousarray(value)
        return _Staged(host, value if self.written else None)


def _argument_struct(params, args_size):
    """The struct.Struct packing the arguments in the layout of cudapy_param_info."""
    layout = "="
    end = 0
    for param in params:
        if param.offset < end:
            raise InternalError(f"parameter '{param.name}' overlaps the one before it")
        if struct.calcsize("=" + param.code) != param.bytes:
            raise InternalError(f"parameter '{param.name}' is {param.bytes} bytes, expected "
                                f"{struct.calcsize('=' + param.code)}")
        if param.offset > end:
            layout += f"{param.offset - end}x"
        layout += param.code
        end = param.offset + param.bytes
    if args_size < end:
        raise InternalError(f"the argument block is {args_size} bytes, its parameters need {end}")
    if args_size > end:
        layout += f"{args_size - end}x"
    return struct.Struct(layout)


# CUDA's limits of a launch (src/common/limits.h), kept on every target: blocks in a grid and
# threads in a block by axis, threads in a block, and bytes of shared memory in a block (48 KiB:
# cudapy does not opt kernels in to more).
_MAX_GRID = (2 ** 31 - 1, 65535, 65535)
_MAX_BLOCK = (1024, 1024, 64)
_MAX_BLOCK_THREADS = 1024
_MAX_SHARED_BYTES = 48 * 1024
_AXES = "xyz"


class dim3(tuple):
    """CUDA's dim3: a count of threads or blocks in x, y and z, `dim3(x, y=1, z=1)`. It is a
    tuple of three ints, given wherever a grid, a block or a thread count is:
    `kernel(cp.dim3(width, height))(...)`, `kernel[cp.dim3(blocks), cp.dim3(16, 16)](...)`."""

    __slots__ = ()

    def __new__(cls, x=1, y=1, z=1):
        counts = []
        for axis, value in zip(_AXES, (x, y, z)):
            if isinstance(value, bool):
                raise TypeError(f"dim3(): {axis} must be an integer, got bool")
            try:
                value = operator.index(value)
            except TypeError:
                raise TypeError(f"dim3(): {axis} must be an integer, got "
                                f"{type(value).__name__}") from None
            if value < 1:
                raise ValueError(f"dim3(): {axis} must be positive, got {value}")
            counts.append(value)
        return tuple.__new__(cls, counts)

    def __getnewargs__(self):
        return tuple(self)

    @property
    def x(self):
        """The count along x."""
        return self[0]

    @property
    def y(self):
        """The count along y."""
        return self[1]

    @property
    def z(self):
        """The count along z."""
        return self[2]

    def __repr__(self):
        return f"dim3({self[0]}, {self[1]}, {self[2]})"


def _positive_count(value, what, limit=_MAX_DIM, limit_name=""):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an integer, got {type(value).__name__}")
    value = int(value)
    if value <= 0:
        raise ValueError(f"{what} must be positive, got {value}")
    if value > limit:
        raise ValueError(f"{what} must be at most {limit}{limit_name}, got {value}")
    return value


def _dim3(value, name, part, limits):
    """The Dim3 of a launch's grid or block (`part`: "grid" or "block") given as an int, a
    tuple of 1 to 3 ints or a dim3, each count within `limits` (by axis). A wrong count or
    type is named in numba's terms (griddim, blockdim) as well, which numba users know."""
    what = f"{name}(): the {part}"
    if isinstance(value, tuple):
        if not 1 <= len(value) <= 3:
            raise ValueError(f"{what} must be an integer or a tuple of 1 to 3 integers, got a "
                             f"tuple of {len(value)} ({part}dim must be a sequence of 1, 2 or "
                             f"3 integers, got {list(value)})")
        items = value
    else:
        items = (value,)
    try:
        counts = [_positive_count(item, f"{what}[{index}]" if items is value else what, limit,
                                  f" (CUDA's limit in {axis})")
                  for index, (item, limit, axis) in enumerate(zip(items, limits, _AXES))]
    except TypeError as error:
        raise TypeError(f"{error} ({part}dim must be a sequence of integers, got "
                        f"{list(items)})") from None
    return _ffi.Dim3(*counts, *[1] * (3 - len(counts)))


def _non_negative(value, what, limit, limit_name):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an integer, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{what} must not be negative, got {value}")
    if value > limit:
        raise ValueError(f"{what} must be at most {limit}{limit_name}, got {value}")
    return int(value)


def grid_and_block(name, grid, block):
    """The Dim3s of a launch's grid and block, each count within CUDA's limits."""
    return _dim3(grid, name, "grid", _MAX_GRID), _dim3(block, name, "block", _MAX_BLOCK)


def plain_counts(grid, block):
    """The six counts of a grid and block given as tuples of 1 to 3 ints within CUDA's limits,
    found without grid_and_block's structures; None for anything else, which grid_and_block
    checks and explains."""
    if grid.__class__ is not tuple or block.__class__ is not tuple:
        return None
    counts = []
    for given, limits in ((grid, _MAX_GRID), (block, _MAX_BLOCK)):
        if not 1 <= len(given) <= 3:
            return None
        for count, limit in zip(given + (1, 1)[:3 - len(given)], limits):
            if count.__class__ is not int or not 0 < count <= limit:
                return None
            counts.append(count)
    return tuple(counts)


def launch_config(name, key):
    """The LaunchConfig of `kernel[grid, block]` or `kernel[grid, block, stream, shared_bytes]`,
    each value checked against CUDA's limits, on every target."""
    if not isinstance(key, tuple) or not 2 <= len(key) <= 4:
        raise TypeError(f"{name}[...] takes grid, block and optionally stream and "
                        "shared_bytes, e.g. kernel[blocks, threads_per_block]")
    grid, block, stream, shared_bytes = (key + (0, 0))[:4]
    grid_dim, block_dim = grid_and_block(name, grid, block)
    threads = block_dim.x * block_dim.y * block_dim.z
    if threads > _MAX_BLOCK_THREADS:
        raise ValueError(f"{name}(): the block ({block_dim.x}, {block_dim.y}, {block_dim.z}) has "
                         f"{threads} threads; a block has at most {_MAX_BLOCK_THREADS}")
    config = _ffi.LaunchConfig(
        size=ctypes.sizeof(_ffi.LaunchConfig),
        grid=grid_dim,
        block=block_dim,
        shared_bytes=_non_negative(shared_bytes, f"{name}(): shared_bytes", _MAX_SHARED_BYTES,
                                   " (a block's shared memory)"),
        stream=stream_handle(stream, f"{name}(): the stream"))
    # A stream object given inline (kernel[g, b, cp.stream()]) is destroyed when collected:
    # the config keeps it alive while its handle may be used.
    config.stream_owner = stream
    return config


def thread_config(name, nx, ny, nz):
    """The LaunchConfig of `kernel(nx, ny, nz)` or `kernel(dim3)`: that many threads, the block
    size chosen."""
    where = f"{name}(): the thread count"
    if nx.__class__ is dim3:
        if not (ny.__class__ is int and ny == 1 and nz.__class__ is int and nz == 1):
            raise TypeError(f"{name}() takes the thread counts as a dim3 or as nx, ny, nz, "
                            "not both")
        nx, ny, nz = nx
    threads = _ffi.Dim3(_positive_count(nx, f"{where} nx"), _positive_count(ny, f"{where} ny"),
                        _positive_count(nz, f"{where} nz"))
    return _ffi.LaunchConfig(size=ctypes.sizeof(_ffi.LaunchConfig), threads=threads)


def forall_config(name, tasks, stream, shared_bytes):
    """numba's forall(tasks, stream=, sharedmem=) without a block size: thread_config's launch
    of `tasks` threads, on `stream`, with `shared_bytes` of dynamic shared memory."""
    config = thread_config(name, tasks, 1, 1)
    config.shared_bytes = _non_negative(shared_bytes, f"{name}(): sharedmem", _MAX_SHARED_BYTES,
                                        " (a block's shared memory)")
    config.stream = stream_handle(stream, f"{name}(): the stream")
    config.stream_owner = stream
    return config


def _plain(key):
    """Whether a `kernel[...]` key holds only ints, tuples of ints and None. Only such keys are
    cached, and only such keys find a cached launch: a key equal to one of them but holding a
    bool or a float must still be refused."""
    for item in key:
        if item.__class__ is int or item is None:
            continue
        if item.__class__ is dim3:  # holds ints only
            continue
        if item.__class__ is not tuple or any(value.__class__ is not int for value in item):
            return False
    return True


_LAUNCHES_KEPT = 64  # launch shapes kept; a program that keeps making new ones starts over


def _keep(launches, key, launch):
    """Keeps `launch` in the dict `launches` under `key`; returns it."""
    if len(launches) >= _LAUNCHES_KEPT:
        launches.clear()
    launches[key] = launch
    return launch


class LaunchCache:
    """A kernel's launches by their `kernel[...]` key. numba-style code indexes the kernel at
    every launch, and making a LaunchConfig costs more than the rest of the launch's Python.
    `pairs` holds those of the usual key, [blocks, threads] with two ints, and may be read
    directly: a key found there is such a pair if both its items are ints (a float or bool
    equal to an int finds the launch too, and must still be refused). Other keys of ints, tuples
    of ints and None are in `others`."""

    __slots__ = ("pairs", "others")

    def __init__(self):
        self.pairs = {}
        self.others = {}

    def _launches(self, key):
        """The dict that keeps the launch of `key`, None for a key not kept."""
        if key.__class__ is not tuple or not _plain(key):
            return None
        if len(key) == 2 and key[0].__class__ is int and key[1].__class__ is int:
            return self.pairs
        return self.others

    def get(self, key):
        launches = self._launches(key)
        return None if launches is None else launches.get(key)

    def put(self, key, launch):
        launches = self._launches(key)
        return launch if launches is None else _keep(launches, key, launch)


class Launch:
    """A kernel with its launch shape; calling it launches the kernel."""

    __slots__ = ("_kernel", "_config", "_config_ref", "_stream", "_native", "__weakref__")

    def __init__(self, kernel, config):
        self._kernel = kernel
        self._config = config
        self._config_ref = ctypes.byref(config)
        self._stream = config.stream  # what foreign arrays' streams are compared with
        self._native = None

    def native(self):
        """The library's launch object (a launch_p) of this kernel and shape, made on first use
        with the kernel, which is compiled and loaded then if it was not yet: the grid is
        worked out once, and a launch is a call of two arguments."""
        if self._native is None:
            handle = self._kernel._device_kernel()
            with self._kernel._handle_lock:
                if self._native is None:
                    native = _ffi.launch_p()
                    _ffi.check(_ffi.lib.cudapy_launch_new(handle, self._config_ref,
                                                          ctypes.byref(native)))
                    _ffi.own(self, _ffi.lib.cudapy_launch_delete, native)
                    self._native = native
        return self._native

    def __call__(self, *args, seq=False):
        """Launches the kernel; `seq=True` runs the Python function in the interpreter instead,
        thread by thread (see cudapy.interpreter)."""
        if seq or self._kernel._interpreted:
            self._kernel._run_in_interpreter(self._config, args)
        else:
            self._kernel._launch(self._config_ref, args)


_MISSING = object()  # an argument not given to a generated launch function


class _Unusual(Exception):
    """Raised inside a generated launch function when an argument needs the checked path."""


class _NotImported:
    """The class of no object: what a generated launch function compares arguments' classes
    and dtypes with for CuPy's and PyTorch's until they have been imported."""


def _fast_launch_maker(params, argument_struct, launch_run):
    """A function (kernel, config) giving the launch function of that shape: it launches at
    once when each argument is of exactly the class its parameter takes as it is (a float
    for a float, a live CudaArray of the parameter's type for an array), and leaves the others
    to Launch's checks and conversions. It is generated for the kernel's parameters, one test
    per argument, and reads everything else from its closure, so that the common launch runs
    no loop and calls nothing but struct.pack and the library's launch object (a plain
    function is called faster than an object's __call__).

    When an array argument is not such a CudaArray, a second try reads a C-contiguous CuPy
    array or PyTorch tensor right there, from its attributes, and anything else with its
    parameter's read_foreign (strided n-d parameters, dtypes equal but not identical); CuPy's
    current stream, which every CuPy array exports, is then read once. What is unusual (empty,
    not contiguous, a tensor that requires grad or lives on the host) takes the checked path,
    which raises the errors. None when a parameter (`T**`) always needs staging.

    The code depends only on the parameters' forms (the descriptor below); what differs
    between kernels of one form is read from the constants, the generated code's globals."""
    constants = {"Launch": Launch, "CudaArray": CudaArray, "pack": argument_struct.pack,
                 "run": launch_run, "error": _ffi.error, "MISSING": _MISSING,
                 # RuntimeError: what PyTorch raises for a sparse tensor's is_contiguous()
                 "FALLBACK": (_Unusual, struct.error, OverflowError, RuntimeError),
                 "Unusual": _Unusual, "NotImported": _NotImported,
                 "cupy_ndarray": _NotImported, "cupy_current_stream": None,
                 "torch_tensor": _NotImported, "order_after": order_after,
                 "LEGACY_DEFAULT_STREAM": LEGACY_DEFAULT_STREAM, "selection": selection}
    array_dtypes = {}  # parameter index -> dtype, of the arrays read in place
    descriptor = []
    for index, param in enumerate(params):
        if param.depth == 2 or (not param.is_array and param.words == 2):
            return None  # rows are staged; a complex number is packed as two parts
        if not param.is_array:
            # A NumPy scalar of exactly the parameter's type (np.float32(2.5) for a float32)
            # is packed as it is, as the Python class of its kind is.
            constants[f"exact{index}"] = param.dtype.type
            descriptor.append(("scalar", "bool" if param.element == ScalarType.BOOL
                               else "int" if param.dtype.kind in "iu" else "float"))
            continue
        constants[f"key{index}"] = param._launch_key
        constants[f"read{index}"] = param.read_foreign
        in_place = (param.read_foreign is not _no_reader
                    and (not param.strided or param.ndim == 1))
        if in_place:
            array_dtypes[index] = param.dtype
            constants[f"dtype{index}"] = param.dtype
            constants[f"torch_dtype{index}"] = _NotImported
        descriptor.append(("array", "_packed_strided" if param.strided else "_packed",
                           param.words, (param.ndim, param.strided) if in_place else None))

    def find_libraries():
        """Fills in CuPy's and PyTorch's classes and dtypes once they have been imported."""
        if constants["cupy_ndarray"] is _NotImported:
            found = cupy_interop()
            if found is not None:
                constants["cupy_ndarray"], constants["cupy_current_stream"] = found
        if constants["torch_tensor"] is _NotImported:
            found = torch_interop()
            if found is not None:
                tensor, torch_dtypes = found
                for index, dtype in array_dtypes.items():
                    constants[f"torch_dtype{index}"] = torch_dtypes.get(dtype.name, _NotImported)
                constants["torch_tensor"] = tensor

    constants["find_libraries"] = find_libraries
    descriptor = tuple(descriptor)
    exec(launch_code(f"{_launch_source_identity()} {descriptor!r}",
                     lambda: _launch_source(descriptor)), constants)
    return constants["make"]


@functools.cache
def _launch_source_identity():
    """What tells this module's _launch_source from another version's, as Python tells a .pyc
    from its source: the file's modification time and size."""
    status = os.stat(__file__)
    return f"{status.st_mtime_ns}-{status.st_size}"


def _launch_source(descriptor):
    """The source of the `make` function of _fast_launch_maker for parameters of the forms in
    `descriptor`: ("scalar", Python class name) or ("array", packed attribute, words, (ndim,
    strided) when CuPy arrays and PyTorch tensors are read in place, else None)."""
    names = [f"arg{index}" for index in range(len(descriptor))]
    scalar_tests, own_tests, own_words, reads, read_words = [], [], [], [], []
    for index, (form, name) in enumerate(zip(descriptor, names)):
        if form[0] == "scalar":
            own_words.append(name)
            read_words.append(name)
            # The range is struct.pack's to check: it refuses an int outside the parameter's
            # type (struct.error) and a float that rounds to infinity in it (OverflowError), as
            # _convert_integer and _convert_float do, and the launch then takes the checked
            # path for their messages.
            scalar_tests.append(f"({name}.__class__ is {form[1]} "
                                f"or {name}.__class__ is exact{index})")
            continue
        _, packed, words, in_place = form
        own = (f"{name}.__class__ is CudaArray and {name}._launch_key is key{index} "
               f"and {name}._buffer is not None")
        own_tests.append(own)
        own_words += [f"{name}.{packed}[{word}]" for word in range(words)]
        variables = [f"word{index}_{word}" for word in range(words)]
        read_words += variables
        reads += [f"if {own}:",
                  f"    {', '.join(variables)}, = {name}.{packed}"]
        # In place: the address, then the extents (a 1-d array's being its size, no shape
        # tuple to build), and for a strided 1-d parameter its stride of one element.
        if in_place:
            ndim, strided = in_place
            address, extents = variables[0], variables[1:1 + ndim]
            unit_stride = [f"    {variables[-1]} = 1"] if strided else []

            def read_in_place(tests, size, address_expression, *after):
                """An elif reading the argument when `tests` hold and it has the
                parameter's ndim and a nonzero `size` (its element count)."""
                size = f"({extents[0]} := {name}.{size})" if ndim == 1 else f"{name}.{size}"
                return [f"elif ({' and '.join(tests)} and {name}.ndim == {ndim} and {size}):",
                        f"    {address} = {name}.{address_expression}",
                        *([] if ndim == 1 else [f"    {', '.join(extents)}, = {name}.shape"]),
                        *unit_stride, *after]

            reads += read_in_place([f"{name}.__class__ is cupy_ndarray",
                                    f"{name}.dtype is dtype{index}", f"{name}._c_contiguous"],
                                   "size", "data.ptr", "    cupy_seen = True")
            reads += read_in_place([f"{name}.__class__ is torch_tensor",
                                    f"{name}.dtype is torch_dtype{index}", f"{name}.is_cuda",
                                    f"not {name}.requires_grad", f"{name}.is_contiguous()"],
                                   "numel()", "data_ptr()")
        reads += ["else:",
                  f"    words = read{index}({name}, stream)",
                  "    if words is None:",
                  "        raise Unusual",
                  f"    {', '.join(variables)}, = words"]
        if in_place:
            # A CuPy array or PyTorch tensor read here, of a class not known yet: the library
            # was imported after this launch was made. The next launches read it in place.
            reads += [f"    if {name}.__class__ is not cupy_ndarray "
                      f"and {name}.__class__ is not torch_tensor:",
                      "        find_libraries()"]

    def launch_lines(packing_lines, after_packing=()):
        return ["try:",
                *["    " + line for line in packing_lines],
                "except FALLBACK:  # an argument for the checked path, or a scalar out of range",
                "    pass",
                "else:",
                *["    " + line for line in after_packing],
                "    if native is None:  # the first launch: the kernel may not be compiled yet",
                "        native = checked.native()",
                "    status = run(native, block)",
                "    if status:",
                "        raise error(status)",
                "    return"]

    def indented(spaces, lines):
        return [" " * spaces + line for line in lines]

    own_launch = launch_lines([f"block = pack({', '.join(own_words)})"])
    if own_tests:
        # CuPy exports its current stream with every array: the launch waits for it on the
        # GPU unless it is queued on it.
        reads_cupy = any(form[0] == "array" and form[3] for form in descriptor)
        order_cupy = ["if cupy_seen:",
                      "    producer = cupy_current_stream().ptr",
                      "    if producer != stream:",
                      "        order_after(producer or LEGACY_DEFAULT_STREAM, stream)"]
        body = [f"if {' and '.join(own_tests)}:",
                *indented(4, own_launch),
                *launch_lines(["cupy_seen = False"] * reads_cupy + reads
                              + [f"block = pack({', '.join(read_words)})"],
                              order_cupy * reads_cupy)]
    else:
        body = own_launch
    if scalar_tests:
        body = [f"if {' and '.join(scalar_tests)}:", *indented(4, body)]

    # Parameters with a default rather than *args: a call binds them faster. An argument not
    # given, or more of them than the kernel takes, go to the checked path with the rest.
    given = "".join(f"{name}=MISSING, " for name in names)
    # Once a program uses several devices, arrays take the checked path, which compares
    # their devices with the launch's.
    several_devices = " and not selection.several" if own_tests else ""
    all_given = f"{names[-1]} is not MISSING and " if names else ""
    given_args = "".join(f"{name}, " for name in names)
    return "\n".join([
        "def make(kernel, config):",
        "    if cupy_ndarray is NotImported or torch_tensor is NotImported:",
        "        find_libraries()",
        "    checked = Launch(kernel, config)",
        "    stream = checked._stream",
        "    native = None",
        f"    def launch({given}*rest, seq=False):",
        "        nonlocal native",
        f"        if {all_given}not rest and not seq{several_devices}:",
        *indented(12, body),
        f"        checked(*[value for value in ({given_args}) if value is not MISSING],",
        "                *rest, seq=seq)",
        "    launch.__doc__ = Launch.__call__.__doc__",
        "    return launch"])
