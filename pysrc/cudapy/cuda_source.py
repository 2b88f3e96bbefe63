"""CUDA C++ of the user's own: PyCUDA's SourceModule, CuPy's RawKernel and RawModule, and
compile_cuda for PTX or CUBIN.

The library compiles the source (NVRTC, or nvcc on request) through the disk cache translated
kernels use, and loads it for the current GPU. A launch packs each argument at the offset the
compiled kernel gives its parameter and checks its size there, so an argument of the wrong
size is an error rather than a wrong answer. Arguments are device arrays (cudapy's, or any
with `__cuda_array_interface__` or PyCUDA's `gpudata`), device addresses, NumPy scalars and
structured scalars (as the kernel's parameter types), and host arrays wrapped in In, Out or
InOut, which are copied to the GPU for the launch and back after it. A size cannot tell an int
parameter from a float one, so PyCUDA's kernels refuse Python numbers, as PyCUDA does; CuPy's
take them as CuPy does, an int as an integer of the parameter's size (range-checked) and a
float as a double.
"""

import ctypes
import struct
from collections import namedtuple

from . import _ffi, progress
from ._launch import ArgumentHandler, grid_and_block, plain_counts
from ._lazy import numpy as np
from .array import CudaArray, device_array, to_device
from .errors import CudaCompilationError, UnsupportedError
from .stream import Event, stream_handle

_COMPILERS = {None: _ffi.Compiler.DEFAULT, "nvrtc": _ffi.Compiler.NVRTC,
              "nvcc": _ffi.Compiler.NVCC}
_POINTER_BYTES = ctypes.sizeof(ctypes.c_void_p)
_DEFAULT_NAME = "kernel.cu"  # the library's name for a source without options
_UNSIGNED_CODES = {1: "B", 2: "H", 4: "I", 8: "Q"}


# NumPy's type characters and the struct codes (standard sizes, little-endian) packing alike;
# C's long is NumPy's 'l', as wide as ctypes' c_long.
_LONG_CODES = ("q", "Q") if ctypes.sizeof(ctypes.c_long) == 8 else ("i", "I")
_STRUCT_CODES = {"?": "?", "b": "b", "B": "B", "h": "h", "H": "H", "i": "i", "I": "I",
                 "l": _LONG_CODES[0], "L": _LONG_CODES[1], "q": "q", "Q": "Q", "e": "e",
                 "f": "f", "d": "d"}

class DevicePointer(int):
    """A device address, which CUDA C++ kernels take as a pointer (PyCUDA's gpudata)."""

    __slots__ = ()


GlobalVariable = namedtuple("GlobalVariable", ["ptr", "size"])
GlobalVariable.__doc__ = ("A module's __device__ or __constant__ variable: its device address "
                          "and size in bytes; unpacks as PyCUDA's (address, size) pair.")


def _strings(values, what):
    """A ctypes array of the strings `values` and their count; None for none."""
    if not values:
        return None, 0
    if isinstance(values, (str, bytes)):
        values = [values]
    encoded = []
    for value in values or ():
        if hasattr(value, "__fspath__"):
            value = value.__fspath__()
        if not isinstance(value, str):
            raise TypeError(f"{what} must be strings, got {type(value).__name__}")
        encoded.append(value.encode("utf-8"))
    return (ctypes.c_char_p * len(encoded))(*encoded), len(encoded)


def _options(name, arch, compiler, options, include_dirs, name_expressions):
    """A pointer to the cudapy_cuda_options for a compile (the ctypes arrays live as long as
    the struct); None, the library's defaults, when every one is the default."""
    if compiler not in _COMPILERS:
        raise ValueError(f"compiler must be 'nvrtc' or 'nvcc', got {compiler!r}")
    if arch is not None and not isinstance(arch, str):
        raise TypeError(f"arch must be a string such as 'sm_90', got {type(arch).__name__}")
    if (name == _DEFAULT_NAME and not arch and compiler is None and not options
            and not include_dirs and not name_expressions):
        return None
    option_array, option_count = _strings(options, "options")
    folder_array, folder_count = _strings(include_dirs, "include_dirs")
    expression_array, expression_count = _strings(name_expressions, "name_expressions")
    given = _ffi.CudaOptions(
        size=ctypes.sizeof(_ffi.CudaOptions), name=name.encode("utf-8"),
        arch=arch.encode("utf-8") if arch else None, compiler=_COMPILERS[compiler],
        options=option_array, option_count=option_count, include_dirs=folder_array,
        include_dir_count=folder_count, name_expressions=expression_array,
        name_expression_count=expression_count)
    given._keep = (option_array, folder_array, expression_array)
    return ctypes.byref(given)


