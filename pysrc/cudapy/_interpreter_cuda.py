"""The CUDA vocabulary of the kernel language in interpreter mode (cudapy.interpreter): one
`CudaNames` object per launch gives `cuda.X` (also `numba.cuda.X`, `cp.X`, `cudapy.X`, and X
bare) its meaning for the thread running now: indices, shared, local and constant arrays,
barriers and warp operations (through the launch's scheduler), atomics and bit operations.
"""

import builtins
import sys
import threading
import types

import numpy as np

from . import _ffi
from ._interpreter_threads import WARP_SIZE, caller_site


class CheckedArray(np.ndarray):
    """An array as a kernel sees it: negative indices are refused, as the GPU does not wrap them
    around, and shapes and sizes are int64."""

    def __getitem__(self, index):
        check_index(index)
        return np.ndarray.__getitem__(self, index)

    def __setitem__(self, index, value):
        check_index(index)
        try:
            np.ndarray.__setitem__(self, index, value)
        except OverflowError:  # NumPy refuses integers out of range; a store converts as a cast
            np.ndarray.__setitem__(self, index, np.asarray(value).astype(self.dtype))

    @property
    def shape(self):
        return tuple(np.int64(extent) for extent in np.ndarray.shape.__get__(self))

    @property
    def size(self):
        return np.int64(np.ndarray.size.__get__(self))


def check_index(index):
    """Refuses a negative index, which the GPU takes as an address before the array. A slice's
    bounds follow Python's rules there as here (negative ones count from the end)."""
    if index.__class__ is tuple:
        for item in index:
            check_index(item)
    elif index.__class__ is not slice and isinstance(index, (int, np.integer)) and index < 0:
        raise IndexError(f"index {index} is negative; kernels do not count from the end of an "
                         "array, and on the GPU this reads or writes outside it")


def _poisoned(shape, dtype):
    """A new array of uninitialized GPU memory: every byte 0xff, so that floats read as NaN
    and integers as -1 or their largest value, which makes reading before writing show."""
    count = int(np.prod(shape, dtype=np.int64))
    buffer = bytearray(b"\xff" * (count * dtype.itemsize))
    # Records as NumPy's record arrays, whose records read their fields as attributes too.
    return np.frombuffer(buffer, dtype).reshape(shape).view(
        CheckedArray if dtype.names is None else np.recarray)


def read_only_copy(array):
    copy = np.array(array, copy=True)
    copy.flags.writeable = False
    return copy.view(CheckedArray)


def dtype_of(spec):
    """The element type of an array made in a kernel: a cast's name (float32), a NumPy type or
    a dtype name."""
    dtype = getattr(spec, "kernel_dtype", None)
    try:
        dtype = np.dtype(spec) if dtype is None else dtype
    except TypeError:
        raise TypeError(f"not an element type: {spec!r}; use float32, int32, np.float64, "
                        "...") from None
    if dtype.kind not in "biufc" and dtype.names is None:
        raise TypeError(f"kernel arrays cannot hold {dtype}")
    return dtype


def _shape(shape):
    extents = tuple(shape) if isinstance(shape, tuple) else (shape,)
    if not extents or not all(isinstance(extent, (int, np.integer)) and extent >= 0
                              for extent in extents):
        raise TypeError(f"an array's shape is a non-negative integer or a tuple of them, got "
                        f"{shape!r}")
    return tuple(int(extent) for extent in extents)


