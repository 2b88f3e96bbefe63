"""Translating Python functions to CUDA kernels, compiling them and launching them."""

import ctypes
import functools
import itertools
import math
import operator
import os
import re
import struct
import threading
import weakref
from types import FunctionType
from typing import NamedTuple, Optional

from . import _ffi, targets
from ._lazy import numpy as np
from .array import (CudaArray, ForeignArray, cupy_interop, foreign_array, foreign_reader,
                    launch_key, list_to_array, order_after, torch_interop)
from .cache import launch_code, read_file
from .stream import LEGACY_DEFAULT_STREAM, stream_handle
from .closure import DeviceFunction, closure, nested_codes
from .errors import InternalError
from .types import SCALAR_TYPES, ScalarType, dtype_of, scalar_type_of, struct_code, type_name

_DEF_LINE = re.compile(r"(?:async[ \t]+)?def[ \t]+([^\W\d]\w*)")
_FIRST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+([^\W\d]\w*)", re.MULTILINE)

# Magnitudes from which a number rounds to infinity in the narrow float types.
_FLOAT_OVERFLOW = {ScalarType.FLOAT16: 65520.0, ScalarType.FLOAT32: 2.0 ** 128 * (1 - 2.0 ** -25)}
_POINTER_CODE = {8: "Q", 4: "I"}[ctypes.sizeof(ctypes.c_void_p)]
_MAX_DIM = 0xFFFFFFFF
_ONE = 1  # kernel(n) tells the default ny=1, nz=1 by identity


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


def _last_code_line(code):
    """The last line any instruction of `code` or of a function nested in it spans."""
    positions = itertools.chain.from_iterable(nested.co_positions()
                                              for nested in nested_codes(code))
    return max(filter(None, map(operator.itemgetter(1), positions)), default=0)


def _plain_lines(text):
    """The lines of a source file's text as linecache reads them, or None where it reads them
    otherwise: with a byte-order mark, \\r line ends, characters other than \\n that
    str.splitlines ends lines at, or a PEP 263 encoding declaration."""
    if "\r" in text or text.startswith("\ufeff"):
        return None
    lines = text.splitlines(keepends=True)
    if (not lines or len(lines) != text.count("\n") + (not text.endswith("\n"))
            or "coding" in "".join(lines[:2])):
        return None
    if not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines


def _file_lines(filename, module_globals):
    """The lines of a source file, as linecache.getlines gives them. A file linecache has not
    read yet is read here when it is plain UTF-8 (see _plain_lines), and kept in linecache as
    linecache keeps it: its own reader decodes through tokenize, which costs twice as much.
    Other files, and names that are no file, are left to linecache."""
    import linecache

    if filename not in linecache.cache and not (filename.startswith("<")
                                                and filename.endswith(">")):
        try:
            data, status = read_file(filename)
            lines = _plain_lines(data.decode("utf-8"))
        except (OSError, UnicodeDecodeError):
            lines = None
        if lines is not None:
            linecache.cache[filename] = (status.st_size, status.st_mtime, lines, filename)
    return linecache.getlines(filename, module_globals)


def _function_block(function):
    """The lines of the file that hold `function` (decorators first) and the 1-based number of
    the first, read from the lines its code object spans: inspect.getsourcelines finds the same
    block by tokenizing, which costs milliseconds in a fresh process."""
    code = function.__code__
    lines = _file_lines(code.co_filename, function.__globals__)
    first = code.co_firstlineno
    if not lines or first > len(lines) or not hasattr(code, "co_positions"):
        import inspect  # Python before 3.11, or a source linecache cannot read

        block, first = inspect.getsourcelines(function)
        return inspect.findsource(function)[0], block, first
    indent = len(_leading_space(lines[first - 1]))
    end = max(first, _last_code_line(code))
    # Lines after the last instruction still belong to the body while they are blank, comments,
    # or indented deeper than the def (a `pass` the compiler dropped).
    while end < len(lines):
        text = lines[end]
        if text.strip() and len(_leading_space(text)) <= indent:
            break
        end += 1
    return lines, lines[first - 1:end], first


def _function_source(function):
    """The function's text from its `def` line, preceded by the comment block that sits
    directly above it or its decorators; decorator lines are blanked so lines stay in place."""
    if function.__name__ == "<lambda>":
        raise TypeError("a lambda cannot be compiled; write a def")
    try:
        file_lines, block, start = _function_block(function)
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
    if isinstance(item, FunctionType):
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


