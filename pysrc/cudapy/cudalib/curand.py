"""cuRAND's random number generators, as NumbaPro (pyculib's rand) offered them:

    from cudapy.cudalib import curand

    prng = curand.PRNG(curand.PRNG.PHILOX4_32_10, seed=1)
    values = numpy.empty(1 << 20, numpy.float32)
    prng.normal(values, 0.0, 1.0)                  # filled in place
    points = curand.QRNG(curand.QRNG.SOBOL32, ndim=2)
    on_gpu = curand.uniform(1 << 20, device=True)  # a new device array

PRNG draws pseudo-random numbers (XORWOW, MRG32k3a, MTGP32, MT19937, Philox4x32-10), QRNG
quasi-random ones (Sobol's sequences, 32- or 64-bit, plain or scrambled). Their methods fill
`ary`: a cudapy device array, another library's GPU array (CuPy, PyTorch, numba, through
__cuda_array_interface__), or a NumPy array, which is copied to the GPU, filled there and
copied back before the call returns. A device array must be contiguous (C or Fortran order);
`size` fills only the first `size` elements in memory order. A dtype the distribution does not
come in is a TypeError, raised before the GPU is used.

cuRAND's conventions hold:

- uniform numbers are in (0, 1]: 0 is never drawn, 1 may be;
- lognormal's mean and sigma are those of the normal whose exponential it draws;
- Poisson numbers are uint32;
- successive calls draw further numbers of a generator's sequence, and `offset` skips that
  many of its numbers;
- a quasi-random generator of `ndim` dimensions fills counts that are multiples of ndim, the
  first count/ndim numbers being the first dimension's, the next count/ndim the second's, and
  so on; each plain Sobol sequence starts with its point 0 (as an integer; a uniform
  number is above 0 still).

The cuRAND generator behind a PRNG or QRNG is made on the current device when it first draws,
so that one can be made and set up where there is no GPU. Its work is ordered on its stream
(the legacy default stream unless one is given) and the call returns before the GPU is done,
except into a NumPy array. Threads may share a generator: their calls take turns.

uniform(), normal(), lognormal() and poisson() draw from one XORWOW PRNG of the module's,
seeded from the operating system's entropy when first used (pyculib's default generator);
quasi() draws the first points of a new Sobol QRNG each call. They return NumPy arrays, or
cudapy device arrays with device=True.
"""

import ctypes
import math
import numbers
import secrets
import threading

import numpy as np

from .. import _ffi
from ..array import CudaArray
from ._operands import new_array, operand, stream_of, write_back

__all__ = ["PRNG", "QRNG", "lognormal", "normal", "poisson", "quasi", "uniform"]

_Kind = _ffi.RandomKind
_Distribution = _ffi.Distribution

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))
_UINT32 = (np.dtype(np.uint32),)
_UINT64 = (np.dtype(np.uint64),)
# What cuRAND writes into each dtype it fills: a signed integer array takes the same bits.
_OUTPUTS = {np.dtype(np.float32): _ffi.RandomOutput.FLOAT32,
            np.dtype(np.float64): _ffi.RandomOutput.FLOAT64,
            np.dtype(np.uint32): _ffi.RandomOutput.UINT32,
            np.dtype(np.int32): _ffi.RandomOutput.UINT32,
            np.dtype(np.uint64): _ffi.RandomOutput.UINT64,
            np.dtype(np.int64): _ffi.RandomOutput.UINT64}
_MAX_UINT64 = (1 << 64) - 1
_MAX_DIMENSIONS = 20000  # cuRAND's Sobol generators have direction vectors for 20000


def _kind_of(rndtype, cls):
    """The RandomKind `rndtype` names, if it is one of the constants of `cls`."""
    offered = {getattr(cls, name): name for name in dir(cls)
               if isinstance(getattr(cls, name), _Kind) and name != "DEFAULT"}
    kind = None
    if not isinstance(rndtype, bool):
        try:
            kind = _Kind(rndtype)
        except (ValueError, TypeError):
            pass
    if kind not in offered:
        names = ", ".join(f"{cls.__name__}.{name}" for name in offered.values())
        raise ValueError(f"{cls.__name__}(): rndtype {rndtype!r} is not one of its generators "
                         f"({names})")
    return kind


def _uint64(value, name, where):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{where}: {name} must be an int, got {type(value).__name__}")
    if not 0 <= value <= _MAX_UINT64:
        raise ValueError(f"{where}: {name} must be between 0 and 2**64 - 1, got {value}")
    return int(value)


def _real(value, name, where):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{where}: {name} must be a real number, got {type(value).__name__}")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{where}: {name} must be finite, got {value}")
    return value