class _SharedMemory:
    """cuda.shared: one array per block for each declaration site."""

    def __init__(self, launch):
        self._launch = launch

    def array(self, shape, dtype, alignment=None):
        """The block's array declared here; shape 0 gives the dynamic shared memory, which all
        dynamic arrays share, as many elements as the launch's shared bytes hold. numba's
        `alignment` places the GPU's storage; the translation checks it, and it changes no
        value."""
        self._launch.require_block_shape("cuda.shared.array")
        caller = sys._getframe(1)
        site = (caller.f_code, caller.f_lasti)
        block = self._launch.block
        array = block.shared_arrays.get(site)
        if array is None:
            extents, dtype = _shape(shape), dtype_of(dtype)
            if extents == (0,):
                dynamic = block.dynamic_shared
                array = np.frombuffer(dynamic, dtype, len(dynamic) // dtype.itemsize)
                array = array.view(CheckedArray)
            else:
                array = _poisoned(extents, dtype)
            block.shared_arrays[site] = array
        return array


class _LocalMemory:
    """cuda.local: a thread's own arrays, new at each declaration."""

    @staticmethod
    def array(shape, dtype, alignment=None):
        """A new array; `alignment` as shared.array's."""
        return _poisoned(_shape(shape), dtype_of(dtype))


class _ConstantMemory:
    """cuda.const: read-only copies of the module's arrays."""

    @staticmethod
    def array_like(array):
        if isinstance(array, CheckedArray) and not array.flags.writeable:
            return array  # already a constant of the kernel's globals
        return read_only_copy(array)


# ---- atomics ------------------------------------------------------------------------------

_INTEGERS = ("int32", "uint32", "int64", "uint64")
_NUMBERS = _INTEGERS + ("float32", "float64")
_UNSIGNED = ("uint32", "uint64")

# One lock for every atomic of every launch: launches in several Python threads may share arrays.
_ATOMIC_LOCK = threading.Lock()


def _atomic(name, element_types, update):
    def operation(array, index, value):
        _check_atomic_operands(name, element_types, array, index)
        with _ATOMIC_LOCK:
            old = array[index]
            array[index] = update(old, _converted(value, array.dtype))
        return old
    operation.__name__ = operation.__qualname__ = name
    return operation


def _converted(value, dtype):
    """`value` as the array's element type, wrapping as a cast does."""
    return np.asarray(value).astype(dtype)[()]


def _check_atomic_operands(name, element_types, array, index):
    if array.dtype.name not in element_types:
        raise TypeError(f"cuda.atomic.{name} works on arrays of {', '.join(element_types)}, "
                        f"not {array.dtype}")
    count = len(index) if isinstance(index, tuple) else 1
    if count != array.ndim:
        raise IndexError(f"cuda.atomic.{name} needs one index per dimension of its "
                         f"{array.ndim}-d array, got {count}")


def _compare_and_swap(array, index, compare, value):
    _check_atomic_operands("cas", _INTEGERS, array, index)
    with _ATOMIC_LOCK:
        old = array[index]
        if old == _converted(compare, array.dtype):
            array[index] = _converted(value, array.dtype)
    return old


def _atomic_load(array, index):
    _check_atomic_operands("load", _NUMBERS, array, index)
    with _ATOMIC_LOCK:
        return array[index]


def _atomics():
    return types.SimpleNamespace(
        load=_atomic_load,
        add=_atomic("add", _NUMBERS, lambda old, value: old + value),
        sub=_atomic("sub", _NUMBERS, lambda old, value: old - value),
        min=_atomic("min", _NUMBERS, lambda old, value: value if value < old else old),
        max=_atomic("max", _NUMBERS, lambda old, value: value if value > old else old),
        # numba's: a NaN is missing, so a value replaces a NaN and a NaN value changes nothing.
        nanmin=_atomic("nanmin", _NUMBERS,
                       lambda old, value: old if value != value else
                       value if old != old or value < old else old),
        nanmax=_atomic("nanmax", _NUMBERS,
                       lambda old, value: old if value != value else
                       value if old != old or value > old else old),
        and_=_atomic("and_", _INTEGERS, lambda old, value: old & value),
        or_=_atomic("or_", _INTEGERS, lambda old, value: old | value),
        xor=_atomic("xor", _INTEGERS, lambda old, value: old ^ value),
        exch=_atomic("exch", _NUMBERS, lambda old, value: value),
        # CUDA's wrapping counters: inc counts up to value, then restarts at 0; dec counts down
        # from value to 0, then restarts at value.
        inc=_atomic("inc", _UNSIGNED,
                    lambda old, value: old.dtype.type(0) if old >= value else old + 1),
        dec=_atomic("dec", _UNSIGNED,
                    lambda old, value: value if old == 0 or old > value else old - 1),
        cas=_compare_and_swap,
        compare_and_swap=lambda array, old, value: _compare_and_swap(array, 0, old, value),
    )


# ---- bits ---------------------------------------------------------------------------------

def _bits(value, name):
    """The two's-complement bits of an integer operand and their count, 32 or 64: narrower
    types promote to int as in C; Python integers are int32 where they fit, else int64."""
    if isinstance(value, (np.integer, np.bool_)):
        width = 64 if value.dtype.itemsize == 8 else 32
    elif isinstance(value, int):
        width = 32 if -2 ** 31 <= value < 2 ** 31 else 64
    else:
        raise TypeError(f"{name}() takes an integer, got {type(value).__name__}")
    return int(value) & ((1 << width) - 1), width


def popc(value):
    bits, _ = _bits(value, "popc")
    return np.int32(bin(bits).count("1"))


def clz(value):
    bits, width = _bits(value, "clz")
    return np.int32(width - bits.bit_length())


def ffs(value):
    bits, _ = _bits(value, "ffs")
    return np.int32((bits & -bits).bit_length())


def brev(value):
    bits, width = _bits(value, "brev")
    reversed_bits = int(f"{bits:0{width}b}"[::-1], 2)
    return np.uint32(reversed_bits) if width == 32 else np.uint64(reversed_bits)


# ---- print and memory fences -------------------------------------------------------------

def _printed(value):
    """`value` as the GPU's printf writes it: integers in decimal, floats with %g, bools as
    True and False; anything else (strings, and arrays while debugging) as str() does."""
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return "%g" % float(value)
    return str(value)


def kernel_print(*values, **options):
    """print() in kernels: its values as the GPU writes them."""
    builtins.print(*map(_printed, values), **options)


def _no_operation():
    """threadfence(): the interpreter's memory is always consistent."""


def assume_aligned(array, alignment):
    """assume_aligned(a, bytes): nothing to tell a compiler here, but the same check."""
    if array.ctypes.data % int(alignment) != 0:
        raise ValueError("assume_aligned(): the array's data is not aligned to the bytes given")


# ---- warp values --------------------------------------------------------------------------

_SHUFFLED_TYPES = ("int32", "uint32", "int64", "uint64", "float32", "float64")


def _shuffled(name, value):
    if isinstance(value, np.generic):
        if value.dtype.name not in _SHUFFLED_TYPES:
            raise TypeError(f"{name}() shuffles {', '.join(_SHUFFLED_TYPES)}, not {value.dtype}")
    elif isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name}() shuffles a number, got {type(value).__name__}")
    return value


