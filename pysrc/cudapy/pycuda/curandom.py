"""PyCUDA's curandom.

rand() makes uniform random numbers in [0, 1) on the device with cudapy's xoroshiro128+
generators (numba's), one per thread, seeded afresh for each call.

The generator classes (XORWOWRandomNumberGenerator, MRG32k3aRandomNumberGenerator and the four
Sobol ones) fill GPUArrays, or new ones, with cuRAND's distributions: uniform floats in (0, 1],
normal, log-normal and Poisson numbers, and raw bits. PyCUDA's classes run cuRAND's device API,
a generator state for each thread, seeded from `seed_getter`'s seeds (the Sobol ones started
from given direction vectors); cudapy's are cuRAND's host generators (cudapy.cudalib.curand's
PRNG and QRNG), one sequence each: a pseudo-random one is seeded with the first seed
`seed_getter` gives, a Sobol one draws one dimension from cuRAND's own direction vectors, and
`offset` skips numbers of the sequence. What only per-thread states allow, skipping ahead each
thread's generator (call_skip_ahead...) and choosing direction vectors and scramble constants,
raises NotImplementedError. cuRAND fills GPU memory only: under the CPU target
get_curand_version() is None, as PyCUDA's is without cuRAND.
"""

import numpy as np

from .. import _ffi, arraymath, cuda, targets
from ..cudalib._operands import library_version
from ..cudalib.curand import PRNG, QRNG, _normal_parameters, _poisson_mean
from ..elementwise import converter
from ..errors import LibraryUnavailableError
from ..random import (create_xoroshiro128p_states, xoroshiro128p_next,
                      xoroshiro128p_uniform_float32, xoroshiro128p_uniform_float64)
from .gpuarray import GPUArray, to_gpu

_THREADS = 256
_BLOCKS = 128


def _uniform_float32(states, out):
    start = cuda.grid(1)
    for i in range(start, out.size, cuda.gridsize(1)):
        out[i] = xoroshiro128p_uniform_float32(states, start)


def _uniform_float64(states, out):
    start = cuda.grid(1)
    for i in range(start, out.size, cuda.gridsize(1)):
        out[i] = xoroshiro128p_uniform_float64(states, start)


def _bits_int32(states, out):
    start = cuda.grid(1)
    for i in range(start, out.size, cuda.gridsize(1)):
        out[i] = np.int32(np.int64(xoroshiro128p_next(states, start) >> np.uint64(33)))


_FILLS = {np.dtype(np.float32): _uniform_float32, np.dtype(np.float64): _uniform_float64,
          np.dtype(np.int32): _bits_int32}
_KERNELS = {}  # (dtype, target) -> the fill compiled for that target
_seeds = np.random.default_rng()


def rand(shape, dtype=np.float32, stream=None):
    """A GPUArray of `shape` of uniform random numbers: in [0, 1) for float32 and float64,
    in [0, 2**31) for int32."""
    dtype = np.dtype(dtype)
    if dtype not in _FILLS:
        raise NotImplementedError(f"rand() makes float32, float64 and int32 numbers, not {dtype}")
    result = GPUArray(shape, dtype)
    if result.size:
        states = create_xoroshiro128p_states(_THREADS * _BLOCKS,
                                             seed=int(_seeds.integers(1 << 62)),
                                             target=result.target)
        kernel = _KERNELS.get((dtype, result.target))
        if kernel is None:
            kernel = _KERNELS[dtype, result.target] = cuda.jit(target=result.target)(
                _FILLS[dtype])
        kernel[_BLOCKS, _THREADS, stream or 0](states, result.reshape(-1))
    return result


# ---- cuRAND's generators -------------------------------------------------------------------

_Distribution = _ffi.Distribution
_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))
_BITS32 = (np.dtype(np.uint32), np.dtype(np.int32))
_BITS64 = (np.dtype(np.uint64), np.dtype(np.int64))
_UINT32 = (np.dtype(np.uint32),)
_POISSON = (np.dtype(np.uint32),) + _FLOATS


def get_curand_version():
    """cuRAND's version as (major, minor, patch); None when cuRAND is not found, or when
    PyCUDA's arrays are the CPU target's (in host memory, which cuRAND cannot fill)."""
    if targets.resolve(None) != "cuda":
        return None
    try:
        version = library_version(_ffi.NvidiaLibrary.CURAND)[0]
    except LibraryUnavailableError:
        return None
    # cuRAND numbers itself major * 1000 + minor * 100 + patch (10400 for 10.4.0).
    return version // 1000, version % 1000 // 100, version % 100


def seed_getter_uniform(N):
    """A GPUArray of N int32 seeds, all the same random one."""
    return to_gpu(np.full(N, _seeds.integers(1 << 31), np.int32))


