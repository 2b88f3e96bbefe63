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

from . import cuda
from .array import CudaArray
from .device import DeviceInfo, device_count, device_info, has_gpu, synchronize
from .errors import (CompileError, CudaCompilationError, CudaError, CudapyError, Diagnostic,
                     DiagnosticKind, DeviceMemoryError, HostMemoryError, InternalError,
                     InvalidArgumentError, KernelAssertionError, LaunchError, NoDeviceError,
                     NotFoundError, NvrtcUnavailableError, UnsupportedError)
from .kernel import Kernel, Module, compile, module, ptx, translate
from .types import Bool, Double, Float, Int

__version__ = "0.1.0"

__all__ = [
    "Bool", "CompileError", "CudaArray", "CudaCompilationError", "CudaError", "CudapyError",
    "DeviceInfo", "DeviceMemoryError", "Diagnostic", "DiagnosticKind", "Double", "Float",
    "HostMemoryError", "Int", "cuda", "InternalError", "InvalidArgumentError", "Kernel",
    "KernelAssertionError", "LaunchError",
    "Module", "module",
    "NoDeviceError", "NotFoundError", "NvrtcUnavailableError", "UnsupportedError", "compile",
    "device_count", "device_info", "has_gpu", "ptx", "synchronize", "translate",
]