class _Options(NamedTuple):
    """Compile options, checked once when a program is made."""

    fast_math: bool = False
    line_info: bool = False
    debug: bool = False
    max_registers: int = 0
    launch_bounds: tuple = (0, 0)  # (max threads per block, min blocks per multiprocessor)
    compiler: int = 0  # a _ffi.Compiler


def _positive_option(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be a positive integer, got {type(value).__name__}")
    if value <= 0:
        raise ValueError(f"{what} must be positive, got {value}")
    return int(value)


_COMPILERS = {None: _ffi.Compiler.DEFAULT, "nvrtc": _ffi.Compiler.NVRTC,
              "nvcc": _ffi.Compiler.NVCC}


def _options(fast_math=False, line_info=False, debug=False, max_registers=None,
             launch_bounds=None, compiler=None):
    """The _Options of a compile's keyword arguments; launch_bounds is max threads per block,
    or (max threads, min blocks per multiprocessor); compiler is "nvrtc", "nvcc" or None
    ($CUDAPY_COMPILER, else NVRTC)."""
    if compiler not in _COMPILERS:
        raise ValueError(f'compiler must be "nvrtc", "nvcc" or None, got {compiler!r}')
    registers = 0 if max_registers is None else _positive_option(max_registers, "max_registers")
    bounds = (0, 0)
    if launch_bounds is not None:
        given = launch_bounds if isinstance(launch_bounds, tuple) else (launch_bounds,)
        if not 1 <= len(given) <= 2:
            raise ValueError("launch_bounds must be max_threads or (max_threads, min_blocks), "
                             f"got {launch_bounds!r}")
        bounds = (_positive_option(given[0], "launch_bounds' max threads"),
                  _positive_option(given[1], "launch_bounds' min blocks") if len(given) == 2
                  else 0)
    return _Options(bool(fast_math), bool(line_info), bool(debug), registers, bounds,
                    _COMPILERS[compiler])


def _compile_options(arch, options):
    max_threads, min_blocks = options.launch_bounds
    return _ffi.CompileOptions(size=ctypes.sizeof(_ffi.CompileOptions),
                               arch=arch.encode() if arch else None,
                               fast_math=int(options.fast_math), line_info=int(options.line_info),
                               debug=int(options.debug), max_registers=options.max_registers,
                               launch_bounds_max_threads=max_threads,
                               launch_bounds_min_blocks=min_blocks, compiler=options.compiler)


class _Program:
    """A cudapy_program holding the sources of one compile() call, and the module compiled
    from them for the GPU, shared by all its kernels.

    Python functions bring what they read of their modules (see cudapy.closure): the device
    functions they call are compiled with them, the numbers become one more source of
    `NAME = value` lines, and the NumPy arrays constant arrays."""

    def __init__(self, functions, sig, options=_Options(), target=None, first_source=None):
        """`first_source` is the first function's _Source when the caller has read it."""
        self.target = targets.resolve(target)
        self._options = options
        self._module = None
        self._module_options_made = None
        self._compile_started = False
        self._compile_lock = threading.Lock()
        items = list(functions) if isinstance(functions, (list, tuple)) else [functions]
        if not items:
            raise ValueError("nothing to compile: the list of functions is empty")
        items = [item.py_func if isinstance(item, DeviceFunction) else item for item in items]
        found = closure([item for item in items if isinstance(item, FunctionType)])
        items += [helper.py_func for helper in found.helpers if helper.py_func not in items]
        sources = [first_source or _source(items[0])] + [_source(item) for item in items[1:]]
        if self.target == "python":
            from . import interpreter
            sources = [interpreter._translatable(source) for source in sources]
        self.name = sources[0].name
        signatures = {helper.__name__: helper.signature for helper in found.helpers
                      if helper.signature is not None}
        signatures.update(_signatures(sig, self.name))
        if found.constants:
            sources.append(_Source(found.constants, f"<constants of {self.name}>", 1, 0, None))
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
        for name, array in found.arrays.items():
            self._add_constant_array(name, array)

    def _add_constant_array(self, name, array):
        array = np.ascontiguousarray(array)
        shape = (ctypes.c_int64 * array.ndim)(*array.shape)
        _ffi.check(_ffi.lib.cudapy_program_add_constant_array(
            self.handle, name.encode("utf-8"), scalar_type_of(array.dtype), array.ndim, shape,
            array.ctypes.data, array.nbytes), self.handle)

    def check(self):
        """Translates the sources, raising CompileError for what is wrong in them; the CUDA C++
        stays in the library until translate() asks for it."""
        status = _ffi.lib.cudapy_program_translate(self.handle, None)
        _ffi.warn_pending()  # the translation may come from the disk cache
        _ffi.check(status, self.handle)

    def translate(self):
        text = ctypes.c_void_p()
        status = _ffi.lib.cudapy_program_translate(self.handle, ctypes.byref(text))
        _ffi.warn_pending()
        _ffi.check(status, self.handle)
        return _ffi.take_string(text)

    def ptx(self, arch=None):
        options = _compile_options(arch, self._options)
        text = ctypes.c_void_p()
        with self._compile_lock:
            status = _ffi.lib.cudapy_program_ptx(self.handle, ctypes.byref(options),
                                                 ctypes.byref(text))
        _ffi.warn_pending()
        _ffi.check(status, self.handle)
        return _ffi.take_string(text)

    def kernel_names(self):
        lib = _ffi.lib
        return [lib.cudapy_program_kernel_name(self.handle, index).decode("utf-8")
                for index in range(lib.cudapy_program_kernel_count(self.handle))]

    def _module_options(self):
        """The CompileOptions of the module for the current GPU, made once."""
        if self._module_options_made is None:
            options = _compile_options(None, self._options)
            options.target = targets.memory_target(self.target)
            self._module_options_made = options
        return self._module_options_made

    def start_compile(self):
        """Starts compiling and loading the program for the current GPU in the background
        (cudapy_program_compile_start), once, so that the first launch finds the module
        ready, its compile having overlapped the rest of the kernel's making. Only once the
        process uses the GPU (_ffi.use_gpu): a kernel made for its translation or PTX alone
        makes no CUDA context."""
        if self.target != "cuda" or not _ffi.gpu_used:
            return
        with self._compile_lock:
            if self._compile_started or self._module is not None:
                return
            self._compile_started = True
            # A failure to start is the first launch's to report, as it compiles then.
            _ffi.lib.cudapy_program_compile_start(self.handle,
                                                  ctypes.byref(self._module_options()))

    def device_kernel(self, name):
        """The loaded kernel `name`; the program is compiled for the current GPU on first use,
        or taken from the compile start_compile began."""
        with self._compile_lock:
            if self._module is None:
                lib = _ffi.lib
                module = _ffi.module_p()
                status = lib.cudapy_program_compile(self.handle,
                                                    ctypes.byref(self._module_options()),
                                                    ctypes.byref(module))
                _ffi.warn_pending()  # the code may come from the disk cache
                _ffi.check(status, self.handle)
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


def ptx(functions, sig=None, arch=None, fast_math=False, line_info=False, debug=False,
        max_registers=None, launch_bounds=None, compiler=None):
    """PTX compiled by NVRTC (or nvcc: compiler="nvcc") from a function or a list of them.
    Needs NVRTC, not a GPU."""
    options = _options(fast_math, line_info, debug, max_registers, launch_bounds, compiler)
    return _Program(functions, sig, options).ptx(arch)


class _Staged(NamedTuple):
    """A host array for one launch: `host` is what the kernel gets (a contiguous copy, or the
    array itself), `copy_back` the array to copy it into after the launch (None: none)."""

    host: "np.ndarray"
    copy_back: Optional["np.ndarray"]


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
        # An array's packed words, one a format code: placeholders until it is in place.
        self.words = len(self.code) if self.is_array else 1
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
        if value.__class__ is CudaArray:
            if value._launch_key == self._launch_key and value._buffer is not None:
                return value
            return self._check_device_array(value, "a CudaArray")
        if isinstance(value, np.ndarray):
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
        elif self.layout == _ffi.Layout.ANY and (
                flags.f_contiguous or self.host_memory and flags.aligned):
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
        return self[0]

    @property
    def y(self):
        return self[1]

    @property
    def z(self):
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


def _dim3(value, what, limits):
    """The Dim3 of a grid or block given as an int, a tuple of 1 to 3 ints or a dim3, each
    count within `limits` (by axis)."""
    if isinstance(value, tuple):
        if not 1 <= len(value) <= 3:
            raise ValueError(f"{what} must be an integer or a tuple of 1 to 3 integers, got a "
                             f"tuple of {len(value)}")
        items = value
    else:
        items = (value,)
    counts = [_positive_count(item, f"{what}[{index}]" if items is value else what, limit,
                              f" (CUDA's limit in {axis})")
              for index, (item, limit, axis) in enumerate(zip(items, limits, _AXES))]
    return _ffi.Dim3(*counts, *[1] * (3 - len(counts)))


def _non_negative(value, what, limit, limit_name):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an integer, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{what} must not be negative, got {value}")
    if value > limit:
        raise ValueError(f"{what} must be at most {limit}{limit_name}, got {value}")
    return int(value)


def launch_config(name, key):
    """The LaunchConfig of `kernel[grid, block]` or `kernel[grid, block, stream, shared_bytes]`,
    each value checked against CUDA's limits, on every target."""
    if not isinstance(key, tuple) or not 2 <= len(key) <= 4:
        raise TypeError(f"{name}[...] takes grid, block and optionally stream and "
                        "shared_bytes, e.g. kernel[blocks, threads_per_block]")
    grid, block, stream, shared_bytes = (key + (0, 0))[:4]
    grid_dim = _dim3(grid, f"{name}(): the grid", _MAX_GRID)
    block_dim = _dim3(block, f"{name}(): the block", _MAX_BLOCK)
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
                    weakref.finalize(self, _ffi.lib.cudapy_launch_delete, native).atexit = False
                    self._native = native
        return self._native

    def __call__(self, *args, seq=False):
        """Launches the kernel; `seq=True` runs the Python function in the interpreter instead,
        thread by thread (see cudapy.interpreter)."""
        if seq or self._kernel._interpreted:
            from . import interpreter
            interpreter._launch(self._kernel, self._config, args)
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
                 "LEGACY_DEFAULT_STREAM": LEGACY_DEFAULT_STREAM}
    array_dtypes = {}  # parameter index -> dtype, of the arrays read in place
    descriptor = []
    for index, param in enumerate(params):
        if param.depth == 2:
            return None
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
        f"        if {all_given}not rest and not seq:",
        *indented(12, body),
        f"        checked(*[value for value in ({given_args}) if value is not MISSING],",
        "                *rest, seq=seq)",
        "    launch.__doc__ = Launch.__call__.__doc__",
        "    return launch"])


