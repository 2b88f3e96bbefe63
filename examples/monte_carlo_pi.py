#!/usr/bin/env python3
"""π by Monte Carlo with random numbers drawn inside the kernel, written as for numba.cuda:
each thread owns a xoroshiro128+ generator (cudapy.cuda.random, numba's API and numbers),
draws points in the unit square and counts those inside the quarter circle; a sum on the
device (DeviceArray.sum) adds the counts. Checked against NumPy's replay of the same
generators' first draws, and against π within the sampling error. Runs on the GPU when there
is one, else on the CPU target with fewer points."""

import importlib.util
import math
import os
import sys
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

import numpy as np

import cudapy
from cudapy import cuda
from cudapy.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float64

# Without a GPU the kernels run on the CPU target (CUDAPY_TARGET=cpu), with fewer points.
ON_GPU = os.environ.setdefault("CUDAPY_TARGET", "cuda" if cudapy.has_gpu() else "cpu") == "cuda"

TPB = 256


@cuda.jit
def count_inside(states, draws, inside):
    """inside[t]: how many of thread t's `draws` points fall in the quarter circle."""
    t = cuda.grid(1)
    if t < inside.size:
        count = 0
        for _ in range(draws):
            x = xoroshiro128p_uniform_float64(states, t)
            y = xoroshiro128p_uniform_float64(states, t)
            if x * x + y * y <= 1.0:
                count += 1
        inside[t] = count


@cuda.jit
def first_draws(states, out):
    """out[t]: thread t's first uniform, to check the generators themselves."""
    t = cuda.grid(1)
    if t < out.size:
        out[t] = xoroshiro128p_uniform_float64(states, t)


def run():
    threads = 1 << 20 if ON_GPU else 1 << 10
    draws = 1000 if ON_GPU else 200
    seed = 2026

    # The generators: thread 0's first draw, replayed on the host from numba's description.
    states = create_xoroshiro128p_states(threads, seed=seed)
    start = states.copy_to_host()
    out = cuda.device_array(threads, np.float64)
    first_draws[(threads + TPB - 1) // TPB, TPB](states, out)
    mask = (1 << 64) - 1
    s0, s1 = (int(word) for word in start[0])
    replayed = (((s0 + s1) & mask) >> 11) * 2.0 ** -53
    generators_ok = out.copy_to_host()[0] == replayed

    states = create_xoroshiro128p_states(threads, seed=seed)
    inside = cuda.device_array(threads, np.int64)
    count_inside[(threads + TPB - 1) // TPB, TPB](states, draws, inside)
    total = int(inside.sum().copy_to_host())
    points = threads * draws
    estimate = 4.0 * total / points
    # Four standard errors of the estimate: sqrt(p(1-p)/N) of the fraction inside, times 4.
    error_bound = 4 * 4 * math.sqrt((math.pi / 4) * (1 - math.pi / 4) / points)
    ok = generators_ok and abs(estimate - math.pi) < error_bound
    print(f"monte_carlo_pi: {points:,} points on {os.environ['CUDAPY_TARGET']}, "
          f"pi ~ {estimate:.6f} (error {abs(estimate - math.pi):.1e}, bound {error_bound:.1e}), "
          f"generators match their description: {generators_ok}: {'OK' if ok else 'MISMATCH'}")
    return ok


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
