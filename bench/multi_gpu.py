#!/usr/bin/env python3
"""Several GPUs of one host, in one run on the same data:

- SAXPY over 2^30 float32 values: cudapy on one GPU, then the same kernel spread over two with
  launch_split (the arrays split by rows beforehand with cudapy.split), and CuPy's elementwise
  kernel run on each GPU's half by hand as the peer;
- a copy of 1 GiB from GPU 0 to GPU 1 (and back): cudapy's copy between device arrays against
  CuPy's cudaMemcpyPeer and PyTorch's Tensor.copy_, all with peer access enabled.

Each figure is the median of samples of back-to-back calls between synchronizations of both
GPUs, after a checked first call. Needs two GPUs; run on the GPU machine:

    CUDAPY_LIBRARY=$PWD/build/libcudapy.so PYTHONPATH=pysrc python3 bench/multi_gpu.py
"""

import numpy as np

import cudapy as cp
from timing import checked_seconds

SAXPY_COUNT = 1 << 30
COPY_BYTES = 1 << 30
ALPHA = np.float32(2.0)

SAXPY = '''
# saxpy : void (float a, float* x, float* y, float* out)
def saxpy(a, x, y, out):
    if idx < len(x):
        out[idx] = a * x[idx] + y[idx]
'''


def synchronize_all():
    for device in cp.devices()[:2]:
        device.synchronize()


def equal_to(expected):
    def check(result):
        got = result.copy_to_host() if hasattr(result, "copy_to_host") else result
        if not np.array_equal(got, expected):
            raise AssertionError("wrong result")
    return check


def saxpy_figures():
    n = SAXPY_COUNT
    x_host = (np.arange(n, dtype=np.uint32) % 1024).astype(np.float32)
    y_host = np.ones(n, np.float32)
    expected = ALPHA * x_host + y_host
    saxpy = cp.compile(SAXPY)
    print(f"SAXPY over {n} float32 values (3 x {n * 4 >> 30} GiB moved per call)")

    x, y, out = cp.to_device(x_host), cp.to_device(y_host), cp.device_array(n, np.float32)
    launch_one = saxpy(n)

    def one_gpu():
        launch_one(ALPHA, x, y, out)
        return out
    one = checked_seconds("cudapy, one GPU", one_gpu, synchronize_all, equal_to(expected))
    del x, y, out

    xs, ys, outs = cp.split(x_host, 2), cp.split(y_host, 2), cp.split(np.empty(n, np.float32), 2)

    def two_gpus():
        saxpy.launch_split(n, ALPHA, xs, ys, outs)
        return outs
    two = checked_seconds("cudapy, two GPUs", two_gpus, synchronize_all, equal_to(expected))

    cupy_two = None
    try:
        import cupy
        kernel = cupy.ElementwiseKernel("float32 a, float32 x, float32 y", "float32 out",
                                        "out = a * x + y", "saxpy")
        halves = []
        for device, piece_x, piece_y, piece_out in zip(range(2), xs, ys, outs):
            with cupy.cuda.Device(device):
                halves.append((device, cupy.asarray(piece_x), cupy.asarray(piece_y),
                               cupy.asarray(piece_out)))

        def cupy_gpus():
            for device, piece_x, piece_y, piece_out in halves:
                with cupy.cuda.Device(device):
                    kernel(ALPHA, piece_x, piece_y, piece_out)
            return outs
        cupy_two = checked_seconds("CuPy, two GPUs by hand", cupy_gpus, synchronize_all,
                                   equal_to(expected))
    except ImportError:
        print("  CuPy: n/a (not installed)")
    del xs, ys, outs
    for name, seconds in (("cudapy, one GPU", one), ("cudapy, two GPUs", two),
                          ("CuPy, two GPUs by hand", cupy_two)):
        if seconds is not None:
            print(f"  {name:24s} {seconds * 1e3:8.3f} ms  "
                  f"{3 * 4 * n / seconds / 1e9:8.1f} GB/s")
    if one and two:
        print(f"  two GPUs against one: {one / two:.3f}x (wanted at least 1.9x)")
    if two and cupy_two:
        print(f"  cudapy against CuPy on two GPUs: {cupy_two / two:.3f} of its time")
    return one, two


def copy_figures():
    count = COPY_BYTES // 4
    host = np.arange(count, dtype=np.float32)
    print(f"Copies of {COPY_BYTES >> 20} MiB between GPU 0 and GPU 1 "
          f"(peer access: {cp.device(0).can_access_peer(1)}, {cp.device(1).can_access_peer(0)})")
    figures = {}
    for source, destination in ((0, 1), (1, 0)):
        src = cp.to_device(host, device=source)
        dst = cp.device_array(count, np.float32) if destination == 0 else None
        if dst is None:
            with cp.device(destination):
                dst = cp.device_array(count, np.float32)

        def ours():
            dst.copy_to_device(src)
            return dst
        seconds = {"cudapy": checked_seconds("cudapy", ours, synchronize_all, equal_to(host))}
        try:
            import cupy
            for device in (source, destination):
                with cupy.cuda.Device(device):
                    try:
                        cupy.cuda.runtime.deviceEnablePeerAccess(source + destination - device)
                    except cupy.cuda.runtime.CUDARuntimeError:
                        pass  # already enabled in the process's context
            src_pointer = src.__cuda_array_interface__["data"][0]
            dst_pointer = dst.__cuda_array_interface__["data"][0]

            def cupy_copy():
                cupy.cuda.runtime.memcpyPeer(dst_pointer, destination, src_pointer, source,
                                             COPY_BYTES)
                return dst
            seconds["CuPy memcpyPeer"] = checked_seconds("CuPy", cupy_copy, synchronize_all,
                                                         equal_to(host))
        except ImportError:
            print("  CuPy: n/a (not installed)")
        try:
            import torch
            torch_src = torch.from_dlpack(src)
            torch_dst = torch.from_dlpack(dst)

            def torch_copy():
                torch_dst.copy_(torch_src)
                return dst
            seconds["PyTorch copy_"] = checked_seconds("PyTorch", torch_copy, synchronize_all,
                                                       equal_to(host))
        except ImportError:
            print("  PyTorch: n/a (not installed)")
        print(f"  GPU {source} -> GPU {destination}:")
        for name, value in seconds.items():
            if value is not None:
                print(f"    {name:18s} {COPY_BYTES / value / 1e9:8.1f} GB/s")
        peers = [value for name, value in seconds.items() if name != "cudapy" and value]
        if seconds["cudapy"] and peers:
            print(f"    cudapy against the fastest peer: {min(peers) / seconds['cudapy']:.3f} "
                  "of its bandwidth (wanted at least 0.9 of CuPy's)")
        figures[(source, destination)] = seconds
        del src, dst
    return figures


def main():
    found = cp.devices("cuda") if cp.has_gpu() else []
    if len(found) < 2:
        print(f"needs two GPUs; this machine has {len(found)}")
        return
    for device in found:
        print(f"GPU {device.id}: {device.name}")
    saxpy_figures()
    copy_figures()


if __name__ == "__main__":
    main()
