"""The CudaPy paper's kernels, shared by the tests, and NumPy references for them.

Kernel bodies use names of the kernel language (idx, idy, xrange) that plain Python lacks.
"""

import numpy as np


# saxpy : void (float alpha, float* X, float* Y)
def saxpy(alpha, X, Y):
    if idx < len(X):
        Y[idx] = alpha * X[idx] + Y[idx]


# mandelbrot : void (int* result, float x0, float y0, float x1, float y1, int width, int height, int maxIters)
def mandelbrot(result, x0, y0, x1, y1, width, height, maxIters):
    if idx < width and idy < height:
        dx = (x1 - x0) / width
        dy = (y1 - y0) / height
        x = x0 + idx * dx
        y = y0 + idy * dy
        result[idy * width + idx] = mandel(x, y, maxIters)


# mandel : int (float c_re, float c_im, int count)
def mandel(c_re, c_im, count):
    z_re = c_re
    z_im = c_im
    for i in xrange(count):
        if z_re * z_re + z_im * z_im > 4.0:
            break
        new_re = z_re * z_re - z_im * z_im
        new_im = 2.0 * z_re * z_im
        z_re = c_re + new_re
        z_im = c_im + new_im
    return i


# matrixMultiply : void (float* A, float* B, float* C, int n)
def matrixMultiply(A, B, C, n):
    row = idy
    col = idx
    if row < n and col < n:
        total = 0.0
        for k in range(n):
            total += A[row * n + k] * B[k * n + col]
        C[row * n + col] = total


def mandelbrot_reference(x0, y0, x1, y1, width, height, max_iters):
    """Iteration counts as `mandel` computes them, in float32, as a (height, width) array."""
    f32, i32 = np.float32, np.int32
    # The kernel's types under NumPy's promotion rules: float32 / int32 is float64, so the
    # coordinates are float64 until they become mandel's float arguments.
    dx = (f32(x1) - f32(x0)) / i32(width)
    dy = (f32(y1) - f32(y0)) / i32(height)
    xs = (f32(x0) + np.arange(width, dtype=i32) * dx).astype(f32)
    ys = (f32(y0) + np.arange(height, dtype=i32) * dy).astype(f32)
    c_re = np.tile(xs, (height, 1))
    c_im = np.tile(ys[:, None], (1, width))
    z_re, z_im = c_re.copy(), c_im.copy()
    # A point that never escapes ends with the loop variable's last value, count - 1.
    counts = np.full((height, width), max_iters - 1, dtype=np.int32)
    running = np.ones((height, width), dtype=bool)
    with np.errstate(over="ignore", invalid="ignore"):
        for i in range(max_iters):
            escaped = running & (z_re * z_re + z_im * z_im > 4.0)
            counts[escaped] = i
            running &= ~escaped
            new_re = z_re * z_re - z_im * z_im
            new_im = 2.0 * z_re * z_im
            z_re = c_re + new_re
            z_im = c_im + new_im
    return counts
