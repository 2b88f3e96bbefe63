"""Exceptions raised by cudapy, one class per status code of the C library."""

import enum
import re
from collections import namedtuple


class DiagnosticKind(enum.IntEnum):
    """What kind of error a diagnostic reports (cudapy_diagnostic_kind)."""

    SYNTAX = 0
    UNSUPPORTED = 1
    NAME = 2
    TYPE = 3
    CUDA = 4
    INTERNAL = 5


# A named tuple rather than a dataclass: importing dataclasses costs more than the rest of
# `import cudapy`.
class Diagnostic(namedtuple("Diagnostic", ["kind", "filename", "lineno", "offset", "end_lineno",
                                           "end_offset", "message", "source_line"])):
    """One error in the user's kernel source: its DiagnosticKind, file, position (lines and
    columns 1-based, ends exclusive), message and source line."""

    __slots__ = ()


class CudapyError(Exception):
    """Base class of every error cudapy raises."""


class InvalidArgumentError(CudapyError, ValueError):
    """The library refused an argument (CUDAPY_ERROR_INVALID_ARGUMENT)."""


class HostMemoryError(CudapyError, MemoryError):
    """The library ran out of host memory."""


class CompileError(CudapyError):
    """The kernel source has errors.

    The position attributes describe the first error, like SyntaxError's; `diagnostics` holds
    every error. str() gives them formatted with the offending source lines.
    """

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)
        first = self.diagnostics[0] if self.diagnostics else None
        self.kind = first.kind if first else None
        self.filename = first.filename if first else None
        self.lineno = first.lineno if first else None
        self.offset = first.offset if first else None
        self.end_lineno = first.end_lineno if first else None
        self.end_offset = first.end_offset if first else None


class CudaCompilationError(CompileError):
    """NVRTC rejected the CUDA C++ translated from the kernel."""


class NvrtcUnavailableError(CudapyError):
    """NVRTC, needed to compile kernels, could not be found or loaded."""

    def __init__(self, message=""):
        hint = ("Install the CUDA toolkit's NVRTC (libnvrtc.so) or set CUDAPY_NVRTC to the path "
                "of libnvrtc.")
        super().__init__(f"{message}\n{hint}" if message else hint)


class NoDeviceError(CudapyError):
    """There is no CUDA driver or no GPU."""


class DeviceMemoryError(CudapyError, MemoryError):
    """The GPU ran out of memory."""


class NotFoundError(CudapyError, LookupError):
    """No kernel of that name, or no device of that ordinal."""


class LaunchError(CudapyError):
    """A kernel faulted or could not be launched."""


class KernelZeroDivisionError(LaunchError, ZeroDivisionError):
    """A kernel divided an integer by zero with // or % (on the CPU target always; on the GPU
    when compiled with debug=True); the message names the file and line."""


class KernelValueError(LaunchError, ValueError):
    """A kernel met Python's ValueError (a range() step of zero); the message names the file
    and line."""


class KernelAssertionError(CudapyError, AssertionError):
    """An `assert` in a kernel compiled with debug=True failed; the message names the file, line
    and thread."""


class CudaError(CudapyError):
    """Any other error of the CUDA runtime."""


class LibraryUnavailableError(CudapyError):
    """cuBLAS, cuFFT or cuRAND could not be found or loaded; the message says where it looked
    and how to install it. The rest of cudapy keeps working."""


class LibraryError(CudapyError):
    """cuBLAS, cuFFT or cuRAND returned an error. `status` is its name for it
    ("CUFFT_INVALID_SIZE", "CUBLAS_STATUS_INVALID_VALUE", ...), or None when the library did not
    say."""

    def __init__(self, message=""):
        super().__init__(message)
        found = re.search(r"\b(CUBLAS_STATUS|CUFFT|CURAND_STATUS)_[A-Z0-9_]+", message)
        self.status = found.group(0) if found else None


class UnsupportedError(CudapyError):
    """The library was built without the feature asked for."""


class InternalError(CudapyError):
    """A bug in cudapy."""


class CudapyWarning(UserWarning):
    """What the library did otherwise than asked without failing, e.g. a compile cache folder
    that others may write, which it does not use (its kernels are compiled afresh)."""
