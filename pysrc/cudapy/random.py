"""Random numbers inside kernels, as numba.cuda.random gives them: one xoroshiro128+ generator
per thread, its state an element of an array made on the host.

    from cudapy.cuda.random import (create_xoroshiro128p_states,
                                    xoroshiro128p_uniform_float32)

    @cuda.jit
    def fill(states, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = xoroshiro128p_uniform_float32(states, i)

    states = create_xoroshiro128p_states(n, seed=1)

The algorithm is the one numba documents, so a seed gives numba's numbers: the first state is
SplitMix64 of the seed (in both words), each next state is the one before it advanced 2**64
steps (xoroshiro128+'s jump), so that threads draw from non-overlapping stretches of one
sequence; uniforms are the top 53 bits of a draw scaled to [0, 1) (a float32 is that float64
rounded), normals come from the Box-Muller transform of two uniforms (the cosine half).

A state array is a C-contiguous (n, 2) uint64 array (the words s0 and s1 of each generator),
where numba's is a record array of the same two words.
"""

import math

import numpy as np
from numpy import float32, float64, int64, uint64

from .closure import DeviceFunction

__all__ = ["create_xoroshiro128p_states", "init_xoroshiro128p_states",
           "xoroshiro128p_uniform_float32", "xoroshiro128p_uniform_float64",
           "xoroshiro128p_normal_float32", "xoroshiro128p_normal_float64",
           "xoroshiro128p_next", "xoroshiro128p_jump", "xoroshiro128p_dtype"]

def _device(function):
    """A device function, as @cuda.jit(device=True) makes one."""
    return DeviceFunction(function, None)


# The words of one generator, as each row of a state array holds them.
xoroshiro128p_dtype = np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)


@_device
def xoroshiro128p_rotl(x, k):
    return (x << k) | (x >> (uint64(64) - k))


@_device
def xoroshiro128p_next(states, index):
    """The next 64 random bits of generator `index`, which advances."""
    s0 = states[index, 0]
    s1 = states[index, 1]
    result = s0 + s1
    s1 = s1 ^ s0
    states[index, 0] = xoroshiro128p_rotl(s0, uint64(55)) ^ s1 ^ (s1 << uint64(14))
    states[index, 1] = xoroshiro128p_rotl(s1, uint64(36))
    return result


@_device
def xoroshiro128p_jump(states, index):
    """Advances generator `index` 2**64 steps (xoroshiro128+'s jump polynomial)."""
    s0 = uint64(0)
    s1 = uint64(0)
    for word in range(2):
        polynomial = uint64(0xBEAC0467EBA5FACB) if word == 0 else uint64(0xD86B048B86AA9922)
        for bit in range(64):
            if (polynomial >> uint64(bit)) & uint64(1):
                s0 = s0 ^ states[index, 0]
                s1 = s1 ^ states[index, 1]
            xoroshiro128p_next(states, index)
    states[index, 0] = s0
    states[index, 1] = s1


@_device
def xoroshiro128p_uniform_float64(states, index):
    """A float64 uniform in [0, 1) from generator `index`."""
    bits = xoroshiro128p_next(states, int64(index))
    return float64(bits >> uint64(11)) * float64(1.1102230246251565e-16)


@_device
def xoroshiro128p_uniform_float32(states, index):
    """A float32 uniform in [0, 1) from generator `index` (the float64 one, rounded)."""
    return float32(xoroshiro128p_uniform_float64(states, index))


@_device
def xoroshiro128p_normal_float32(states, index):
    """A float32 standard normal from generator `index` (two uniforms, Box-Muller)."""
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    return math.sqrt(float32(-2.0) * math.log(u1)) * math.cos(float32(6.283185307179586) * u2)


@_device
def xoroshiro128p_normal_float64(states, index):
    """A float64 standard normal from generator `index` (two uniforms, Box-Muller)."""
    u1 = xoroshiro128p_uniform_float64(states, index)
    u2 = xoroshiro128p_uniform_float64(states, index)
    return math.sqrt(float64(-2.0) * math.log(u1)) * math.cos(float64(6.283185307179586) * u2)


def xoroshiro128p_seed(states, seed, subsequence_start):
    """Fills every state from the seed, one after another (a kernel run by one thread)."""
    z = seed + uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> uint64(30))) * uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> uint64(27))) * uint64(0x94D049BB133111EB)
    z = z ^ (z >> uint64(31))
    states[0, 0] = z
    states[0, 1] = z
    for _ in range(subsequence_start):
        xoroshiro128p_jump(states, 0)
    for i in range(1, states.shape[0]):
        states[i, 0] = states[i - 1, 0]
        states[i, 1] = states[i - 1, 1]
        xoroshiro128p_jump(states, i)


_SEED_KERNEL = None  # compiled at the first use


def _seeded(count, seed, subsequence_start):
    """The (count, 2) uint64 states on the host, computed by the CPU target's compiled code
    (a Python loop would take minutes for a million generators)."""
    for name, value in (("seed", seed), ("subsequence_start", subsequence_start)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if subsequence_start < 0:
        raise ValueError(f"subsequence_start must be non-negative, got {subsequence_start}")
    states = np.zeros((count, 2), np.uint64)
    if count:
        global _SEED_KERNEL
        if _SEED_KERNEL is None:
            from ._compile import _options
            from .kernel import Dispatcher
            _SEED_KERNEL = Dispatcher(xoroshiro128p_seed, "void(uint64[:, ::1], uint64, uint64)",
                                      _options(), "cpu")
        _SEED_KERNEL[1, 1](states, np.uint64(int(seed) % (1 << 64)),
                     np.uint64(int(subsequence_start) % (1 << 64)))
    return states


def init_xoroshiro128p_states(states, seed, subsequence_start=0, stream=0):
    """Fills a device state array (made as create_xoroshiro128p_states makes one) from
    `seed`, starting `subsequence_start` jumps into the sequence."""
    if states.ndim != 2 or states.shape[1] != 2 or states.dtype != np.uint64:
        raise TypeError("a state array is an (n, 2) uint64 array, as "
                        "create_xoroshiro128p_states makes it")
    states.copy_to_device(_seeded(states.shape[0], seed, subsequence_start), stream=stream)


def create_xoroshiro128p_states(n, seed, subsequence_start=0, stream=0, target=None):
    """A device array of `n` generator states for kernels (one per thread that draws),
    seeded from `seed`: generator i starts (subsequence_start + i) * 2**64 steps into the
    sequence of the seed, as numba's do."""
    from .array import CudaArray

    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"n must be a non-negative int, got {n!r}")
    return CudaArray(_seeded(int(n), seed, subsequence_start), target=target, stream=stream)
