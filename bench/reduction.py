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

from timing import checked_seconds
import figures

SAMPLES = 7
SAMPLE_SECONDS = 0.25
N = 1 << 28
SIDE = 8192


def add(a, b):
    return a + b


def measure(name, call, synchronize, check=None):
    return checked_seconds(name, call, synchronize, check, SAMPLES, SAMPLE_SECONDS)


def report(title, moved, rows, ceiling):
    print(title)
    figures.section(title, "GB/s")
    if ceiling:
        figures.record("device-to-device copy (ceiling)", ceiling / 1e9)
    for name, seconds in rows.items():
        figures.record(name, moved / seconds / 1e9 if seconds else None)
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


def host_values(result):
    """A result of any library as a NumPy array."""
    if hasattr(result, "get"):
        return result.get()
    if hasattr(result, "copy_to_host"):
        return result.copy_to_host()
    if hasattr(result, "cpu"):
        return result.cpu().numpy()
    return np.asarray(result)


def close_to(expected, tolerance):
    def check(result):
        value = np.asarray(host_values(result), np.float64)
        assert np.allclose(value, expected, rtol=tolerance, atol=tolerance), \
            (value.ravel()[:4], np.asarray(expected).ravel()[:4])
    return check


class Peers:
    """The libraries of one run: cudapy, CuPy, PyTorch (when installed), one synchronize."""

    def __init__(self):
        import cupy
        import cudapy

        self.cp, self.cupy = cudapy, cupy
        try:
            import torch
        except ImportError:
            torch = None
        self.torch = torch
        self.sync = cupy.cuda.Device().synchronize

    def torch_rows(self, rows, label, array, call, check):
        """Times `call` on `array` as a PyTorch tensor, when PyTorch is there."""
        if self.torch is None:
            return
        tensor = self.torch.as_tensor(array, device="cuda")
        rows[label] = measure("torch", lambda: call(tensor), self.torch.cuda.synchronize, check)


def copy_ceiling(peers, rng):
    source = peers.cupy.asarray(rng.random(N, dtype=np.float32))
    target = peers.cupy.empty_like(source)
    seconds = measure("copy", lambda: peers.cupy.copyto(target, source), peers.sync)
    ceiling = 2 * source.nbytes / seconds
    print(f"  {'device-to-device copy of 2^28 float32 (ceiling)':52s} {ceiling / 1e9:8.1f} GB/s")
    return ceiling