class Kernel:
    """A compiled kernel. `kernel(nx, ny, nz)(*args)` runs nx*ny*nz threads with a block size
    chosen for the GPU; `kernel[grid, block](*args)` (optionally `[grid, block, stream,
    shared_bytes]`) launches exactly that grid."""

    def __init__(self, program, name):
        """`program` has been translated."""
        program.start_compile()
        self._program = program
        self._interpreted = program.target == "python"  # every launch runs in the interpreter
        self._host_memory = targets.memory_target(program.target) == _ffi.Target.CPU
        self.name = name
        handle = self._program.handle
        lib = _ffi.lib
        index = self._program.kernel_index(self.name)
        params = []
        info = _ffi.ParamInfo(size=ctypes.sizeof(_ffi.ParamInfo))  # each _Parameter copies it
        for param_index in range(lib.cudapy_program_param_count(handle, index)):
            _ffi.check(lib.cudapy_program_param(handle, index, param_index, ctypes.byref(info)),
                       handle)
            params.append(_Parameter(self.name, info, program.target))
        self._params = params
        self.params = [(param.name, param.type) for param in params]
        args_size = lib.cudapy_program_args_size(handle, index)
        self._struct = _argument_struct(params, args_size)
        self._args_size = ctypes.c_size_t(args_size)
        self._launch_packed = _ffi.launch_packed_unconverted
        self._make_launch = Launch if self._interpreted else (_fast_launch_maker(
            params, self._struct, _ffi.launch_run_unconverted) or Launch)
        self._handle_lock = threading.Lock()
        self._handle = None
        self._launches = LaunchCache()
        self._launch_pairs = self._launches.pairs  # kernel[blocks, threads]'s, read directly
        self._launches_by_threads = {}  # kernel(n)'s launches by n
        self._launches_by_shape = {}  # kernel(nx, ny, nz)'s by (nx, ny, nz), all ints

    @functools.cached_property
    def cuda_source(self):
        """The CUDA C++ translated from the kernel's program."""
        return self._program.translate()

    def __repr__(self):
        params = ", ".join(f"{name}: {type_}" for name, type_ in self.params)
        return f"<cudapy.Kernel {self.name}({params})>"

    def ptx(self, arch=None):
        """The PTX of the kernel's program for `arch` ("sm_90", "compute_90"; None: the oldest
        architecture NVRTC supports)."""
        return self._program.ptx(arch)

    def __call__(self, nx, ny=1, nz=1):
        # kernel(n), the usual call, costs one lookup by n: `is _ONE` holds for the default and
        # any int 1. A float or bool equal to a kept n finds its launch but is checked anew.
        if ny is _ONE and nz is _ONE:
            try:
                launch = self._launches_by_threads[nx]
            except (KeyError, TypeError):  # TypeError: an unhashable nx, refused below
                pass
            else:
                if nx.__class__ is int or nx.__class__ is dim3:
                    return launch
            launch = self._make_launch(self, thread_config(self.name, nx, ny, nz))
            if nx.__class__ is int or nx.__class__ is dim3:
                return _keep(self._launches_by_threads, nx, launch)
            return launch
        if nx.__class__ is int and ny.__class__ is int and nz.__class__ is int:
            launch = self._launches_by_shape.get((nx, ny, nz))
            if launch is None:
                launch = _keep(self._launches_by_shape, (nx, ny, nz),
                               self._make_launch(self, thread_config(self.name, nx, ny, nz)))
            return launch
        return self._make_launch(self, thread_config(self.name, nx, ny, nz))

    def __getitem__(self, key):
        # [blocks, threads_per_block] with ints, the usual key, costs one lookup and two tests.
        try:
            launch = self._launch_pairs[key]
            if key[0].__class__ is int and key[1].__class__ is int:
                return launch
        except (KeyError, TypeError):  # TypeError: an unhashable key, refused below
            pass
        return (self._launches.get(key)
                or self._launches.put(key, self._make_launch(self, launch_config(self.name, key))))

    def launch(self, *args, grid, block, stream=0, shared_mem=0):
        """Launches at once on `grid` blocks of `block` threads (ints or tuples), queued on
        `stream`, with `shared_mem` bytes of dynamic shared memory:
        `kernel.launch(x, y, grid=blocks, block=threads)` is `kernel[blocks, threads](x, y)`."""
        self[grid, block, stream, shared_mem](*args)

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
            elif item.__class__ in _ARRAY_VIEWS:
                values += item._packed_strided if param.strided else item._packed
                if item.__class__ is ForeignArray:
                    order_after(item.producer_stream, config._obj.stream)
            else:
                staged.append((len(values), param, item))
                values += param.placeholder  # the words of the array, once it is in place
        handle = self._handle if self._handle is not None else self._device_kernel()
        if not staged:
            _ffi.check(self._launch_packed(handle, config, self._struct.pack(*values),
                                           self._args_size))
            return
        temporaries = []
        try:
            for position, param, item in staged:
                values[position:position + param.words] = _place(
                    item, param.strided, temporaries, self._host_memory)
            _ffi.check(self._launch_packed(handle, config, self._struct.pack(*values),
                                           self._args_size))
            for device, item in temporaries:
                if item.copy_back is None:
                    continue
                if device is not None:
                    device._download_into(item.host)
                if item.copy_back is not item.host:
                    item.copy_back[...] = item.host
        finally:
            for device, _ in temporaries:
                if device is not None:
                    device.free()


