#!/usr/bin/env python3
"""A 256-bin histogram of bytes, written as for numba.cuda: each block counts its share of the
data in a histogram of its own in shared memory, where atomic adds are cheap, then adds its
counts to the global histogram with one atomic add per bin. Checked against NumPy; runs on the
GPU when there is one, else on the CPU target with less data."""

import importlib.util
import os
import sys
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

import numpy as np
from numpy import uint32

import cudapy
from cudapy import cuda

# Without a GPU the kernels run on the CPU target (CUDAPY_TARGET=cpu), on less data.
ON_GPU = os.environ.setdefault("CUDAPY_TARGET", "cuda" if cudapy.has_gpu() else "cpu") == "cuda"

BINS = 256  # one per byte value
TPB = 256  # threads per block


@cuda.jit("void(uint8[::1], uint32[::1])")
def histogram(data, counts):
    """Adds the number of times each byte value occurs in data to counts. Each thread strides
    over the whole array: launch about as many blocks as the GPU holds at once."""
    block_counts = cuda.shared.array(BINS, uint32)
    tid = cuda.threadIdx.x
    for bin_index in range(tid, BINS, cuda.blockDim.x):
        block_counts[bin_index] = 0
    cuda.syncthreads()
    for i in range(cuda.grid(1), data.size, cuda.gridsize(1)):
        cuda.atomic.add(block_counts, data[i], 1)
    cuda.syncthreads()  # the block's counts are complete
    for bin_index in range(tid, BINS, cuda.blockDim.x):
        cuda.atomic.add(counts, bin_index, block_counts[bin_index])


def resident_blocks():
    """Blocks of TPB threads that the device runs at once: the grid for a strided kernel."""
    if ON_GPU:
        return cudapy.device_info(0).multiprocessors * (2048 // TPB)
    return 4


def histogram_of(data):
    counts = cuda.to_device(np.zeros(BINS, np.uint32))
    histogram[resident_blocks(), TPB](cuda.to_device(data), counts)
    return counts.copy_to_host()


def run():
    """Counts random bytes, skewed so that some bins are contended; True if NumPy agrees."""
    n = (1 << 24) + 5 if ON_GPU else 200_003
    rng = np.random.default_rng(BINS)
    data = np.minimum(rng.exponential(40.0, n), BINS - 1).astype(np.uint8)
    counts = histogram_of(data)

    expected = np.bincount(data, minlength=BINS)
    differing = int(np.count_nonzero(counts != expected))
    ok = differing == 0
    print(f"histogram: {n} bytes into {BINS} bins on {os.environ['CUDAPY_TARGET']}, "
          f"{differing} bins differ from NumPy: {'OK' if ok else 'MISMATCH'}")
    return ok


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
