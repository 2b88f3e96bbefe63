"""Translating Python functions to CUDA kernels, compiling them and launching them."""

import ctypes
import inspect
import math
import os
import re
import struct
import threading
import weakref
from typing import NamedTuple, Optional

import numpy as np

from . import _ffi, targets
from .array import CudaArray, list_to_array
from .errors import InternalError
from .types import ScalarType, dtype_of, struct_code, type_name

_DEF_LINE = re.compile(r"(?:async[ \t]+)?def[ \t]+([^\W\d]\w*)")
_FIRST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+([^\W\d]\w*)", re.MULTILINE)

# Magnitudes from which a number rounds to infinity in the narrow float types.
_FLOAT_OVERFLOW = {ScalarType.FLOAT16: 65520.0, ScalarType.FLOAT32: 2.0 ** 128 * (1 - 2.0 ** -25)}
_POINTER_CODE = {8: "Q", 4: "I"}[ctypes.sizeof(ctypes.c_void_p)]
_MAX_DIM = 0xFFFFFFFF


class _Source(NamedTuple):
    text: str
    filename: str
    first_line: int
    column_offset: int
    name: Optional[str]  # the first function the text defines


def _leading_space(line):
    return line[: len(line) - len(line.lstrip(" \t"))]


def _strip_indent(lines, indent):
    stripped = []
    for line in lines:
        if line.startswith(indent):
            stripped.append(line[len(indent):])
        elif not line.strip():
            stripped.append("\n")
        else:  # a continuation line indented less than the code, inside brackets or a string
            stripped.append(line)
    text = "".join(stripped)
    return text if text.endswith("\n") else text + "\n"


def _function_source(function):
    """The function's text from its `def` line, preceded by the comment block that sits
    directly above it or its decorators; decorator lines are blanked so lines stay in place."""
    if function.__name__ == "<lambda>":
        raise TypeError("a lambda cannot be compiled; write a def")
    try:
        block, start = inspect.getsourcelines(function)
        file_lines, _ = inspect.findsource(function)
    except OSError as error:
        raise OSError(f"cannot read the source of {function.__qualname__} ({error}); pass its "
                      "source text as a string instead") from None
    indent = _leading_space(block[0])
    def_index = next(index for index, line in enumerate(block)
                     if _leading_space(line) == indent and _DEF_LINE.match(line, len(indent)))
    comments = []
    above = start - 2  # 0-based index of the line above the block
    while (above >= 0 and _leading_space(file_lines[above]) == indent
           and file_lines[above].lstrip().startswith("#")):
        comments.insert(0, file_lines[above])
        above -= 1
    lines = comments + ["\n"] * def_index + block[def_index:]
    name = _DEF_LINE.match(block[def_index], len(indent)).group(1)
    return _Source(_strip_indent(lines, indent), function.__code__.co_filename,
                   start - len(comments), len(indent), name)


def _string_source(text):
    lines = text.splitlines(keepends=True)
    indent = os.path.commonprefix([_leading_space(line) for line in lines if line.strip()])
    text = _strip_indent(lines, indent)
    match = _FIRST_DEF.search(text)
    return _Source(text, "<string>", 1, len(indent), match.group(1) if match else None)


def _source(item):
    if isinstance(item, str):
        return _string_source(item)
    if inspect.isfunction(item):
        return _function_source(item)
    raise TypeError(f"expected a function or its source text, got {type(item).__name__}")


def _signatures(sig, first_name):
    if sig is None:
        return {}
    if isinstance(sig, str):
        if first_name is None:
            raise ValueError("sig= names no function: the first source defines none")
        return {first_name: sig}
    if isinstance(sig, dict):
        for name, signature in sig.items():
            if not isinstance(name, str) or not isinstance(signature, str):
                raise TypeError("sig= as a dict maps function names to signature strings")
        return sig
    raise TypeError(f"sig= must be a signature string or a dict of them, got {type(sig).__name__}")


def _compile_options(arch, fast_math, line_info):
    return _ffi.CompileOptions(size=ctypes.sizeof(_ffi.CompileOptions),
                               arch=arch.encode() if arch else None,
                               fast_math=int(bool(fast_math)), line_info=int(bool(line_info)))


