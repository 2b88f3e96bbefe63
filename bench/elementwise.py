#!/usr/bin/env python3
"""Elementwise operations against the peers, in one run on one GPU, same data:

- z = 2.5 * x + y on 2^28 float32 (GB/s: x and y read, z written), through cudapy's
  `vectorize` on device arrays, `fuse`, its ElementwiseKernel in Python and in PyCUDA's C
  form, its unfused DeviceArray arithmetic (two kernels), PyTorch
  `torch.add(y, x, alpha=2.5, out=z)`, CuPy's ElementwiseKernel, CuPy's two operations, and
  numba-cuda's `@vectorize(target="cuda")` on device arrays; the device-to-device copy of the
  same bytes is the ceiling;
- astype(int64) of 2^28 int32 (12 bytes an element): cudapy's DeviceArray.astype, CuPy's
  astype, PyTorch's .to(torch.int64);
- host time of `a + a` on 1,000 float32 device elements: cudapy, CuPy, PyTorch;
- host time of a `vectorize` call on 1,000-element host arrays: cudapy and numba-cuda;
- `guvectorize` multiplying 100,000 pairs of 4 x 4 float32 matrices on device arrays (GB/s
  of the two inputs read and the product written): cudapy and numba-cuda;
- Mandelbrot escape counts of 1024^2 points through `vectorize(target="parallel")` on the
  host's cores against NumPy iterating every point at once (run alone with --parallel: no
  GPU needed).

Each figure is the median of samples of back-to-back calls between synchronizations, after a
checked warm-up. Missing peers print n/a. Run on the GPU machine:

    CUDAPY_LIBRARY=$PWD/build/libcudapy.so PYTHONPATH=pysrc python3 bench/elementwise.py
"""

import time

import numpy as np

from timing import checked_seconds
import figures

SAMPLES = 7
SAMPLE_SECONDS = 0.25
N = 1 << 28
SMALL = 1000


def scaled_add(x, y):
    return 2.5 * x + y


def measure(name, call, synchronize, check=None):
    return checked_seconds(name, call, synchronize, check, SAMPLES, SAMPLE_SECONDS)


def host_time(call, repeats=2000):
    call()
    start = time.perf_counter()
    for _ in range(repeats):
        call()
    return (time.perf_counter() - start) / repeats


ESCAPE_ITERATIONS = 200


def escape_count(real, imaginary):
    """The Mandelbrot iterations before z leaves the circle of radius 2 (at most 200)."""
    z_real, z_imaginary = real, imaginary
    count = 0
    while count < 200 and z_real * z_real + z_imaginary * z_imaginary <= 4.0:
        z_real, z_imaginary = (z_real * z_real - z_imaginary * z_imaginary + real,
                               2.0 * z_real * z_imaginary + imaginary)
        count += 1
    return count


def escape_count_numpy(real, imaginary):
    """The same, NumPy's way: every point iterated at once, the escaped ones masked out."""
    z_real, z_imaginary = real.copy(), imaginary.copy()
    count = np.zeros(real.shape, np.int64)
    for _ in range(ESCAPE_ITERATIONS):
        inside = z_real * z_real + z_imaginary * z_imaginary <= 4.0
        if not inside.any():
            break
        count += inside
        new_real = np.where(inside, z_real * z_real - z_imaginary * z_imaginary + real, z_real)
        z_imaginary = np.where(inside, 2.0 * z_real * z_imaginary + imaginary, z_imaginary)
        z_real = new_real
    return count


MATRICES = 100_000


def matmul_core(a, b, out):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            total = 0.0
            for k in range(a.shape[1]):
                total += a[i, k] * b[k, j]
            out[i, j] = total


def batched_matmul(cp, numba_cuda):
    """guvectorize's batched 4 x 4 matrix multiply against numba-cuda's, on device arrays."""
    import cupy

    signature = ["void(float32[:, :], float32[:, :], float32[:, :])"]
    layout = "(m,n),(n,p)->(m,p)"
    rng = np.random.default_rng(2)
    a_host = rng.random((MATRICES, 4, 4), dtype=np.float32)
    b_host = rng.random((MATRICES, 4, 4), dtype=np.float32)
    expected = a_host @ b_host
    sync = cupy.cuda.Device().synchronize

    def close(result):
        got = result.copy_to_host() if hasattr(result, "copy_to_host") else np.asarray(result)
        np.testing.assert_allclose(got, expected, rtol=1e-5)

    ours = cp.guvectorize(signature, layout, target="cuda")(matmul_core)
    da, db = cp.to_device(a_host), cp.to_device(b_host)
    dout = cp.to_device(np.empty_like(a_host))
    rows = {"cudapy guvectorize": measure("cudapy guvectorize", lambda: ours(da, db, dout),
                                          sync, lambda _: close(dout))}
    if numba_cuda is not None:
        from numba import guvectorize as numba_guvectorize
        theirs = numba_guvectorize(signature, layout, target="cuda")(matmul_core)
        na, nb = numba_cuda.to_device(a_host), numba_cuda.to_device(b_host)
        nout = numba_cuda.device_array_like(a_host)
        rows["numba-cuda guvectorize"] = measure(
            "numba guvectorize", lambda: theirs(na, nb, nout), sync, lambda _: close(nout))
    else:
        rows["numba-cuda guvectorize"] = None
    title = f"guvectorize: {MATRICES:,} products of 4 x 4 float32 matrices, device arrays"
    figures.section(title, "GB/s")
    print(f"{title} (GB/s)")
    moved = 3 * a_host.nbytes
    for name, seconds in rows.items():
        figures.record(name, moved / seconds / 1e9 if seconds else None)
        print(f"  {name:48s} " + (f"{moved / seconds / 1e9:9.1f}" if seconds else "      n/a"))


