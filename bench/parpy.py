#!/usr/bin/env python3
"""cudapy.parpy against PyTorch and the copy bandwidth, in one run on one GPU, same data:

- row sums of a 8192 x 8192 float32 matrix: ParPy's `sum_rows` with a reduce label, and the
  same as a slice statement (`y[:] = parpy.operators.sum(x[:, :], axis=1)`), against
  `torch.sum(x, 1)`;
- a softmax of each row of a 8192 x 8192 float32 matrix written as ParPy's row operations
  (the row's max, the sum of exponentials, the normalized exponentials), against
  `torch.softmax(x, 1)`;
- a labelled AXPY over 2^27 float32 (12 bytes an element) against the device-to-device copy
  of 2^27 float32 (`Tensor.copy_`, 8 bytes an element), as bandwidth;
- the first call of a small ParPy function, which specializes, translates and compiles it
  (NVRTC) in a process with an empty disk cache.

Arrays are PyTorch tensors on the GPU, which ParPy functions take without a copy. Each figure
is the median of samples of back-to-back calls between synchronizations, after a checked
first call. Run on the GPU machine:

    CUDAPY_LIBRARY=$PWD/build/libcudapy.so PYTHONPATH=pysrc python3 bench/parpy.py
"""

import os
import statistics
import subprocess
import sys
import tempfile
import textwrap

import torch

import cudapy.parpy as parpy
from timing import checked_seconds
import figures

SIDE = 8192
AXPY_COUNT = 1 << 27


@parpy.jit
def sum_rows(x, y, N, M):
    parpy.label('N')
    for i in range(N):
        parpy.label('M')
        for j in range(M):
            y[i] += x[i, j]


@parpy.jit
def sum_rows_slice(x, y):
    parpy.label('N')
    parpy.label('M')
    y[:] = parpy.operators.sum(x[:, :], axis=1)


@parpy.jit
def softmax(x, out, N):
    parpy.label('N')
    for i in range(N):
        parpy.label('M')
        m = parpy.operators.max(x[i, :])
        parpy.label('M')
        s = parpy.operators.sum(parpy.operators.exp(x[i, :] - m))
        parpy.label('M')
        out[i, :] = parpy.operators.exp(x[i, :] - m) / s


@parpy.jit
def axpy(a, x, y, N):
    parpy.label('N')
    for i in range(N):
        y[i] = a * x[i] + y[i]


def synchronize():
    torch.cuda.synchronize()


def close_to(expected, tolerance):
    def check(result):
        if not torch.allclose(result, expected, rtol=tolerance, atol=tolerance):
            raise AssertionError("wrong result")
    return check


def measure(name, call, check=None):
    return checked_seconds(name, call, synchronize, check)


def row_figures():
    x = torch.randn(SIDE, SIDE, device="cuda")
    y = torch.zeros(SIDE, device="cuda")
    expected = torch.sum(x, 1)
    moved = x.numel() * 4
    per_row = parpy.par({'N': parpy.threads(SIDE), 'M': parpy.threads(256).reduce()})

    def loops():
        y.zero_()
        sum_rows(x, y, SIDE, SIDE, opts=per_row)
        return y

    def zero_and_torch():
        y.zero_()
        torch.sum(x, 1, out=y)
        return y

    def slices():
        sum_rows_slice(x, y, opts=per_row)
        return y
    rows = {
        "cudapy.parpy sum_rows (zeroing y first)": measure("sum_rows", loops,
                                                           close_to(expected, 1e-3)),
        "PyTorch torch.sum(x, 1) (zeroing y first)": measure("torch", zero_and_torch),
        "cudapy.parpy y[:] = sum(x[:, :], axis=1)": measure("slice", slices,
                                                             close_to(expected, 1e-3)),
        "PyTorch torch.sum(x, 1, out=y)": measure("torch", lambda: torch.sum(x, 1, out=y)),
    }
    report(f"row sums of a {SIDE} x {SIDE} float32 matrix (GB/s of the matrix read)", moved,
           rows)

    out = torch.empty_like(x)
    reference = torch.softmax(x, 1)

    row_operations = parpy.par({'N': parpy.threads(SIDE), 'M': parpy.threads(256)})

    def parpy_softmax():
        softmax(x, out, SIDE, opts=row_operations)
        return out
    rows = {
        "cudapy.parpy softmax (max, sum of exp, normalize)": measure(
            "softmax", parpy_softmax, close_to(reference, 1e-5)),
        "PyTorch torch.softmax(x, 1, out=)": measure(
            "torch", lambda: torch.softmax(x, 1, out=out)),
    }
    report(f"softmax of each row of a {SIDE} x {SIDE} float32 matrix (GB/s of the matrix read "
           "and written)", 2 * moved, rows)