def full_sums(peers, rng, ceiling):
    for dtype, count in (("float32", N), ("int32", N), ("float64", N // 2)):
        host = (rng.random(count, dtype=np.float32) if dtype == "float32" else
                rng.random(count) if dtype == "float64" else
                rng.integers(-1000, 1000, count).astype(np.int32))
        x, d = peers.cupy.asarray(host), peers.cp.to_device(host)
        check = close_to(float(host.astype(np.float64).sum()),
                         1e-4 if dtype == "float32" else 1e-9)
        rows = {"cudapy DeviceArray.sum()": measure("cudapy", d.sum, peers.sync, check),
                "CuPy sum": measure("cupy", x.sum, peers.sync, check)}
        peers.torch_rows(rows, "PyTorch sum", x, lambda t: t.sum(), check)
        report(f"sum of {count:,} {dtype}", host.nbytes, rows, ceiling)


def axis_sums(peers, rng, ceiling):
    host = rng.random((SIDE, SIDE), dtype=np.float32)
    x, d = peers.cupy.asarray(host), peers.cp.to_device(host)
    for axis, label in ((1, "row sums (axis=1)"), (0, "column sums (axis=0)")):
        check = close_to(host.astype(np.float64).sum(axis=axis), 1e-3)
        rows = {"cudapy DeviceArray.sum(axis)": measure(
                    "cudapy", lambda: d.sum(axis=axis), peers.sync, check),
                "CuPy sum(axis)": measure("cupy", lambda: x.sum(axis=axis), peers.sync, check)}
        peers.torch_rows(rows, "PyTorch sum(dim)", x, lambda t: t.sum(dim=axis), check)
        report(f"{label} of {SIDE}x{SIDE} float32", host.nbytes, rows, ceiling)


def dots(peers, rng, ceiling):
    cp, cupy = peers.cp, peers.cupy
    half = N // 2
    xh, yh = rng.random(half, dtype=np.float32), rng.random(half, dtype=np.float32)
    check = close_to(float(np.dot(xh.astype(np.float64), yh)), 1e-3)
    x, y = cupy.asarray(xh), cupy.asarray(yh)
    dx, dy = cp.to_device(xh), cp.to_device(yh)
    ours_kernel = cp.ReductionKernel(np.float32, neutral="0", reduce_expr="a+b",
                                     map_expr="x[i]*y[i]", arguments="float *x, float *y")
    cupy_kernel = cupy.ReductionKernel("float32 x, float32 y", "float32 z", "x * y", "a + b",
                                       "z = a", "0", "dot")
    rows = {"cudapy dot": measure("cudapy dot", lambda: cp.dot(dx, dy), peers.sync, check),
            "cudapy ReductionKernel x[i]*y[i]": measure(
                "cudapy kernel", lambda: ours_kernel(dx, dy), peers.sync, check),
            "CuPy dot": measure("cupy dot", lambda: cupy.dot(x, y), peers.sync, check),
            "CuPy ReductionKernel": measure("cupy kernel", lambda: cupy_kernel(x, y),
                                            peers.sync, check)}
    if peers.torch is not None:
        ty = peers.torch.as_tensor(y, device="cuda")
        peers.torch_rows(rows, "PyTorch dot", x, lambda tx: peers.torch.dot(tx, ty), check)
    report(f"dot of two {half:,}-element float32 vectors", 2 * xh.nbytes, rows, ceiling)


def scans(peers, rng, ceiling):
    host = rng.integers(-1000, 1000, N).astype(np.int32)
    expected = np.cumsum(host[:1 << 20])
    tail = int(host.astype(np.int64).sum())

    def check(result):
        values = host_values(result)
        assert values.dtype == np.int64
        assert (values[:1 << 20] == expected).all() and values[-1] == tail
    x, d = peers.cupy.asarray(host), peers.cp.to_device(host)
    rows = {"cudapy cumsum": measure("cudapy", d.cumsum, peers.sync, check),
            "CuPy cumsum": measure("cupy", lambda: peers.cupy.cumsum(x), peers.sync, check)}
    peers.torch_rows(rows, "PyTorch cumsum", x, lambda t: peers.torch.cumsum(t, 0), check)
    report(f"inclusive scan of {N:,} int32 into int64 (bytes read and written)",
           host.nbytes + 8 * N, rows, ceiling)


def numba_reduce(peers, rng, ceiling):
    host = rng.random(N, dtype=np.float32)
    check = close_to(float(host.astype(np.float64).sum()), 1e-4)
    d = peers.cp.to_device(host)
    ours = peers.cp.cuda.reduce(add)
    rows = {"cudapy cuda.reduce": measure("cudapy", lambda: ours(d), peers.sync, check)}
    try:
        np.row_stack = np.vstack
        from numba import cuda as numba_cuda
        theirs = numba_cuda.reduce(add)
        n = numba_cuda.as_cuda_array(peers.cupy.asarray(host))
        rows["numba-cuda cuda.reduce"] = measure("numba", lambda: theirs(n), peers.sync, check)
    except ImportError:
        rows["numba-cuda cuda.reduce"] = None
    report(f"cuda.reduce sum of {N:,} float32 (host result)", host.nbytes, rows, ceiling)


def main():
    if "--cpu" in sys.argv:
        cpu_against_numpy()
        return
    import cudapy as cp

    if cp.device_count() == 0:
        print("SKIP: no CUDA GPU found")
        return
    peers = Peers()
    rng = np.random.default_rng(1)
    device_name = peers.cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
    figures.device(device_name)
    print(f"reductions and scans on {device_name}, median of {SAMPLES} samples")
    ceiling = copy_ceiling(peers, rng)
    # Each section's arrays are freed when it returns.
    for section in (full_sums, axis_sums, dots, scans, numba_reduce):
        section(peers, rng, ceiling)
    cpu_against_numpy()


if __name__ == "__main__":
    main()