class _CurrentName:
    """A property of CudaNames giving a name of the thread running now."""

    def __init__(self, name):
        self._name = name

    def __get__(self, names, owner=None):
        return names._launch.current.names[self._name]


def _hinted_load(array, index):
    return array[index]


def _hinted_store(array, index, value):
    array[index] = value


class _GridGroup:
    """numba's grid group, in the interpreter: a value standing for the grid."""

    def sync(self):
        raise NotImplementedError(
            "a grid group's sync() waits for every block of the grid, which the interpreter "
            "runs one after another; run the kernel on the GPU")


class _CooperativeGroups:
    """cuda.cg in the interpreter."""

    @staticmethod
    def this_grid():
        return _GridGroup()


class _Fp16:
    """numba's cuda.fp16, computed as the translation computes it: NumPy's float16
    arithmetic (each result rounded once), hfma exact in float64 then rounded, hmax and hmin
    returning the other operand of a NaN, the math functions in float32 rounded to half."""

    def __init__(self, math):
        half, single = np.float16, np.float32

        def unary(name):  # the kernel's math function `name`, looked up at the call
            return lambda x: half(getattr(math, name)(single(half(x))))

        def binary(name):
            return lambda a, b: half(getattr(math, name)(single(half(a)), single(half(b))))

        for name in ("sin", "cos", "exp", "exp2", "exp10", "log", "log2", "log10", "sqrt",
                     "rsqrt", "rint"):
            setattr(self, "h" + name, unary(name))
        self.hceil, self.hfloor, self.htrunc = unary("ceilf"), unary("floorf"), unary("truncf")
        self.hmax, self.hmin = binary("fmax"), binary("fmin")
        self.hrcp = lambda x: half(single(1) / single(half(x)))
        self.hadd = lambda a, b: half(a) + half(b)
        self.hsub = lambda a, b: half(a) - half(b)
        self.hmul = lambda a, b: half(a) * half(b)
        self.hdiv = lambda a, b: half(a) / half(b)
        self.hneg = lambda a: -half(a)
        self.habs = lambda a: abs(half(a))
        self.hfma = lambda a, b, c: half(np.float64(half(a)) * np.float64(half(b))
                                         + np.float64(half(c)))
        self.heq = lambda a, b: bool(half(a) == half(b))
        self.hne = lambda a, b: bool(half(a) != half(b))
        self.hge = lambda a, b: bool(half(a) >= half(b))
        self.hgt = lambda a, b: bool(half(a) > half(b))
        self.hle = lambda a, b: bool(half(a) <= half(b))
        self.hlt = lambda a, b: bool(half(a) < half(b))


