#!/usr/bin/env python3
"""Kernel speed against hand-written CUDA C++ and the peers, in one run on one GPU, same data:

- SAXPY on 2^27 float32 (GB/s moved: x read, y read and written): ours (the CudaPy kernel,
  `kernel(n)` with the occupancy block size), hand-written CUDA C++ (CuPy RawKernel), numba-cuda
  (the same Python spelt with cuda.grid(1)), CuPy ElementwiseKernel, PyTorch `y.add_(x, alpha=a)`;
- the CudaPy paper's Mandelbrot, 4096 x 4096 pixels, 256 iterations (Gpixel/s), against the
  hand-written kernel in float32 and against one computing the coordinates in float64 as the
  Python kernel must (NumPy's rules make float32 / int32 a float64);
- the paper's naive matrix multiply, 4096^3 float32 (TFLOP/s).

Every implementation works on the same CuPy arrays (cudapy takes them through
__cuda_array_interface__, without a copy). Each figure is the median of SAMPLES samples of
back-to-back launches between two synchronizations, after a checked warm-up. Missing peers
print n/a. Run on the GPU machine:

    CUDAPY_LIBRARY=$PWD/build/libcudapy.so PYTHONPATH=pysrc python3 bench/kernels.py
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from timing import seconds_per_launch  # noqa: E402
import figures

SAMPLES = 7
SAMPLE_SECONDS = 0.25
REQUIRED = {"SAXPY": 0.98, "Mandelbrot": 0.97, "naive matmul": 0.97}

HAND_WRITTEN = r"""
extern "C" __global__ void saxpy(float a, const float *x, float *y, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

// The paper's Mandelbrot with its coordinates computed in `Coordinate`: float as written in
// C, or double as the Python kernel computes them under NumPy's promotion rules (float32 /
// int32 is float64), for comparison.
template <typename Coordinate>
__device__ void mandelbrot_pixel(int *result, float x0, float y0, float x1, float y1, int width,
                                 int height, int max_iters) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < width && row < height) {
        Coordinate dx = (Coordinate)(x1 - x0) / width, dy = (Coordinate)(y1 - y0) / height;
        float c_re = (float)(x0 + col * dx), c_im = (float)(y0 + row * dy);
        float z_re = c_re, z_im = c_im;
        int i = 0;
        for (i = 0; i < max_iters; ++i) {
            if (z_re * z_re + z_im * z_im > 4.0f) break;
            float new_re = z_re * z_re - z_im * z_im;
            float new_im = 2.0f * z_re * z_im;
            z_re = c_re + new_re;
            z_im = c_im + new_im;
        }
        result[row * width + col] = i;
    }
}

extern "C" __global__ void mandelbrot(int *result, float x0, float y0, float x1, float y1,
                                      int width, int height, int max_iters) {
    mandelbrot_pixel<float>(result, x0, y0, x1, y1, width, height, max_iters);
}

extern "C" __global__ void mandelbrot_float64_coordinates(int *result, float x0, float y0, float x1,
                                                          float y1, int width, int height,
                                                          int max_iters) {
    mandelbrot_pixel<double>(result, x0, y0, x1, y1, width, height, max_iters);
}

extern "C" __global__ void matmul(const float *A, const float *B, float *C, int n) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < n && col < n) {
        float total = 0.0f;
        for (int k = 0; k < n; ++k) total += A[row * n + k] * B[k * n + col];
        C[row * n + col] = total;
    }
}
"""

SAXPY_PY = """
# saxpy : void (float alpha, float* X, float* Y)
def saxpy(alpha, X, Y):
    if idx < len(X):
        Y[idx] = alpha * X[idx] + Y[idx]
