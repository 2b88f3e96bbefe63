#!/usr/bin/env python3
"""NVIDIA's libraries through cudapy.cudalib against CuPy and PyTorch, in one run on one GPU,
same data:

- the FFT of 2^24 complex64 values, and a batch of 64 2-d FFTs of 512x512 complex64 (a new
  output array each call, as CuPy's and PyTorch's functions make);
- the host time of one 1,024-point FFT (calls back to back, where the GPU's work is tiny);
- GEMM of two 4096x4096 float32 matrices, TF32 off everywhere (TFLOP/s);
- cuRAND's XORWOW generator filling 2^28 float32 uniforms (GB/s of output): cudapy's PRNG, CuPy's
  RandomState with the same generator.

Each figure is the median of samples of back-to-back calls between synchronizations, after a
checked warm-up; each call's host time is inside it. Missing peers print n/a. Run on the GPU
machine:

    CUDAPY_LIBRARY=$PWD/build/libcudapy.so PYTHONPATH=pysrc python3 bench/cudalib.py
"""

import numpy as np

from timing import checked_seconds
import figures

SAMPLES = 7
SAMPLE_SECONDS = 0.25
FFT_POINTS = 1 << 24
BATCH, PLANE = 64, 512
SMALL_FFT = 1024
SIDE = 4096
RANDOM_COUNT = 1 << 28


def peers():
    found = {}
    try:
        import cupy
        found["cupy"] = cupy
    except ImportError:
        pass
    try:
        import torch
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        found["torch"] = torch
    except ImportError:
        pass
    return found


def host_copy(result):
    """A result of cudapy, CuPy or PyTorch as a NumPy array."""
    if hasattr(result, "copy_to_host"):
        return result.copy_to_host()
    return result.get() if hasattr(result, "get") else result.cpu().numpy()


def close(expected, tolerance, part=slice(None)):
    """A check that the `part` of a result is within `tolerance` (relative) of `expected`."""
    def check(result):
        got = host_copy(result)[part]
        error = np.abs(got - expected).max() / np.abs(expected).max()
        if error > tolerance:
            raise AssertionError(f"relative error {error:.2e}")
    return check


def print_rows(title, rows, unit, amount):
    print(title)
    figures.section(title, unit)
    for name, seconds in rows.items():
        figures.record(name, amount / seconds if seconds else None)
    best_peer = max((amount / seconds for name, seconds in rows.items()
                     if seconds and name != "cudapy"), default=None)
    for name, seconds in rows.items():
        if seconds is None:
            print(f"  {name:34s}      n/a")
            continue
        rate = amount / seconds
        ratio = f"  ({rate / best_peer:.3f} of the best peer)" if name == "cudapy" and best_peer else ""
        print(f"  {name:34s} {rate:10.1f} {unit}   {seconds * 1e6:10.1f} us{ratio}")


def measure(name, call, synchronize, check=None):
    return checked_seconds(name, call, synchronize, check, SAMPLES, SAMPLE_SECONDS)


def compare(cp, found, data, ours, cupy_call, torch_call, check):
    """Seconds per call of `ours` on a device copy of `data`, and of the peers' calls on theirs,
    by row name."""
    device = cp.to_device(data)
    rows = {"cudapy": measure("cudapy", lambda: ours(device), cp.synchronize, check)}
    if "cupy" in found:
        cupy = found["cupy"]
        array = cupy.asarray(data)
        name, call = cupy_call
        rows[name] = measure("cupy", lambda: call(array), cupy.cuda.Device().synchronize, check)
    if "torch" in found:
        torch = found["torch"]
        tensor = torch.from_numpy(data).cuda()
        name, call = torch_call
        rows[name] = measure("torch", lambda: call(tensor), torch.cuda.synchronize, check)
    return rows


