"""ParPy's backends. CompileBackend.Cuda is cudapy's target: the GPU, or the CPU target or
the interpreter where $CUDAPY_TARGET names them ("cpu", "python"), so that ParPy programs run
and are tested without a GPU. cudapy has no Metal backend (ParPy's Apple one): `backends` lists
the backends cudapy has."""

import functools

from .. import targets
from .options import CompileBackend

backends = [CompileBackend.Cuda]


@functools.lru_cache(maxsize=None)
def _gpu_missing():
    """Why the GPU cannot run code, None where it can; asked once, as GPUs do not come and go."""
    from .._devices import has_gpu
    return None if has_gpu() else ("no CUDA GPU is usable (set CUDAPY_TARGET=cpu to run on the "
                                   "CPU target)")


def _why_disabled(backend):
    """None when `backend` can run here, else the reason it cannot."""
    if backend == CompileBackend.Cuda:
        return _gpu_missing() if targets.resolve() == "cuda" else None
    if backend == CompileBackend.Metal:
        return "cudapy has no Metal backend"
    return f"unknown backend {backend!r}"


def is_enabled(backend, verbose=False):
    """Whether `backend` can run code here; `verbose` prints why not."""
    reason = _why_disabled(backend)
    if reason is not None and verbose:
        print(f"Backend {backend} is not enabled: {reason}")
    return reason is None


def target():
    """cudapy's target that CompileBackend.Cuda runs on ("cuda", "cpu" or "python")."""
    return targets.resolve()


def resolve(opts, strict):
    """`opts` with its backend resolved: Auto becomes Cuda. `strict` (a call, which runs the
    code) refuses a backend that is not enabled; printing code needs no GPU."""
    if opts.verbose_backend_resolution:
        for backend in backends:
            is_enabled(backend, True)
    if opts.backend == CompileBackend.Auto:
        opts.backend = CompileBackend.Cuda
    if opts.backend != CompileBackend.Cuda:
        raise RuntimeError(f"Specified backend {opts.backend} is not available: "
                           f"{_why_disabled(opts.backend)}")
    if strict and not is_enabled(opts.backend):
        raise RuntimeError(f"Specified backend {opts.backend} is not available: "
                           f"{_why_disabled(opts.backend)}")
    return opts