def _normal_parameters(mean, sigma, where):
    """(mean, sigma) as floats, sigma not negative."""
    mean, sigma = _real(mean, "mean", where), _real(sigma, "sigma", where)
    if sigma < 0:
        raise ValueError(f"{where}: sigma must not be negative, got {sigma}")
    return mean, sigma


def _poisson_mean(lmbd, where):
    lmbd = _real(lmbd, "lmbd", where)
    if lmbd <= 0:
        raise ValueError(f"{where}: lmbd must be positive (cuRAND's Poisson mean), got {lmbd}")
    return lmbd


def _checked_dtype(dtype, allowed, what, where):
    dtype = np.dtype(dtype)
    if dtype not in allowed:
        names = " or ".join(each.name for each in allowed)
        raise TypeError(f"{where}: {what} is {dtype.name}; cuRAND makes {names} here")
    return dtype


def _count(size, total, where):
    """How many elements to fill: `size`, or all `total` when it is None."""
    if size is None:
        return total
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)):
        raise TypeError(f"{where}: size must be an int, got {type(size).__name__}")
    if not 0 <= size <= total:
        raise ValueError(f"{where}: size {size} is not between 0 and the array's {total} "
                         "elements")
    return int(size)


class _Handle(_ffi.Owner):
    """One cudapy_random_generator, deleted when collected."""

    __slots__ = ("pointer",)

    def __init__(self, kind):
        pointer = _ffi.random_generator_p()
        _ffi.check(_ffi.lib.cudapy_random_generator_new(kind, ctypes.byref(pointer)))
        self.pointer = pointer
        self._own(_ffi.lib.cudapy_random_generator_delete, pointer)


class _Generator:
    """What PRNG and QRNG share: the generator's kind, offset and stream, the cuRAND generator
    made at the first draw, and the filling of arrays."""

    def __init__(self, rndtype, offset, stream):
        self._where = type(self).__name__
        self._kind = _kind_of(rndtype, type(self))
        self._handle = None
        self._lock = threading.Lock()
        self._offset = 0
        self._stream = None
        if offset is not None:
            self.offset = offset
        if stream is not None:
            self.stream = stream

    @property
    def offset(self):
        """Where in its sequence the generator started: how many numbers it skipped (cuRAND's
        absolute offset). Setting it moves the generator to that place of the sequence."""
        return self._offset

    @offset.setter
    def offset(self, value):
        value = _uint64(value, "offset", self._where)
        with self._lock:
            if self._handle is not None:
                _ffi.check(_ffi.lib.cudapy_random_generator_offset(self._handle.pointer, value))
            self._offset = value

    @property
    def stream(self):
        """The stream the generator's work is ordered on (None: the legacy default stream): a
        cudapy Stream, an int cudaStream_t, or CuPy's, PyTorch's or numba's stream."""
        return self._stream

    @stream.setter
    def stream(self, value):
        stream_of(value, f"{self._where}.stream")
        self._stream = value

    def _configure(self, pointer):
        """Gives a new cuRAND generator the options set so far."""
        if self._offset:
            _ffi.check(_ffi.lib.cudapy_random_generator_offset(pointer, self._offset))

    def _generator(self):
        """The cuRAND generator, made at the first draw (called holding the lock)."""
        if self._handle is None:
            handle = _Handle(self._kind)
            self._configure(handle.pointer)
            self._handle = handle
        return self._handle.pointer

    def _check_count(self, count, where):
        """Refuses a count the generator cannot fill."""

    def _fill(self, ary, size, distribution, dtypes, where, a=0.0, b=0.0, stream=None):
        """Fills the first `size` elements of `ary` (all of them when None), an array of one
        of `dtypes`, with `distribution` of parameters `a` and `b`, ordered on `stream` (the
        generator's when None). Every argument is checked before the GPU is used."""
        handle = stream_of(self._stream if stream is None else stream, where)
        target = None
        if isinstance(ary, np.ndarray):
            # Checked before it is copied to the GPU; the copy there is contiguous.
            dtype, total, writeable, contiguous = (ary.dtype, ary.size, ary.flags.writeable,
                                                   True)
        elif isinstance(ary, CudaArray) or hasattr(ary, "__cuda_array_interface__"):
            target = operand(ary, "ary", where, handle)
            dtype, total = target.dtype, target.size
            writeable = not target.view.readonly
            contiguous = target.c_contiguous or target.f_contiguous
        else:
            raise TypeError(f"{where}: ary must be a device array, a GPU array of another "
                            f"library or a NumPy array to fill, got {type(ary).__name__}")
        dtype = _checked_dtype(dtype, dtypes, "ary", where)
        if not writeable:
            raise ValueError(f"{where}: ary is read-only")
        if not contiguous:
            raise ValueError(f"{where}: ary must be contiguous (C or Fortran order); fill a "
                             "contiguous array and copy it into this one")
        count = _count(size, total, where)
        self._check_count(count, where)
        if count == 0:
            return
        if target is None:
            target = operand(ary, "ary", where, handle)
        with self._lock:
            _ffi.check(_ffi.lib.cudapy_random_generate(self._generator(), distribution,
                                                       _OUTPUTS[dtype], target.pointer, count,
                                                       a, b, handle))
        if target.host is not None:
            write_back(target, handle)
            if handle:
                _ffi.check(_ffi.lib.cudapy_stream_synchronize(handle))

    def uniform(self, ary, size=None):
        """Fills `ary` (float32 or float64) with uniform numbers in (0, 1]."""
        where = f"{self._where}.uniform()"
        self._fill(ary, size, _Distribution.UNIFORM, _FLOATS, where)

    def normal(self, ary, mean, sigma, size=None):
        """Fills `ary` (float32 or float64) with normal numbers of mean `mean` and standard
        deviation `sigma`."""
        where = f"{self._where}.normal()"
        mean, sigma = _normal_parameters(mean, sigma, where)
        self._fill(ary, size, _Distribution.NORMAL, _FLOATS, where, mean, sigma)

    def lognormal(self, ary, mean, sigma, size=None):
        """Fills `ary` (float32 or float64) with log-normal numbers: exp(x) of normal numbers x
        of mean `mean` and standard deviation `sigma`."""
        where = f"{self._where}.lognormal()"
        mean, sigma = _normal_parameters(mean, sigma, where)
        self._fill(ary, size, _Distribution.LOG_NORMAL, _FLOATS, where, mean, sigma)

    def poisson(self, ary, lmbd, size=None):
        """Fills `ary` (uint32) with Poisson numbers of mean `lmbd` (positive)."""
        where = f"{self._where}.poisson()"
        lmbd = _poisson_mean(lmbd, where)
        self._fill(ary, size, _Distribution.POISSON, _UINT32, where, lmbd)


