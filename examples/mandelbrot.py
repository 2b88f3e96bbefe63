#!/usr/bin/env python3
"""The CudaPy paper's Mandelbrot set, launched on a 2-D grid of threads and on a 1-D one,
checked against NumPy and written as a grey-scale PNG."""

import argparse
import importlib.util
import struct
import sys
import zlib
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

import numpy as np

import cudapy as cp

# The GPU fuses some multiply-adds, rounding once where NumPy rounds twice; near the set's
# boundary the iteration magnifies that into other counts for a few pixels (about 0.1%).
ALLOWED_DIFFERING_FRACTION = 5e-3


# mandelbrot : void (int* result, float x0, float y0, float x1, float y1, int width, int height, int maxIters)
def mandelbrot(result, x0, y0, x1, y1, width, height, maxIters):
    if idx < width and idy < height:
        dx = (x1 - x0) / width
        dy = (y1 - y0) / height
        x = x0 + idx * dx
        y = y0 + idy * dy
        result[idy * width + idx] = mandel(x, y, maxIters)


# mandelbrot_flat : void (int* result, float x0, float y0, float x1, float y1, int width, int height, int maxIters)
def mandelbrot_flat(result, x0, y0, x1, y1, width, height, maxIters):
    if idx < width * height:
        column = idx % width
        row = idx // width
        dx = (x1 - x0) / width
        dy = (y1 - y0) / height
        result[idx] = mandel(x0 + column * dx, y0 + row * dy, maxIters)


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


def reference(x0, y0, x1, y1, width, height, max_iters):
    """The iteration counts `mandel` computes, in NumPy float32, as a (height, width) array."""
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


def write_png(path, grey):
    """Writes a 2-d uint8 array as an 8-bit grey-scale PNG."""
    height, width = grey.shape

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    # Each scanline starts with its filter type, 0: none.
    scanlines = b"".join(b"\x00" + row.tobytes() for row in np.ascontiguousarray(grey))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                   + chunk(b"IDAT", zlib.compress(scanlines, 9)) + chunk(b"IEND", b""))


def to_grey(counts, max_iters):
    """Points in the set black, fast-escaping points white, on a log scale for contrast."""
    share = np.log1p(counts) / np.log1p(max_iters - 1)
    return (255 * (1 - share)).astype(np.uint8)


def compare(name, counts, expected):
    differing = int(np.count_nonzero(counts != expected))
    fraction = differing / expected.size
    ok = fraction < ALLOWED_DIFFERING_FRACTION
    print(f"mandelbrot ({name}): {differing} of {expected.size} pixels differ from NumPy "
          f"({fraction:.4%}): {'OK' if ok else 'MISMATCH'}")
    return ok


def run(out="mandelbrot.png", width=960, height=640, max_iters=256,
        region=(-2.25, -1.25, 1.0, 1.25), target=None):
    """Computes the set on `target` (the default: the GPU, or $CUDAPY_TARGET) both ways, writes
    `out` and returns whether both launches match NumPy."""
    expected = reference(*region, width, height, max_iters)

    result = cp.CudaArray(np.full(width * height, -1, dtype=np.int32), target=target)
    cp.compile([mandelbrot, mandel], target=target)(width, height)(result, *region, width, height,
                                                                   max_iters)
    counts = result.toHost().reshape(height, width)
    ok = compare("2-D launch", counts, expected)

    flat = np.full(width * height, -1, dtype=np.int32)
    cp.compile([mandelbrot_flat, mandel], target=target)(width * height)(
        flat, *region, width, height, max_iters)
    ok = compare("1-D launch", flat.reshape(height, width), expected) and ok

    # Image rows run top to bottom, the imaginary axis bottom to top.
    write_png(out, to_grey(counts, max_iters)[::-1])
    print(f"mandelbrot: wrote {out} ({width}x{height})")
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="mandelbrot.png", help="where to write the PNG")
    parser.add_argument("--width", type=int, default=960)
    parser.add_argument("--height", type=int, default=640)
    parser.add_argument("--iters", type=int, default=256, help="iterations per pixel")
    args = parser.parse_args()
    return 0 if run(args.out, args.width, args.height, args.iters) else 1


if __name__ == "__main__":
    sys.exit(main())