def seed_getter_unique(N):
    """A GPUArray of N random int32 seeds, drawn independently."""
    return to_gpu(_seeds.integers(1 << 31, size=N, dtype=np.int32))


class direction_vector_set:
    """cuRAND's sets of Sobol direction vectors (curandDirectionVectorSet's values)."""

    VECTOR_32 = 101
    SCRAMBLED_VECTOR_32 = 102
    VECTOR_64 = 103
    SCRAMBLED_VECTOR_64 = 104


_OWN_VECTORS = ("cudapy's Sobol generators are cuRAND host generators, which use cuRAND's own "
                "direction vectors and scramble constants and take none from outside")


def generate_direction_vectors(count, direction=direction_vector_set.VECTOR_32):
    """PyCUDA's direction vectors for Sobol generators: not offered (NotImplementedError)."""
    raise NotImplementedError(f"generate_direction_vectors(): {_OWN_VECTORS}")


def generate_scramble_constants32(count):
    """PyCUDA's scramble constants for scrambled Sobol32 generators: not offered
    (NotImplementedError)."""
    raise NotImplementedError(f"generate_scramble_constants32(): {_OWN_VECTORS}")


def generate_scramble_constants64(count):
    """PyCUDA's scramble constants for scrambled Sobol64 generators: not offered
    (NotImplementedError)."""
    raise NotImplementedError(f"generate_scramble_constants64(): {_OWN_VECTORS}")


def _no_skip_ahead(method):
    raise NotImplementedError(
        f"{method}(): cudapy's generators are cuRAND host generators, one sequence each, not "
        "PyCUDA's generator per thread; pass offset= to the constructor to start further into "
        "the sequence")


def _seed_of(seed_getter):
    """The cuRAND seed of a PyCUDA seed getter: the first seed it gives, as 32 unsigned bits;
    None (a random seed) without one."""
    if seed_getter is None:
        return None
    first = np.asarray(seed_getter(1)).reshape(-1)[0]
    return int(first.astype(np.int64)) & 0xFFFFFFFF


