#!/usr/bin/env python3
"""Reductions and scans against the peers, in one run on one GPU, same data (GB/s of the bytes
each reads and writes; the device-to-device copy of 2^28 float32 is the ceiling):

- sums of 2^28 float32 and int32 and 2^27 float64: cudapy's `DeviceArray.sum()`, CuPy's and
  PyTorch's sums;
- row sums (axis=1) and column sums (axis=0) of a 8192x8192 float32 matrix;
- the dot product of two 2^27 float32 vectors: cudapy's `dot` and its ReductionKernel
  (`map_expr="x[i]*y[i]"`), CuPy's dot and its ReductionKernel, PyTorch's dot;
- the inclusive scan (cumsum) of 2^28 int32 into int64, NumPy's result type: cudapy, CuPy,
  PyTorch;
- numba's `cuda.reduce` sum of 2^28 float32: cudapy's and numba-cuda's;
- the sum of 2^24 float32 on the CPU target against NumPy (run alone with --cpu: no GPU
  needed).

Each figure is the median of samples of back-to-back calls between synchronizations, after a
checked warm-up; missing peers print n/a. Run on the GPU machine:

    CUDAPY_LIBRARY=$PWD/build/libcudapy.so PYTHONPATH=pysrc python3 bench/reduction.py
"""

import os
import sys
import time

import numpy as np

from timing import seconds_per_launch

SAMPLES = 7
SAMPLE_SECONDS = 0.25
N = 1 << 28
SIDE = 8192


def add(a, b):
    return a + b


def measure(name, call, synchronize, check=None):
    try:
        result = call()
        synchronize()
        if check is not None:
            check(result)
        return seconds_per_launch(call, synchronize, SAMPLES, SAMPLE_SECONDS)
    except Exception as error:  # a peer that fails prints n/a with its reason
        print(f"  {name}: n/a ({type(error).__name__}: {error})")
        return None


def report(title, moved, rows, ceiling):
    print(title)
    best_peer = max((moved / seconds for name, seconds in rows.items()
                     if seconds and not name.startswith("cudapy")), default=None)
    for name, seconds in rows.items():
        if not seconds:
            print(f"  {name:52s}       n/a")
            continue
        rate = moved / seconds / 1e9
        notes = f"  {rate * 1e9 / ceiling:5.2f} of copy" if ceiling else ""
        if name.startswith("cudapy") and best_peer:
            notes += f", {rate * 1e9 / best_peer:5.2f} of the best peer"
        print(f"  {name:52s} {rate:8.1f} GB/s{notes}")


def cpu_against_numpy():
    import cudapy as cp

    data = np.random.default_rng(2).random(1 << 24, dtype=np.float32)
    device = cp.to_device(data, target="cpu")
    expected = float(data.astype(np.float64).sum())
    got = float(device.sum().copy_to_host())
    assert abs(got - expected) <= 1e-5 * expected, (got, expected)

    def timed(call, repeats=20):
        call()
        start = time.perf_counter()
        for _ in range(repeats):
            call()
        return (time.perf_counter() - start) / repeats

    ours = timed(lambda: device.sum())
    numpy_time = timed(lambda: data.sum())
    moved = data.nbytes
    print(f"sum of 2^24 float32 on the CPU target, {os.cpu_count()} host cores")
    print(f"  {'cudapy DeviceArray.sum() (CPU target)':52s} {moved / ours / 1e9:8.1f} GB/s")
    print(f"  {'NumPy sum, one core':52s} {moved / numpy_time / 1e9:8.1f} GB/s")


