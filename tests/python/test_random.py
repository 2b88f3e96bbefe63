"""Random numbers in kernels (cudapy.random, numba's cuda.random): the generators' numbers
against a plain-Python xoroshiro128+ written from the algorithm's description, their
statistics, and on the GPU against numba-cuda's own generator for the same seed."""

import math

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda
from cudapy.cuda.random import (create_xoroshiro128p_states, init_xoroshiro128p_states,
                                xoroshiro128p_normal_float32, xoroshiro128p_normal_float64,
                                xoroshiro128p_uniform_float32, xoroshiro128p_uniform_float64)

MASK = (1 << 64) - 1


def reference_states(count, seed, start=0):
    """The states as the algorithm describes them, in Python integers."""
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    state = [z, z]
    for _ in range(start):
        state = jumped(state)
    states = [state]
    for _ in range(1, count):
        states.append(jumped(states[-1]))
    return [list(s) for s in states]


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


def step(state):
    s0, s1 = state
    result = (s0 + s1) & MASK
    s1 ^= s0
    state[0] = rotl(s0, 55) ^ s1 ^ ((s1 << 14) & MASK)
    state[1] = rotl(s1, 36)
    return result


def jumped(state):
    state = list(state)
    s0 = s1 = 0
    for polynomial in (0xBEAC0467EBA5FACB, 0xD86B048B86AA9922):
        for bit in range(64):
            if polynomial >> bit & 1:
                s0 ^= state[0]
                s1 ^= state[1]
            step(state)
    return [s0, s1]


def reference_uniforms(count, seed, draws):
    states = reference_states(count, seed)
    return np.array([[(step(state) >> 11) * 2.0 ** -53 for _ in range(draws)]
                     for state in states])


def test_states_are_the_algorithm_s(target):
    states = create_xoroshiro128p_states(5, seed=42).copy_to_host()
    assert states.dtype == np.uint64 and states.shape == (5, 2)
    assert states.tolist() == reference_states(5, 42)
    later = create_xoroshiro128p_states(5, seed=42, subsequence_start=3).copy_to_host()
    assert later.tolist() == reference_states(8, 42)[3:]
    assert create_xoroshiro128p_states(0, seed=1).shape == (0, 2)


def draw_kernels():
    @cuda.jit
    def uniform32(states, out, count):
        t = cuda.grid(1)
        for i in range(count):
            out[t, i] = xoroshiro128p_uniform_float32(states, t)

    @cuda.jit
    def uniform64(states, out, count):
        t = cuda.grid(1)
        for i in range(count):
            out[t, i] = xoroshiro128p_uniform_float64(states, t)

    @cuda.jit
    def normal32(states, out, count):
        t = cuda.grid(1)
        for i in range(count):
            out[t, i] = xoroshiro128p_normal_float32(states, t)

    @cuda.jit
    def normal64(states, out, count):
        t = cuda.grid(1)
        for i in range(count):
            out[t, i] = xoroshiro128p_normal_float64(states, t)
    return uniform32, uniform64, normal32, normal64


def test_uniforms_are_the_algorithm_s(target):
    uniform32, uniform64, _, _ = draw_kernels()
    states = create_xoroshiro128p_states(64, seed=7)
    out = cp.device_array((64, 16), np.float64)
    uniform64[2, 32](states, out, 16)
    expected = reference_uniforms(64, 7, 16)
    np.testing.assert_array_equal(out.copy_to_host(), expected)
    states = create_xoroshiro128p_states(64, seed=7)
    out32 = cp.device_array((64, 16), np.float32)
    uniform32[2, 32](states, out32, 16)
    np.testing.assert_array_equal(out32.copy_to_host(), expected.astype(np.float32))
    # The states advanced: the next draws continue the sequences.
    uniform64[2, 32](states, out, 1)
    np.testing.assert_array_equal(out.copy_to_host()[:, 0],
                                  reference_uniforms(64, 7, 17)[:, 16])


