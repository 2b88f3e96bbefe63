"""NVIDIA's CUDA libraries, as NumbaPro offered them: `from cudapy.cudalib import cublas, cufft,
curand`. cuBLAS, cuFFT and cuRAND themselves do the work: each is loaded on first use, found
as NVRTC is ($CUDAPY_CUBLAS, $CUDAPY_CUFFT, $CUDAPY_CURAND, the CUDA toolkit, the nvidia-*
wheels of a pip-installed CUDA, the loader's path). A missing one raises
cudapy.LibraryUnavailableError saying where it looked; the rest of cudapy keeps working. They
run on the GPU only: the CPU target's arrays are refused with cudapy.UnsupportedError.
"""

from .. import _ffi
from ._operands import library_version

__all__ = ["cublas", "cufft", "curand", "library_version", "versions"]


def versions():
    """{"cublas": version, "cufft": version, "curand": version} of the libraries that load
    (each as it numbers itself, e.g. cuBLAS 130100 for 13.1.0); a missing one is left out."""
    found = {}
    for library in _ffi.NvidiaLibrary:
        try:
            found[library.name.lower()] = library_version(library)[0]
        except Exception:  # noqa: BLE001 - a library that does not load is what this reports
            continue
    return found


def __getattr__(name):
    if name in ("cublas", "cufft", "curand"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