class _Program:
    """A cudapy_program holding the sources of one compile() call, and the module compiled
    from them for the GPU, shared by all its kernels."""

    def __init__(self, functions, sig, fast_math=False, line_info=False, target=None):
        self.target = targets.resolve(target)
        self._fast_math = fast_math
        self._line_info = line_info
        self._module = None
        self._compile_lock = threading.Lock()
        items = list(functions) if isinstance(functions, (list, tuple)) else [functions]
        if not items:
            raise ValueError("nothing to compile: the list of functions is empty")
        sources = [_source(item) for item in items]
        if self.target == "python":
            from . import interpreter
            sources = [interpreter._translatable(source) for source in sources]
        self.name = sources[0].name
        signatures = _signatures(sig, self.name)
        self.items, self.signatures = items, signatures  # for the interpreter mode
        handle = _ffi.program_p()
        _ffi.check(_ffi.lib.cudapy_program_new(ctypes.byref(handle)))
        self.handle = handle
        weakref.finalize(self, _ffi.lib.cudapy_program_delete, handle)
        for source in sources:
            text = source.text.encode("utf-8")
            _ffi.check(_ffi.lib.cudapy_program_add_source(
                handle, text, len(text), os.fsencode(source.filename), source.first_line,
                source.column_offset), handle)
        for name, signature in signatures.items():
            _ffi.check(_ffi.lib.cudapy_program_set_signature(handle, name.encode("utf-8"),
                                                             signature.encode("utf-8")), handle)

    def translate(self):
        text = ctypes.c_void_p()
        _ffi.check(_ffi.lib.cudapy_program_translate(self.handle, ctypes.byref(text)),
                   self.handle)
        return _ffi.take_string(text)

    def ptx(self, arch=None):
        options = _compile_options(arch, self._fast_math, self._line_info)
        text = ctypes.c_void_p()
        with self._compile_lock:
            _ffi.check(_ffi.lib.cudapy_program_ptx(self.handle, ctypes.byref(options),
                                                   ctypes.byref(text)), self.handle)
        return _ffi.take_string(text)

    def kernel_names(self):
        lib = _ffi.lib
        return [lib.cudapy_program_kernel_name(self.handle, index).decode("utf-8")
                for index in range(lib.cudapy_program_kernel_count(self.handle))]

    def device_kernel(self, name):
        """The loaded kernel `name`; the program is compiled for the current GPU on first use."""
        with self._compile_lock:
            if self._module is None:
                lib = _ffi.lib
                options = _compile_options(None, self._fast_math, self._line_info)
                options.target = targets.memory_target(self.target)
                module = _ffi.module_p()
                _ffi.check(lib.cudapy_program_compile(self.handle, ctypes.byref(options),
                                                      ctypes.byref(module)), self.handle)
                # Unloading needs the CUDA runtime, which may be gone at exit.
                weakref.finalize(self, lib.cudapy_module_delete, module).atexit = False
                self._module = module
        handle = _ffi.kernel_p()
        _ffi.check(_ffi.lib.cudapy_module_kernel(self._module, name.encode("utf-8"),
                                                 ctypes.byref(handle)))
        return handle

    def kernel_index(self, name):
        names = self.kernel_names()
        if name not in names:
            raise TypeError(f"'{name}' is not a kernel: the first function compiled must have "
                            "a void return type (the functions after it are its helpers)")
        return names.index(name)


def translate(functions, sig=None):
    """The CUDA C++ translated from a function (or a list: a kernel and its helpers, or source
    strings). Needs no GPU."""
    return _Program(functions, sig).translate()


def ptx(functions, sig=None, arch=None, fast_math=False, line_info=False):
    """PTX compiled by NVRTC from a function or a list of them. Needs NVRTC, not a GPU."""
    return _Program(functions, sig, fast_math, line_info).ptx(arch)


class _Staged(NamedTuple):
    """A host array to copy to the device for one launch, and where to copy it back to."""

    host: np.ndarray
    copy_back: Optional[np.ndarray]


class _StagedRows(NamedTuple):
    """The rows of a `T**` argument: each a CudaArray or a _Staged host array. The kernel gets
    a device array of their descriptors."""

    rows: list