def parallel_against_numpy():
    import os

    import cudapy as cp

    side = 1024
    real, imaginary = np.meshgrid(np.linspace(-2.0, 0.6, side), np.linspace(-1.2, 1.2, side))
    ufunc = cp.vectorize(target="parallel")(escape_count)
    expected = escape_count_numpy(real, imaginary)
    got = ufunc(real, imaginary)
    # A point on the boundary may escape one iteration apart, as float64 rounds: allow a few.
    assert np.mean(got != expected) < 1e-4, np.mean(got != expected)
    numpy_time = host_time(lambda: escape_count_numpy(real, imaginary), 3)
    ours = host_time(lambda: ufunc(real, imaginary), 3)
    cores = os.cpu_count()
    label = 'cudapy vectorize(target="parallel")'
    print(f"Mandelbrot escape counts of {side}x{side} float64 points, at most "
          f"{ESCAPE_ITERATIONS} iterations, {cores} host cores (ms per call)")
    print(f"  {label:48s} {ours * 1e3:9.1f}")
    print(f"  {'NumPy, every point at once with masks':48s} {numpy_time * 1e3:9.1f}")
    print(f"  speed-up {numpy_time / ours:.1f}x on {cores} cores "
          f"(target: at least {0.5 * cores:.1f}x)")


def widening(cp, cupy, sync, rng):
    """astype(int64) of 2^28 int32: an operation whose output is wider than its input (12
    bytes an element)."""
    host = rng.integers(-1 << 31, 1 << 31, N, dtype=np.int32)

    def exact(result):
        values = result.copy_to_host() if hasattr(result, "copy_to_host") else (
            result.get() if hasattr(result, "get") else result.cpu().numpy())
        assert values.dtype == np.int64 and (values[:1 << 20] == host[:1 << 20]).all()
    d, x = cp.to_device(host), cupy.asarray(host)
    rows = {"cudapy DeviceArray astype(int64)": measure("cudapy astype",
                                                        lambda: d.astype(np.int64), sync, exact),
            "CuPy astype(int64)": measure("cupy astype", lambda: x.astype(np.int64), sync, exact)}
    try:
        import torch
        t = torch.as_tensor(x, device="cuda")
        rows["PyTorch .to(int64)"] = measure("torch", lambda: t.to(torch.int64),
                                             torch.cuda.synchronize, exact)
    except ImportError:
        rows["PyTorch .to(int64)"] = None
    print("astype(int64) of 2^28 int32 (bytes read and written)")
    figures.section("astype(int64) of 2^28 int32", "GB/s")
    for name, seconds in rows.items():
        rate = 12 * N / seconds / 1e9 if seconds else None
        figures.record(name, rate)
        print(f"  {name:48s} " + (f"{rate:9.1f} GB/s" if rate else "      n/a"))