def axpy_figures():
    n = AXPY_COUNT
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    y_start = y.clone()
    expected = 2.5 * x + y_start
    opts = parpy.par({'N': parpy.threads(n)})

    def run_axpy():
        axpy(2.5, x, y, n, opts=opts)
        return y
    first = run_axpy()
    synchronize()
    if not torch.allclose(first, expected):
        raise AssertionError("axpy: wrong result")
    axpy_seconds = measure("axpy", run_axpy)
    copy_seconds = measure("copy", lambda: y.copy_(x))
    axpy_rate = 12 * n / axpy_seconds / 1e9
    copy_rate = 8 * n / copy_seconds / 1e9
    print(f"AXPY over {n} float32 values against the device copy of as many")
    figures.section("AXPY over 2^27 float32 against the copy of as many", "GB/s")
    figures.record("cudapy.parpy axpy (12 bytes an element)", axpy_rate)
    figures.record("Tensor.copy_ (8 bytes an element)", copy_rate)
    print(f"  {'cudapy.parpy axpy (12 bytes an element)':52s} {axpy_rate:8.1f} GB/s")
    print(f"  {'Tensor.copy_ (8 bytes an element)':52s} {copy_rate:8.1f} GB/s")
    print(f"  axpy / copy bandwidth: {axpy_rate / copy_rate:.3f}")


FIRST_CALL = textwrap.dedent('''
    import time, torch
    import numpy as np
    import cudapy
    import cudapy.parpy as parpy

    # cudapy itself ready (its library, NVRTC, the device), as after any earlier work.
    cudapy.compile("# warm : void (int* X)\\ndef warm(X):\\n    X[idx] = 1\\n")(1)(
        cudapy.to_device(np.zeros(1, np.int32)))
    cudapy.synchronize()

    @parpy.jit
    def scale(a, x, y, N):
        parpy.label('N')
        for i in range(N):
            y[i] = a * x[i]

    x = torch.ones(1000, device="cuda")
    y = torch.zeros_like(x)
    torch.cuda.synchronize()
    start = time.perf_counter()
    scale(2.0, x, y, 1000, opts=parpy.par({'N': parpy.threads(256)}))
    torch.cuda.synchronize()
    first = time.perf_counter() - start
    assert torch.all(y == 2.0)
    opts = parpy.par({'N': parpy.threads(256)})
    start = time.perf_counter()
    for _ in range(1000):
        scale(2.0, x, y, 1000, opts=opts)
    torch.cuda.synchronize()
    print(first, (time.perf_counter() - start) / 1000)
''')


def first_call_figures():
    """The median of three fresh processes, each with its own empty disk cache."""
    firsts, agains = [], []
    with tempfile.TemporaryDirectory() as folder:
        script = os.path.join(folder, "first_call.py")
        with open(script, "w", encoding="utf-8") as file:
            file.write(FIRST_CALL)
        for run in range(3):
            environment = dict(os.environ, CUDAPY_CACHE_DIR=os.path.join(folder, f"cache{run}"))
            output = subprocess.run([sys.executable, script], env=environment,
                                    capture_output=True, text=True, check=True).stdout
            first, again = (float(value) for value in output.split())
            firsts.append(first)
            agains.append(again)
    print("first call of a small ParPy function (empty disk cache; cudapy and NVRTC loaded; "
          "median of 3 processes)")
    figures.section("a small ParPy function, median of 3 fresh processes", "ms",
                    higher_is_better=False)
    figures.record("first call: specialize, translate, NVRTC, load, run",
                   statistics.median(firsts) * 1e3)
    figures.record("later calls, each (host time)", statistics.median(agains) * 1e3)
    print(f"  {'first call: specialize, translate, NVRTC, load, run':52s} "
          f"{statistics.median(firsts) * 1e3:8.1f} ms")
    print(f"  {'later calls, each (host time, 1000 elements)':52s} "
          f"{statistics.median(agains) * 1e6:8.1f} us")


def report(title, moved, rows):
    print(title)
    figures.section(title.split(" (")[0], "GB/s")
    for name, seconds in rows.items():
        figures.record(name, moved / seconds / 1e9 if seconds else None)
    torch_best = max((moved / seconds for name, seconds in rows.items()
                      if seconds and name.startswith("PyTorch")), default=None)
    for name, seconds in rows.items():
        if not seconds:
            print(f"  {name:52s}      n/a")
            continue
        rate = moved / seconds / 1e9
        ratio = f"  {moved / seconds / torch_best:.3f} of PyTorch's best" if torch_best else ""
        print(f"  {name:52s} {rate:8.1f} GB/s{ratio}")


if __name__ == "__main__":
    print(f"GPU: {torch.cuda.get_device_name()}")
    figures.device(torch.cuda.get_device_name())
    row_figures()
    axpy_figures()
    first_call_figures()
