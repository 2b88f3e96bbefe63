#!/usr/bin/env python3
"""SAXPY from the CudaPy paper: Y = alpha * X + Y on 2**20 floats, checked against NumPy."""

import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

import numpy as np

import cudapy as cp


# saxpy : void (float alpha, float* X, float* Y)
def saxpy(alpha, X, Y):
    if idx < len(X):
        Y[idx] = alpha * X[idx] + Y[idx]


def run(n=2 ** 20, alpha=2.0, target=None):
    """Runs SAXPY on `target` (the default: the GPU, or $CUDAPY_TARGET) and returns whether the
    result matches NumPy's."""
    rng = np.random.default_rng(2015)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    expected = np.float32(alpha) * x + y

    kernel = cp.compile(saxpy, target=target)
    X = cp.CudaArray(x, target=target)
    Y = cp.CudaArray(y, target=target)
    kernel(n)(alpha, X, Y)
    result = Y.toHost()

    scale = np.maximum(np.abs(expected), np.finfo(np.float32).tiny)
    error = float(np.max(np.abs(result - expected) / scale))
    ok = error <= 1e-6
    print(f"saxpy: {n} elements, largest relative difference from NumPy {error:.2e}: "
          f"{'OK' if ok else 'MISMATCH'}")
    return ok


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
