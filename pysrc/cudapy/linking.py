"""Device functions of CUDA C++ that kernels call: numba's `cuda.declare_device` and the
`link=` option of a compile, whose CUDA C++ is compiled with the kernel's translation (by NVRTC
or nvcc for the GPU, by the host's C++ compiler for the CPU target)."""

import os
from typing import NamedTuple

from . import _ffi

# Files whose code needs the CUDA linker, which cudapy does not run: it compiles source.
_LINKER_INPUTS = (".ptx", ".o", ".obj", ".a", ".lib", ".cubin", ".fatbin", ".ltoir", ".lto")

_CONVENTIONS = {"numba": _ffi.CallingConvention.NUMBA, "c": _ffi.CallingConvention.C}


class CUSource:
    """numba-cuda's CUSource: CUDA C++ source text to link (`link=[CUSource(text)]`), told
    apart from a file name by its type."""

    def __init__(self, data):
        if isinstance(data, bytes):
            data = data.decode("utf-8")
        if not isinstance(data, str):
            raise TypeError(f"CUSource takes CUDA C++ source text, got {type(data).__name__}")
        self.data = data

    def __repr__(self):
        return f"<CUSource of {len(self.data)} characters>"


class LinkedSource(NamedTuple):
    """CUDA C++ text compiled ahead of a kernel's code; `file` names it in the compiler's
    messages."""

    text: str
    file: str


def linked_source(item):
    """One item of `link=`: CUDA C++ source text, or the path of a file of it (.cu, .cuh, ...),
    as a LinkedSource."""
    if isinstance(item, LinkedSource):
        return item
    if isinstance(item, CUSource):
        return LinkedSource(item.data, "<linked source>")
    if isinstance(item, bytes):
        item = os.fsdecode(item)
    if not isinstance(item, (str, os.PathLike)):
        raise TypeError("link= takes CUDA C++ source text or the paths of .cu files, got "
                        f"{type(item).__name__}")
    if isinstance(item, str) and ("\n" in item or "__device__" in item or "{" in item):
        return LinkedSource(item, "<linked source>")
    path = os.fspath(item)
    if path.lower().endswith(_LINKER_INPUTS):
        raise ValueError(f"cannot link {path}: cudapy compiles CUDA C++ source with the kernel "
                         "and does not run the CUDA linker, so PTX, LTO-IR, cubins and object "
                         "files cannot be linked; give the .cu source instead")
    try:
        with open(path, encoding="utf-8") as file:
            return LinkedSource(file.read(), path)
    except FileNotFoundError:
        raise FileNotFoundError(f"the CUDA C++ file to link, {path}, does not exist (link= "
                                "takes .cu files or source text)") from None
    except UnicodeDecodeError as error:
        raise ValueError(f"the file to link, {path}, is not UTF-8 text: {error}") from None


def linked_sources(items):
    """The LinkedSources of a compile's `link=` (None, one item or a list), in order and
    without repeats."""
    if items is None:
        return ()
    if isinstance(items, (str, bytes, os.PathLike, LinkedSource, CUSource)):
        items = [items]
    found = []
    for item in items:
        if isinstance(item, DeclaredDevice):
            continue  # its own sources come with it
        source = linked_source(item)
        if source not in found:
            found.append(source)
    return tuple(found)


class DeclaredDevice:
    """A device function written in CUDA C++ that kernels call (numba's
    `cuda.declare_device`). `name` is its C name, `signature` its types, as in
    `'float32(float32, int32)'` (scalars, and a scalar or void result); `link` the CUDA C++
    that defines it (source text or .cu files), unless the kernel's compile links it. `abi`
    "numba" is numba's convention, `extern "C" __device__ int name(T *result, args...)`,
    storing the result and returning 0; "c" is `extern "C" __device__ T name(args...)`.
    A kernel calls it by the name it is bound to."""

    def __init__(self, name, signature, link=None, abi="numba"):
        if not isinstance(name, str) or not name.isidentifier() or not name.isascii():
            raise ValueError(f"declare_device(): the name must be a C identifier, got {name!r}")
        if isinstance(signature, tuple) or (isinstance(signature, str)
                                            and signature.lstrip().startswith("(")):
            # numba's tuple of argument types serves kernels; a declaration needs more.
            raise TypeError("declare_device(): Return type missing: the signature names it, as "
                            f"in 'int32(int32, float32)'; got {signature!r}")
        if not isinstance(signature, str):
            raise TypeError("declare_device(): the signature must be a string such as "
                            f"'int32(int32, float32)', got {type(signature).__name__}")
        if abi not in _CONVENTIONS:
            raise ValueError(f'declare_device(): abi must be "numba" or "c", got {abi!r}')
        self.name = name
        self.signature = signature
        self.abi = abi
        self.link = linked_sources(link)

    @property
    def convention(self):
        """The cudapy_calling_convention of its abi."""
        return _CONVENTIONS[self.abi]

    @property
    def sig(self):
        """numba's: the signature, with its `args` and `return_type` as type objects."""
        from .numba_types import Signature
        return Signature(self.signature)

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"{self.name}() is a device function of CUDA C++: it can only be "
                           "called inside a kernel compiled for the GPU or the CPU target")

    def __repr__(self):
        return f"<cudapy declared device function {self.name}: {self.signature}>"


def declare_device(name, sig, link=None, use_cooperative=False, abi="numba"):
    """numba's `cuda.declare_device(name, sig, link=None)`: a device function of CUDA C++ that
    kernels call. See DeclaredDevice; `use_cooperative` (a function that needs a cooperative
    launch) is not supported."""
    if use_cooperative:
        raise ValueError("declare_device(use_cooperative=True): cooperative launches of kernels "
                         "that call CUDA C++ are not supported")
    return DeclaredDevice(name, sig, link, abi)