def _with_extern_c(source, no_extern_c):
    """PyCUDA's wrapping of a source in extern "C" (unmangled kernel names); `#line 1` keeps
    the compiler's line numbers the source's own."""
    return source if no_extern_c else 'extern "C" {\n#line 1\n' + source + "\n}\n"


def _compile_error():
    """The compiler's log as a CudaCompilationError whose diagnostics point at the source."""
    return CudaCompilationError(_ffi.last_error(), _ffi.cuda_diagnostics())


def _check_compile(status):
    if status == _ffi.Status.CUDA_COMPILATION:
        raise _compile_error()
    _ffi.check(status)


def compile_cuda(source, arch=None, options=(), include_dirs=(), compiler=None,
                 name=_DEFAULT_NAME, no_extern_c=True, name_expressions=()):
    """Compiles CUDA C++ for `arch` ('sm_90' gives CUBIN, 'compute_90' PTX; None: the current
    GPU's CUBIN) and returns the code as bytes (PyCUDA's compiler.compile; PTX is text).
    `options` are compiler options such as '-DN=4' or '--use_fast_math'; `compiler` is 'nvrtc'
    (the default, or $CUDAPY_COMPILER) or 'nvcc'. A source that does not compile raises
    CudaCompilationError with the compiler's messages at the source's lines."""
    if not isinstance(source, str):
        raise TypeError(f"the source must be a string, got {type(source).__name__}")
    text = _with_extern_c(source, no_extern_c)
    given = _options(name, arch, compiler, options, include_dirs, name_expressions)
    code = ctypes.c_void_p()
    size = ctypes.c_size_t()
    with progress.compiling(f"CUDA C++ {name} for {arch or 'the GPU'}"):
        status = _ffi.lib.cudapy_cuda_compile(text.encode("utf-8"), given,
                                              ctypes.byref(code), ctypes.byref(size))
    _check_compile(status)
    try:
        return ctypes.string_at(code.value, size.value)
    finally:
        _ffi.lib.cudapy_string_free(code)


class _LoadedModule(_ffi.Owner):
    """A loaded module of CUDA C++: its kernels, name expressions and globals."""

    __slots__ = ("_module", "_functions")

    def _compile(self, source, name, arch, compiler, options, include_dirs, name_expressions,
                 no_extern_c):
        if not isinstance(source, str):
            raise TypeError(f"the source must be a string, got {type(source).__name__}")
        _ffi.use_gpu()
        self._functions = {}
        if arch:
            # Another architecture than the GPU's: compiled for it, then loaded (the driver
            # compiles PTX for the GPU).
            self._load(compile_cuda(source, arch, options, include_dirs, compiler, name,
                                    no_extern_c))
            return
        given = _options(name, None, compiler, options, include_dirs, name_expressions)
        module = _ffi.cuda_module_p()
        text = _with_extern_c(source, no_extern_c)
        with progress.compiling(f"CUDA C++ {name} for the GPU"):
            status = _ffi.lib.cudapy_cuda_module_new(text.encode("utf-8"), given,
                                                     ctypes.byref(module))
        _check_compile(status)
        self._module = module
        self._own(_ffi.lib.cudapy_cuda_module_delete, module)

    def _load(self, image):
        if isinstance(image, str):
            image = image.encode("utf-8")
        image = bytes(image)
        _ffi.use_gpu()
        self._functions = {}
        module = _ffi.cuda_module_p()
        _ffi.check(_ffi.lib.cudapy_cuda_module_load(image, len(image), ctypes.byref(module)))
        self._module = module
        self._own(_ffi.lib.cudapy_cuda_module_delete, module)

    def _live(self):
        if self.closed:
            raise ValueError("the module is closed")
        return self._module

    def _function(self, name, cls):
        if not isinstance(name, str):
            raise TypeError(f"a kernel's name must be a string, got {type(name).__name__}")
        key = (name, cls)
        function = self._functions.get(key)
        if function is None:
            handle = _ffi.cuda_function_p()
            _ffi.check(_ffi.lib.cudapy_cuda_module_function(self._live(), name.encode("utf-8"),
                                                            ctypes.byref(handle)))
            function = self._functions[key] = cls(self, handle, name)
        return function

    def _lowered_name(self, expression):
        lowered = ctypes.c_char_p()
        _ffi.check(_ffi.lib.cudapy_cuda_module_lowered_name(
            self._live(), expression.encode("utf-8"), ctypes.byref(lowered)))
        return lowered.value.decode("utf-8")

    def get_global(self, name):
        """The device address and size in bytes of the module's __device__ or __constant__
        variable `name` (a GlobalVariable, which unpacks as PyCUDA's pair)."""
        address = ctypes.c_void_p()
        size = ctypes.c_size_t()
        _ffi.check(_ffi.lib.cudapy_cuda_module_global(self._live(), name.encode("utf-8"),
                                                      ctypes.byref(address), ctypes.byref(size)))
        return GlobalVariable(address.value or 0, size.value)


