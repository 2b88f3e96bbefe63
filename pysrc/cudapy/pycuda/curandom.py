"""PyCUDA's curandom.rand: uniform random numbers in [0, 1) made on the device by cudapy's
xoroshiro128+ generators (numba's), one per thread, seeded afresh for each call. cuRAND's
generator classes are not offered (yet)."""

import numpy as np

from .. import cuda
from ..random import (create_xoroshiro128p_states, xoroshiro128p_next,
                      xoroshiro128p_uniform_float32, xoroshiro128p_uniform_float64)
from .gpuarray import GPUArray

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


__all__ = ["rand"]
