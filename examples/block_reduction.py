#!/usr/bin/env python3
"""A sum over a large float32 array, written as for numba.cuda: each thread adds up a strided
share of the array, each block reduces its threads' sums in shared memory down to one warp,
the warp finishes with shuffles (shfl_down_sync), and one atomic add per block accumulates the
result. Checked against NumPy; runs on the GPU when there is one, else on the CPU target with a
smaller array."""

import importlib.util
import os
import sys
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

import numpy as np
from numpy import float32

import cudapy
from cudapy import cuda

# Without a GPU the kernels run on the CPU target (CUDAPY_TARGET=cpu), on a smaller array.
ON_GPU = os.environ.setdefault("CUDAPY_TARGET", "cuda" if cudapy.has_gpu() else "cpu") == "cuda"

TPB = 256  # threads per block
ITEMS = 8  # loads each thread issues per step: enough in flight to keep memory busy
WARP = 32
ALL_LANES = 0xFFFFFFFF


@cuda.jit("void(float32[::1], float32[::1])")
def block_sum(values, total):
    """Adds the sum of values to total[0]. Launch with TPB threads per block and about as many
    blocks as the GPU holds at once: each thread strides over the whole array."""
    partial = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    n = values.size
    stride = cuda.gridsize(1)
    acc = float32(0.0)
    for base in range(cuda.grid(1), n, stride * ITEMS):
        for k in range(ITEMS):
            i = base + k * stride
            if i < n:
                acc += values[i]
    partial[tid] = acc
    cuda.syncthreads()
    half = TPB // 2
    while half >= WARP:  # halve the partial sums until one warp's worth is left
        if tid < half:
            partial[tid] += partial[tid + half]
        cuda.syncthreads()
        half //= 2
    if tid < WARP:
        acc = partial[tid]
        offset = WARP // 2
        while offset > 0:
            acc += cuda.shfl_down_sync(ALL_LANES, acc, offset)
            offset //= 2
        if tid == 0:
            cuda.atomic.add(total, 0, acc)


def resident_blocks():
    """Blocks of TPB threads that the device runs at once: the grid for a strided kernel."""
    if ON_GPU:
        return cudapy.device_info(0).multiprocessors * (2048 // TPB)
    return 4


def sum_of(values):
    total = cuda.to_device(np.zeros(1, np.float32))
    block_sum[resident_blocks(), TPB](cuda.to_device(values), total)
    return float(total.copy_to_host()[0])


def run():
    """Sums random numbers, a count that fills no block evenly; True if NumPy agrees."""
    n = (1 << 24) + 3 if ON_GPU else 100_003
    values = np.random.default_rng(256).random(n, dtype=np.float32)
    total = sum_of(values)

    expected = float(np.sum(values, dtype=np.float64))
    error = abs(total - expected) / expected
    ok = error <= 1e-4
    print(f"block_reduction: sum of {n} float32 on {os.environ['CUDAPY_TARGET']} is {total:.7g}, "
          f"relative difference from NumPy {error:.2e}: {'OK' if ok else 'MISMATCH'}")
    return ok


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
