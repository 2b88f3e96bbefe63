#!/usr/bin/env python3
"""Arrays without kernels, checked against NumPy:

- NumbaPro's `(a + b) ** 2` ufunc from one scalar function, on every vectorize target (the GPU
  only where the process's target is the GPU);
- a walk through device arrays in PyCUDA's gpuarray style: upload, arithmetic with scalars and
  broadcasting, NumPy's ufuncs on the device, in-place updates, selection, download;
- CudaPy's map and zipWith, and a fused expression (one kernel for `5 * x + 6 * y`).
"""

import importlib.util
import os
import sys
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

import numpy as np

import cudapy as cp


def add_square(a, b):
    return (a + b) ** 2


def clamp(x):
    return min(max(x, -1.0), 1.0)


@cp.fuse
def weighted(x, y):
    return 5 * x + 6 * y


def close(got, expected, what):
    got = np.asarray(got)
    ok = got.dtype == expected.dtype and np.allclose(got, expected, rtol=1e-5, atol=1e-6)
    print(f"  {what}: {'OK' if ok else 'MISMATCH'}")
    return ok


def run():
    on_gpu = os.environ.get("CUDAPY_TARGET", "cuda") == "cuda"
    rng = np.random.default_rng(1998)
    a = rng.random(100_000, dtype=np.float32)
    b = rng.random(100_000, dtype=np.float32)
    results = []

    print("NumbaPro's vectorize, (a + b) ** 2:")
    for target in ["cpu", "parallel"] + (["cuda"] if on_gpu else []):
        ufunc = cp.vectorize(["float32(float32, float32)"], target=target)(add_square)
        results.append(close(ufunc(a, b), (a + b) ** 2, f"target={target!r}"))

    print("device arrays, as gpuarray:")
    x, y = cp.to_device(a), cp.to_device(b)
    results.append(close(2 * x + y, 2 * a + b, "2 * x + y"))
    results.append(close(x * y - 0.5, a * b - np.float32(0.5), "x * y - 0.5"))
    grid = cp.to_device(a[:600].reshape(20, 30))
    row = cp.to_device(b[:30])
    results.append(close(grid / row, a[:600].reshape(20, 30) / b[:30], "broadcast (20, 30) / (30,)"))
    results.append(close(np.exp(np.sin(x)), np.exp(np.sin(a)), "np.exp(np.sin(x)) on the device"))
    z = x.copy()
    z -= y
    results.append(close(z, a - b, "in place z -= y"))
    results.append(close(cp.where(z > 0, z, 0.0), np.where(a - b > 0, a - b, np.float32(0)),
                         "where(z > 0, z, 0)"))
    results.append(close(x.astype(np.float64) * 3, a.astype(np.float64) * 3, "astype float64"))

    print("CudaPy's templates and a fused expression:")
    results.append(close(cp.map(clamp, (a - 0.5) * 4), np.clip((a - 0.5) * 4, -1, 1),
                         "map(clamp, X)"))
    results.append(close(cp.zipWith(add_square, x, y), (a + b) ** 2, "zipWith(add_square, X, Y)"))
    results.append(close(weighted(x, y), 5 * a + 6 * b, "fused 5 * x + 6 * y"))
    print("elementwise:", "OK" if all(results) else "MISMATCH")
    return all(results)


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