class SourceModule(_LoadedModule):
    """PyCUDA's SourceModule: CUDA C++ compiled for the current GPU and loaded.

    The source is wrapped in extern "C" unless `no_extern_c`, so kernels keep their C names for
    get_function(). `options` are compiler options ('-DN=4', '--use_fast_math', '-std=c++20',
    ...), `include_dirs` folders for #include, `arch` another architecture to compile for
    ('sm_80', 'compute_80'). cudapy compiles with NVRTC unless `compiler='nvcc'` (or
    $CUDAPY_COMPILER=nvcc; $CUDAPY_NVCC names the nvcc) and keeps the code in its own disk cache:
    PyCUDA's `nvcc`, `keep`, `code` and `cache_dir` arguments are accepted and change nothing.
    `name_expressions` (with no_extern_c=True) name template instances such as 'scale<float>',
    which get_function() then takes by that name."""

    __slots__ = ("_name_expressions",)

    def __init__(self, source, nvcc="nvcc", options=None, keep=False, no_extern_c=False,
                 arch=None, code=None, cache_dir=None, include_dirs=(), *, compiler=None,
                 name_expressions=(), name=_DEFAULT_NAME):
        self._name_expressions = frozenset(name_expressions or ())
        self._compile(source, name, arch, compiler, options or (), include_dirs,
                      name_expressions, no_extern_c)

    def get_function(self, name):
        """The kernel `name` (its C name, a name expression, or a mangled C++ name) as a
        Function to launch."""
        if name in self._name_expressions:
            name = self._lowered_name(name)
        return self._function(name, Function)

    def get_texref(self, name):
        """PyCUDA's texture reference `name`: always UnsupportedError, as CUDA 12 removed
        texture references."""
        raise UnsupportedError("texture references were removed in CUDA 12; pass a texture "
                               "object or the array itself")


class LoadedCode(_LoadedModule):
    """A module of compiled code (CUBIN, PTX or a fat binary) given as bytes, whose kernels
    are launched as PyCUDA's (module_from_buffer)."""

    __slots__ = ()

    def __init__(self, image):
        self._load(image)

    def get_function(self, name):
        return self._function(name, Function)


class RawModule(_LoadedModule):
    """CuPy's RawModule: CUDA C++ `code` compiled for the current GPU (no extern "C" is added),
    or compiled code (CUBIN, PTX or a fat binary) loaded from `path`. `backend` is 'nvrtc' or
    'nvcc'; `name_expressions` name template instances for get_function()."""

    __slots__ = ("_name_expressions",)

    def __init__(self, code=None, *, path=None, options=(), backend="nvrtc",
                 translate_cucomplex=False, enable_cooperative_groups=False,
                 name_expressions=None, jitify=False):
        if (code is None) == (path is None):
            raise TypeError("RawModule takes either code or path")
        for flag, what in ((translate_cucomplex, "translate_cucomplex"),
                           (enable_cooperative_groups, "enable_cooperative_groups"),
                           (jitify, "jitify")):
            if flag:
                raise UnsupportedError(f"RawModule: {what} is not supported by cudapy")
        self._name_expressions = frozenset(name_expressions or ())
        if path is not None:
            with open(path, "rb") as file:
                self._load(file.read())
        else:
            self._compile(code, _DEFAULT_NAME, None, backend, options, (),
                          name_expressions or (), True)

    def get_function(self, name):
        """The kernel `name` (its C name, a name expression or a mangled name) as a RawKernel."""
        if name in self._name_expressions:
            name = self._lowered_name(name)
        return self._function(name, RawFunction)


