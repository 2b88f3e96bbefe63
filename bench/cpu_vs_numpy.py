"""The CPU target against NumPy on this machine, same data, one run: SAXPY, the paper's
Mandelbrot and its naive matrix multiply (NumPy's `@` calls an optimised BLAS, so that ratio
shows what a naive kernel costs). Prints each time (median of repeats) and the ratio."""

import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
import cudapy as cp  # noqa: E402
import mandelbrot  # noqa: E402
import matmul  # noqa: E402
import saxpy  # noqa: E402

REPEATS = 7


def median_time(run):
    run()  # warm-up: compiles and loads the kernel
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    rng = np.random.default_rng(1)
    rows = []

    n = 1 << 24
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    X, Y = cp.CudaArray(x, target="cpu"), cp.CudaArray(y, target="cpu")
    kernel = cp.compile(saxpy.saxpy, target="cpu")
    ours = median_time(lambda: kernel(n)(np.float32(2.0), X, Y))
    theirs = median_time(lambda: np.float32(2.0) * x + y)
    rows.append(("SAXPY, 2^24 float32", ours, theirs))

    width, height, iters = 960, 640, 256
    region = (-2.25, -1.25, 1.0, 1.25)
    result = cp.CudaArray.allocate(width * height, np.int32, target="cpu")
    kernel = cp.compile([mandelbrot.mandelbrot, mandelbrot.mandel], target="cpu")
    ours = median_time(lambda: kernel(width, height)(result, *region, width, height, iters))
    theirs = median_time(lambda: mandelbrot.reference(*region, width, height, iters))
    rows.append((f"Mandelbrot {width}x{height}, {iters} iterations", ours, theirs))

    size = 512
    a = rng.random((size, size), dtype=np.float32)
    b = rng.random((size, size), dtype=np.float32)
    A, B = cp.CudaArray(a.ravel(), target="cpu"), cp.CudaArray(b.ravel(), target="cpu")
    C = cp.CudaArray.allocate(size * size, np.float32, target="cpu")
    kernel = cp.compile(matmul.matrixMultiply, target="cpu")
    ours = median_time(lambda: kernel(size, size)(A, B, C, size))
    theirs = median_time(lambda: a @ b)
    rows.append((f"naive matmul {size}^3 float32 (NumPy: BLAS)", ours, theirs))

    print(f"CPU target against NumPy, median of {REPEATS} runs each")
    print(f"{'workload':<46} {'cudapy cpu':>12} {'NumPy':>12} {'speedup':>9}")
    for name, ours, theirs in rows:
        print(f"{name:<46} {ours * 1e3:10.2f} ms {theirs * 1e3:10.2f} ms {theirs / ours:8.2f}x")


if __name__ == "__main__":
    main()
