#!/usr/bin/env python3
"""Random numbers in kernels against numba-cuda, in one run on one GPU: a Monte Carlo estimate
of pi, each thread drawing 2 x 1,000 float32 uniforms from its xoroshiro128+ generator
(cudapy.random against numba.cuda.random, same kernel, same seed, same launch). Prints
draws per second; run on the GPU machine:

    CUDAPY_LIBRARY=$PWD/build/libcudapy.so PYTHONPATH=pysrc python3 bench/random.py
"""

import math

import numpy as np

import cudapy as cp
from cudapy import cuda
from cudapy.cuda import random as ours
from cudapy.cuda.random import xoroshiro128p_uniform_float32
from timing import seconds_per_launch
import figures

THREADS = 1 << 20
DRAWS = 1000


def cudapy_kernel(states, inside):
    t = cuda.grid(1)
    count = 0
    for _ in range(DRAWS):
        x = xoroshiro128p_uniform_float32(states, t)
        y = xoroshiro128p_uniform_float32(states, t)
        if x * x + y * y <= 1.0:
            count += 1
    inside[t] = count


def main():
    if cp.device_count() == 0:
        print("SKIP: no CUDA GPU found")
        return

    rows = {}
    states = ours.create_xoroshiro128p_states(THREADS, seed=1)
    inside = cp.device_array(THREADS, np.int32)
    kernel = cuda.jit(cudapy_kernel)
    sync = cp.synchronize
    rows["cudapy.random"] = seconds_per_launch(
        lambda: kernel[THREADS // 256, 256](states, inside), sync, 5, 0.3)
    pi = 4 * inside.copy_to_host().sum() / (THREADS * DRAWS)
    assert abs(pi - math.pi) < 1e-3, pi
    try:
        np.row_stack = np.vstack
        from numba import cuda as numba_cuda
        from numba.cuda import random as theirs

        def numba_kernel(states, inside):
            t = numba_cuda.grid(1)
            count = 0
            for _ in range(DRAWS):
                x = theirs.xoroshiro128p_uniform_float32(states, t)
                y = theirs.xoroshiro128p_uniform_float32(states, t)
                if x * x + y * y <= 1.0:
                    count += 1
            inside[t] = count
        their_kernel = numba_cuda.jit(numba_kernel)
        their_states = theirs.create_xoroshiro128p_states(THREADS, seed=1)
        their_inside = numba_cuda.device_array(THREADS, np.int32)
        rows["numba-cuda numba.cuda.random"] = seconds_per_launch(
            lambda: their_kernel[THREADS // 256, 256](their_states, their_inside),
            numba_cuda.synchronize, 5, 0.3)
    except ImportError:
        rows["numba-cuda numba.cuda.random"] = None
    name = cp.device_info().name
    print(f"Monte Carlo pi, {THREADS:,} threads x {2 * DRAWS} float32 draws ({name})")
    figures.device(name)
    figures.section(f"Monte Carlo pi, {THREADS:,} threads x {2 * DRAWS} float32 draws",
                    "G draws/s")
    draws = 2 * THREADS * DRAWS
    for label, seconds in rows.items():
        figures.record(label, draws / seconds / 1e9 if seconds else None)
        figure = f"{draws / seconds / 1e9:8.1f} G draws/s" if seconds else "     n/a"
        print(f"  {label:40s} {figure}")


if __name__ == "__main__":
    main()