def test_statistics_of_uniforms_and_normals(target):
    uniform32, uniform64, normal32, normal64 = draw_kernels()
    threads = 128 if target == "cpu" else 4096
    for kernel, dtype, mean, std in ((uniform32, np.float32, 0.5, 1 / math.sqrt(12)),
                                     (uniform64, np.float64, 0.5, 1 / math.sqrt(12)),
                                     (normal32, np.float32, 0.0, 1.0),
                                     (normal64, np.float64, 0.0, 1.0)):
        states = create_xoroshiro128p_states(threads, seed=2026)
        out = cp.device_array((threads, 256), dtype)
        kernel[threads // 32, 32](states, out, 256)
        values = out.copy_to_host().astype(np.float64)
        count = values.size
        assert abs(values.mean() - mean) < 5 * std / math.sqrt(count)
        assert abs(values.std() - std) < 0.01 * std
        if mean == 0.5:
            assert values.min() >= 0.0 and values.max() < 1.0
            histogram, _ = np.histogram(values, bins=16, range=(0, 1))
            assert abs(histogram / count - 1 / 16).max() < 0.01


def test_init_refills_a_state_array_and_checks_arguments(target):
    states = create_xoroshiro128p_states(4, seed=1)
    init_xoroshiro128p_states(states, seed=9)
    assert states.copy_to_host().tolist() == reference_states(4, 9)
    with pytest.raises(TypeError, match="seed"):
        create_xoroshiro128p_states(4, seed=1.5)
    with pytest.raises(ValueError, match="subsequence_start"):
        create_xoroshiro128p_states(4, seed=1, subsequence_start=-1)
    with pytest.raises(TypeError, match=r"\(n, 2\) uint64"):
        init_xoroshiro128p_states(cp.device_array(4, np.uint64), seed=1)
    assert cuda.random.create_xoroshiro128p_states is create_xoroshiro128p_states
    assert cp.random.xoroshiro128p_uniform_float32 is xoroshiro128p_uniform_float32


@pytest.mark.gpu
def test_the_numbers_are_numba_s_for_the_same_seed():
    np.row_stack = np.vstack
    numba_cuda = pytest.importorskip("numba.cuda")
    from numba.cuda import random as numba_random

    @numba_cuda.jit
    def theirs(states, uniforms, normals):
        t = numba_cuda.grid(1)
        for i in range(8):
            uniforms[t, i] = numba_random.xoroshiro128p_uniform_float64(states, t)
            normals[t, i] = numba_random.xoroshiro128p_normal_float32(states, t)

    @cuda.jit
    def ours(states, uniforms, normals):
        t = cuda.grid(1)
        for i in range(8):
            uniforms[t, i] = xoroshiro128p_uniform_float64(states, t)
            normals[t, i] = xoroshiro128p_normal_float32(states, t)

    their_states = numba_random.create_xoroshiro128p_states(64, seed=123, subsequence_start=2)
    their_uniforms, their_normals = np.zeros((64, 8)), np.zeros((64, 8), np.float32)
    theirs[2, 32](their_states, their_uniforms, their_normals)
    our_uniforms, our_normals = np.zeros((64, 8)), np.zeros((64, 8), np.float32)
    ours[2, 32](create_xoroshiro128p_states(64, seed=123, subsequence_start=2), our_uniforms,
                our_normals)
    np.testing.assert_array_equal(our_uniforms, their_uniforms)
    np.testing.assert_allclose(our_normals, their_normals, rtol=2e-6, atol=2e-6)


def test_the_interpreter_draws_what_the_cpu_target_draws():
    def draw(states, uniforms, normals):
        t = cuda.grid(1)
        uniforms[t] = xoroshiro128p_uniform_float64(states, t)
        normals[t] = xoroshiro128p_normal_float32(states, t)

    states = create_xoroshiro128p_states(16, seed=5, target="cpu").copy_to_host()
    results = []
    for where in ("python", "cpu"):
        uniforms, normals = np.zeros(16), np.zeros(16, np.float32)
        cuda.jit(target=where)(draw)[2, 8](states.copy(), uniforms, normals)
        results.append((uniforms, normals))
    np.testing.assert_array_equal(results[0][0], results[1][0])
    np.testing.assert_allclose(results[0][1], results[1][1], rtol=1e-6)
    np.testing.assert_array_equal(results[0][0], reference_uniforms(16, 5, 1)[:, 0])
