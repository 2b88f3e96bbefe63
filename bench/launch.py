"""Host time per launch of SAXPY from Python, against its floor and against peers, measured in
one process on one GPU; and the cold figures (import, first call) in fresh processes.

    python3 bench/launch.py [--launches 10000] [--batches 15]

Each warm figure is the fastest of the batches' host time of `--launches` launches, with the
GPU synchronized only between batches; the systems take turns batch by batch. The fastest
batch is the one other processes disturbed least: on shared or virtual machines they slow some
batches by a third, which moved medians by as much between runs. The floor
is a ctypes call, with ctypes arguments built beforehand, of a C function that launches the
hand-written kernel (bench/launch_floor.cu, built with nvcc at run time): what any ctypes
wrapper pays. Peers that are not installed, or
fail, print n/a with the reason on stderr. Without a GPU only the import figures are measured.
This is a benchmark, not a test: it prints ratios measured in the same run.
"""

import argparse
import ctypes
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import figures as recorded

N = 1 << 10  # elements: small, so that the GPU keeps up and the host's time is measured
ALPHA = 2.0
BLOCK = 256
GRID = (N + BLOCK - 1) // BLOCK

SAXPY_CUDA = r"""
extern "C" __global__ void saxpy(float alpha, const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = alpha * x[i] + y[i];
}
"""

# The kernel as cudapy compiles it; the children below read it from their own files.
SAXPY_CUDAPY = """
# saxpy : void (float alpha, float* X, float* Y)
def saxpy(alpha, X, Y):
    if idx < len(X):
        Y[idx] = alpha * X[idx] + Y[idx]
"""

TARGETS = [  # (label, figure, peer figures it must stay below, most times the floor)
    ("cudapy kernel[grid, block], own arrays", "cudapy kernel[grid, block]",
     ["CuPy RawKernel", "PyTorch add_"], 1.10),
    ("cudapy kernel(n), own arrays", "cudapy kernel(n)", ["CuPy RawKernel", "PyTorch add_"],
     1.10),
    ("cudapy with CuPy arrays", "cudapy, CuPy arrays", [], 1.30),
    ("cudapy SourceModule function, 4 arguments", "cudapy SourceModule f(...)",
     ["CuPy RawKernel"], 1.30),
    ("cudapy with PyTorch tensors", "cudapy, PyTorch tensors", [], 1.30),
]
IMPORT_LIMIT_MS = 60.0
FIRST_CALL_LIMIT_MS = 20.0
WARM_FIRST_CALL_LIMIT_MS = 1.0  # from the disk cache, in a new process
SOURCE_MODULE_WARM_FIRST_CALL_LIMIT_MS = 0.5


def note(what, error):
    print(f"n/a: {what}: {type(error).__name__}: {error}", file=sys.stderr)


class Timer:
    """Host time per launch of each registered loop, in its fastest batch. The loops take
    turns batch by batch, so that a change of the machine's pace during the run (clock
    speeds, other processes) reaches every figure alike; `synchronize` runs between batches."""

    def __init__(self, launches, batches, synchronize):
        self.launches = launches
        self.batches = batches
        self.synchronize = synchronize
        self.loops = {}

    def add(self, name, loop):
        """Registers `loop(count)`, which launches `count` times, after one checked launch;
        one that fails is left out with the reason on stderr."""
        try:
            loop(1)
            self.synchronize()
        except Exception as error:
            note(name, error)
            return
        self.loops[name] = loop

    def run(self):
        """{name: microseconds per launch}; the first round warms up and is dropped."""
        figures = {name: [] for name in self.loops}
        for _ in range(self.batches + 1):
            for name, loop in self.loops.items():
                self.synchronize()
                start = time.perf_counter()
                loop(self.launches)
                figures[name].append((time.perf_counter() - start) / self.launches * 1e6)
                self.synchronize()
        return {name: min(values[1:]) for name, values in figures.items()}


