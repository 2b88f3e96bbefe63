"""The toolbox kernels on one GPU in one run, each on the same data for every implementation:
ours (cudapy, running the Python kernels of examples/), the same algorithms hand-written in CUDA
C++ (bench/toolbox_cuda.cu, compiled with NVRTC through CuPy), and numba-cuda running the same
Python kernel source with `from numba import cuda` in place of `from cudapy import cuda`.

- tiled shared-memory matrix multiply, 4096^3 float32 (examples/tiled_matmul.py), TFLOP/s;
- the CudaPy paper's naive matrix multiply, 4096^3 float32 (examples/matmul.py), TFLOP/s;
  numba-cuda runs the same loop spelt with cuda.grid(2), as it has no `idx`;
- the block reduction of 2^28 float32 (examples/block_reduction.py), GB/s read, against the
  device-to-device copy bandwidth (cudaMemcpy through cupy.copyto, bytes read plus written);
- the shared-memory histogram of 2^28 uniformly random bytes (examples/histogram.py), GB/s read.

Each time is the median of SAMPLES samples, each the mean of back-to-back launches between two
device synchronizations (time.perf_counter), after a warm-up launch whose result is checked
against NumPy. A peer that is missing prints n/a; one that fails or computes a wrong result says
so under the table. Ratios are throughputs, ours over theirs. Run on the GPU machine:

    CUDAPY_LIBRARY=$PWD/build/libcudapy.so PYTHONPATH=pysrc python3 bench/toolbox.py
"""

import importlib.util
import sys
import types
from pathlib import Path
from typing import NamedTuple

import numpy as np
from numpy import float32

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
sys.path.insert(0, str(EXAMPLES))
if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(ROOT / "pysrc"))

import cudapy as cp  # noqa: E402
from timing import seconds_per_launch  # noqa: E402
import figures

SAMPLES = 7
SAMPLE_SECONDS = 0.05  # launches are repeated back to back until a sample lasts about this long
MATMUL_SIZE = 4096
REDUCTION_LENGTH = 1 << 28
HISTOGRAM_LENGTH = 1 << 28
PAPER_BLOCK = (16, 16)  # the naive multiply's block, for every implementation
REQUIRED_TILED_VS_HAND_WRITTEN = 0.97
REQUIRED_REDUCTION_VS_COPY = 0.90
SYSTEMS = ("ours", "hand-written", "numba-cuda")


class Cell(NamedTuple):
    """One implementation's time for one workload, or why there is none, and what went wrong."""

    seconds: float = None
    problem: str = ""


class Row(NamedTuple):
    workload: str
    unit: str  # "TFLOP/s" or "GB/s"
    amount: float  # floating-point operations or bytes per launch, in units of 1e12 or 1e9
    cells: dict  # system name -> Cell


def measure(launch, synchronize, result, check):
    """Launches once and checks `result()` with `check` (it returns what is wrong, or ""), then
    times the launch."""
    launch()
    synchronize()
    problem = check(result())
    return Cell(seconds_per_launch(launch, synchronize, SAMPLES, SAMPLE_SECONDS),
                problem and f"wrong result: {problem}")


def describe(error):
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}"


def attempt(system, why_missing, run):
    """The Cell of `run()`; n/a when the system is missing, the error when it fails."""
    if why_missing.get(system):
        return Cell(problem=f"n/a: {why_missing[system]}")
    try:
        return run()
    except Exception as error:  # a failing implementation is reported, not fatal
        return Cell(problem=f"failed: {describe(error)}")


def close_to(expected, rtol):
    def check(actual):
        worst = float(np.max(np.abs(actual - expected) / np.abs(expected)))
        return "" if worst <= rtol else f"relative difference {worst:.2e} > {rtol:g}"
    return check


def equal_to(expected):
    def check(actual):
        differing = int(np.count_nonzero(np.asarray(actual) != expected))
        return "" if differing == 0 else f"{differing} values differ"
    return check


# ---- the implementations -----------------------------------------------------------------

def load_ours():
    """The Python kernels of examples/ as cudapy runs them."""
    from cudapy import cuda
    return types.SimpleNamespace(
        cuda=cuda, matmul=importlib.import_module("matmul"),
        tiled=importlib.import_module("tiled_matmul"),
        reduction=importlib.import_module("block_reduction"),
        histogram=importlib.import_module("histogram"))