"""


def timed(name, results, launch, synchronize, check, reset=lambda: None):
    """Records seconds per launch under `name`, after a warm-up launch (on data `reset` puts
    back) whose result must pass `check`."""
    try:
        reset()
        synchronize()
        launch()
        synchronize()
        problem = check()
        if problem:
            results[name] = f"wrong: {problem}"
            return
        results[name] = seconds_per_launch(launch, synchronize, SAMPLES, SAMPLE_SECONDS)
    except Exception as error:  # a failing peer is reported, not fatal
        results[name] = f"failed: {type(error).__name__}: {str(error).splitlines()[0][:80]}"


def numba_cuda():
    try:
        if not hasattr(np, "row_stack"):  # numba-cuda 0.30 calls it; NumPy 2.4 removed it
            np.row_stack = np.vstack
        from numba import cuda
        return cuda if cuda.is_available() else None
    except Exception:
        return None


def main():
    try:
        import cupy
    except ImportError:
        print("bench/kernels.py needs CuPy for the hand-written kernels and the shared data")
        return 0
    import cudapy as cp
    import mandelbrot as mandelbrot_example
    import matmul as matmul_example
    try:
        import torch
    except ImportError:
        torch = None
    numba = numba_cuda()
    module = cupy.RawModule(code=HAND_WRITTEN)
    sync = cupy.cuda.Device().synchronize
    rows = []

    # ---- SAXPY ----------------------------------------------------------------------------
    n = 1 << 27
    rng = cupy.random.default_rng(27)
    x = rng.random(n, dtype=cupy.float32)
    y0 = rng.random(n, dtype=cupy.float32)
    y = y0.copy()
    a = np.float32(2.5)
    expected = cupy.asnumpy(a * x + y0)

    def saxpy_check():
        return "" if np.allclose(cupy.asnumpy(y), expected, rtol=1e-6) else "values differ"

    def saxpy_reset():  # every timed launch adds to y: the checked one starts from y0
        y[...] = y0

    results = {}
    ours = cp.compile(SAXPY_PY)
    timed("ours", results, lambda: ours(n)(a, x, y), sync, saxpy_check, saxpy_reset)
    hand = module.get_function("saxpy")
    timed("hand-written", results, lambda: hand(((n + 255) // 256,), (256,), (a, x, y, np.int64(n))),
          sync, saxpy_check, saxpy_reset)
    if numba:
        @numba.jit
        def numba_saxpy(alpha, X, Y):
            i = numba.grid(1)
            if i < X.size:
                Y[i] = alpha * X[i] + Y[i]
        timed("numba-cuda", results, lambda: numba_saxpy[(n + 255) // 256, 256](a, x, y), sync,
              saxpy_check, saxpy_reset)
    elementwise = cupy.ElementwiseKernel("float32 a, float32 x", "float32 y", "y = a * x + y",
                                         "bench_saxpy")
    timed("CuPy", results, lambda: elementwise(a, x, y), sync, saxpy_check, saxpy_reset)
    if torch is not None and torch.cuda.is_available():
        tx, ty = torch.as_tensor(x, device="cuda"), torch.as_tensor(y, device="cuda")
        timed("PyTorch", results, lambda: ty.add_(tx, alpha=float(a)), torch.cuda.synchronize,
              saxpy_check, saxpy_reset)
    rows.append(("SAXPY 2^27 float32", "GB/s", 3 * 4 * n / 1e9, results))

    # ---- Mandelbrot ----------------------------------------------------------------------
    width = height = 4096
    iters = 256
    bounds = (np.float32(-2.0), np.float32(-1.5), np.float32(1.0), np.float32(1.5))
    image = cupy.zeros(width * height, cupy.int32)
    reference = {}

    def mandel_check():
        got = cupy.asnumpy(image)
        image[...] = 0
        if "image" not in reference:
            reference["image"] = got
            return ""
        # The set's edge is chaotic: Python's and numba's rules compute the coordinates
        # (float32 / int32) in float64 where the C++ uses float32, which moves a sixth of the
        # pixels near the edge by an iteration or more; the image as a whole must agree.
        mean, expected_mean = float(got.mean()), float(reference["image"].mean())
        if abs(mean - expected_mean) > 0.02 * expected_mean:
            return f"mean iterations {mean:.2f} vs {expected_mean:.2f}"
        return ""

    results = {}
    hand = module.get_function("mandelbrot")
    grid2 = ((width + 15) // 16, (height + 15) // 16)
    timed("hand-written", results,
          lambda: hand(grid2, (16, 16), (image, *bounds, np.int32(width), np.int32(height),
                                         np.int32(iters))), sync, mandel_check)
    ours = cp.compile([mandelbrot_example.mandelbrot, mandelbrot_example.mandel])
    timed("ours", results, lambda: ours[grid2, (16, 16)](image, *bounds, width, height, iters),
          sync, mandel_check)
    if numba:
        @numba.jit(device=True)
        def numba_mandel(c_re, c_im, count):
            z_re = c_re
            z_im = c_im
            i = 0
            for i in range(count):
                if z_re * z_re + z_im * z_im > 4.0:
                    break
                new_re = z_re * z_re - z_im * z_im
                new_im = 2.0 * z_re * z_im
                z_re = c_re + new_re
                z_im = c_im + new_im
            return i

        @numba.jit
        def numba_mandelbrot(result, x0, y0, x1, y1, w, h, max_iters):
            col, row = numba.grid(2)
            if col < w and row < h:
                dx = (x1 - x0) / w
                dy = (y1 - y0) / h
                result[row * w + col] = numba_mandel(x0 + col * dx, y0 + row * dy, max_iters)
        timed("numba-cuda", results,
              lambda: numba_mandelbrot[grid2, (16, 16)](image, *bounds, width, height, iters),
              sync, mandel_check)
    rows.append(("Mandelbrot 4096^2, 256 iterations", "Gpixel/s", width * height / 1e9, results))
    same_arithmetic = {}
    hand64 = module.get_function("mandelbrot_float64_coordinates")
    timed("hand-written", same_arithmetic,
          lambda: hand64(grid2, (16, 16), (image, *bounds, np.int32(width), np.int32(height),
                                           np.int32(iters))), sync, mandel_check)
    same_arithmetic["ours"] = results.get("ours")
    rows.append(("  same, hand-written float64 coordinates", "Gpixel/s", width * height / 1e9,
                 same_arithmetic))

    # ---- naive matrix multiply -----------------------------------------------------------
    size = 4096
    A = rng.random((size, size), dtype=cupy.float32)
    B = rng.random((size, size), dtype=cupy.float32)
    C = cupy.zeros((size, size), cupy.float32)
    product = cupy.asnumpy(A @ B)

    def matmul_check():
        got = cupy.asnumpy(C)
        C[...] = 0
        worst = float(np.max(np.abs(got - product) / np.abs(product)))
        return "" if worst < 1e-3 else f"relative difference {worst:.1e}"

    results = {}
    flat = (A.ravel(), B.ravel(), C.ravel())
    hand = module.get_function("matmul")
    grid2 = ((size + 15) // 16, (size + 15) // 16)
    timed("hand-written", results, lambda: hand(grid2, (16, 16), (*flat, np.int32(size))), sync,
          matmul_check)
    ours = cp.compile(matmul_example.matrixMultiply)
    timed("ours", results, lambda: ours[grid2, (16, 16)](*flat, size), sync, matmul_check)
    if numba:
        @numba.jit
        def numba_matmul(A, B, C, n):
            col, row = numba.grid(2)
            if row < n and col < n:
                total = np.float32(0.0)
                for k in range(n):
                    total += A[row * n + k] * B[k * n + col]
                C[row * n + col] = total
        timed("numba-cuda", results, lambda: numba_matmul[grid2, (16, 16)](*flat, size), sync,
              matmul_check)
    rows.append(("naive matmul 4096^3 float32", "TFLOP/s", 2 * size ** 3 / 1e12, results))

    gpu = cupy.cuda.runtime.getDeviceProperties(0)['name'].decode()
    figures.device(gpu)
    print(f"kernels on {gpu}, median of {SAMPLES} samples; throughput (higher is better)")
    systems = ["ours", "hand-written", "numba-cuda", "CuPy", "PyTorch"]
    print(f"{'workload':36}" + "".join(f"{name:>15}" for name in systems) + "  ours/hand")
    failures = []
    for workload, unit, amount, results in rows:
        figures.section(workload, unit)
        for name in systems:
            value = results.get(name)
            figures.record(name, amount / value if isinstance(value, float) else None)
        cells = []
        for name in systems:
            value = results.get(name)
            if isinstance(value, float):
                cells.append(f"{amount / value:10.2f} {unit[:4]}")
            else:
                cells.append("n/a" if value is None else "error")
                if value is not None:
                    failures.append(f"{workload}, {name}: {value}")
        ratio = (results["hand-written"] / results["ours"]
                 if all(isinstance(results.get(k), float) for k in ("ours", "hand-written"))
                 else float("nan"))
        print(f"{workload:36}" + "".join(f"{cell:>15}" for cell in cells) + f"  {ratio:9.3f}")
        key = workload.split(" 2^")[0].split(" 4096")[0]
        if key in REQUIRED and results is not same_arithmetic:
            verdict = "met" if ratio >= REQUIRED[key] else "NOT met"
            print(f"    requirement {key} ours / hand-written >= {REQUIRED[key]}: {ratio:.3f}, {verdict}")
    for failure in failures:
        print("  " + failure)
    return 0


if __name__ == "__main__":
    sys.exit(main())