class _Libdevice:
    """numba's cuda.libdevice, as the translation maps it: the math module's float functions,
    their arguments in float64 (`sin`) or float32 (`sinf`, `fast_sinf`), CUDA's bit functions
    of 32 (`popc`) or 64 bits (`popcll`), and sincos, sincospi, modf and frexp, which give
    tuples."""

    _PAIRS = {"sincos": ("sin", "cos"), "sincospi": ("sinpi", "cospi")}

    def __init__(self, math):
        names = set(_ffi.LIBDEVICE_NAMES)
        bits = {"popc": popc, "clz": clz, "ffs": ffs, "brev": brev}
        for name in names:
            base = name.removeprefix("fast_")
            # sinf of sin, modff of modf (modf itself is float64); floorf and the others, whose
            # float64 forms libdevice has but the kernel language does not
            single = base.endswith("f") and (
                base[:-1] in names or base in ("floorf", "ceilf", "truncf", "roundf"))
            precision = np.float32 if single else np.float64
            stem = base[:-1] if single else base
            if stem in self._PAIRS:
                function = self._pair(math, self._PAIRS[stem], precision)
            elif stem in ("modf", "frexp"):
                function = (lambda numpy_function, precision: lambda x: tuple(
                    numpy_function(precision(x))))(getattr(np, stem), precision)
            elif base in bits:
                function = (lambda bit: lambda x: bit(np.int32(x)))(bits[base])
            elif base.endswith("ll") and base[:-2] in bits:
                function = (lambda bit: lambda x: bit(np.int64(x)))(bits[base[:-2]])
            else:
                function = self._math(math, base, precision)
            setattr(self, name, function)

    @staticmethod
    def _pair(math, names, precision):
        """The two math functions' values of one argument converted to `precision`."""
        return lambda x: tuple(getattr(math, name)(precision(x)) for name in names)

    @staticmethod
    def _math(math, name, precision):
        """The kernel's math function `name`, looked up at the call, of arguments converted
        to `precision`."""
        return lambda *args: getattr(math, name)(*map(precision, args))