class PRNG(_Generator):
    """cuRAND's pseudo-random generator of kind `rndtype` (a constant of this class), seeded
    with `seed` (an int below 2**64; None draws one from the operating system's entropy),
    starting `offset` numbers into its sequence, its work ordered on `stream`. Its methods fill
    an array; see the module's description for the arrays they take."""

    XORWOW = _Kind.XORWOW
    MRG32K3A = _Kind.MRG32K3A
    MTGP32 = _Kind.MTGP32
    MT19937 = _Kind.MT19937
    PHILOX4_32_10 = _Kind.PHILOX
    DEFAULT = XORWOW

    def __init__(self, rndtype=XORWOW, seed=None, offset=None, stream=None):
        super().__init__(rndtype, offset, stream)
        self._seed = 0
        self.seed = secrets.randbits(64) if seed is None else seed

    @property
    def seed(self):
        """The seed of the generator's sequence. Setting it starts that seed's sequence,
        `offset` numbers in, so that a seed and an offset always give the same numbers."""
        return self._seed

    @seed.setter
    def seed(self, value):
        value = _uint64(value, "seed", self._where)
        with self._lock:
            self._seed = value
            if self._handle is not None:
                self._configure(self._handle.pointer)

    def _configure(self, pointer):
        # A seed starts the sequence afresh, at 0: the offset comes after it.
        _ffi.check(_ffi.lib.cudapy_random_generator_seed(pointer, self._seed))
        super()._configure(pointer)

    def generate(self, ary, size=None):
        """Fills `ary` (uint32) with random 32-bit integers, every bit random."""
        self._fill(ary, size, _Distribution.BITS, _UINT32, "PRNG.generate()")