class _Parameter:
    def __init__(self, kernel_name, info, target):
        self.target_name = target
        self.memory = targets.memory_target(target)
        self.name = info.name.decode("utf-8")
        self.element = ScalarType(info.element)
        self.is_array = info.kind == _ffi.ParamKind.ARRAY
        self.depth = info.array_depth
        self.written = bool(info.written)
        self.offset = info.offset
        self.bytes = info.bytes
        self.dtype = dtype_of(self.element)
        self.type = type_name(self.element) + "*" * self.depth
        self._where = f"{kernel_name}(): argument '{self.name}'"
        if self.depth == 2:
            self.convert = self._convert_rows
            self.code = _POINTER_CODE + "q"
        elif self.is_array:
            self.convert = self._convert_array
            self.code = _POINTER_CODE + "q"
        else:
            self.code = struct_code(self.element)
            if self.element == ScalarType.BOOL:
                self.convert = self._convert_bool
            elif self.dtype.kind in "iu":
                limits = np.iinfo(self.dtype)
                self._low, self._high = int(limits.min), int(limits.max)
                self.convert = self._convert_integer
            else:
                self._overflow = _FLOAT_OVERFLOW.get(self.element, math.inf)
                self.convert = self._convert_float

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
        if isinstance(value, CudaArray):
            if targets.memory_target(value.target) != self.memory:
                raise TypeError(f"{self._where} is a CudaArray for the {value.target} target, "
                                f"but the kernel runs on the {self.target_name} target")
            if value.dtype != self.dtype:
                raise TypeError(f"{self._where} must be {self.type} ({self.dtype} elements), "
                                f"got a CudaArray of {value.dtype}")
            if value._buffer is None:
                raise ValueError(f"{self._where} is a CudaArray that was freed")
            return value
        if isinstance(value, np.ndarray):
            if value.dtype != self.dtype:
                raise TypeError(f"{self._where} must be {self.type} ({self.dtype} elements), "
                                f"got a NumPy array of {value.dtype}")
            if value.ndim != 1:
                raise ValueError(f"{self._where} must be a 1-d array, got shape {value.shape}")
            if self.written and not value.flags.writeable:
                raise ValueError(f"{self._where} is a read-only array, but the kernel may "
                                 "store into it")
            return _Staged(np.ascontiguousarray(value), value if self.written else None)
        if isinstance(value, list):
            try:
                return _Staged(list_to_array(value, self.dtype), None)
            except (TypeError, ValueError, OverflowError) as error:
                raise type(error)(f"{self._where}: {error}") from None
        raise self._type_error(f"a CudaArray, a 1-d NumPy array or a list of {self.dtype}", value)


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