class _RandomNumberGenerator:
    """What every generator class offers: GPUArrays filled, or made and filled, with cuRAND's
    distributions by the generator (a PRNG or QRNG of cudapy.cudalib.curand)."""

    def __init__(self, generator):
        self._generator = generator

    def _where(self, method):
        return f"{type(self).__name__}.{method}()"

    def _draw(self, data, distribution, dtypes, where, a=0.0, b=0.0, stream=None):
        self._generator._fill(data, None, distribution, dtypes, where, a, b, stream)

    def _draw_converted(self, data, drawn_dtype, distribution, where, a=0.0, stream=None):
        """Fills `data` with numbers drawn into a new array of `drawn_dtype`, converted."""
        drawn = GPUArray(data.shape, drawn_dtype)
        self._draw(drawn, distribution, (np.dtype(drawn_dtype),), where, a, stream=stream)
        if drawn.dtype == np.uint64:
            # The top 32 bits of each point: the low bits of a Sobol sequence's early points
            # are zeros.
            arraymath.apply("right_shift", drawn, np.uint64(32), out=drawn, stream=stream or 0)
        converter(data.dtype)(drawn, out=data, stream=stream or 0)

    def _checked_real(self, dtype, method):
        dtype = np.dtype(dtype)
        if dtype not in _FLOATS:
            raise NotImplementedError(f"{self._where(method)}: no {dtype} numbers; they are "
                                      "float32 or float64")
        return dtype

    def fill_uniform(self, data, stream=None):
        """Fills `data` with uniform numbers: float32 and float64 in (0, 1] (cuRAND's range),
        int32 and uint32 with 32 random bits (the top 32 bits of the points of the 64-bit
        Sobol generators), int64 and uint64 with the points of the 64-bit Sobol generators."""
        where = self._where("fill_uniform")
        dtype = np.dtype(data.dtype)
        wide = isinstance(self._generator, QRNG) and self._generator.bits == 64
        if dtype in _FLOATS:
            self._draw(data, _Distribution.UNIFORM, _FLOATS, where, stream=stream)
        elif dtype in _BITS32 and wide:
            self._draw_converted(data, np.uint64, _Distribution.BITS, where, stream=stream)
        elif dtype in (_BITS64 if wide else _BITS32):
            self._draw(data, _Distribution.BITS, (dtype,), where, stream=stream)
        else:
            raise NotImplementedError(f"{where}: no uniform {dtype} numbers from this generator")

    def gen_uniform(self, shape, dtype, stream=None):
        """A new GPUArray of `shape` and `dtype` filled by fill_uniform()."""
        result = GPUArray(shape, dtype)
        self.fill_uniform(result, stream)
        return result

    def fill_normal(self, data, stream=None):
        """Fills `data` (float32 or float64) with normal numbers of mean 0 and standard
        deviation 1."""
        self._checked_real(data.dtype, "fill_normal")
        self._draw(data, _Distribution.NORMAL, _FLOATS, self._where("fill_normal"), 0.0, 1.0,
                   stream)

    def gen_normal(self, shape, dtype, stream=None):
        """A new GPUArray of `shape` and `dtype` filled by fill_normal()."""
        result = GPUArray(shape, self._checked_real(dtype, "gen_normal"))
        self.fill_normal(result, stream)
        return result

    def fill_log_normal(self, data, mean, stddev, stream=None):
        """Fills `data` (float32 or float64) with log-normal numbers: exp(x) of normal numbers
        x of mean `mean` and standard deviation `stddev`."""
        where = self._where("fill_log_normal")
        self._checked_real(data.dtype, "fill_log_normal")
        mean, stddev = _normal_parameters(mean, stddev, where)
        self._draw(data, _Distribution.LOG_NORMAL, _FLOATS, where, mean, stddev, stream)

    def gen_log_normal(self, shape, dtype, mean, stddev, stream=None):
        """A new GPUArray of `shape` and `dtype` filled by fill_log_normal()."""
        result = GPUArray(shape, self._checked_real(dtype, "gen_log_normal"))
        self.fill_log_normal(result, mean, stddev, stream)
        return result

    def fill_poisson(self, data, lambda_value=None, stream=None):
        """Fills `data` (uint32, float32 or float64) with Poisson numbers of mean
        `lambda_value`; without one, each element's value is its own mean (0 gives 0). cuRAND
        draws for one mean a call: data holding several means takes a call for each."""
        where = self._where("fill_poisson")
        dtype = np.dtype(data.dtype)
        if dtype not in _POISSON:
            raise NotImplementedError(f"{where}: no {dtype} Poisson numbers; they are uint32, "
                                      "float32 or float64")
        if lambda_value is not None:
            self._poisson(data, _poisson_mean(lambda_value, where), where, stream)
        elif data.size:
            self._poisson_of_values(data, where, stream)

    def gen_poisson(self, shape, dtype, lambda_value, stream=None):
        """A new GPUArray of `shape` and `dtype` filled by fill_poisson() with
        `lambda_value`."""
        result = GPUArray(shape, dtype)
        self.fill_poisson(result, lambda_value, stream)
        return result

    def _poisson(self, data, mean, where, stream):
        """Fills `data` with Poisson numbers of one mean (positive)."""
        if data.dtype == np.uint32:
            self._draw(data, _Distribution.POISSON, _UINT32, where, mean, stream=stream)
        else:
            self._draw_converted(data, np.uint32, _Distribution.POISSON, where, mean, stream)

    def _poisson_of_values(self, data, where, stream):
        """Fills `data` with a Poisson number for each element, of the element's value."""
        lowest = float(data.min(stream=stream or 0).get())
        if lowest == float(data.max(stream=stream or 0).get()) and lowest >= 0:
            if lowest == 0:
                data.fill(0, stream)
            else:
                self._poisson(data, lowest, where, stream)
            return
        means = data.get(stream=stream).reshape(-1)
        if not np.isfinite(means).all() or (means < 0).any():
            raise ValueError(f"{where}: the means (data's values) must be finite and not "
                             "negative")
        distinct, which = np.unique(means, return_inverse=True)
        which = which.reshape(-1)
        counts = np.bincount(which, minlength=distinct.size)
        # The draws for each distinct mean, one run after another in the means' order.
        drawn = GPUArray(means.size, np.uint32)
        start = 0
        for mean, count in zip(distinct, counts):
            run = drawn[start:start + count]
            if mean:
                self._draw(run, _Distribution.POISSON, _UINT32, where, float(mean),
                           stream=stream)
            else:
                run.fill(0, stream)
            start += count
        values = np.empty(means.size, np.uint32)
        values[np.argsort(which, kind="stable")] = drawn.get(stream=stream)
        data.set(values.reshape(data.shape).astype(data.dtype), stream=stream)

    def call_skip_ahead(self, i, stream=None):
        """PyCUDA's skip of `i` numbers by each per-thread generator: not offered
        (NotImplementedError); offset= starts a generator further into its sequence."""
        _no_skip_ahead("call_skip_ahead")

    def call_skip_ahead_array(self, i, stream=None):
        """PyCUDA's skip of i[k] numbers by per-thread generator k: not offered
        (NotImplementedError)."""
        _no_skip_ahead("call_skip_ahead_array")