class CudaNames:
    """`cuda` for one launch (also numba.cuda, cp and cudapy): every name of the kernel
    language's CUDA vocabulary, for the thread that runs now."""

    threadIdx = _CurrentName("threadIdx")
    blockIdx = _CurrentName("blockIdx")
    blockDim = _CurrentName("blockDim")
    gridDim = _CurrentName("gridDim")

    def __init__(self, launch, casts, math):
        self._launch = launch
        self.shared = _SharedMemory(launch)
        self.local = _LocalMemory()
        self.const = _ConstantMemory()
        self.atomic = _atomics()
        self.cg = _CooperativeGroups()
        self.warpsize = np.int32(WARP_SIZE)
        self.popc, self.clz, self.ffs, self.brev = popc, clz, ffs, brev
        self.assume_aligned = assume_aligned
        self.fma, self.cbrt = math.fma, math.cbrt
        self.fp16 = _Fp16(math)
        self.libdevice = _Libdevice(math)
        self.threadfence = self.threadfence_block = self.threadfence_system = _no_operation
        # Cache-hinted loads and stores: a plain element read or write here.
        for builtin in _ffi.BUILTINS:
            if builtin.group == _ffi.BuiltinGroup.CACHE_HINT:
                setattr(self, builtin.name, _hinted_load if builtin.max_args == 2 else _hinted_store)
        for name, cast in casts.items():
            setattr(self, name, cast)

    @property
    def laneid(self):
        self._launch.require_block_shape("cuda.laneid")
        return self._launch.current.names["laneid"]

    def grid(self, ndim):
        """The absolute thread index: an int32, or a tuple of `ndim` of them."""
        names = self._launch.current.names
        indices = (names["idx"], names["idy"], names["idz"])
        return indices[0] if _dimensions(ndim) == 1 else indices[:ndim]

    def gridsize(self, ndim):
        """The number of threads of the grid along x, or a tuple along the first `ndim` axes."""
        self._launch.require_block_shape("cuda.gridsize")
        names = self._launch.current.names
        sizes = tuple(np.int32(int(block) * int(grid) & 0xFFFFFFFF)
                      for block, grid in zip(names["blockDim"], names["gridDim"]))
        return sizes[0] if _dimensions(ndim) == 1 else sizes[:ndim]

    def syncthreads(self):
        self._launch.barrier("syncthreads", None, caller_site())

    def syncthreads_count(self, predicate):
        return self._launch.barrier("syncthreads_count", predicate, caller_site())

    def syncthreads_and(self, predicate):
        return self._launch.barrier("syncthreads_and", predicate, caller_site())

    def syncthreads_or(self, predicate):
        return self._launch.barrier("syncthreads_or", predicate, caller_site())

    def syncwarp(self, mask=0xFFFFFFFF):
        self._launch.warp_operation("syncwarp", mask, None, None, caller_site())

    def shfl_sync(self, mask, value, src_lane):
        value = _shuffled("shfl_sync", value)
        return self._launch.warp_operation("shfl_sync", mask, value, src_lane, caller_site())

    def shfl_up_sync(self, mask, value, delta):
        value = _shuffled("shfl_up_sync", value)
        return self._launch.warp_operation("shfl_up_sync", mask, value, delta, caller_site())

    def shfl_down_sync(self, mask, value, delta):
        value = _shuffled("shfl_down_sync", value)
        return self._launch.warp_operation("shfl_down_sync", mask, value, delta, caller_site())

    def shfl_xor_sync(self, mask, value, lane_mask):
        value = _shuffled("shfl_xor_sync", value)
        return self._launch.warp_operation("shfl_xor_sync", mask, value, lane_mask,
                                           caller_site())

    def all_sync(self, mask, predicate):
        return self._launch.warp_operation("all_sync", mask, predicate, None, caller_site())

    def any_sync(self, mask, predicate):
        return self._launch.warp_operation("any_sync", mask, predicate, None, caller_site())

    def eq_sync(self, mask, predicate):
        return self._launch.warp_operation("eq_sync", mask, predicate, None, caller_site())

    def match_any_sync(self, mask, value):
        value = _shuffled("match_any_sync", value)
        return self._launch.warp_operation("match_any_sync", mask, value, None, caller_site())

    def match_all_sync(self, mask, value):
        """(the lanes of mask when all their values are equal, else 0; whether they are)."""
        value = _shuffled("match_all_sync", value)
        lanes = self._launch.warp_operation("match_all_sync", mask, value, None, caller_site())
        return lanes, lanes != 0

    def ballot_sync(self, mask, predicate):
        return self._launch.warp_operation("ballot_sync", mask, predicate, None, caller_site())

    def activemask(self):
        """The lanes of the warp that call activemask together: the scheduler lets the warp's
        lanes run until each waits somewhere or returns, as if they had reconverged."""
        return self._launch.activemask(caller_site())

    def lanemask_lt(self):
        self._launch.require_block_shape("cuda.lanemask_lt")
        return np.uint32((1 << self._launch.current.lane) - 1)


def _dimensions(ndim):
    if ndim not in (1, 2, 3):
        raise ValueError(f"cuda.grid and cuda.gridsize take 1, 2 or 3, got {ndim!r}")
    return ndim


# Names a kernel may also use bare (after `from cudapy.cuda import *`); threadIdx and the other
# per-thread names are bound for each thread.
BARE_NAMES = ("shared", "local", "const", "atomic", "cg", "fp16", "libdevice", "warpsize", "fma",
              "cbrt", "grid", "gridsize") + tuple(
                  builtin.name for builtin in _ffi.BUILTINS
                  if builtin.group != _ffi.BuiltinGroup.ATOMIC and "." not in builtin.name)