def _pointer_of(value):
    """The device address of an argument given for a pointer parameter."""
    if value is None:
        return 0
    if isinstance(value, CudaArray):
        if value.target != "cuda":
            raise TypeError("a CPU-target array cannot be given to a CUDA C++ kernel")
        return value.pointer
    interface = getattr(value, "__cuda_array_interface__", None)
    if interface is not None:
        return interface["data"][0]
    gpudata = getattr(value, "gpudata", None)
    if gpudata is not None:
        return int(gpudata)
    return int(value)


def _is_device_object(kind):
    return (issubclass(kind, CudaArray) or hasattr(kind, "__cuda_array_interface__")
            or hasattr(kind, "gpudata"))


def _integer_of(size, position):
    low, high = -(1 << (8 * size - 1)), 1 << (8 * size)
    mask = (1 << (8 * size)) - 1

    def convert(value):
        if not low <= value < high:
            raise OverflowError(f"argument {position} ({value}) does not fit the kernel's "
                                f"{size}-byte parameter")
        return value & mask
    return _UNSIGNED_CODES[size], convert


def _pointer_packing(kind, size, position):
    if size != _POINTER_BYTES:
        raise TypeError(f"argument {position} is a device address ({kind.__name__}); the "
                        f"kernel's parameter {position} takes {size} bytes")
    return "Q", _pointer_of


def _bytes_of(size, position, what):
    def convert(value):
        data = value.tobytes()
        if len(data) != size:
            raise TypeError(f"argument {position} is {what} of {len(data)} bytes; the kernel's "
                            f"parameter {position} takes {size} bytes"
                            + (": wrap a host array in cudapy.In, Out or InOut, or copy it to "
                               "the GPU" if what == "a host array" else ""))
        return data
    return f"{size}s", convert


def _identity(value):
    return value


def _bool_packing(size, position):
    if size != 1:
        raise TypeError(f"argument {position} is a bool; the kernel's parameter {position} "
                        f"takes {size} bytes")
    return "?", _identity


def _packing(kind, size, position, python_numbers):
    """The struct code and converter of an argument of Python type `kind` for a parameter of
    `size` bytes; None for a host array in In/Out/InOut (staged). Python ints and floats are
    refused unless `python_numbers`."""
    if issubclass(kind, CudaArray):  # the common case first: a first launch notices the rest
        return _pointer_packing(kind, size, position)
    if issubclass(kind, ArgumentHandler):
        return None
    if not python_numbers and kind in (int, float):
        raise TypeError(f"argument {position} is a Python {kind.__name__}, whose C type the "
                        "kernel cannot tell: give a NumPy scalar of the parameter's type, such "
                        "as np.int32(n) or np.float32(x)")
    if kind is bool:
        return _bool_packing(size, position)
    if issubclass(kind, np.generic):
        dtype = np.dtype(kind)  # read for bools and structured scalars too: one NumPy lookup
        if dtype.char == "?":
            return _bool_packing(size, position)
        if dtype.kind == "V":
            return _bytes_of(size, position, "a structured scalar")
        if dtype.itemsize != size:
            raise TypeError(f"argument {position} is {dtype.name} ({dtype.itemsize} bytes); the "
                            f"kernel's parameter {position} takes {size} bytes")
        code = _STRUCT_CODES.get(dtype.char)
        if code is None:
            return _bytes_of(size, position, dtype.name)
        return code, _identity
    if issubclass(kind, np.ndarray):
        return _bytes_of(size, position, "a host array")
    if kind is float:
        # A double, as CuPy passes it; a float parameter's value would be misread.
        if size != 8:
            raise TypeError(f"argument {position} is a Python float, a double; the kernel's "
                            f"parameter {position} takes {size} bytes: pass np.float32(x) for a "
                            "float parameter")
        return "d", _identity
    if kind is int:
        if size not in _UNSIGNED_CODES:
            raise TypeError(f"argument {position} is an int; the kernel's parameter {position} "
                            f"takes {size} bytes, no integer size")
        return _integer_of(size, position)
    if kind is type(None) or _is_device_object(kind) or hasattr(kind, "__index__"):
        return _pointer_packing(kind, size, position)
    raise TypeError(f"argument {position}: a CUDA C++ kernel takes device arrays, NumPy "
                    f"scalars, Python numbers and In/Out/InOut host arrays, not "
                    f"{kind.__name__}")


# cudapy_cuda_launch_header: grid and block, shared bytes, stream, a reserved 0.
_HEADER = "6I3Q"
_HEADER_BYTES = struct.calcsize("<" + _HEADER)