class _PseudoRandomNumberGenerator(_RandomNumberGenerator):
    """A generator of cuRAND's pseudo-random kind `kind`, seeded with the first seed
    `seed_getter` gives (a random seed without one), `offset` numbers into its sequence."""

    _KIND = None

    def __init__(self, seed_getter=None, offset=0):
        super().__init__(PRNG(self._KIND, seed=_seed_of(seed_getter), offset=offset))

    def call_skip_ahead_sequence(self, i, stream=None):
        """PyCUDA's skip of `i` subsequences by each per-thread generator: not offered
        (NotImplementedError)."""
        _no_skip_ahead("call_skip_ahead_sequence")

    def call_skip_ahead_sequence_array(self, i, stream=None):
        """PyCUDA's skip of i[k] subsequences by per-thread generator k: not offered
        (NotImplementedError)."""
        _no_skip_ahead("call_skip_ahead_sequence_array")


class XORWOWRandomNumberGenerator(_PseudoRandomNumberGenerator):
    """cuRAND's XORWOW generator: XORWOWRandomNumberGenerator(seed_getter=None, offset=0),
    seeded with the first seed seed_getter(1) gives (a random one without it), starting
    `offset` numbers into its sequence."""

    _KIND = PRNG.XORWOW


class MRG32k3aRandomNumberGenerator(_PseudoRandomNumberGenerator):
    """cuRAND's MRG32k3a generator: MRG32k3aRandomNumberGenerator(seed_getter=None,
    offset=0), seeded with the first seed seed_getter(1) gives (a random one without it),
    starting `offset` numbers into its sequence."""

    _KIND = PRNG.MRG32K3A


class _SobolRandomNumberGenerator(_RandomNumberGenerator):
    """A Sobol generator of cuRAND's kind `kind` in one dimension, `offset` points into its
    sequence, from cuRAND's own direction vectors (and scramble constants)."""

    _KIND = None

    def __init__(self, dir_vector=None, offset=0):
        if dir_vector is not None:
            raise NotImplementedError(f"{type(self).__name__}(): {_OWN_VECTORS}")
        super().__init__(QRNG(self._KIND, offset=offset))


class _ScrambledSobolRandomNumberGenerator(_SobolRandomNumberGenerator):
    """A scrambled Sobol generator: cuRAND's own scramble constants too."""

    def __init__(self, dir_vector=None, scramble_vector=None, offset=0):
        if scramble_vector is not None:
            raise NotImplementedError(f"{type(self).__name__}(): {_OWN_VECTORS}")
        super().__init__(dir_vector, offset)


class Sobol32RandomNumberGenerator(_SobolRandomNumberGenerator):
    """cuRAND's Sobol32 generator: Sobol32RandomNumberGenerator(dir_vector=None, offset=0),
    starting `offset` points into the sequence. Its period is 2**32."""

    _KIND = QRNG.SOBOL32


class ScrambledSobol32RandomNumberGenerator(_ScrambledSobolRandomNumberGenerator):
    """cuRAND's scrambled Sobol32 generator: ScrambledSobol32RandomNumberGenerator(
    dir_vector=None, scramble_vector=None, offset=0), starting `offset` points into the
    sequence."""

    _KIND = QRNG.SCRAMBLED_SOBOL32


class Sobol64RandomNumberGenerator(_SobolRandomNumberGenerator):
    """cuRAND's Sobol64 generator: Sobol64RandomNumberGenerator(dir_vector=None, offset=0),
    starting `offset` points into the sequence. Its period is 2**64."""

    _KIND = QRNG.SOBOL64


class ScrambledSobol64RandomNumberGenerator(_ScrambledSobolRandomNumberGenerator):
    """cuRAND's scrambled Sobol64 generator: ScrambledSobol64RandomNumberGenerator(
    dir_vector=None, scramble_vector=None, offset=0), starting `offset` points into the
    sequence."""

    _KIND = QRNG.SCRAMBLED_SOBOL64


# PyCUDA's first names of the two first generators.
PseudoRandomNumberGenerator = XORWOWRandomNumberGenerator
QuasiRandomNumberGenerator = Sobol32RandomNumberGenerator


__all__ = ["MRG32k3aRandomNumberGenerator", "PseudoRandomNumberGenerator",
           "QuasiRandomNumberGenerator", "ScrambledSobol32RandomNumberGenerator",
           "ScrambledSobol64RandomNumberGenerator", "Sobol32RandomNumberGenerator",
           "Sobol64RandomNumberGenerator", "XORWOWRandomNumberGenerator",
           "direction_vector_set", "generate_direction_vectors",
           "generate_scramble_constants32", "generate_scramble_constants64",
           "get_curand_version", "rand", "seed_getter_uniform", "seed_getter_unique"]
