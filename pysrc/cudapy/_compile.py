"""A compile: its options and the program the library translates and compiles, shared by the
kernels of one compile() call; translate() and ptx()."""

import ctypes
import os
import threading
from types import FunctionType
from typing import NamedTuple

from . import _ffi, progress, targets
from ._lazy import numpy as np
from .closure import DeviceFunction, closure
from .linking import CUSource, DeclaredDevice, LinkedSource, linked_sources
from .types import scalar_type_of
from ._source import _Source, _signatures, _source


class _Options(NamedTuple):
    """Compile options, checked once when a program is made."""

    fast_math: bool = False
    line_info: bool = False
    debug: bool = False
    max_registers: int = 0
    # (max threads per block, min blocks per multiprocessor, max blocks per cluster)
    launch_bounds: tuple = (0, 0, 0)
    compiler: int = 0  # a _ffi.Compiler
    # What `link=` gave: LinkedSources, and DeclaredDevices a source text calls by their names.
    link: tuple = ()
    # numba's typing of variables (cudapy_program_set_typing), for @cuda.jit kernels.
    numba_typing: bool = False
    # The percent of L1 and shared memory the GPU's kernels prefer as shared; -1: the driver's.
    shared_memory_carveout: int = -1


def _positive_option(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be a positive integer, got {type(value).__name__}")
    if value <= 0:
        raise ValueError(f"{what} must be positive, got {value}")
    return int(value)


_COMPILERS = {None: _ffi.Compiler.DEFAULT, "nvrtc": _ffi.Compiler.NVRTC,
              "nvcc": _ffi.Compiler.NVCC}


def _options(fast_math=False, line_info=False, debug=False, max_registers=None,
             launch_bounds=None, compiler=None, link=None):
    """The _Options of a compile's keyword arguments; launch_bounds is max threads per block,
    or (max threads, min blocks per multiprocessor), or those and max blocks per cluster
    (sm_90 and later); compiler is "nvrtc", "nvcc" or None
    ($CUDAPY_COMPILER, else NVRTC); link is CUDA C++ (text or .cu files) and declared device
    functions (see cudapy.linking)."""
    if compiler not in _COMPILERS:
        raise ValueError(f'compiler must be "nvrtc", "nvcc" or None, got {compiler!r}')
    registers = 0 if max_registers is None else _positive_option(max_registers, "max_registers")
    bounds = (0, 0, 0)
    if launch_bounds is not None:
        given = launch_bounds if isinstance(launch_bounds, tuple) else (launch_bounds,)
        if not 1 <= len(given) <= 3:
            raise ValueError("launch_bounds must be max_threads, (max_threads, min_blocks) or "
                             "(max_threads, min_blocks, max_blocks_per_cluster): "
                             f"Got {len(given)} launch bounds: {launch_bounds!r}")
        names = ("max threads", "min blocks", "max blocks per cluster")
        bounds = tuple(_positive_option(value, f"launch_bounds' {name}")
                       for value, name in zip(given, names)) + (0,) * (3 - len(given))
    items = [link] if isinstance(link, (DeclaredDevice, str, bytes, os.PathLike, LinkedSource,
                                        CUSource)) else link
    declared = tuple(item for item in items or () if isinstance(item, DeclaredDevice))
    return _Options(bool(fast_math), bool(line_info), bool(debug), registers, bounds,
                    _COMPILERS[compiler], linked_sources(items) + declared)


def _compile_options(arch, options):
    max_threads, min_blocks, cluster_blocks = options.launch_bounds
    return _ffi.CompileOptions(size=ctypes.sizeof(_ffi.CompileOptions),
                               arch=arch.encode() if arch else None,
                               fast_math=int(options.fast_math), line_info=int(options.line_info),
                               debug=int(options.debug), max_registers=options.max_registers,
                               launch_bounds_max_threads=max_threads,
                               launch_bounds_min_blocks=min_blocks, compiler=options.compiler,
                               shared_memory_carveout=options.shared_memory_carveout + 1,
                               launch_bounds_max_cluster_blocks=cluster_blocks)


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
        overloads = {helper.__name__: helper.overloads for helper in found.helpers
                     if helper.overloads is not None}
        if found.constants:
            sources.append(_Source(found.constants, f"<constants of {self.name}>", 1, 0, None))
        # for the interpreter mode
        self.items, self.signatures, self.overloads = items, signatures, overloads
        handle = _ffi.program_p()
        _ffi.check(_ffi.lib.cudapy_program_new(ctypes.byref(handle)))
        self.handle = handle
        _ffi.own(self, _ffi.lib.cudapy_program_delete, handle)
        for source in sources:
            text = source.text.encode("utf-8")
            _ffi.check(_ffi.lib.cudapy_program_add_source(
                handle, text, len(text), os.fsencode(source.filename), source.first_line,
                source.column_offset), handle)
        for name, signature in signatures.items():
            _ffi.check(_ffi.lib.cudapy_program_set_signature(handle, name.encode("utf-8"),
                                                             signature.encode("utf-8")), handle)
        for name, texts in overloads.items():
            for text in texts:
                _ffi.check(_ffi.lib.cudapy_program_add_overload(handle, name.encode("utf-8"),
                                                                text.encode("utf-8")), handle)
        if options.numba_typing:
            _ffi.check(_ffi.lib.cudapy_program_set_typing(handle, _ffi.Typing.NUMBA), handle)
        for name, array in found.arrays.items():
            self._add_constant_array(name, array)
        self._link(found.declared, options.link)

    def _link(self, declared, link):
        """Declares the device functions of CUDA C++ the functions call (those of `declared`
        by the names they are bound to, those of `link` by their own) and adds the CUDA C++
        that defines them."""
        declared = dict(declared)
        for item in link:
            if isinstance(item, DeclaredDevice):
                declared.setdefault(item.name, item)
        if declared and self.target == "python":
            raise ValueError(f"{self.name} calls {', '.join(sorted(declared))}, written in CUDA "
                             "C++, which the interpreter cannot run: compile it for the GPU or "
                             'the CPU target (target="cpu")')
        sources = [item for item in link if isinstance(item, LinkedSource)]
        for function in declared.values():
            sources += [source for source in function.link if source not in sources]
        for name, function in declared.items():
            _ffi.check(_ffi.lib.cudapy_program_declare_device(
                self.handle, name.encode("utf-8"), function.name.encode("utf-8"),
                function.signature.encode("utf-8"), function.convention), self.handle)
        for source in sources:
            text = source.text.encode("utf-8")
            _ffi.check(_ffi.lib.cudapy_program_link_source(self.handle, text, len(text),
                                                           os.fsencode(source.file)), self.handle)

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
                where = "the GPU" if self.target == "cuda" else "the CPU target"
                with progress.compiling(f"{self.name} for {where}"):
                    status = lib.cudapy_program_compile(self.handle,
                                                        ctypes.byref(self._module_options()),
                                                        ctypes.byref(module))
                _ffi.warn_pending()  # the code may come from the disk cache
                _ffi.check(status, self.handle)
                _ffi.own(self, lib.cudapy_module_delete, module)
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


def translate(functions, sig=None, link=None):
    """The CUDA C++ translated from a function (or a list: a kernel and its helpers, or source
    strings), with the CUDA C++ of `link` ahead of it (see compile()). Needs no GPU."""
    return _Program(functions, sig, _options(link=link)).translate()


def ptx(functions, sig=None, arch=None, fast_math=False, line_info=False, debug=False,
        max_registers=None, launch_bounds=None, compiler=None, link=None):
    """PTX compiled by NVRTC (or nvcc: compiler="nvcc") from a function or a list of them.
    Needs NVRTC, not a GPU."""
    options = _options(fast_math, line_info, debug, max_registers, launch_bounds, compiler,
                       link)
    return _Program(functions, sig, options).ptx(arch)
