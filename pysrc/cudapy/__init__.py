"""cudapy: GPU kernels written in Python, translated to CUDA C++ and launched from Python.

    import cudapy as cp

    # saxpy : void (float alpha, float* X, float* Y)
    def saxpy(alpha, X, Y):
        if idx < len(X):
            Y[idx] = alpha * X[idx] + Y[idx]

    kernel = cp.compile(saxpy)
    kernel(len(x))(2.0, x, y)

`from cudapy import cuda` gives numba.cuda's vocabulary: @cuda.jit, cuda.grid, cuda.to_device, ...
"""

from .array import (CudaArray, DeviceArray, device_array, empty, empty_like, from_dlpack,
                    pinned_array, to_device, zeros, zeros_like)
from .cache import cache_directory, cache_stats, clear_cache
from ._devices import (Device, DeviceInfo, current_device, device, device_count, device_info,
                     devices, has_gpu, memory_info, select_device, simulate_devices,
                     synchronize)
from .multidevice import SplitArray, gather, split
from .stream import Event, Stream, default_stream, event, external_stream, stream
from .errors import (CompileError, CudaCompilationError, CudaError, CudapyError, CudapyWarning,
                     Diagnostic, DiagnosticKind, DeviceMemoryError, HostMemoryError, InternalError,
                     InvalidArgumentError, KernelAssertionError, KernelValueError, LibraryError,
                     LibraryUnavailableError,
                     KernelZeroDivisionError, LaunchError, NoDeviceError,
                     NotFoundError, NvrtcUnavailableError, UnsupportedError)
from ._compile import ptx, translate
from ._launch import In, InOut, Out, dim3
from .kernel import Kernel, Module, compile, module
from .cuda_source import RawKernel, RawModule, SourceModule, compile_cuda
from .linking import declare_device
from .progress import set_progress
from .elementwise import Elementwise, ElementwiseKernel, fuse, map, zipWith
from .arraymath import if_positive, where
from .arrayreduce import dot, vdot
from .reduction import Reduce, ReductionKernel
from .scans import cumprod, cumsum, scan
from . import linalg
from .vectorize import vectorize
from .guvectorize import guvectorize
from ._source import keep_compiled_strings

# A function defined by exec'd text may be a kernel: the texts are kept as they are compiled.
keep_compiled_strings()
del keep_compiled_strings


def reduce(binop):
    """CudaPy's reduce template (numba's cuda.reduce): a Reduce that folds a host or device
    array with the binary function `binop`, assumed associative and commutative."""
    return Reduce(binop)


__version__ = "0.1.0"

# Read on first use: cp.Int, cp.Float, cp.Double and cp.Bool are NumPy's types, and `cuda`
# (numba's vocabulary) needs NumPy too; `import cudapy` alone does not import NumPy.
_LAZY_TYPES = ("Bool", "Double", "Float", "Int")


def __getattr__(name):
    if name in _LAZY_TYPES:
        from . import types
        return getattr(types, name)
    if name in ("cuda", "random", "cudalib"):
        import importlib
        return importlib.import_module(f".{name}", __name__)
    if name == "matmul":  # cuBLAS's, loaded with the CUDA libraries on first use
        from .cudalib.cublas import matmul
        return matmul
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Bool", "CompileError", "CudaArray", "CudaCompilationError", "CudaError", "CudapyError",
    "CudapyWarning",
    "DeviceInfo", "DeviceMemoryError", "Diagnostic", "DiagnosticKind", "Double", "Float",
    "HostMemoryError", "Int", "cuda", "cudalib", "matmul", "InternalError",
    "InvalidArgumentError", "Kernel",
    "KernelAssertionError", "KernelValueError", "KernelZeroDivisionError", "LaunchError",
    "LibraryError", "LibraryUnavailableError",
    "Module", "module",
    "NoDeviceError", "NotFoundError", "NvrtcUnavailableError", "UnsupportedError", "compile",
    "Device", "SplitArray", "current_device", "device", "devices", "gather", "select_device",
    "simulate_devices", "split",
    "device_count", "device_info", "dim3", "has_gpu", "ptx", "synchronize", "translate",
    "cache_directory", "cache_stats", "clear_cache",
    "DeviceArray", "Event", "Stream", "default_stream", "device_array", "empty", "empty_like",
    "event", "external_stream", "from_dlpack", "memory_info", "pinned_array", "stream",
    "to_device", "zeros", "zeros_like",
    "Elementwise", "ElementwiseKernel", "fuse", "if_positive", "map", "vectorize", "where", "zipWith",
    "Reduce", "ReductionKernel", "cumprod", "cumsum", "dot", "linalg", "reduce", "scan", "vdot",
    "In", "InOut", "Out", "RawKernel", "RawModule", "SourceModule", "compile_cuda",
    "declare_device", "set_progress", "guvectorize",
]