def load_numba():
    """The same Python kernel sources as numba-cuda runs them."""
    if not hasattr(np, "row_stack"):  # numba-cuda 0.30 still calls it; NumPy 2.4 removed it
        np.row_stack = np.vstack
    from numba import cuda
    if not cuda.is_available():
        raise RuntimeError("numba-cuda finds no GPU")
    return types.SimpleNamespace(
        cuda=cuda, naive=numba_naive_matmul(cuda),
        tiled=example_for_numba("tiled_matmul"),
        reduction=example_for_numba("block_reduction"),
        histogram=example_for_numba("histogram"))


def example_for_numba(name):
    """examples/NAME.py run as a module with `from numba import cuda` for cudapy's import (the
    same line, so the kernels keep their line numbers)."""
    path = EXAMPLES / f"{name}.py"
    source = path.read_text(encoding="utf-8")
    if "from cudapy import cuda\n" not in source:
        raise RuntimeError(f"{path.name} no longer imports cuda from cudapy")
    module = types.ModuleType(f"{name}_numba")
    module.__file__ = str(path)
    exec(compile(source.replace("from cudapy import cuda\n", "from numba import cuda\n"),
                 str(path), "exec"), module.__dict__)
    return module


def numba_naive_matmul(cuda):
    """The paper's matrixMultiply (examples/matmul.py) in numba's spelling."""
    @cuda.jit("void(float32[::1], float32[::1], float32[::1], int32)")
    def naive_matmul(A, B, C, n):
        col, row = cuda.grid(2)
        if row < n and col < n:
            total = float32(0.0)
            for k in range(n):
                total += A[row * n + k] * B[k * n + col]
            C[row * n + col] = total
    return naive_matmul


def load_hand_written(examples):
    """bench/toolbox_cuda.cu compiled by NVRTC through CuPy, with the examples' sizes."""
    import cupy
    defines = {"MATMUL_TPB": examples.tiled.TPB, "REDUCTION_TPB": examples.reduction.TPB,
               "REDUCTION_ITEMS": examples.reduction.ITEMS,
               "HISTOGRAM_BINS": examples.histogram.BINS}
    module = cupy.RawModule(code=(ROOT / "bench" / "toolbox_cuda.cu").read_text(),
                            options=tuple(f"-D{name}={value}" for name, value in defines.items()))
    module.compile()
    return types.SimpleNamespace(cupy=cupy, kernel=module.get_function,
                                 synchronize=cupy.cuda.Device().synchronize)


# ---- the workloads -----------------------------------------------------------------------

def tiled_matmul_row(examples, ours, hand, numba, why_missing, rng):
    n = MATMUL_SIZE
    a = rng.random((n, n), dtype=np.float32)
    b = rng.random((n, n), dtype=np.float32)
    check = close_to(a @ b, 1e-3)
    tpb = examples.tiled.TPB
    grid = examples.tiled.blocks_for(n, n)

    def run_ours():
        A, B = ours.cuda.to_device(a), ours.cuda.to_device(b)
        C = ours.cuda.device_array((n, n), np.float32)
        return measure(lambda: ours.tiled.tiled_matmul[grid, (tpb, tpb)](A, B, C),
                       cp.synchronize, C.copy_to_host, check)

    def run_hand_written():
        A, B = hand.cupy.asarray(a), hand.cupy.asarray(b)
        C = hand.cupy.empty((n, n), np.float32)
        kernel = hand.kernel("tiled_matmul")
        size = np.int32(n)
        return measure(lambda: kernel(grid, (tpb, tpb), (A, B, C, size, size, size)),
                       hand.synchronize, C.get, check)

    def run_numba():
        A, B = numba.cuda.to_device(a), numba.cuda.to_device(b)
        C = numba.cuda.device_array((n, n), np.float32)
        return measure(lambda: numba.tiled.tiled_matmul[grid, (tpb, tpb)](A, B, C),
                       numba.cuda.synchronize, C.copy_to_host, check)

    return Row(f"tiled matmul {n}^3 float32, {tpb}x{tpb} tiles", "TFLOP/s", 2 * n ** 3 / 1e12,
               run_all(why_missing, run_ours, run_hand_written, run_numba))