def _struct_for(parameters, args_size, codes):
    """One struct packing a launch: the header, then every argument at its parameter's
    offset."""
    layout, at = ["<" + _HEADER], 0
    for (offset, size), code in zip(parameters, codes):
        if offset > at:
            layout.append(f"{offset - at}x")
        layout.append(code)
        at = offset + size
    if args_size > at:
        layout.append(f"{args_size - at}x")
    return struct.Struct("".join(layout))


_MISSING = object()  # an argument a generated __call__ was not given
_GENERATE_AFTER = 3  # launches of one plan before its __call__ is generated


class _Plan:
    """How arguments of one tuple of types are packed: the struct's pack, a converter for each
    argument, and the generated __call__ once launches have used it often enough."""

    __slots__ = ("pack", "kinds", "converters", "uses", "launcher")

    def __init__(self, pack, kinds, converters):
        self.pack = pack
        self.kinds = kinds
        self.converters = converters
        self.uses = 0
        self.launcher = None



def _launcher(function, pack, kinds, converters):
    """The __call__ of `function` for arguments of types `kinds`, generated so that the checks
    and conversions are inline and the call binds named parameters: arguments of other types
    (or a timed launch) go to the class's _slow_call; these pack the header and the arguments
    in one struct call and launch. The last launch's shape is kept as one tuple (read and
    replaced whole, so threads see a consistent one) beside the function's table of shapes. A
    live GPU array of cudapy's gives its address without a call; anything else goes through
    its converter, which also raises the errors."""
    namespace = {"pack": pack, "launch_block": _ffi.cuda_launch_block_unconverted,
                 "handle": function._handle, "size": function._block_size, "check": _ffi.check,
                 "struct_error": struct.error, "pointer_of": _pointer_of,
                 "shapes": function._shapes, "stream_handle": stream_handle,
                 "MISSING": _MISSING, "last_shape": (None, None, None)}
    names, values, checks = [], [], []
    for position, (kind, convert) in enumerate(zip(kinds, converters)):
        name = f"a{position}"
        names.append(name)
        namespace[f"kind{position}"] = kind
        checks.append(f"{name}.__class__ is not kind{position}")
        if convert is _identity:
            values.append(name)
        elif convert is _pointer_of and issubclass(kind, CudaArray):
            values.append(f"({name}._pointer if {name}._buffer is not None and "
                          f"{name}.target == 'cuda' else pointer_of({name}))")
        else:
            namespace[f"convert{position}"] = convert
            values.append(f"convert{position}({name})")
    if isinstance(function, RawFunction):
        lines = ["def __call__(self, grid, block, args, *, shared_mem=0, stream=None):",
                 f"    if args.__class__ is not tuple or len(args) != {len(names)}"
                 + "".join(f" or args[{i}].__class__ is not kind{i}" for i in range(len(names)))
                 + ":",
                 "        return self._slow_call(grid, block, args, shared_mem, stream)"]
        if names:
            lines.append(f"    {', '.join(names)}, = args")
        shared = "shared_mem"
    else:
        given = "".join(f"{name}=MISSING, " for name in names)
        tests = ["rest", "time_kernel", "block is None"]
        if names:
            tests.append(f"{names[-1]} is MISSING")
        lines = [f"def __call__(self, {given}*rest, block=None, grid=(1, 1), stream=None, "
                 "shared=0, texrefs=(), time_kernel=False):",
                 f"    if {' or '.join(tests + checks)}:",
                 f"        args = tuple(value for value in ({''.join(n + ', ' for n in names)}) "
                 "if value is not MISSING) + rest",
                 "        return self._slow_call(args, block, grid, stream, shared, time_kernel)"]
        shared = "shared"
    lines += ["    global last_shape",
              "    known = last_shape",
              "    if grid is known[0] and block is known[1]:",
              "        shape = known[2]",
              "    else:",
              "        try:",
              "            shape = shapes[grid, block]",
              "        except (KeyError, TypeError):",
              "            shape = self._shape(grid, block)",
              "        last_shape = (grid, block, shape)",
              "    try:",
              f"        data = pack(*shape, {shared}, 0 if stream is None else "
              f"stream_handle(stream), 0{''.join(', ' + v for v in values)})",
              "    except struct_error:",
              f"        self._bad_shared({shared})",
              "        raise",
              "    status = launch_block(handle, data, size)",
              "    if status:",
              "        check(status)"]
    exec(compile("\n".join(lines) + "\n", f"<launch of {function.name}>", "exec"), namespace)
    return namespace["__call__"]


