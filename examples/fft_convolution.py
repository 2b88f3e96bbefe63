#!/usr/bin/env python3
"""Blurring an image by FFT convolution, as NumbaPro's CUDA-libraries example did: cuFFT's
forward transforms of the image and of the filter, a kernel that multiplies the two spectra
point by point, and cuFFT's inverse transform, all on the GPU. The spectra are complex64
arrays; the kernel reads them as float32 pairs (real, imaginary) through view(). Checked against
NumPy's FFT convolution. cuFFT needs a GPU: without one the example says so and stops."""

import importlib.util
import sys
import time
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

import numpy as np

import cudapy
from cudapy import cuda
from cudapy.cudalib import cufft

SIZE = 1024  # the image is SIZE x SIZE
SIGMA = 4.0  # the Gaussian filter's width, in pixels


@cuda.jit
def multiply_spectra(image, kernel):
    """image *= kernel, each a flat float32 view of complex64 values."""
    i = cuda.grid(1)
    if i < image.size // 2:
        a, b = image[2 * i], image[2 * i + 1]
        c, d = kernel[2 * i], kernel[2 * i + 1]
        image[2 * i] = a * c - b * d
        image[2 * i + 1] = a * d + b * c


def test_image():
    """Squares and stripes with noise, so that blurring shows."""
    rng = np.random.default_rng(7)
    y, x = np.mgrid[0:SIZE, 0:SIZE]
    picture = ((x // 64 + y // 64) % 2).astype(np.float32)
    picture += 0.5 * (np.sin(x / 9.0) > 0)
    return (picture + 0.2 * rng.standard_normal((SIZE, SIZE))).astype(np.float32)


def gaussian_filter():
    """A normalized Gaussian centred on pixel (0, 0), wrapping around the edges."""
    offsets = np.minimum(np.arange(SIZE), SIZE - np.arange(SIZE)).astype(np.float64)
    profile = np.exp(-offsets**2 / (2 * SIGMA**2))
    filter_2d = np.outer(profile, profile)
    return (filter_2d / filter_2d.sum()).astype(np.float32)


def blur_on_gpu(image, filter_2d):
    image_spectrum = cuda.to_device(image.astype(np.complex64))
    filter_spectrum = cuda.to_device(filter_2d.astype(np.complex64))
    cufft.fft_inplace(image_spectrum)
    cufft.fft_inplace(filter_spectrum)
    threads = 256
    blocks = (image.size + threads - 1) // threads
    multiply_spectra[blocks, threads](image_spectrum.view(np.float32).ravel(),
                                      filter_spectrum.view(np.float32).ravel())
    cufft.ifft_inplace(image_spectrum)
    return image_spectrum.copy_to_host().real


def main():
    if not cudapy.has_gpu():
        print("No CUDA GPU was found: cuFFT runs on the GPU only, so this example does not run "
              "here.")
        return 0
    image, filter_2d = test_image(), gaussian_filter()
    start = time.perf_counter()
    blurred = blur_on_gpu(image, filter_2d)
    seconds = time.perf_counter() - start
    expected = np.fft.ifft2(np.fft.fft2(image) * np.fft.fft2(filter_2d)).real
    error = np.max(np.abs(blurred - expected))
    print(f"blurred a {SIZE}x{SIZE} image by FFT convolution on the GPU in {seconds * 1e3:.1f} ms "
          f"(first call, compiles included); largest difference from NumPy {error:.2e}")
    if error > 1e-4 * np.abs(expected).max():
        print("MISMATCH")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
