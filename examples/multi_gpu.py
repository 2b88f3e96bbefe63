#!/usr/bin/env python3
"""Several GPUs of one host: SAXPY over 2**22 floats split by rows over every GPU (one launch,
each GPU running its rows), then an all-reduce of one array per GPU: with NCCL through
PyTorch's bindings, handed cudapy's arrays without a copy, where there are two GPUs or more and
PyTorch has NCCL; otherwise with cudapy's own copies between devices. Both are checked against
NumPy. On the CPU target (CUDAPY_TARGET=cpu) the same program runs on four simulated devices."""

import importlib.util
import os
import sys
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

import numpy as np

import cudapy as cp


# saxpy : void (float alpha, float* X, float* Y)
def saxpy(alpha, X, Y):
    if idx < len(X):
        Y[idx] = alpha * X[idx] + Y[idx]


def spread_saxpy(n, alpha, target):
    rng = np.random.default_rng(2015)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    kernel = cp.compile(saxpy, target=target)
    X, Y = cp.split(x, target=target), cp.split(y, target=target)
    kernel.launch_split(n, alpha, X, Y)
    result = cp.gather(Y).copy_to_host()
    ok = np.allclose(result, np.float32(alpha) * x + y, rtol=1e-6)
    placed = ", ".join(f"{stop - start} on device {device.id}"
                       for start, stop, device in zip(Y.bounds, Y.bounds[1:], Y.devices))
    print(f"saxpy over {len(Y)} devices ({placed}): {'OK' if ok else 'MISMATCH'}")
    return ok


def nccl_all_reduce(arrays):
    """Sums the arrays (one per GPU) in place with NCCL, or returns False where there is none."""
    if len(arrays) < 2 or arrays[0].target != "cuda":
        return False
    try:
        import torch
        import torch.cuda.nccl as nccl
    except ImportError:
        return False
    tensors = [torch.from_dlpack(array) for array in arrays]  # the same memory, on its GPU
    if not nccl.is_available(tensors):
        return False
    nccl.all_reduce(tensors)
    return True


def copied_all_reduce(arrays):
    """Sums the arrays in place with cudapy alone: each copied to the first's device and added
    there, the sum copied back to every device."""
    with arrays[0].device:
        total = cp.to_device(arrays[0])
        for array in arrays[1:]:
            total += cp.to_device(array)  # a copy between devices, then an add on device 0
    for array in arrays:
        array.copy_to_device(total)


def all_reduce(n, target):
    arrays = [cp.to_device(np.full(n, device.id + 1, np.float32), device=device)
              for device in cp.devices(target)]
    how = "NCCL" if nccl_all_reduce(arrays) else "cudapy's copies between devices"
    if how != "NCCL":
        copied_all_reduce(arrays)
    expected = np.full(n, sum(range(1, len(arrays) + 1)), np.float32)
    ok = all(np.array_equal(array.copy_to_host(), expected) for array in arrays)
    print(f"all-reduce of {len(arrays)} arrays with {how}: {'OK' if ok else 'MISMATCH'}")
    return ok


def run(n=2 ** 22, alpha=2.0, target=None):
    if target is None:
        target = os.environ.get("CUDAPY_TARGET") or ("cuda" if cp.has_gpu() else "cpu")
    if target != "cuda":
        cp.simulate_devices(4)
    return spread_saxpy(n, alpha, target) & all_reduce(n // 16, target)


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