_POINTER_CODES = frozenset("Pp")  # prepare()'s codes of a device address


def _as_tuple(shape):
    """A grid or block given as a list (as CuPy's users may) as the tuple it stands for."""
    return tuple(shape) if isinstance(shape, list) else shape


class _Function:
    """A kernel of a loaded CUDA C++ module."""

    __slots__ = ("_module", "_handle", "name", "_parameters", "_args_size", "_block_size",
                 "_plans", "_shapes", "_prepared", "_block", "_shared")

    def __init__(self, module, handle, name):
        self._module = module
        self._handle = handle
        self.name = name
        info = self._info()
        parameters = []
        offset, size = ctypes.c_size_t(), ctypes.c_size_t()
        at, width, read = ctypes.byref(offset), ctypes.byref(size), _ffi.lib.cudapy_cuda_function_param
        for index in range(info.param_count):
            _ffi.check(read(handle, index, at, width))
            parameters.append((offset.value, size.value))
        self._parameters = tuple(parameters)
        self._args_size = info.args_size
        self._block_size = ctypes.c_size_t(_HEADER_BYTES + info.args_size)
        self._plans = {}
        self._shapes = {}
        self._prepared = None
        self._block = None
        self._shared = 0

    def _info(self):
        self._module._live()
        info = _ffi.CudaFunctionInfo(size=ctypes.sizeof(_ffi.CudaFunctionInfo))
        _ffi.check(_ffi.lib.cudapy_cuda_function_info_get(self._handle, ctypes.byref(info)))
        return info

    @property
    def num_regs(self):
        """Registers a thread uses."""
        return self._info().registers

    @property
    def max_threads_per_block(self):
        """The largest block this kernel can run with on the current GPU."""
        return self._info().max_threads_per_block

    @property
    def shared_size_bytes(self):
        """Static shared memory a block uses."""
        return self._info().static_shared_bytes

    @property
    def const_size_bytes(self):
        return self._info().constant_bytes

    @property
    def local_size_bytes(self):
        """Local memory a thread uses."""
        return self._info().local_bytes

    @property
    def max_dynamic_shared_size_bytes(self):
        """The dynamic shared memory a launch may ask for; raise it by assigning."""
        return self._info().max_dynamic_shared_bytes

    @max_dynamic_shared_size_bytes.setter
    def max_dynamic_shared_size_bytes(self, value):
        _ffi.check(_ffi.lib.cudapy_cuda_function_set_max_dynamic_shared(self._handle,
                                                                        int(value)))

    @property
    def ptx_version(self):
        return self._info().ptx_version

    @property
    def binary_version(self):
        return self._info().binary_version

    @property
    def attributes(self):
        """The kernel's attributes as CuPy's RawKernel.attributes names them."""
        info = self._info()
        return {"max_threads_per_block": info.max_threads_per_block,
                "shared_size_bytes": info.static_shared_bytes,
                "const_size_bytes": info.constant_bytes,
                "local_size_bytes": info.local_bytes, "num_regs": info.registers,
                "max_dynamic_shared_size_bytes": info.max_dynamic_shared_bytes,
                "ptx_version": info.ptx_version, "binary_version": info.binary_version}

    def _plan(self, args, kinds):
        """The _Plan of arguments of these types; None when a host array in In/Out/InOut is
        among them (staged per call)."""
        if len(args) != len(self._parameters):
            raise TypeError(f"{self.name} takes {len(self._parameters)} arguments, "
                            f"{len(args)} given")
        packings = [_packing(kind, size, position, self._python_numbers)
                    for position, (kind, (_, size)) in enumerate(zip(kinds, self._parameters))]
        if any(packing is None for packing in packings):
            return None
        pack = _struct_for(self._parameters, self._args_size, [p[0] for p in packings]).pack
        plan = self._plans[kinds] = _Plan(pack, kinds, [p[1] for p in packings])
        return plan

    def _shape(self, grid, block):
        """The grid and block as the header's six numbers, kept for hashable shapes; block
        None is prepare()'s block."""
        given = block if block is not None else self._block
        if given is None:
            raise TypeError(f"{self.name}: give the block shape, block=(x, y, z)")
        shape = plain_counts(grid, given)
        if shape is None:  # not tuples of plain ints within CUDA's limits: checked, or refused
            grid_dim, block_dim = grid_and_block(self.name, _as_tuple(grid), _as_tuple(given))
            shape = (grid_dim.x, grid_dim.y, grid_dim.z, block_dim.x, block_dim.y, block_dim.z)
        if block is None:
            return shape
        try:
            self._shapes[(grid, block)] = shape
        except TypeError:  # a list: checked each time
            pass
        return shape

    def _bad_shared(self, shared):
        if not isinstance(shared, int) or isinstance(shared, bool) or shared < 0:
            raise TypeError(f"{self.name}: shared memory must be a non-negative int of bytes, "
                            f"got {shared!r}")

    def _launch(self, grid, block, args, shared, stream):
        """A launch by the plan of the arguments' types, made on first use. From a plan's
        third launch the class's __call__ is its generated launch (generating costs more than
        a launch: a kernel called once or twice does without)."""
        kinds = tuple(map(type, args))
        plan = self._plans.get(kinds) or self._plan(args, kinds)
        if plan is None:
            return self._staged_launch(grid, block, args, shared, stream)
        plan.uses += 1
        if plan.uses >= _GENERATE_AFTER:
            if plan.launcher is None:
                plan.launcher = _launcher(self, plan.pack, kinds, plan.converters)
            if type(self) in (Function, RawFunction):
                # A class of its own, whose __call__ is the launch of the last types used.
                self.__class__ = type(type(self).__name__, (type(self),), {"__slots__": ()})
            type(self).__call__ = plan.launcher
        values = [convert(arg) for convert, arg in zip(plan.converters, args)]
        try:
            shape = self._shapes[(grid, block)]
        except (KeyError, TypeError):
            shape = self._shape(grid, block)
        try:
            data = plan.pack(*shape, shared, 0 if stream is None else stream_handle(stream), 0,
                             *values)
        except struct.error:
            self._bad_shared(shared)
            raise
        _ffi.check(_ffi.cuda_launch_block_unconverted(self._handle, data, self._block_size))

    def _staged_launch(self, grid, block, args, shared, stream):
        handle = stream_handle(stream)
        staged, passed = [], []
        for arg in args:
            if not isinstance(arg, ArgumentHandler):
                passed.append(arg)
                continue
            host = arg.array
            device = (to_device(np.ascontiguousarray(host), target="cuda", stream=handle)
                      if arg.copy_in else
                      device_array(host.shape, host.dtype, target="cuda", stream=handle))
            staged.append((arg, device))
            passed.append(device)
        self._launch(grid, block, tuple(passed), shared, handle)
        for arg, device in staged:
            if arg.copy_out:
                result = device.copy_to_host(stream=handle)
                arg.array[...] = result
        _ffi.check(_ffi.lib.cudapy_stream_synchronize(handle))

    def _timed(self, launch, stream):
        start, end = Event(), Event()
        start.record(stream)
        launch()
        end.record(stream)
        end.synchronize()
        return start.elapsed_time(end) / 1000.0

    def prepare(self, arg_types, block=None, shared=None, texrefs=()):
        """PyCUDA's prepare: fixes the argument types (a string of struct codes such as 'PiP',
        'P' a device address, or a list of NumPy types) so that prepared calls convert
        nothing else; each type's size must be its parameter's."""
        if isinstance(arg_types, str):
            codes = list(arg_types)
        else:
            codes = [code if isinstance(code, str) else np.dtype(code).char
                     for code in arg_types]
        if len(codes) != len(self._parameters):
            raise TypeError(f"{self.name} takes {len(self._parameters)} arguments; prepare() "
                            f"was given {len(codes)} types")
        packed, converters = [], []
        for position, (code, (_, size)) in enumerate(zip(codes, self._parameters)):
            if code in _POINTER_CODES:
                code, convert = "Q", _pointer_of
            else:
                code = _STRUCT_CODES.get(code, code)
                convert = _identity
            try:
                code_size = struct.calcsize("<" + code)
            except struct.error:
                raise TypeError(f"prepare(): {code!r} is not a type code") from None
            if code_size != size:
                raise TypeError(f"prepare(): argument {position} is {code!r} ({code_size} bytes); "
                                f"the kernel's parameter {position} takes {size} bytes")
            packed.append(code)
            converters.append(convert)
        self._prepared = (_struct_for(self._parameters, self._args_size, packed).pack,
                          tuple(converters))
        if block is not None:
            self._block = block
        if shared is not None:
            self._shared = shared
        return self

    def _prepared_launch(self, grid, block, args, shared, stream):
        if self._prepared is None:
            raise TypeError(f"{self.name}: call prepare() before a prepared call")
        pack, converters = self._prepared
        if len(args) != len(converters):
            raise TypeError(f"{self.name} takes {len(converters)} arguments, {len(args)} given")
        values = [convert(arg) for convert, arg in zip(converters, args)]
        shape = self._shape(grid, block)
        try:
            data = pack(*shape, shared, stream_handle(stream), 0, *values)
        except struct.error as error:
            raise TypeError(f"{self.name}: an argument does not match its prepared type: "
                            f"{error}") from None
        _ffi.check(_ffi.cuda_launch_block_unconverted(self._handle, data, self._block_size))

    def prepared_call(self, grid, block, *args, shared_size=None):
        self._prepared_launch(grid, block, args, self._shared if shared_size is None
                              else shared_size, 0)

    def prepared_async_call(self, grid, block, stream, *args, shared_size=None):
        self._prepared_launch(grid, block, args, self._shared if shared_size is None
                              else shared_size, stream)

    def prepared_timed_call(self, grid, block, *args, shared_size=None):
        """Launches and waits; returns a function giving the kernel's time in seconds."""
        seconds = self._timed(lambda: self.prepared_call(grid, block, *args,
                                                         shared_size=shared_size), 0)
        return lambda: seconds


