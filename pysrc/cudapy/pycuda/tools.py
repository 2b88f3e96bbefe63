"""PyCUDA's tools: the default context, memory pools, and the registry of C names of dtypes
that PyCUDA's kernel builders write their arguments with."""

import functools
import os
import re

import numpy as np

from . import driver


def get_default_device(default=0):
    """The device $CUDA_DEVICE names, else `default`."""
    return driver.Device(int(os.environ.get("CUDA_DEVICE", default)))


def make_default_context(ctx_maker=None):
    """A context on the default device, made current."""
    if ctx_maker is None:
        return get_default_device().make_context()
    return ctx_maker(get_default_device())


_context_caches = []


def context_dependent_memoize(function):
    """Memoizes `function` until clear_context_caches()."""
    cached = functools.lru_cache(maxsize=None)(function)
    _context_caches.append(cached)
    return cached


def clear_context_caches():
    """Empties the caches of context_dependent_memoize."""
    for cached in _context_caches:
        cached.cache_clear()


class DeviceMemoryPool:
    """PyCUDA's pool interface; cudapy's own device memory already comes from a pool, which this
    hands out: allocate(bytes) gives a DeviceAllocation."""

    def __init__(self):
        self.active_blocks = 0
        self.managed_bytes = 0

    def allocate(self, size):
        """A DeviceAllocation of `size` bytes (calling the pool does the same)."""
        allocation = driver.mem_alloc(size)
        self.active_blocks += 1
        self.managed_bytes += size
        return allocation

    __call__ = allocate

    @property
    def held_blocks(self):
        """The freed blocks the pool keeps for reuse: always 0 (cudapy's pool keeps them)."""
        return 0

    def free_held(self):
        """Releases the blocks the pool keeps: nothing to do here."""

    def stop_holding(self):
        """Stops keeping freed blocks: nothing to do here."""


class PageLockedMemoryPool:
    """Page-locked host arrays, as PyCUDA's pool hands them out."""

    def __init__(self):
        self.active_blocks = 0

    def allocate(self, shape, dtype, order="C"):
        """An uninitialized page-locked NumPy array of `shape`, `dtype` and `order`."""
        self.active_blocks += 1
        return driver.pagelocked_empty(shape, dtype, order)

    held_blocks = 0

    def free_held(self):
        """Releases the arrays the pool keeps: nothing to do here."""

    def stop_holding(self):
        """Stops keeping freed arrays: nothing to do here."""


# ---- C names of dtypes ----------------------------------------------------------------------

_C_NAMES = {}  # dtype -> C name
_DTYPES = {}   # C name -> dtype


def register_dtype(dtype, c_names, alias_ok=False):
    """Gives `dtype` the C name(s) `c_names` (a string or a list, the first one preferred)."""
    dtype = np.dtype(dtype)
    if isinstance(c_names, str):
        c_names = [c_names]
    for name in c_names:
        known = _DTYPES.get(name)
        if known is not None and known != dtype:
            raise RuntimeError(f"the C name {name!r} is {known} already, not {dtype}")
        _DTYPES[name] = dtype
    if dtype not in _C_NAMES or not alias_ok:
        _C_NAMES.setdefault(dtype, c_names[0])


for _dtype, _names in ((np.bool_, ["bool"]), (np.int8, ["char", "signed char"]),
                       (np.uint8, ["unsigned char"]), (np.int16, ["short", "signed short"]),
                       (np.uint16, ["unsigned short"]), (np.int32, ["int", "signed int", "signed"]),
                       (np.uint32, ["unsigned", "unsigned int"]),
                       (np.int64, ["long", "long long", "signed long", "ptrdiff_t"]),
                       (np.uint64, ["unsigned long", "unsigned long long", "size_t"]),
                       (np.float32, ["float"]), (np.float64, ["double"]),
                       (np.uintp, ["void *"])):
    register_dtype(_dtype, _names)


def dtype_to_ctype(dtype, with_fp_tex_hack=False):
    """The C name PyCUDA's kernels give `dtype`."""
    dtype = np.dtype(dtype)
    name = _C_NAMES.get(dtype)
    if name is None:
        raise ValueError(f"no C name is registered for {dtype} (tools.register_dtype)")
    return name