def _place(item, strided, temporaries, host_memory):
    """The packed words (address, extents, strides if `strided`) of a staged argument for this
    launch: of a device copy, or in host memory of the array itself. `temporaries` gets
    (device copy or None, _Staged) for what must be freed or copied back after the launch."""
    if item.__class__ in _ARRAY_VIEWS:
        return item._packed_strided if strided else item._packed
    if item.__class__ is _Staged:
        if host_memory:
            array = item.host
            if item.copy_back is not None and item.copy_back is not array:
                temporaries.append((None, item))
            words = (array.ctypes.data, *array.shape)
            if strided:
                words += tuple(stride // array.itemsize for stride in array.strides)
            return words
        device = CudaArray(item.host, target="cuda")
        temporaries.append((device, item))
        return device._packed_strided if strided else device._packed
    # The rows of a T** argument: a table of cudapy_array descriptors, two words each.
    descriptors = np.empty(2 * len(item.rows), dtype=np.uint64)
    for index, row in enumerate(item.rows):
        descriptors[2 * index: 2 * index + 2] = _place(row, False, temporaries, host_memory)
    staged_table = _Staged(descriptors, None)
    if host_memory:
        temporaries.append((None, staged_table))  # keeps the table alive for the launch
        return descriptors.ctypes.data, len(item.rows)
    table = CudaArray(descriptors, target="cuda")
    temporaries.append((table, staged_table))
    return table._pointer, len(item.rows)


def compile(functions, sig=None, fast_math=False, line_info=False, target=None, debug=False,
            max_registers=None, launch_bounds=None, compiler=None):
    """Translates a kernel (or a list: the kernel first, then its helpers) to CUDA C++ at once;
    compiles and loads it for its target on its first launch, or, for the GPU once the process
    has a GPU array, in the background from now on (the first launch then takes the result).

    `sig` gives the kernel's signature as a string, or several as {name: signature}. A single
    function with neither `sig` nor a signature comment is compiled at its calls for its
    arguments' types, once per type tuple (Python ints as int64, floats as float64, NumPy
    scalars and arrays by their dtype, dimensions and layout), as numba's @cuda.jit. `target`
    is "cuda" (the GPU), "cpu" (compiled C++ on the host's cores) or "python" (every launch
    runs in the interpreter, see cudapy.interpreter); the default is $CUDAPY_TARGET, else
    "cuda". `debug` checks the kernel's asserts (a failure raises KernelAssertionError);
    `max_registers` caps the registers of a thread; `launch_bounds` is the largest block the
    kernel is launched with, or (that, the minimum blocks per multiprocessor). `compiler` is
    "nvrtc" or "nvcc" (None: $CUDAPY_COMPILER, else NVRTC).
    """
    options = _options(fast_math, line_info, debug, max_registers, launch_bounds, compiler)
    first_source = None
    if sig is None and isinstance(functions, FunctionType):
        first_source = _function_source(functions)
        if not _has_signature(first_source):
            # Typed at each call by its arguments, as numba's @cuda.jit without a signature.
            from .cuda import Dispatcher
            return Dispatcher(functions, None, options, target)
    program = _Program(functions, sig, options, target, first_source)
    if program.name is None:
        raise ValueError("the first source defines no function")
    program.check()
    name = program.name
    if isinstance(functions, str):
        # Source text's one kernel is the kernel, wherever its helpers stand.
        kernels = program.kernel_names()
        if len(kernels) > 1:
            raise ValueError(f"the source defines {len(kernels)} kernels ({', '.join(kernels)}); "
                             "compile() gives one: use cudapy.module() for several")
        if kernels:
            name = kernels[0]
    return Kernel(program, name)


def _has_signature(source):
    """Whether a CudaPy signature comment (`# name : ...`) sits in the comments above the
    function whose _Source this is."""
    for line in source.text.splitlines():
        text = line.strip()
        if text.startswith("#"):
            words = text[1:].lstrip()
            if words.startswith(source.name) and words[len(source.name):].lstrip().startswith(":"):
                return True
        elif _FIRST_DEF.match(line):
            return False
    return False


class Module:
    """Every kernel of one compile, as attributes: `module.saxpy(n)(...)`. The kernels share
    one translation and one compiled module."""

    def __init__(self, functions, sig=None, fast_math=False, line_info=False, target=None,
                 debug=False, max_registers=None, launch_bounds=None, compiler=None):
        options = _options(fast_math, line_info, debug, max_registers, launch_bounds, compiler)
        program = _Program(functions, sig, options, target)
        self.cuda_source = program.translate()
        self._program = program
        self.kernels = {name: Kernel(program, name)
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


def module(functions, sig=None, fast_math=False, line_info=False, target=None, debug=False,
           max_registers=None, launch_bounds=None, compiler=None):
    """Translates several kernels and their helpers at once (functions, or source text) and
    returns them as the attributes of a Module; the options are compile()'s."""
    return Module(functions, sig, fast_math, line_info, target, debug, max_registers,
                  launch_bounds, compiler)