def main():
    import sys

    if "--parallel" in sys.argv:
        parallel_against_numpy()
        return
    import cupy
    import cudapy as cp

    if cp.device_count() == 0:
        print("SKIP: no CUDA GPU found")
        return
    rng = np.random.default_rng(1)
    x_host = rng.random(N, dtype=np.float32)
    y_host = rng.random(N, dtype=np.float32)
    expected = (np.float32(2.5) * x_host[:1 << 20] + y_host[:1 << 20])
    x, y = cupy.asarray(x_host), cupy.asarray(y_host)
    z = cupy.empty_like(x)
    dx, dy = cp.to_device(x_host), cp.to_device(y_host)
    dz = cp.to_device(np.empty_like(x_host))
    sync = cupy.cuda.Device().synchronize
    moved = 3 * 4 * N

    def close(result):
        np.testing.assert_allclose(np.asarray(result)[:1 << 20] if not hasattr(result, "get")
                                   else result[:1 << 20].get(), expected, rtol=1e-6)

    rows = {}
    copy_bytes = 2 * 4 * N
    copy_time = measure("copy", lambda: cupy.copyto(z, x), sync)
    ufunc = cp.vectorize(["float32(float32, float32)"], target="cuda")(scaled_add)
    rows["cudapy vectorize, device arrays"] = measure(
        "cudapy vectorize", lambda: ufunc(dx, dy, out=dz), sync, close)
    fused = cp.fuse(scaled_add)
    rows["cudapy fuse"] = measure("cudapy fuse", lambda: fused(dx, dy), sync, close)
    python_kernel = cp.ElementwiseKernel("float a, float *x, float *y, float *z",
                                         "z[i] = a * x[i] + y[i]", "scaled_add")
    rows["cudapy ElementwiseKernel (Python)"] = measure(
        "cudapy ElementwiseKernel", lambda: python_kernel(np.float32(2.5), dx, dy, dz), sync,
        lambda _: close(dz))
    from cudapy.pycuda.elementwise import ElementwiseKernel as CElementwiseKernel
    c_kernel = CElementwiseKernel("float a, float *x, float *y, float *z",
                                  "z[i] = a * x[i] + y[i]", "scaled_add")
    rows["cudapy.pycuda ElementwiseKernel (C)"] = measure(
        "cudapy C ElementwiseKernel", lambda: c_kernel(np.float32(2.5), dx, dy, dz), sync,
        lambda _: close(dz))
    rows["cudapy DeviceArray 2.5 * x + y (two kernels)"] = measure(
        "cudapy arithmetic", lambda: 2.5 * dx + dy, sync, close)
    try:
        import torch
        tx, ty = torch.as_tensor(x, device="cuda"), torch.as_tensor(y, device="cuda")
        tz = torch.empty_like(tx)
        rows["PyTorch torch.add(y, x, alpha=2.5, out=z)"] = measure(
            "torch", lambda: torch.add(ty, tx, alpha=2.5, out=tz), torch.cuda.synchronize,
            lambda r: close(r.cpu().numpy()))
    except ImportError:
        rows["PyTorch torch.add(y, x, alpha=2.5, out=z)"] = None
    kernel = cupy.ElementwiseKernel("float32 x, float32 y", "float32 z", "z = 2.5f * x + y",
                                    "scaled_add")
    rows["CuPy ElementwiseKernel"] = measure("cupy kernel", lambda: kernel(x, y, z), sync, close)
    rows["CuPy 2.5 * x + y (two kernels)"] = measure("cupy", lambda: 2.5 * x + y, sync, close)
    numba_ufunc = numba_cuda = None
    try:
        np.row_stack = np.vstack
        from numba import cuda as numba_cuda
        from numba import vectorize as numba_vectorize
        numba_ufunc = numba_vectorize(["float32(float32, float32)"], target="cuda")(scaled_add)
        nx, ny = numba_cuda.as_cuda_array(x), numba_cuda.as_cuda_array(y)
        nz = numba_cuda.as_cuda_array(z)
        rows["numba-cuda vectorize, device arrays"] = measure(
            "numba", lambda: numba_ufunc(nx, ny, out=nz), sync, lambda r: close(z))
    except ImportError:
        rows["numba-cuda vectorize, device arrays"] = None

    device = cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
    figures.device(device)
    print(f"elementwise z = 2.5 * x + y, 2^28 float32 ({device}), median of {SAMPLES} samples")
    figures.section("z = 2.5 * x + y over 2^28 float32", "GB/s")
    if copy_time:
        print(f"  {'device-to-device copy (ceiling)':48s} {copy_bytes / copy_time / 1e9:9.1f} GB/s")
        figures.record("device-to-device copy (ceiling)", copy_bytes / copy_time / 1e9)
    for name, seconds in rows.items():
        figure = f"{moved / seconds / 1e9:9.1f} GB/s" if seconds else "      n/a"
        figures.record(name, moved / seconds / 1e9 if seconds else None)
        print(f"  {name:48s} {figure}")

    del dx, dy, dz, x, y, z
    widening(cp, cupy, sync, rng)

    small = cp.to_device(np.ones(SMALL, np.float32))
    small_cupy = cupy.ones(SMALL, np.float32)
    print(f"host time per call, {SMALL} float32 elements (µs)")
    figures.section(f"host time per call, {SMALL} float32 elements", "µs",
                    higher_is_better=False)

    def host_row(name, call, repeats=None):
        seconds = host_time(call) if repeats is None else host_time(call, repeats)
        figures.record(name, seconds * 1e6)
        print(f"  {name:48s} {seconds * 1e6:9.1f}")
    host_row("cudapy a + a", lambda: small + small)
    host_row("CuPy a + a", lambda: small_cupy + small_cupy)
    try:
        import torch
        small_torch = torch.ones(SMALL, device="cuda")
        host_row("PyTorch a + a", lambda: small_torch + small_torch)
    except ImportError:
        pass
    host_a, host_b = np.ones(SMALL, np.float32), np.ones(SMALL, np.float32)
    host_row("cudapy vectorize, host arrays", lambda: ufunc(host_a, host_b), 300)
    if numba_ufunc is not None:
        host_row("numba-cuda vectorize, host arrays", lambda: numba_ufunc(host_a, host_b), 300)
    sync()
    batched_matmul(cp, numba_cuda)
    parallel_against_numpy()


if __name__ == "__main__":
    main()