def main():
    if "--cpu" in sys.argv:
        cpu_against_numpy()
        return
    import cupy
    import cudapy as cp

    if cp.device_count() == 0:
        print("SKIP: no CUDA GPU found")
        return
    try:
        import torch
    except ImportError:
        torch = None
    sync = cupy.cuda.Device().synchronize
    rng = np.random.default_rng(1)
    device_name = cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
    print(f"reductions and scans on {device_name}, median of {SAMPLES} samples")

    source = cupy.asarray(rng.random(N, dtype=np.float32))
    target_copy = cupy.empty_like(source)
    copy_time = measure("copy", lambda: cupy.copyto(target_copy, source), sync)
    ceiling = 2 * source.nbytes / copy_time
    print(f"  {'device-to-device copy of 2^28 float32 (ceiling)':52s} {ceiling / 1e9:8.1f} GB/s")
    del target_copy

    def close_to(expected, tolerance):
        def check(result):
            value = np.asarray(result.get() if hasattr(result, "get") else
                               result.copy_to_host() if hasattr(result, "copy_to_host")
                               else result.cpu().numpy() if hasattr(result, "cpu") else result,
                               np.float64)
            assert np.allclose(value, expected, rtol=tolerance, atol=tolerance), \
                (value.ravel()[:4], np.asarray(expected).ravel()[:4])
        return check

    for dtype, count in (("float32", N), ("int32", N), ("float64", N // 2)):
        host = (rng.random(count, dtype=np.float32) if dtype == "float32" else
                rng.random(count) if dtype == "float64" else
                rng.integers(-1000, 1000, count).astype(np.int32))
        x = cupy.asarray(host)
        d = cp.to_device(host)
        expected = float(host.astype(np.float64).sum())
        check = close_to(expected, 1e-4 if dtype == "float32" else 1e-9)
        rows = {"cudapy DeviceArray.sum()": measure("cudapy", lambda: d.sum(), sync, check),
                "CuPy sum": measure("cupy", lambda: x.sum(), sync, check)}
        if torch is not None:
            t = torch.as_tensor(x, device="cuda")
            rows["PyTorch sum"] = measure("torch", lambda: t.sum(), torch.cuda.synchronize,
                                          check)
            del t
        report(f"sum of {count:,} {dtype}", host.nbytes, rows, ceiling)
        del x, d

    host = rng.random((SIDE, SIDE), dtype=np.float32)
    x = cupy.asarray(host)
    d = cp.to_device(host)
    for axis, label in ((1, "row sums (axis=1)"), (0, "column sums (axis=0)")):
        expected = host.astype(np.float64).sum(axis=axis)
        check = close_to(expected, 1e-3)
        rows = {"cudapy DeviceArray.sum(axis)": measure("cudapy", lambda: d.sum(axis=axis),
                                                        sync, check),
                "CuPy sum(axis)": measure("cupy", lambda: x.sum(axis=axis), sync, check)}
        if torch is not None:
            t = torch.as_tensor(x, device="cuda")
            rows["PyTorch sum(dim)"] = measure("torch", lambda: t.sum(dim=axis),
                                               torch.cuda.synchronize, check)
            del t
        report(f"{label} of {SIDE}x{SIDE} float32", host.nbytes, rows, ceiling)
    del x, d

    half = N // 2
    xh, yh = rng.random(half, dtype=np.float32), rng.random(half, dtype=np.float32)
    expected = float(np.dot(xh.astype(np.float64), yh))
    check = close_to(expected, 1e-3)
    x, y = cupy.asarray(xh), cupy.asarray(yh)
    dx, dy = cp.to_device(xh), cp.to_device(yh)
    ours_kernel = cp.ReductionKernel(np.float32, neutral="0", reduce_expr="a+b",
                                     map_expr="x[i]*y[i]", arguments="float *x, float *y")
    cupy_kernel = cupy.ReductionKernel("float32 x, float32 y", "float32 z", "x * y", "a + b",
                                       "z = a", "0", "dot")
    rows = {"cudapy dot": measure("cudapy dot", lambda: cp.dot(dx, dy), sync, check),
            "cudapy ReductionKernel x[i]*y[i]": measure(
                "cudapy kernel", lambda: ours_kernel(dx, dy), sync, check),
            "CuPy dot": measure("cupy dot", lambda: cupy.dot(x, y), sync, check),
            "CuPy ReductionKernel": measure("cupy kernel", lambda: cupy_kernel(x, y), sync,
                                            check)}
    if torch is not None:
        tx, ty = torch.as_tensor(x, device="cuda"), torch.as_tensor(y, device="cuda")
        rows["PyTorch dot"] = measure("torch", lambda: torch.dot(tx, ty),
                                      torch.cuda.synchronize, check)
        del tx, ty
    report(f"dot of two {half:,}-element float32 vectors", 2 * xh.nbytes, rows, ceiling)
    del x, y, dx, dy

    host = rng.integers(-1000, 1000, N).astype(np.int32)
    expected = np.cumsum(host[:1 << 20])
    tail = int(host.astype(np.int64).sum())

    def scan_check(result):
        values = (result.get() if hasattr(result, "get") else result.copy_to_host()
                  if hasattr(result, "copy_to_host") else result.cpu().numpy())
        assert values.dtype == np.int64
        assert (values[:1 << 20] == expected).all() and values[-1] == tail
    x = cupy.asarray(host)
    d = cp.to_device(host)
    rows = {"cudapy cumsum": measure("cudapy", lambda: d.cumsum(), sync, scan_check),
            "CuPy cumsum": measure("cupy", lambda: cupy.cumsum(x), sync, scan_check)}
    if torch is not None:
        t = torch.as_tensor(x, device="cuda")
        rows["PyTorch cumsum"] = measure("torch", lambda: torch.cumsum(t, 0),
                                         torch.cuda.synchronize, scan_check)
        del t
    report(f"inclusive scan of {N:,} int32 into int64 (bytes read and written)",
           host.nbytes + 8 * N, rows, ceiling)
    del x, d

    host = rng.random(N, dtype=np.float32)
    expected = float(host.astype(np.float64).sum())
    check = close_to(expected, 1e-4)
    d = cp.to_device(host)
    ours = cp.cuda.reduce(add)
    rows = {"cudapy cuda.reduce": measure("cudapy", lambda: ours(d), sync, check)}
    try:
        np.row_stack = np.vstack
        from numba import cuda as numba_cuda
        theirs = numba_cuda.reduce(add)
        n = numba_cuda.as_cuda_array(cupy.asarray(host))
        rows["numba-cuda cuda.reduce"] = measure("numba", lambda: theirs(n), sync, check)
    except ImportError:
        rows["numba-cuda cuda.reduce"] = None
    report(f"cuda.reduce sum of {N:,} float32 (host result)", host.nbytes, rows, ceiling)
    cpu_against_numpy()


if __name__ == "__main__":
    main()
