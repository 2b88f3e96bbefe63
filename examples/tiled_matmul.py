#!/usr/bin/env python3
"""Matrix multiply with shared-memory tiles, written as for numba.cuda: each block computes a
TPB x TPB tile of C, walking along A's rows and down B's columns one TPB x TPB tile at a time,
so a block reads each element it needs from global memory once instead of once per thread.
Checked against NumPy; runs on the GPU when there is one, else on the CPU target with smaller
matrices."""

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

# Without a GPU the kernels run on the CPU target (CUDAPY_TARGET=cpu), on smaller matrices.
ON_GPU = os.environ.setdefault("CUDAPY_TARGET", "cuda" if cudapy.has_gpu() else "cpu") == "cuda"

TPB = 16  # threads per block along x and along y: the tiles are TPB x TPB


@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1])")
def tiled_matmul(A, B, C):
    """C = A @ B, one thread per element of C (x its column, y its row)."""
    sA = cuda.shared.array((TPB, TPB), float32)
    sB = cuda.shared.array((TPB, TPB), float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    inner = A.shape[1]
    acc = float32(0.0)
    for start in range(0, inner, TPB):
        # Threads past the edges of A and B load zeros, which add nothing.
        if y < C.shape[0] and start + tx < inner:
            sA[ty, tx] = A[y, start + tx]
        else:
            sA[ty, tx] = 0.0
        if x < C.shape[1] and start + ty < inner:
            sB[ty, tx] = B[start + ty, x]
        else:
            sB[ty, tx] = 0.0
        cuda.syncthreads()  # the tiles are complete
        for k in range(TPB):
            acc += sA[ty, k] * sB[k, tx]
        cuda.syncthreads()  # every thread is done with the tiles before they are overwritten
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = acc


def blocks_for(rows, columns):
    """The grid covering a rows x columns C with TPB x TPB blocks (x along columns)."""
    return (columns + TPB - 1) // TPB, (rows + TPB - 1) // TPB


def multiply(a, b):
    A = cuda.to_device(a)
    B = cuda.to_device(b)
    C = cuda.device_array((a.shape[0], b.shape[1]), np.float32)
    tiled_matmul[blocks_for(*C.shape), (TPB, TPB)](A, B, C)
    return C.copy_to_host()


def run():
    """Multiplies random matrices whose sizes are not multiples of TPB; True if NumPy agrees."""
    rows, inner, columns = (1000, 1200, 900) if ON_GPU else (70, 50, 90)
    rng = np.random.default_rng(16)
    a = rng.random((rows, inner), dtype=np.float32)
    b = rng.random((inner, columns), dtype=np.float32)
    c = multiply(a, b)

    expected = a.astype(np.float64) @ b.astype(np.float64)
    error = float(np.max(np.abs(c - expected) / expected))
    ok = error <= 1e-4
    print(f"tiled_matmul: {rows}x{inner} @ {inner}x{columns} float32 on "
          f"{os.environ['CUDAPY_TARGET']}, largest relative difference from NumPy {error:.2e}: "
          f"{'OK' if ok else 'MISMATCH'}")
    return ok


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