def get_or_register_dtype(c_names, dtype=None):
    """The dtype of a C name; with `dtype`, registers it first."""
    if dtype is not None:
        register_dtype(dtype, c_names)
        return np.dtype(dtype)
    name = c_names if isinstance(c_names, str) else c_names[0]
    name = " ".join(name.replace("const", " ").split())
    try:
        return _DTYPES[name]
    except KeyError:
        raise TypeError(f"unknown C type {name!r} (tools.register_dtype)") from None


class VectorArg:
    """A pointer argument of a kernel builder's argument list."""

    def __init__(self, dtype, name):
        self.dtype, self.name = np.dtype(dtype), name

    def declarator(self):
        """The argument's C declaration, as 'float *x'."""
        return f"{dtype_to_ctype(self.dtype)} *{self.name}"

    struct_char = "P"


class ScalarArg:
    """A scalar argument of a kernel builder's argument list."""

    def __init__(self, dtype, name):
        self.dtype, self.name = np.dtype(dtype), name

    def declarator(self):
        """The argument's C declaration, as 'int n'."""
        return f"{dtype_to_ctype(self.dtype)} {self.name}"

    @property
    def struct_char(self):
        """The struct module's format code of the argument's dtype."""
        return self.dtype.char


_DECLARATION = re.compile(r"\s*(.*?)\s*(\*?)\s*([A-Za-z_]\w*)\s*(\[\s*\])?\s*")


def parse_c_arg(c_arg):
    """VectorArg or ScalarArg of one C declaration ('float *x', 'int n')."""
    match = _DECLARATION.fullmatch(c_arg)
    if not match:
        raise ValueError(f"cannot read the C argument {c_arg!r}")
    type_name, pointer, name, brackets = match.groups()
    dtype = get_or_register_dtype(type_name)
    return VectorArg(dtype, name) if pointer or brackets else ScalarArg(dtype, name)


def parse_arguments(arguments):
    """The Args of a comma-separated C argument list (or a list of Args)."""
    if isinstance(arguments, str):
        return [parse_c_arg(part) for part in arguments.split(",")]
    return list(arguments)


class DeviceData:
    """The current device's limits, as PyCUDA's kernel builders read them."""

    def __init__(self, dev=None):
        dev = dev or driver.Context.get_device()
        attribute = driver.device_attribute
        self.max_threads = dev.get_attribute(attribute.MAX_THREADS_PER_BLOCK)
        self.warp_size = dev.get_attribute(attribute.WARP_SIZE)
        self.thread_blocks_per_mp = 32
        self.warps_per_mp = dev.get_attribute(attribute.MAX_THREADS_PER_MULTIPROCESSOR) // 32
        self.registers = dev.get_attribute(attribute.MAX_REGISTERS_PER_BLOCK)
        self.shared_memory = dev.get_attribute(attribute.MAX_SHARED_MEMORY_PER_BLOCK)
        self.smem_granularity = 16

    def align(self, bytes, word_size=4):
        """`bytes` rounded up to a multiple of `word_size`."""
        return -(-bytes // word_size) * word_size


def mark_cuda_test(test):
    """Runs the test inside a fresh default context."""
    @functools.wraps(test)
    def run(*args, **kwargs):
        driver.init()
        context = make_default_context()
        try:
            return test(*args, **kwargs)
        finally:
            context.pop()
            clear_context_caches()
    return run


def init_cuda_context_fixture():
    """A pytest fixture's body: a fresh default context around each test."""
    driver.init()
    context = make_default_context()
    try:
        yield
    finally:
        context.pop()
        clear_context_caches()


__all__ = ["DeviceData", "DeviceMemoryPool", "PageLockedMemoryPool", "ScalarArg", "VectorArg",
           "clear_context_caches", "context_dependent_memoize", "dtype_to_ctype",
           "get_default_device", "get_or_register_dtype", "init_cuda_context_fixture",
           "make_default_context", "mark_cuda_test", "parse_arguments", "parse_c_arg",
           "register_dtype"]