class QRNG(_Generator):
    """cuRAND's quasi-random generator of kind `rndtype` (a constant of this class: Sobol's
    sequences, 32- or 64-bit, plain or scrambled) in `ndim` dimensions (1 to 20000; None: 1),
    starting `offset` points into each dimension's sequence, its work ordered on `stream`.
    Counts must be multiples of ndim: see the module's description for the order of the
    dimensions' numbers and the arrays the methods take."""

    SOBOL32 = _Kind.SOBOL32
    SCRAMBLED_SOBOL32 = _Kind.SCRAMBLED_SOBOL32
    SOBOL64 = _Kind.SOBOL64
    SCRAMBLED_SOBOL64 = _Kind.SCRAMBLED_SOBOL64
    DEFAULT = SOBOL32

    def __init__(self, rndtype=SOBOL32, ndim=None, offset=None, stream=None):
        super().__init__(rndtype, offset, stream)
        self._ndim = 1
        if ndim is not None:
            self.ndim = ndim

    @property
    def ndim(self):
        """The number of dimensions, 1 to 20000; a new number takes effect at the next draw."""
        return self._ndim

    @ndim.setter
    def ndim(self, value):
        where = f"{self._where}.ndim"
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{where} must be an int, got {type(value).__name__}")
        if not 1 <= value <= _MAX_DIMENSIONS:
            raise ValueError(f"{where} must be between 1 and {_MAX_DIMENSIONS}, got {value}")
        with self._lock:
            if self._handle is not None:
                _ffi.check(_ffi.lib.cudapy_random_generator_dimensions(self._handle.pointer,
                                                                       int(value)))
            self._ndim = int(value)

    @property
    def bits(self):
        """The bits of the generator's points: 32 or 64."""
        return 64 if self._kind in (self.SOBOL64, self.SCRAMBLED_SOBOL64) else 32

    def _configure(self, pointer):
        if self._ndim != 1:
            _ffi.check(_ffi.lib.cudapy_random_generator_dimensions(pointer, self._ndim))
        super()._configure(pointer)

    def _check_count(self, count, where):
        if count % self._ndim:
            raise ValueError(f"{where}: a generator of {self._ndim} dimensions fills counts "
                             f"that are multiples of {self._ndim}, not {count}")

    def generate(self, ary, size=None):
        """Fills `ary` with the generator's points as integers: uint32 for the 32-bit
        generators, uint64 for the 64-bit ones."""
        self._fill(ary, size, _Distribution.BITS, _UINT64 if self.bits == 64 else _UINT32,
                   "QRNG.generate()")


# ---- pyculib's functions -------------------------------------------------------------------

_default_prng = None
_default_lock = threading.Lock()


def _default():
    """The module's PRNG, made at the first use."""
    global _default_prng
    with _default_lock:
        if _default_prng is None:
            _default_prng = PRNG()
        return _default_prng


def _drawn(size, dtype, device, fill):
    """A new array of shape `size` filled by `fill`: a device array with `device`, else a
    NumPy array."""
    shape = (size,) if isinstance(size, (int, np.integer)) else tuple(size)
    result = new_array(shape, dtype, 0)
    fill(result)
    return result if device else result.copy_to_host()


def uniform(size, dtype=np.float64, device=False):
    """`size` (an int or a shape) uniform numbers in (0, 1] of `dtype` (float32 or float64)
    from the module's generator."""
    dtype = _checked_dtype(dtype, _FLOATS, "dtype", "curand.uniform()")
    return _drawn(size, dtype, device, _default().uniform)


def normal(mean, sigma, size, dtype=np.float64, device=False):
    """`size` (an int or a shape) normal numbers of mean `mean` and standard deviation `sigma`
    of `dtype` (float32 or float64) from the module's generator."""
    where = "curand.normal()"
    mean, sigma = _normal_parameters(mean, sigma, where)
    dtype = _checked_dtype(dtype, _FLOATS, "dtype", where)
    return _drawn(size, dtype, device, lambda ary: _default().normal(ary, mean, sigma))


def lognormal(mean, sigma, size, dtype=np.float64, device=False):
    """`size` (an int or a shape) log-normal numbers, exp(x) of normal x of mean `mean` and
    standard deviation `sigma`, of `dtype` (float32 or float64) from the module's generator."""
    where = "curand.lognormal()"
    mean, sigma = _normal_parameters(mean, sigma, where)
    dtype = _checked_dtype(dtype, _FLOATS, "dtype", where)
    return _drawn(size, dtype, device, lambda ary: _default().lognormal(ary, mean, sigma))


def poisson(lmbd, size, device=False):
    """`size` (an int or a shape) uint32 Poisson numbers of mean `lmbd` from the module's
    generator."""
    lmbd = _poisson_mean(lmbd, "curand.poisson()")
    return _drawn(size, np.uint32, device, lambda ary: _default().poisson(ary, lmbd))


def quasi(size, bits=32, nd=1, device=False):
    """The first `size` numbers of a new Sobol generator of `bits` (32 or 64) bits in `nd`
    dimensions, as integers (uint32 or uint64): size/nd points of each dimension, one dimension
    after another, `size` a multiple of nd."""
    where = "curand.quasi()"
    if bits not in (32, 64):
        raise ValueError(f"{where}: bits must be 32 or 64, got {bits!r}")
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)):
        raise TypeError(f"{where}: size must be an int, got {type(size).__name__}")
    if size < 0:
        raise ValueError(f"{where}: size must not be negative, got {size}")
    qrng = QRNG(QRNG.SOBOL64 if bits == 64 else QRNG.SOBOL32, ndim=nd)
    qrng._check_count(size, where)
    return _drawn(size, np.uint64 if bits == 64 else np.uint32, device, qrng.generate)