def bench_fft(cp, cufft, found):
    rng = np.random.default_rng(1)
    cupy, torch = found.get("cupy"), found.get("torch")
    signal = (rng.standard_normal(FFT_POINTS) + 1j * rng.standard_normal(FFT_POINTS)).astype(np.complex64)
    rows = compare(cp, found, signal, cufft.fft,
                   ("CuPy cupy.fft.fft", cupy and cupy.fft.fft),
                   ("PyTorch torch.fft.fft", torch and torch.fft.fft),
                   close(np.fft.fft(signal.astype(np.complex128)), 1e-5))
    # GB/s of the bytes a transform reads and writes once
    print_rows(f"FFT of 2^24 complex64 ({FFT_POINTS * 16 / 1e9:.2f} GB moved per call)", rows,
               "GB/s", FFT_POINTS * 16 / 1e9)

    planes = (rng.standard_normal((BATCH, PLANE, PLANE)) + 1j *
              rng.standard_normal((BATCH, PLANE, PLANE))).astype(np.complex64)
    rows = compare(cp, found, planes, lambda device: cufft.fft(device, axes=(-2, -1)),
                   ("CuPy cupy.fft.fft2", cupy and cupy.fft.fft2),
                   ("PyTorch torch.fft.fft2", torch and torch.fft.fft2),
                   close(np.fft.fft2(planes[:2].astype(np.complex128)), 1e-5, slice(0, 2)))
    print_rows(f"{BATCH} 2-d FFTs of {PLANE}x{PLANE} complex64", rows, "GB/s", planes.nbytes * 2 / 1e9)

    small = signal[:SMALL_FFT].copy()
    rows = compare(cp, found, small, cufft.fft,
                   ("CuPy cupy.fft.fft", cupy and cupy.fft.fft),
                   ("PyTorch torch.fft.fft", torch and torch.fft.fft),
                   close(np.fft.fft(small.astype(np.complex128)), 1e-5))
    print_rows("a 1,024-point complex64 FFT, back to back (host time per call)", rows,
               "k calls/s", 1e-3)


def bench_gemm(cp, cublas, found):
    rng = np.random.default_rng(2)
    a = rng.standard_normal((SIDE, SIDE)).astype(np.float32)
    b = rng.standard_normal((SIDE, SIDE)).astype(np.float32)
    rows_checked = slice(0, 64)
    reference = a[rows_checked].astype(np.float64) @ b.astype(np.float64)

    def check(result):
        got = host_copy(result)
        error = np.abs(got[rows_checked] - reference).max() / np.abs(reference).max()
        if error > 1e-5:  # TF32 would miss this by far
            raise AssertionError(f"relative error {error:.2e}: TF32 on?")
    da, db = cp.to_device(a), cp.to_device(b)
    dc = cp.device_array((SIDE, SIDE), np.float32)
    rows = {"cudapy": measure("cudapy", lambda: cublas.gemm("N", "N", SIDE, SIDE, SIDE, 1.0, da, db,
                                                            0.0, dc), cp.synchronize, check)}
    if "cupy" in found:
        cupy = found["cupy"]
        ca, cb, cc = cupy.asarray(a), cupy.asarray(b), cupy.empty((SIDE, SIDE), np.float32)
        rows["CuPy cupy.matmul"] = measure("cupy", lambda: cupy.matmul(ca, cb, out=cc),
                                           cupy.cuda.Device().synchronize, check)
    if "torch" in found:
        torch = found["torch"]
        ta, tb = torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda()
        tc = torch.empty((SIDE, SIDE), dtype=torch.float32, device="cuda")
        rows["PyTorch torch.matmul"] = measure("torch", lambda: torch.matmul(ta, tb, out=tc),
                                               torch.cuda.synchronize, check)
    print_rows(f"GEMM {SIDE}^3 float32, TF32 off", rows, "TFLOP/s", 2 * SIDE**3 / 1e12)


def bench_random(cp, curand, found):
    def check(result):
        sample = host_copy(result)[:1 << 20]
        if not (0.0 < sample.min() and sample.max() <= 1.0 and abs(sample.mean() - 0.5) < 0.01):
            raise AssertionError("not uniform in (0, 1]")
    out = cp.device_array(RANDOM_COUNT, np.float32)
    generator = curand.PRNG(rndtype=curand.PRNG.XORWOW, seed=1)

    def ours():
        generator.uniform(out)
        return out
    rows = {"cudapy": measure("cudapy", ours, cp.synchronize, check)}
    if "cupy" in found:
        cupy = found["cupy"]
        state = cupy.random.RandomState(1, method=cupy.cuda.curand.CURAND_RNG_PSEUDO_XORWOW)
        rows["CuPy RandomState.random_sample"] = measure(
            "cupy", lambda: state.random_sample(RANDOM_COUNT, dtype=np.float32),
            cupy.cuda.Device().synchronize, check)
    print_rows("cuRAND XORWOW, 2^28 float32 uniforms", rows, "GB/s", RANDOM_COUNT * 4 / 1e9)


def main():
    import cudapy as cp

    if cp.device_count() == 0:
        print("SKIP: no CUDA GPU found")
        return
    from cudapy.cudalib import cublas, cufft, curand, versions

    found = peers()
    print(f"{cp.device_info().name}; libraries {versions()}")
    figures.device(cp.device_info().name)
    bench_fft(cp, cufft, found)
    bench_gemm(cp, cublas, found)
    bench_random(cp, curand, found)


if __name__ == "__main__":
    main()