def naive_matmul_row(ours, hand, numba, why_missing, rng):
    n = MATMUL_SIZE
    a = rng.random(n * n, dtype=np.float32)
    b = rng.random(n * n, dtype=np.float32)
    check = close_to((a.reshape(n, n) @ b.reshape(n, n)).ravel(), 1e-3)
    grid = (n // PAPER_BLOCK[0], n // PAPER_BLOCK[1])

    def run_ours():
        kernel = cp.compile(ours.matmul.matrixMultiply)
        A, B = cp.CudaArray(a), cp.CudaArray(b)
        C = cp.CudaArray.allocate(n * n, np.float32)
        return measure(lambda: kernel[grid, PAPER_BLOCK](A, B, C, n), cp.synchronize,
                       C.toHost, check)

    def run_hand_written():
        A, B = hand.cupy.asarray(a), hand.cupy.asarray(b)
        C = hand.cupy.empty(n * n, np.float32)
        kernel = hand.kernel("naive_matmul")
        return measure(lambda: kernel(grid, PAPER_BLOCK, (A, B, C, np.int32(n))),
                       hand.synchronize, C.get, check)

    def run_numba():
        A, B = numba.cuda.to_device(a), numba.cuda.to_device(b)
        C = numba.cuda.device_array(n * n, np.float32)
        return measure(lambda: numba.naive[grid, PAPER_BLOCK](A, B, C, n),
                       numba.cuda.synchronize, C.copy_to_host, check)

    return Row(f"paper's naive matmul {n}^3 float32", "TFLOP/s", 2 * n ** 3 / 1e12,
               run_all(why_missing, run_ours, run_hand_written, run_numba))


def reduction_row(examples, ours, hand, numba, why_missing, values):
    n = len(values)
    check = close_to(np.array([np.sum(values, dtype=np.float64)]), 1e-3)
    tpb = examples.reduction.TPB
    blocks = examples.reduction.resident_blocks()
    zero = np.zeros(1, np.float32)

    def run_ours():
        data, total = ours.cuda.to_device(values), ours.cuda.to_device(zero)
        return measure(lambda: ours.reduction.block_sum[blocks, tpb](data, total),
                       cp.synchronize, total.copy_to_host, check)

    def run_hand_written():
        data, total = hand.cupy.asarray(values), hand.cupy.asarray(zero)
        kernel = hand.kernel("block_sum")
        return measure(lambda: kernel((blocks,), (tpb,), (data, total, np.int64(n))),
                       hand.synchronize, total.get, check)

    def run_numba():
        data, total = numba.cuda.to_device(values), numba.cuda.to_device(zero)
        return measure(lambda: numba.reduction.block_sum[blocks, tpb](data, total),
                       numba.cuda.synchronize, total.copy_to_host, check)

    return Row(f"block reduction of 2^{n.bit_length() - 1} float32", "GB/s", values.nbytes / 1e9,
               run_all(why_missing, run_ours, run_hand_written, run_numba))


def copy_row(hand, why_missing, values):
    """The device-to-device copy of the reduction's array, counting the bytes read and
    written."""
    n = len(values)

    def run_copy():
        source = hand.cupy.asarray(values)
        destination = hand.cupy.empty_like(source)
        return measure(lambda: hand.cupy.copyto(destination, source), hand.synchronize,
                       destination.get, equal_to(values))

    return Row(f"device-to-device copy of 2^{n.bit_length() - 1} float32 (cupy.copyto)", "GB/s",
               2 * values.nbytes / 1e9,
               {"hand-written": attempt("hand-written", why_missing, run_copy)})


def histogram_row(examples, ours, hand, numba, why_missing, rng):
    n = HISTOGRAM_LENGTH
    bins = examples.histogram.BINS
    data = rng.integers(0, bins, n, dtype=np.uint8)
    check = equal_to(np.bincount(data, minlength=bins))
    tpb = examples.histogram.TPB
    blocks = examples.histogram.resident_blocks()
    zeros = np.zeros(bins, np.uint32)

    def run_ours():
        device_data, counts = ours.cuda.to_device(data), ours.cuda.to_device(zeros)
        return measure(lambda: ours.histogram.histogram[blocks, tpb](device_data, counts),
                       cp.synchronize, counts.copy_to_host, check)

    def run_hand_written():
        device_data, counts = hand.cupy.asarray(data), hand.cupy.asarray(zeros)
        kernel = hand.kernel("histogram")
        return measure(lambda: kernel((blocks,), (tpb,), (device_data, counts, np.int64(n))),
                       hand.synchronize, counts.get, check)

    def run_numba():
        device_data, counts = numba.cuda.to_device(data), numba.cuda.to_device(zeros)
        return measure(lambda: numba.histogram.histogram[blocks, tpb](device_data, counts),
                       numba.cuda.synchronize, counts.copy_to_host, check)

    return Row(f"histogram of 2^{n.bit_length() - 1} random bytes, {bins} bins", "GB/s",
               n / 1e9, run_all(why_missing, run_ours, run_hand_written, run_numba))


def run_all(why_missing, run_ours, run_hand_written, run_numba):
    return {system: attempt(system, why_missing, run)
            for system, run in zip(SYSTEMS, (run_ours, run_hand_written, run_numba))}


# ---- the report --------------------------------------------------------------------------

def throughput(row, system):
    cell = row.cells.get(system)
    return row.amount / cell.seconds if cell and cell.seconds else None


def ratio(row, system):
    ours, theirs = throughput(row, "ours"), throughput(row, system)
    return ours / theirs if ours and theirs else None


def print_report(rows, why_missing):
    for row in rows:
        figures.section(row.workload, row.unit)
        for system in SYSTEMS:
            figures.record(system, throughput(row, system))
    print(f"{'workload':<52}" + "".join(f"{system:>16}" for system in SYSTEMS) +
          f"{'ours/hand':>11}{'ours/numba':>12}")
    for row in rows:
        line = f"{row.workload:<52}"
        for system in SYSTEMS:
            value = throughput(row, system)
            cell = row.cells.get(system)
            if value is not None:
                digits = 2 if row.unit == "TFLOP/s" else 0
                text = f"{value:.{digits}f} {row.unit}" + ("!" if cell.problem else "")
            else:
                text = "n/a" if cell is None or cell.problem.startswith("n/a") else "failed"
            line += f"{text:>16}"
        for system in ("hand-written", "numba-cuda"):
            value = ratio(row, system)
            line += f"{value:>11.3f}" if value is not None else f"{'n/a':>11}"
        print(line)
    problems = [(row.workload, system, cell.problem) for row in rows
                for system, cell in row.cells.items()
                if cell.problem and not cell.problem.startswith("n/a")]
    for system, reason in why_missing.items():
        if reason:
            print(f"{system}: n/a ({reason})")
    for workload, system, problem in problems:
        print(f"{workload}, {system}: {problem}" + (" (marked !)" if "wrong" in problem else ""))


def print_requirements(tiled, reduction, copy):
    tiled_ratio = ratio(tiled, "hand-written")
    reduction_rate, copy_rate = throughput(reduction, "ours"), throughput(copy, "hand-written")
    copy_ratio = reduction_rate / copy_rate if reduction_rate and copy_rate else None
    for what, value, required in (
            ("tiled matmul, ours / hand-written", tiled_ratio, REQUIRED_TILED_VS_HAND_WRITTEN),
            ("reduction bandwidth, ours / device-to-device copy", copy_ratio,
             REQUIRED_REDUCTION_VS_COPY)):
        if value is None:
            print(f"requirement {what} >= {required}: not measured")
        else:
            print(f"requirement {what} >= {required}: {value:.3f}, "
                  f"{'met' if value >= required else 'NOT MET'}")


def main():
    if cp.device_count() == 0:
        print("SKIP: no CUDA GPU found")
        return
    why_missing = {}
    ours = hand = numba = None
    try:
        ours = load_ours()
    except Exception as error:  # reported, so that the peers are still measured
        why_missing["ours"] = describe(error)
    try:
        numba = load_numba()
    except Exception as error:  # no numba-cuda, or it cannot use the GPU
        why_missing["numba-cuda"] = describe(error)
    examples = ours or numba  # the kernels' sizes, the same in either
    if examples is None:
        sys.exit(f"cannot load the examples' kernels: {why_missing['ours']}")
    try:
        hand = load_hand_written(examples)
    except Exception as error:  # no CuPy, or the CUDA C++ does not compile
        why_missing["hand-written"] = describe(error)

    info = cp.device_info(0)
    figures.device(info.name)
    print(f"toolbox kernels on {info.name} ({info.multiprocessors} SMs), median of {SAMPLES} "
          f"samples; throughput, higher is better (! marks a wrong result)")
    rng = np.random.default_rng(4096)
    tiled = tiled_matmul_row(examples, ours, hand, numba, why_missing, rng)
    naive = naive_matmul_row(ours, hand, numba, why_missing, rng)
    values = rng.random(REDUCTION_LENGTH, dtype=np.float32)
    reduction = reduction_row(examples, ours, hand, numba, why_missing, values)
    copy = copy_row(hand, why_missing, values)
    histogram = histogram_row(examples, ours, hand, numba, why_missing, rng)
    print_report([tiled, naive, reduction, copy, histogram], why_missing)
    print_requirements(tiled, reduction, copy)


if __name__ == "__main__":
    main()