def build_floor(folder):
    """The library of bench/launch_floor.cu, built with nvcc."""
    cuda_home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH") or "/usr/local/cuda"
    nvcc = shutil.which("nvcc") or os.path.join(cuda_home, "bin", "nvcc")
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "launch_floor.cu")
    library = os.path.join(folder, "liblaunch_floor.so")
    command = [nvcc, "-O3", "-shared", "-Xcompiler", "-fPIC", "-o", library, source]
    # -arch=native needs nvcc 11.6 or later; without it the driver compiles the PTX.
    for arch in (["-arch=native"], []):
        result = subprocess.run(command + arch, capture_output=True, text=True)
        if result.returncode == 0:
            return ctypes.CDLL(library)
    raise RuntimeError(f"nvcc failed: {result.stderr.strip()[-500:]}")


def floor_figures(timer, floor):
    """Registers the C loop and the ctypes floor, on arrays of the floor's library; returns
    what releases them once the timer has run."""
    floor.device_floats.restype = ctypes.c_void_p
    x, y = floor.device_floats(N), floor.device_floats(N)
    if not x or not y:
        raise RuntimeError("cudaMalloc failed")

    def release():
        floor.synchronize()
        floor.release(ctypes.c_void_p(x))
        floor.release(ctypes.c_void_p(y))

    # No argtypes: the arguments are ctypes objects already, the cheapest ctypes call.
    alpha, x_arg, y_arg, n = (ctypes.c_float(ALPHA), ctypes.c_void_p(x),
                              ctypes.c_void_p(y), ctypes.c_int(N))
    launch_once, run_loop = floor.launch_once, floor.run_loop
    if launch_once(alpha, x_arg, y_arg, n) != 0:
        release()
        raise RuntimeError("the hand-written kernel did not launch")

    def c_loop(count):
        run_loop(count, alpha, x_arg, y_arg, n)

    def ctypes_loop(count):
        for _ in range(count):
            launch_once(alpha, x_arg, y_arg, n)

    timer.add("C loop (hand-written kernel)", c_loop)
    timer.add("ctypes floor: launch_once()", ctypes_loop)
    return release