def _positive_count(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an integer, got {type(value).__name__}")
    value = int(value)
    if value <= 0:
        raise ValueError(f"{what} must be positive, got {value}")
    if value > _MAX_DIM:
        raise ValueError(f"{what} must be at most {_MAX_DIM}, got {value}")
    return value


def _dim3(value, what):
    if isinstance(value, tuple):
        if not 1 <= len(value) <= 3:
            raise ValueError(f"{what} must be an integer or a tuple of 1 to 3 integers, got a "
                             f"tuple of {len(value)}")
        counts = [_positive_count(item, f"{what}[{index}]") for index, item in enumerate(value)]
    else:
        counts = [_positive_count(value, what)]
    return _ffi.Dim3(*counts, *[1] * (3 - len(counts)))


def _non_negative(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an integer, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{what} must not be negative, got {value}")
    return int(value)


class Launch:
    """A kernel with its launch shape; calling it launches the kernel."""

    __slots__ = ("_kernel", "_config", "_config_ref")

    def __init__(self, kernel, config):
        self._kernel = kernel
        self._config = config
        self._config_ref = ctypes.byref(config)

    def __call__(self, *args, seq=False):
        """Launches the kernel; `seq=True` runs the Python function in the interpreter instead,
        thread by thread (see cudapy.interpreter)."""
        if seq or self._kernel._interpreted:
            from . import interpreter
            interpreter._launch(self._kernel, self._config, args)
        else:
            self._kernel._launch(self._config_ref, args)


class Kernel:
    """A compiled kernel. `kernel(nx, ny, nz)(*args)` runs nx*ny*nz threads with a block size
    chosen for the GPU; `kernel[grid, block](*args)` (optionally `[grid, block, stream,
    shared_bytes]`) launches exactly that grid."""

    def __init__(self, program, name, cuda_source):
        self._program = program
        self._interpreted = program.target == "python"  # every launch runs in the interpreter
        self.name = name
        self.cuda_source = cuda_source
        handle = self._program.handle
        lib = _ffi.lib
        index = self._program.kernel_index(self.name)
        params = []
        for param_index in range(lib.cudapy_program_param_count(handle, index)):
            info = _ffi.ParamInfo(size=ctypes.sizeof(_ffi.ParamInfo))
            _ffi.check(lib.cudapy_program_param(handle, index, param_index, ctypes.byref(info)),
                       handle)
            params.append(_Parameter(self.name, info, program.target))
        self._params = params
        self.params = [(param.name, param.type) for param in params]
        args_size = lib.cudapy_program_args_size(handle, index)
        self._struct = _argument_struct(params, args_size)
        self._arguments = ctypes.create_string_buffer(args_size)
        self._handle_lock = threading.Lock()
        self._launch_lock = threading.Lock()
        self._handle = None

    def __repr__(self):
        params = ", ".join(f"{name}: {type_}" for name, type_ in self.params)
        return f"<cudapy.Kernel {self.name}({params})>"

    def ptx(self, arch=None):
        """The PTX of the kernel's program for `arch` ("sm_90", "compute_90"; None: the oldest
        architecture NVRTC supports)."""
        return self._program.ptx(arch)

    def __call__(self, nx, ny=1, nz=1):
        where = f"{self.name}(): the thread count"
        threads = _ffi.Dim3(_positive_count(nx, f"{where} nx"), _positive_count(ny, f"{where} ny"),
                            _positive_count(nz, f"{where} nz"))
        return Launch(self, _ffi.LaunchConfig(size=ctypes.sizeof(_ffi.LaunchConfig),
                                              threads=threads))

    def __getitem__(self, key):
        if not isinstance(key, tuple) or not 2 <= len(key) <= 4:
            raise TypeError(f"{self.name}[...] takes grid, block and optionally stream and "
                            "shared_bytes, e.g. kernel[blocks, threads_per_block]")
        grid, block, stream, shared_bytes = (key + (0, 0))[:4]
        stream = 0 if stream is None else stream
        config = _ffi.LaunchConfig(
            size=ctypes.sizeof(_ffi.LaunchConfig),
            grid=_dim3(grid, f"{self.name}(): the grid"),
            block=_dim3(block, f"{self.name}(): the block"),
            shared_bytes=_non_negative(shared_bytes, f"{self.name}(): shared_bytes"),
            stream=_non_negative(stream, f"{self.name}(): the stream"))
        return Launch(self, config)

    def _device_kernel(self):
        """The loaded kernel, compiled for the current GPU on first use."""
        with self._handle_lock:
            if self._handle is None:
                self._handle = self._program.device_kernel(self.name)
            return self._handle

    def _argument_count_error(self, given):
        count = len(self._params)
        names = ", ".join(param.name for param in self._params)
        return TypeError(f"{self.name}() takes {count} argument{'' if count == 1 else 's'} "
                         f"({names}) but {given} {'was' if given == 1 else 'were'} given")

    def _launch(self, config, args):
        params = self._params
        if len(args) != len(params):
            raise self._argument_count_error(len(args))
        values = []
        staged = []
        for param, arg in zip(params, args):
            item = param.convert(arg)
            if not param.is_array:
                values.append(item)
            elif item.__class__ is CudaArray:
                values += (item._pointer, item._length)
            else:
                staged.append((len(values), item))
                values += (None, None)  # the device array's address and length, once it exists
        handle = self._handle if self._handle is not None else self._device_kernel()
        temporaries = []
        host = self._program.target != "cuda"
        try:
            for position, item in staged:
                device = _to_device(item, temporaries, host)
                values[position] = device._pointer
                values[position + 1] = device._length
            with self._launch_lock:
                self._struct.pack_into(self._arguments, 0, *values)
                _ffi.check(_ffi.lib.cudapy_kernel_launch_packed(
                    handle, config, self._arguments, self._struct.size))
            for device, item in temporaries:
                if item.copy_back is None:
                    continue
                if item.copy_back is item.host:
                    device._download_into(item.host)
                else:
                    item.copy_back[...] = device.toHost()
        finally:
            for device, _ in temporaries:
                device.free()


def _to_device(item, temporaries, host):
    """The kernel's view of a staged argument for this launch: a device copy, or on the CPU
    target the host array itself. `temporaries` gets every array made, with what to copy back
    into."""
    if item.__class__ is CudaArray:
        return item
    if item.__class__ is _Staged:
        if host:
            view = _HostView(item.host)
            if item.copy_back is not None and item.copy_back is not item.host:
                temporaries.append((view, item))
            return view
        device = CudaArray(item.host)
        temporaries.append((device, item))
        return device
    # The rows of a T** argument: an array of cudapy_array descriptors, two words each.
    descriptors = np.empty(2 * len(item.rows), dtype=np.uint64)
    for index, row in enumerate(item.rows):
        device = _to_device(row, temporaries, host)
        descriptors[2 * index] = device._pointer or 0
        descriptors[2 * index + 1] = device._length
    if host:
        temporaries.append((_HostView(descriptors), _Staged(descriptors, None)))
        return _RowTable(descriptors.ctypes.data, len(item.rows))
    table = CudaArray(descriptors)
    temporaries.append((table, _Staged(descriptors, None)))
    return _RowTable(table._pointer, len(item.rows))


class _HostView:
    """A contiguous NumPy array given to a CPU kernel as it is, with CudaArray's interface for
    what a launch needs of it."""

    __slots__ = ("_array", "_pointer", "_length")

    def __init__(self, array):
        self._array = array
        self._pointer = array.ctypes.data
        self._length = len(array)

    def _download_into(self, host):
        if host is not self._array:
            host[...] = self._array

    def toHost(self):
        return self._array

    def free(self):
        pass


class _RowTable:
    """A T** argument as the kernel sees it: the descriptors' address and the row count."""

    __slots__ = ("_pointer", "_length")

    def __init__(self, pointer, length):
        self._pointer = pointer
        self._length = length


def compile(functions, sig=None, fast_math=False, line_info=False, target=None):
    """Translates a kernel (or a list: the kernel first, then its helpers) to CUDA C++ at once;
    compiles and loads it for its target on its first launch.

    `sig` gives the kernel's signature as a string, or several as {name: signature}. `target`
    is "cuda" (the GPU), "cpu" (compiled C++ on the host's cores) or "python" (every launch
    runs in the interpreter, see cudapy.interpreter); the default is $CUDAPY_TARGET, else
    "cuda".
    """
    program = _Program(functions, sig, fast_math, line_info, target)
    if program.name is None:
        raise ValueError("the first source defines no function")
    return Kernel(program, program.name, program.translate())


class Module:
    """Every kernel of one compile, as attributes: `module.saxpy(n)(...)`. The kernels share
    one translation and one compiled module."""

    def __init__(self, functions, sig=None, fast_math=False, line_info=False, target=None):
        program = _Program(functions, sig, fast_math, line_info, target)
        self.cuda_source = program.translate()
        self._program = program
        self.kernels = {name: Kernel(program, name, self.cuda_source)
                        for name in program.kernel_names()}

    def __getattr__(self, name):
        kernels = self.__dict__.get("kernels", {})
        if name in kernels:
            return kernels[name]
        raise AttributeError(f"the module has no kernel '{name}'; its kernels: "
                             f"{', '.join(kernels) or 'none'}")

    def __dir__(self):
        return [*super().__dir__(), *self.kernels]

    def ptx(self, arch=None):
        """The module's PTX for `arch`."""
        return self._program.ptx(arch)


def module(functions, sig=None, fast_math=False, line_info=False, target=None):
    """Translates several kernels and their helpers at once (functions, or source text) and
    returns them as the attributes of a Module."""
    return Module(functions, sig, fast_math, line_info, target)
