#!/usr/bin/env python3
"""The CudaPy paper's naive matrix multiply, one thread per element, on 512x512 floats,
checked against NumPy."""

import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

import numpy as np

import cudapy as cp


# matrixMultiply : void (float* A, float* B, float* C, int n)
def matrixMultiply(A, B, C, n):
    row = idy
    col = idx
    if row < n and col < n:
        total = 0.0
        for k in range(n):
            total += A[row * n + k] * B[k * n + col]
        C[row * n + col] = total


def run(n=512):
    """Multiplies two random matrices on the GPU and returns whether NumPy agrees."""
    rng = np.random.default_rng(512)
    a = rng.random((n, n), dtype=np.float32)
    b = rng.random((n, n), dtype=np.float32)

    kernel = cp.compile(matrixMultiply)
    A = cp.CudaArray(a.ravel())
    B = cp.CudaArray(b.ravel())
    C = cp.CudaArray.allocate(n * n, cp.Float)
    kernel(n, n)(A, B, C, n)
    c = C.toHost().reshape(n, n)

    expected = a @ b
    scale = np.maximum(np.abs(expected), np.finfo(np.float32).tiny)
    error = float(np.max(np.abs(c - expected) / scale))
    ok = np.allclose(c, expected, rtol=1e-4, atol=0)
    print(f"matmul: {n}x{n}, largest relative difference from NumPy {error:.2e}: "
          f"{'OK' if ok else 'MISMATCH'}")
    return ok


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