def saxpy_function(folder):
    """SAXPY as a Python function defined in a file, so that cudapy can read its source."""
    path = os.path.join(folder, "saxpy_kernel.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(SAXPY_CUDAPY)
    namespace = {}
    exec(compile(SAXPY_CUDAPY, path, "exec"), namespace)
    return namespace["saxpy"]


def cudapy_figures(timer, kernel, x, y, label):
    launch = kernel[GRID, BLOCK]

    def bound(count):
        for _ in range(count):
            launch(ALPHA, x, y)

    def indexed(count):
        for _ in range(count):
            kernel[GRID, BLOCK](ALPHA, x, y)

    def threads(count):
        for _ in range(count):
            kernel(N)(ALPHA, x, y)

    if label:
        timer.add(f"cudapy, {label}", indexed)
    else:
        timer.add("cudapy launch = kernel[grid, block]", bound)
        timer.add("cudapy kernel[grid, block]", indexed)
        timer.add("cudapy kernel(n)", threads)


def source_module_figures(timer, cp, x, y):
    """PyCUDA's way: CUDA C++ of the user's own, launched with NumPy scalars."""
    import numpy as np

    function = cp.SourceModule(SAXPY_CUDA, no_extern_c=True).get_function("saxpy")
    alpha, n = np.float32(ALPHA), np.int32(N)
    block, grid = (BLOCK, 1, 1), (GRID, 1)

    def loop(count):
        for _ in range(count):
            function(alpha, x, y, n, block=block, grid=grid)

    timer.add("cudapy SourceModule f(...)", loop)


def cupy_figures(timer, kernel):
    import cupy
    import numpy as np

    x, y = cupy.ones(N, dtype=cupy.float32), cupy.ones(N, dtype=cupy.float32)
    if kernel is not None:
        cudapy_figures(timer, kernel, x, y, "CuPy arrays")
    raw = cupy.RawKernel(SAXPY_CUDA, "saxpy")
    alpha, n = np.float32(ALPHA), np.int32(N)

    def raw_loop(count):
        for _ in range(count):
            raw((GRID,), (BLOCK,), (alpha, x, y, n))

    timer.add("CuPy RawKernel", raw_loop)
    try:
        from cupyx import jit

        @jit.rawkernel()
        def saxpy_jit(alpha, x, y, n):
            i = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
            if i < n:
                y[i] = alpha * x[i] + y[i]

        def jit_loop(count):
            for _ in range(count):
                saxpy_jit((GRID,), (BLOCK,), (alpha, x, y, n))

        timer.add("cupyx.jit rawkernel", jit_loop)
    except Exception as error:
        note("cupyx.jit", error)


def torch_figures(timer, kernel):
    import torch

    x = torch.ones(N, dtype=torch.float32, device="cuda")
    y = torch.ones(N, dtype=torch.float32, device="cuda")
    if kernel is not None:
        cudapy_figures(timer, kernel, x, y, "PyTorch tensors")

    def add_loop(count):
        for _ in range(count):
            y.add_(x, alpha=ALPHA)

    timer.add("PyTorch add_", add_loop)


def numba_figures(timer):
    import numpy as np

    if not hasattr(np, "row_stack"):  # numba-cuda 0.30 still reads it; NumPy 2.4 removed it
        np.row_stack = np.vstack
    from numba import cuda

    @cuda.jit
    def saxpy_numba(alpha, x, y):
        i = cuda.grid(1)
        if i < x.size:
            y[i] = alpha * x[i] + y[i]

    x = cuda.to_device(np.ones(N, np.float32))
    y = cuda.to_device(np.ones(N, np.float32))

    def own_loop(count):
        for _ in range(count):
            saxpy_numba[GRID, BLOCK](ALPHA, x, y)

    timer.add("numba-cuda, own arrays", own_loop)
    try:
        import cupy

        cx, cy = cupy.ones(N, dtype=cupy.float32), cupy.ones(N, dtype=cupy.float32)

        def cupy_loop(count):
            for _ in range(count):
                saxpy_numba[GRID, BLOCK](ALPHA, cx, cy)

        timer.add("numba-cuda, CuPy arrays", cupy_loop)
    except Exception as error:
        note("numba-cuda with CuPy arrays", error)


# ---- cold figures, each in fresh processes ---------------------------------------------------

IMPORT_CHILD = """
import json, sys, time
start = time.perf_counter()
import cudapy
seconds = time.perf_counter() - start
print(json.dumps({"ms": seconds * 1e3, "numpy": "numpy" in sys.modules}))
"""

IMPORT_AFTER_NUMPY_CHILD = """
import json, time
import numpy
start = time.perf_counter()
import cudapy
print(json.dumps({"ms": (time.perf_counter() - start) * 1e3}))
"""

# The first call: everything between the arrays being ready and the first result on the GPU.
FIRST_CALL_CHILDREN = {
    "cudapy": """
import json, time
import numpy as np
import cudapy as cp
from saxpy_kernel import saxpy
x = cp.CudaArray(np.ones(N, np.float32))
y = cp.CudaArray(np.ones(N, np.float32))
cp.synchronize()
start = time.perf_counter()
kernel = cp.compile(saxpy)
kernel(N)(2.0, x, y)
cp.synchronize()
print(json.dumps({"ms": (time.perf_counter() - start) * 1e3}))
""",
    "cudapy SourceModule": """
import json, time
import numpy as np
import cudapy as cp
x = cp.CudaArray(np.ones(N, np.float32))
y = cp.CudaArray(np.ones(N, np.float32))
cp.synchronize()
start = time.perf_counter()
function = cp.SourceModule(SOURCE, no_extern_c=True).get_function("saxpy")
function(np.float32(2.0), x, y, np.int32(N), block=(256, 1, 1), grid=((N + 255) // 256, 1))
cp.synchronize()
print(json.dumps({"ms": (time.perf_counter() - start) * 1e3}))
""",
    "CuPy RawKernel": """
import json, time
import cupy, numpy as np
x = cupy.ones(N, dtype=cupy.float32); y = cupy.ones(N, dtype=cupy.float32)
cupy.cuda.Device().synchronize()
start = time.perf_counter()
kernel = cupy.RawKernel(SOURCE, "saxpy")
kernel(((N + 255) // 256,), (256,), (np.float32(2.0), x, y, np.int32(N)))
cupy.cuda.Device().synchronize()
print(json.dumps({"ms": (time.perf_counter() - start) * 1e3}))
""",
    "numba-cuda": """
import json, time
import numpy as np
if not hasattr(np, "row_stack"):
    np.row_stack = np.vstack
from numba import cuda
x = cuda.to_device(np.ones(N, np.float32)); y = cuda.to_device(np.ones(N, np.float32))
cuda.synchronize()
start = time.perf_counter()
@cuda.jit
def saxpy(alpha, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = alpha * x[i] + y[i]
saxpy[(N + 255) // 256, 256](np.float32(2.0), x, y)
cuda.synchronize()
print(json.dumps({"ms": (time.perf_counter() - start) * 1e3}))
""",
}


def run_child(folder, code, environment, runs):
    """The median of `runs` fresh processes' "ms"; the first JSON line of each is read."""
    path = os.path.join(folder, "child.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"N = {N}\nSOURCE = {SAXPY_CUDA!r}\n" + code)
    values, extra = [], {}
    for _ in range(runs):
        result = subprocess.run([sys.executable, path], capture_output=True, text=True,
                                env=environment, cwd=folder, timeout=600)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip().splitlines()[-1] if result.stderr
                               else f"exit status {result.returncode}")
        record = json.loads(result.stdout.strip().splitlines()[-1])
        values.append(record.pop("ms"))
        extra.update(record)
    return statistics.median(values), extra


def cold_figures(folder, runs, gpu):
    figures = {}
    environment = dict(os.environ)
    # Not this folder: its random.py would stand in for the standard library's.
    here = os.path.dirname(os.path.abspath(__file__))
    environment["PYTHONPATH"] = os.pathsep.join(
        path for path in sys.path if path and os.path.abspath(path) != here)
    # An installed package has its bytecode: the children may write it, so that the figures
    # time importing cudapy and its peers, not Python compiling their sources.
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    try:
        milliseconds, extra = run_child(folder, IMPORT_CHILD, environment, runs)
        figures["import cudapy"] = milliseconds
        if extra.get("numpy"):
            print("note: `import cudapy` imported NumPy", file=sys.stderr)
        figures["import cudapy, NumPy imported before"] = run_child(
            folder, IMPORT_AFTER_NUMPY_CHILD, environment, runs)[0]
    except Exception as error:
        note("import cudapy", error)
    if not gpu:
        return figures
    saxpy_function(folder)  # the file the cudapy child imports its kernel from
    for peer, code in FIRST_CALL_CHILDREN.items():
        for cache in ("empty", "warm"):
            cache_folder = os.path.join(folder, f"cache-{peer.split()[0]}")
            # Each peer's disk cache, in a folder of its own: empty in every run, or kept.
            environment.update(CUDAPY_CACHE_DIR=cache_folder, CUPY_CACHE_DIR=cache_folder,
                               NUMBA_CACHE_DIR=cache_folder)
            try:
                if cache == "empty":
                    values = []
                    for _ in range(runs):
                        shutil.rmtree(cache_folder, ignore_errors=True)
                        values.append(run_child(folder, code, environment, 1)[0])
                    milliseconds = statistics.median(values)
                else:
                    milliseconds = run_child(folder, code, environment, runs)[0]
                figures[f"first call, {peer}, {cache} disk cache"] = milliseconds
            except Exception as error:
                note(f"first call of {peer}", error)
    return figures


# ---- report ---------------------------------------------------------------------------------

def report(warm, cold, gpu):
    floor = warm.get("ctypes floor: launch_once()")
    print(f"\nhost time per launch of SAXPY ({N} elements), fastest of batches:")
    print(f"  {'':44} {'us':>9} {'x floor':>8}")
    names = ["C loop (hand-written kernel)", "ctypes floor: launch_once()",
             "cudapy launch = kernel[grid, block]", "cudapy kernel[grid, block]",
             "cudapy kernel(n)", "cudapy, CuPy arrays", "cudapy, PyTorch tensors",
             "cudapy SourceModule f(...)",
             "CuPy RawKernel", "cupyx.jit rawkernel", "PyTorch add_", "numba-cuda, own arrays",
             "numba-cuda, CuPy arrays"]
    recorded.section(f"host time per launch of SAXPY ({N} elements)", "µs",
                     higher_is_better=False)
    for name in names:
        recorded.record(name, warm.get(name))
    for name in names:
        value = warm.get(name)
        figure = f"{value:9.3f}" if value is not None else f"{'n/a':>9}"
        ratio = f"{value / floor:8.2f}" if value is not None and floor else f"{'n/a':>8}"
        print(f"  {name:44} {figure} {ratio}")
    print("\ncold figures, median of fresh processes (ms):")
    cold_names = ["import cudapy", "import cudapy, NumPy imported before"] + [
        f"first call, {peer}, {cache} disk cache" for peer in FIRST_CALL_CHILDREN
        for cache in ("empty", "warm")]
    recorded.section("cold figures, median of fresh processes", "ms", higher_is_better=False)
    for name in cold_names:
        recorded.record(name, cold.get(name))
    for name in cold_names:
        value = cold.get(name)
        print(f"  {name:44} " + (f"{value:9.2f}" if value is not None else f"{'n/a':>9}"))
    print("\ntargets:")
    for label, name, peers, most in TARGETS:
        value = warm.get(name)
        if value is None or not floor:
            print(f"  n/a   {label}: no figure")
            continue
        ratio = value / floor
        failed = [peer for peer in peers if peer in warm and value >= warm[peer]]
        missing = [peer for peer in peers if peer not in warm]
        verdict = "PASS" if ratio <= most and not failed else "FAIL"
        detail = f"{ratio:.2f}x the floor (at most {most:.2f}x)"
        if peers:
            detail += "; below " + ", ".join(peers) + (f": not below {', '.join(failed)}"
                                                        if failed else "")
            if missing:
                detail += f" ({', '.join(missing)} n/a)"
        print(f"  {verdict}  {label}: {detail}")
    for name, limit in (("import cudapy", IMPORT_LIMIT_MS),
                        ("first call, cudapy, empty disk cache", FIRST_CALL_LIMIT_MS),
                        ("first call, cudapy, warm disk cache", WARM_FIRST_CALL_LIMIT_MS),
                        ("first call, cudapy SourceModule, warm disk cache",
                         SOURCE_MODULE_WARM_FIRST_CALL_LIMIT_MS)):
        value = cold.get(name)
        if value is None:
            print(f"  n/a   {name}: no figure" + ("" if gpu or "import" in name
                                                   else " (no GPU)"))
        else:
            print(f"  {'PASS' if value <= limit else 'FAIL'}  {name}: {value:.2f} ms "
                  f"(at most {limit:g} ms)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--launches", type=int, default=10000, help="launches per batch")
    parser.add_argument("--batches", type=int, default=15, help="batches per figure")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per cold figure")
    parser.add_argument("--no-cold", action="store_true", help="skip the fresh processes")
    arguments = parser.parse_args()

    import cudapy as cp

    gpu = cp.device_count() > 0
    if gpu:
        recorded.device(cp.device_info(0).name)
    warm = {}
    with tempfile.TemporaryDirectory() as folder:
        if gpu:
            warm = warm_figures(folder, arguments, cp)
        else:
            print("no CUDA GPU: only the import figures are measured", file=sys.stderr)
        cold = {} if arguments.no_cold else cold_figures(folder, arguments.runs, gpu)
    report(warm, cold, gpu)


def warm_figures(folder, arguments, cp):
    import numpy as np

    floor = None
    try:
        floor = build_floor(folder)
    except Exception as error:
        note("the floor library", error)
    timer = Timer(arguments.launches, arguments.batches,
                  floor.synchronize if floor is not None else cp.synchronize)
    release_floor = None
    if floor is not None:
        try:
            release_floor = floor_figures(timer, floor)
        except Exception as error:
            note("the floor", error)
    kernel = None
    try:
        kernel = cp.compile(saxpy_function(folder))
        x = cp.CudaArray(np.ones(N, np.float32))
        y = cp.CudaArray(np.ones(N, np.float32))
        cudapy_figures(timer, kernel, x, y, None)
        source_module_figures(timer, cp, x, y)
    except Exception as error:
        note("cudapy", error)
    for name, register in (("CuPy", lambda: cupy_figures(timer, kernel)),
                           ("PyTorch", lambda: torch_figures(timer, kernel)),
                           ("numba-cuda", lambda: numba_figures(timer))):
        try:
            register()
        except Exception as error:
            note(name, error)
    try:
        return timer.run()
    finally:
        if release_floor is not None:
            release_floor()


if __name__ == "__main__":
    main()
