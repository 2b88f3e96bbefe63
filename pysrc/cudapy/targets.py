"""Where kernels run: "cuda" (the GPU), "cpu" (C++ compiled by the host's compiler and run on
a pool of threads; arrays in host memory) or "python" (the interpreter, thread by thread).
The default is $CUDAPY_TARGET, else "cuda"."""

import os

from . import _ffi

TARGETS = ("cuda", "cpu", "python")


def resolve(target=None):
    """The target named, or the default; ValueError for an unknown name."""
    if target is None:
        target = os.environ.get("CUDAPY_TARGET") or "cuda"
        where = "CUDAPY_TARGET"
    else:
        where = "target"
    if target not in TARGETS:
        raise ValueError(f"{where} must be one of {', '.join(map(repr, TARGETS))}, got {target!r}")
    return target


def memory_target(target):
    """The C ABI target whose memory holds the arrays of kernels run on `target`: the
    interpreter works on host memory like the CPU target."""
    return _ffi.Target.CUDA if target == "cuda" else _ffi.Target.CPU