class Function(_Function):
    """A kernel of a SourceModule, launched as PyCUDA's are:
    `f(a_gpu, np.int32(n), block=(256, 1, 1), grid=(blocks, 1), stream=None, shared=0)`.
    With time_kernel=True the call waits and returns the kernel's time in seconds. Scalars are
    NumPy scalars of the parameters' types (prepare() declares types for Python numbers)."""

    __slots__ = ()
    _python_numbers = False

    def __call__(self, *args, block=None, grid=(1, 1), stream=None, shared=0, texrefs=(),
                 time_kernel=False):
        self._slow_call(args, block, grid, stream, shared, time_kernel)

    def _slow_call(self, args, block, grid, stream, shared, time_kernel):
        if block is None:
            if self._block is None:
                raise TypeError(f"{self.name}: give the block shape, block=(x, y, z)")
            block = self._block
        if time_kernel:
            return self._timed(lambda: self._launch(grid, block, args, shared, stream), stream)
        self._launch(grid, block, args, shared, stream)


class RawFunction(_Function):
    """A kernel of a RawModule, launched as CuPy's are: `kernel(grid, block, args,
    shared_mem=0, stream=None)`, `args` a tuple. As in CuPy, a Python int is an integer (of the
    parameter's size here, range-checked) and a Python float a double."""

    __slots__ = ()
    _python_numbers = True

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None):
        self._slow_call(grid, block, args, shared_mem, stream)

    def _slow_call(self, grid, block, args, shared_mem, stream):
        if not isinstance(args, (tuple, list)):
            raise TypeError(f"{self.name}: args must be a tuple of the kernel's arguments, got "
                            f"{type(args).__name__}")
        self._launch(grid, block, tuple(args), shared_mem, stream)


class RawKernel:
    """CuPy's RawKernel: the kernel `name` of CUDA C++ `code` (no extern "C" is added: declare
    it `extern "C" __global__`), launched as `kernel(grid, block, args, shared_mem=0)`."""

    __slots__ = ("code", "name", "_function")

    def __init__(self, code, name, options=(), backend="nvrtc", translate_cucomplex=False,
                 enable_cooperative_groups=False, jitify=False):
        self.code = code
        self.name = name
        module = RawModule(code=code, options=options, backend=backend,
                           translate_cucomplex=translate_cucomplex,
                           enable_cooperative_groups=enable_cooperative_groups, jitify=jitify)
        self._function = module.get_function(name)

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None):
        self._function(grid, block, args, shared_mem=shared_mem, stream=stream)

    @property
    def max_dynamic_shared_size_bytes(self):
        """The dynamic shared memory a launch may ask for; raise it by assigning."""
        return self._function.max_dynamic_shared_size_bytes

    @max_dynamic_shared_size_bytes.setter
    def max_dynamic_shared_size_bytes(self, value):
        self._function.max_dynamic_shared_size_bytes = value

    def __getattr__(self, name):
        if name == "_function":
            raise AttributeError(name)
        return getattr(self._function, name)
