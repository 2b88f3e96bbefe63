"""The ctypes binding of libcudapy (include/cudapy/cudapy.h): the only place that declares it."""

import atexit
import ctypes
import enum
import os
import sys
import weakref
from typing import NamedTuple

from . import errors

ABI_VERSION = 2


class Status(enum.IntEnum):
    OK = 0
    INVALID_ARGUMENT = 1
    HOST_OUT_OF_MEMORY = 2
    TRANSLATION = 3
    NVRTC_UNAVAILABLE = 4
    CUDA_COMPILATION = 5
    NO_DEVICE = 6
    DEVICE_OUT_OF_MEMORY = 7
    NOT_FOUND = 8
    LAUNCH_FAILED = 9
    CUDA = 10
    UNSUPPORTED = 11
    INTERNAL = 12
    ASSERTION = 13
    LIBRARY_UNAVAILABLE = 14
    LIBRARY = 15


class ParamKind(enum.IntEnum):
    SCALAR = 0
    ARRAY = 1


class Typing(enum.IntEnum):
    """cudapy_typing: whose rules type a program's variables."""

    CUDAPY = 0
    NUMBA = 1


class Layout(enum.IntEnum):
    """cudapy_layout: how an n-dimensional array argument is laid out."""

    C = 0
    F = 1
    ANY = 2


# The members by value: a tuple index costs a fraction of the enum's call.
LAYOUTS = tuple(Layout)


class Target(enum.IntEnum):
    CUDA = 0
    CPU = 1


class BuiltinGroup(enum.IntEnum):
    """cudapy_builtin_group: how the threads calling a builtin wait for each other."""

    BLOCK_BARRIER = 0
    WARP_COLLECTIVE = 1
    WARP_CONVERGENCE = 2
    INDEPENDENT = 3
    ATOMIC = 4
    GRID_BARRIER = 5
    CACHE_HINT = 6


class BuiltinInfo(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("name", ctypes.c_char_p), ("group", ctypes.c_int),
                ("min_args", ctypes.c_int), ("max_args", ctypes.c_int)]


class VersionInfo(ctypes.Structure):
    _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
                ("abi", ctypes.c_int)]


class Diagnostic(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("kind", ctypes.c_int), ("file", ctypes.c_char_p),
                ("line", ctypes.c_int), ("column", ctypes.c_int), ("end_line", ctypes.c_int),
                ("end_column", ctypes.c_int), ("message", ctypes.c_char_p),
                ("source_line", ctypes.c_char_p)]


class ParamInfo(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("name", ctypes.c_char_p), ("kind", ctypes.c_int),
                ("element", ctypes.c_int), ("written", ctypes.c_int),
                ("offset", ctypes.c_size_t), ("bytes", ctypes.c_size_t),
                ("array_depth", ctypes.c_int), ("ndim", ctypes.c_int), ("layout", ctypes.c_int)]


class Array(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_int64)]


class CompileOptions(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("arch", ctypes.c_char_p),
                ("fast_math", ctypes.c_int), ("line_info", ctypes.c_int), ("target", ctypes.c_int),
                ("debug", ctypes.c_int), ("max_registers", ctypes.c_int),
                ("launch_bounds_max_threads", ctypes.c_int),
                ("launch_bounds_min_blocks", ctypes.c_int), ("compiler", ctypes.c_int),
                ("shared_memory_carveout", ctypes.c_int),
                ("launch_bounds_max_cluster_blocks", ctypes.c_int)]


class CallingConvention(enum.IntEnum):
    """cudapy_calling_convention: how a declared device function returns its value."""

    NUMBA = 0
    C = 1


class NvidiaLibrary(enum.IntEnum):
    """cudapy_nvidia_library: the NVIDIA libraries loaded at run time."""

    CUBLAS = 0
    CUFFT = 1
    CURAND = 2


class Element(enum.IntEnum):
    """cudapy_element: what cuBLAS and cuFFT compute with."""

    FLOAT32 = 0
    FLOAT64 = 1
    COMPLEX64 = 2
    COMPLEX128 = 3


class Transpose(enum.IntEnum):
    """cudapy_transpose: op(A) of a BLAS call."""

    NONE = 0
    TRANSPOSE = 1
    CONJUGATE = 2


class FftKind(enum.IntEnum):
    """cudapy_fft_kind: complex to complex, real to complex, complex to real."""

    C2C = 0
    R2C = 1
    C2R = 2


class RandomKind(enum.IntEnum):
    """cudapy_random_kind: cuRAND's generators (quasi-random from SOBOL32 on)."""

    XORWOW = 0
    PHILOX = 1
    MRG32K3A = 2
    MTGP32 = 3
    MT19937 = 4
    SOBOL32 = 5
    SCRAMBLED_SOBOL32 = 6
    SOBOL64 = 7
    SCRAMBLED_SOBOL64 = 8


class Distribution(enum.IntEnum):
    """cudapy_distribution: what a cuRAND generator draws."""

    UNIFORM = 0
    NORMAL = 1
    LOG_NORMAL = 2
    POISSON = 3
    BITS = 4


class RandomOutput(enum.IntEnum):
    """cudapy_random_output: the type a cuRAND generator writes."""

    FLOAT32 = 0
    FLOAT64 = 1
    UINT32 = 2
    UINT64 = 3


class Compiler(enum.IntEnum):
    """cudapy_compiler: what compiles CUDA C++ for the GPU."""

    DEFAULT = 0
    NVRTC = 1
    NVCC = 2


class CacheStats(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("memory_hits", ctypes.c_uint64),
                ("disk_hits", ctypes.c_uint64), ("compiles", ctypes.c_uint64),
                ("disk_writes", ctypes.c_uint64), ("bad_entries", ctypes.c_uint64),
                ("disk_errors", ctypes.c_uint64)]


class Dim3(ctypes.Structure):
    _fields_ = [("x", ctypes.c_uint32), ("y", ctypes.c_uint32), ("z", ctypes.c_uint32)]


class LaunchConfig(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("grid", Dim3), ("block", Dim3), ("threads", Dim3),
                ("shared_bytes", ctypes.c_size_t), ("stream", ctypes.c_size_t)]


class DeviceInfo(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("name", ctypes.c_char * 256), ("major", ctypes.c_int),
                ("minor", ctypes.c_int), ("multiprocessors", ctypes.c_int),
                ("total_memory", ctypes.c_size_t)]


class CudaOptions(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("name", ctypes.c_char_p), ("arch", ctypes.c_char_p),
                ("compiler", ctypes.c_int),
                ("options", ctypes.POINTER(ctypes.c_char_p)), ("option_count", ctypes.c_size_t),
                ("include_dirs", ctypes.POINTER(ctypes.c_char_p)),
                ("include_dir_count", ctypes.c_size_t),
                ("name_expressions", ctypes.POINTER(ctypes.c_char_p)),
                ("name_expression_count", ctypes.c_size_t)]


class KernelInfo(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("max_threads_per_block", ctypes.c_int),
                ("registers", ctypes.c_int), ("static_shared_bytes", ctypes.c_size_t),
                ("constant_bytes", ctypes.c_size_t), ("local_bytes", ctypes.c_size_t),
                ("max_dynamic_shared_bytes", ctypes.c_int)]


class CudaFunctionInfo(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("param_count", ctypes.c_size_t),
                ("args_size", ctypes.c_size_t), ("max_threads_per_block", ctypes.c_int),
                ("registers", ctypes.c_int), ("static_shared_bytes", ctypes.c_size_t),
                ("constant_bytes", ctypes.c_size_t), ("local_bytes", ctypes.c_size_t),
                ("max_dynamic_shared_bytes", ctypes.c_int), ("ptx_version", ctypes.c_int),
                ("binary_version", ctypes.c_int)]


class _Program(ctypes.Structure):
    pass


class _Module(ctypes.Structure):
    pass


class _Kernel(ctypes.Structure):
    pass


class _Buffer(ctypes.Structure):
    pass


class _Launch(ctypes.Structure):
    pass


class _Stream(ctypes.Structure):
    pass


class _Event(ctypes.Structure):
    pass


class _CudaModule(ctypes.Structure):
    pass


class _RandomGenerator(ctypes.Structure):
    pass


class Gemm(ctypes.Structure):
    """cudapy_gemm: one (or a batch of) C = alpha op(A) op(B) + beta C, column-major."""

    _fields_ = [("size", ctypes.c_size_t), ("element", ctypes.c_int),
                ("transa", ctypes.c_int), ("transb", ctypes.c_int),
                ("m", ctypes.c_int64), ("n", ctypes.c_int64), ("k", ctypes.c_int64),
                ("alpha", ctypes.c_void_p), ("beta", ctypes.c_void_p),
                ("a", ctypes.c_void_p), ("b", ctypes.c_void_p), ("c", ctypes.c_void_p),
                ("lda", ctypes.c_int64), ("ldb", ctypes.c_int64), ("ldc", ctypes.c_int64),
                ("stride_a", ctypes.c_int64), ("stride_b", ctypes.c_int64),
                ("stride_c", ctypes.c_int64), ("batch", ctypes.c_int64),
                ("pointer_arrays", ctypes.c_int)]


class _CudaFunction(ctypes.Structure):
    pass


program_p = ctypes.POINTER(_Program)
module_p = ctypes.POINTER(_Module)
kernel_p = ctypes.POINTER(_Kernel)
launch_p = ctypes.POINTER(_Launch)
buffer_p = ctypes.POINTER(_Buffer)
stream_p = ctypes.POINTER(_Stream)
event_p = ctypes.POINTER(_Event)
cuda_module_p = ctypes.POINTER(_CudaModule)
cuda_function_p = ctypes.POINTER(_CudaFunction)
random_generator_p = ctypes.POINTER(_RandomGenerator)

_status = ctypes.c_int
_size = ctypes.c_size_t
_P = ctypes.POINTER

_PROTOTYPES = [
    ("cudapy_version", VersionInfo, []),
    ("cudapy_status_name", ctypes.c_char_p, [_status]),
    ("cudapy_last_error", ctypes.c_char_p, []),
    ("cudapy_string_free", None, [ctypes.c_void_p]),
    ("cudapy_warnings_capture", None, [ctypes.c_int]),
    ("cudapy_warnings_take", _status, [_P(ctypes.c_void_p)]),
    ("cudapy_builtin_count", _size, []),
    ("cudapy_builtin_get", _status, [_size, _P(BuiltinInfo)]),
    ("cudapy_libdevice_count", _size, []),
    ("cudapy_libdevice_name", ctypes.c_char_p, [_size]),
    ("cudapy_program_new", _status, [_P(program_p)]),
    ("cudapy_program_delete", None, [program_p]),
    ("cudapy_program_add_source", _status,
     [program_p, ctypes.c_char_p, _size, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]),
    ("cudapy_program_set_signature", _status, [program_p, ctypes.c_char_p, ctypes.c_char_p]),
    ("cudapy_program_add_overload", _status, [program_p, ctypes.c_char_p, ctypes.c_char_p]),
    ("cudapy_program_set_typing", _status, [program_p, ctypes.c_int]),
    ("cudapy_program_declare_device", _status,
     [program_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]),
    ("cudapy_program_link_source", _status, [program_p, ctypes.c_char_p, _size, ctypes.c_char_p]),
    ("cudapy_program_add_constant_array", _status,
     [program_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int, _P(ctypes.c_int64), ctypes.c_void_p,
      _size]),
    ("cudapy_program_translate", _status, [program_p, _P(ctypes.c_void_p)]),
    ("cudapy_program_diagnostic_count", _size, [program_p]),
    ("cudapy_program_diagnostic", _status, [program_p, _size, _P(Diagnostic)]),
    ("cudapy_program_kernel_count", _size, [program_p]),
    ("cudapy_program_kernel_name", ctypes.c_char_p, [program_p, _size]),
    ("cudapy_program_param_count", _size, [program_p, _size]),
    ("cudapy_program_param", _status, [program_p, _size, _size, _P(ParamInfo)]),
    ("cudapy_program_args_size", _size, [program_p, _size]),
    ("cudapy_program_kernel_cooperative", ctypes.c_int, [program_p, _size]),
    ("cudapy_program_helper_result", _status, [program_p, ctypes.c_char_p, _P(ctypes.c_int)]),
    ("cudapy_program_ptx", _status, [program_p, _P(CompileOptions), _P(ctypes.c_void_p)]),
    ("cudapy_program_compile", _status, [program_p, _P(CompileOptions), _P(module_p)]),
    ("cudapy_program_compile_start", _status, [program_p, _P(CompileOptions)]),
    ("cudapy_compiler_warm_up", _status, []),
    ("cudapy_compiler_wait", _status, []),
    ("cudapy_cache_clear", _status, []),
    ("cudapy_cache_directory", ctypes.c_char_p, []),
    ("cudapy_cache_put", _status, [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                                   ctypes.c_size_t]),
    ("cudapy_cache_get", _status, [ctypes.c_char_p, ctypes.c_size_t, _P(ctypes.c_void_p),
                                   _P(ctypes.c_size_t)]),
    ("cudapy_cache_stats_get", _status, [_P(CacheStats)]),
    ("cudapy_module_delete", None, [module_p]),
    ("cudapy_module_kernel", _status, [module_p, ctypes.c_char_p, _P(kernel_p)]),
    ("cudapy_kernel_auto_block_size", _status, [kernel_p, _P(ctypes.c_int)]),
    ("cudapy_kernel_info_get", _status, [kernel_p, _P(KernelInfo)]),
    ("cudapy_kernel_max_cooperative_blocks", _status, [kernel_p, ctypes.c_int, _size,
                                                       _P(ctypes.c_int)]),
    ("cudapy_kernel_launch", _status, [kernel_p, _P(LaunchConfig), _P(ctypes.c_void_p)]),
    ("cudapy_kernel_launch_packed", _status,
     [kernel_p, _P(LaunchConfig), ctypes.c_void_p, _size]),
    ("cudapy_launch_new", _status, [kernel_p, _P(LaunchConfig), _P(launch_p)]),
    ("cudapy_launch_run", _status, [launch_p, ctypes.c_void_p]),
    ("cudapy_launch_delete", None, [launch_p]),
    ("cudapy_device_count", _status, [_P(ctypes.c_int)]),
    ("cudapy_device_info_get", _status, [ctypes.c_int, _P(DeviceInfo)]),
    ("cudapy_device_attribute", _status, [ctypes.c_int, ctypes.c_int, _P(ctypes.c_int)]),
    ("cudapy_driver_version", _status, [_P(ctypes.c_int)]),
    ("cudapy_device_select", _status, [ctypes.c_int]),
    ("cudapy_target_device_count", _status, [ctypes.c_int, _P(ctypes.c_int)]),
    ("cudapy_target_device_current", _status, [ctypes.c_int, _P(ctypes.c_int)]),
    ("cudapy_target_device_select", _status, [ctypes.c_int, ctypes.c_int]),
    ("cudapy_host_device_count_set", _status, [ctypes.c_int]),
    ("cudapy_device_peer_access", _status, [ctypes.c_int, ctypes.c_int, _P(ctypes.c_int)]),
    ("cudapy_synchronize", _status, []),
    ("cudapy_buffer_new", _status, [_size, _P(buffer_p)]),
    ("cudapy_buffer_new_on", _status, [ctypes.c_int, _size, _P(buffer_p)]),
    ("cudapy_buffer_delete", None, [buffer_p]),
    ("cudapy_buffer_pointer", ctypes.c_void_p, [buffer_p]),
    ("cudapy_buffer_size", _size, [buffer_p]),
    ("cudapy_buffer_device", ctypes.c_int, [buffer_p]),
    ("cudapy_buffer_upload", _status, [buffer_p, _size, ctypes.c_void_p, _size]),
    ("cudapy_buffer_download", _status, [buffer_p, _size, ctypes.c_void_p, _size]),
    ("cudapy_stream_new", _status, [_P(stream_p)]),
    ("cudapy_stream_delete", None, [stream_p]),
    ("cudapy_stream_handle", ctypes.c_size_t, [stream_p]),
    ("cudapy_stream_wait_stream", _status, [ctypes.c_size_t, ctypes.c_size_t]),
    ("cudapy_stream_synchronize", _status, [ctypes.c_size_t]),
    ("cudapy_stream_query", _status, [ctypes.c_size_t, _P(ctypes.c_int)]),
    ("cudapy_stream_wait_event", _status, [ctypes.c_size_t, event_p]),
    ("cudapy_event_new", _status, [ctypes.c_int, _P(event_p)]),
    ("cudapy_event_delete", None, [event_p]),
    ("cudapy_event_record", _status, [event_p, ctypes.c_size_t]),
    ("cudapy_event_synchronize", _status, [event_p]),
    ("cudapy_event_query", _status, [event_p, _P(ctypes.c_int)]),
    ("cudapy_event_elapsed_ms", _status, [event_p, event_p, _P(ctypes.c_float)]),
    ("cudapy_buffer_upload_async", _status,
     [buffer_p, _size, ctypes.c_void_p, _size, ctypes.c_size_t]),
    ("cudapy_buffer_download_async", _status,
     [buffer_p, _size, ctypes.c_void_p, _size, ctypes.c_size_t]),
    ("cudapy_buffer_copy", _status, [buffer_p, _size, buffer_p, _size, _size, ctypes.c_size_t]),
    ("cudapy_buffer_wrap", _status, [ctypes.c_int, ctypes.c_void_p, _size, _P(buffer_p)]),
    ("cudapy_host_alloc", _status, [_size, _P(ctypes.c_void_p)]),
    ("cudapy_host_free", None, [ctypes.c_void_p]),
    ("cudapy_managed_alloc", _status, [_size, _P(ctypes.c_void_p)]),
    ("cudapy_managed_free", None, [ctypes.c_void_p]),
    ("cudapy_memory_info", _status, [_P(_size), _P(_size)]),
    ("cudapy_memory_share", _status, []),
    ("cudapy_cuda_compile", _status,
     [ctypes.c_char_p, _P(CudaOptions), _P(ctypes.c_void_p), _P(_size)]),
    ("cudapy_cuda_diagnostic_count", _size, []),
    ("cudapy_cuda_diagnostic", _status, [_size, _P(Diagnostic)]),
    ("cudapy_cuda_module_new", _status, [ctypes.c_char_p, _P(CudaOptions), _P(cuda_module_p)]),
    ("cudapy_cuda_module_load", _status, [ctypes.c_char_p, _size, _P(cuda_module_p)]),
    ("cudapy_cuda_module_delete", None, [cuda_module_p]),
    ("cudapy_cuda_module_function", _status,
     [cuda_module_p, ctypes.c_char_p, _P(cuda_function_p)]),
    ("cudapy_cuda_module_lowered_name", _status,
     [cuda_module_p, ctypes.c_char_p, _P(ctypes.c_char_p)]),
    ("cudapy_cuda_module_global", _status,
     [cuda_module_p, ctypes.c_char_p, _P(ctypes.c_void_p), _P(_size)]),
    ("cudapy_cuda_function_info_get", _status, [cuda_function_p, _P(CudaFunctionInfo)]),
    ("cudapy_cuda_function_param", _status, [cuda_function_p, _size, _P(_size), _P(_size)]),
    ("cudapy_cuda_function_set_max_dynamic_shared", _status, [cuda_function_p, ctypes.c_int]),
    ("cudapy_cuda_function_launch", _status,
     [cuda_function_p, Dim3, Dim3, _size, ctypes.c_size_t, ctypes.c_char_p, _size]),
    ("cudapy_cuda_function_launch_block", _status, [cuda_function_p, ctypes.c_char_p, _size]),
    ("cudapy_nvidia_library_load", _status,
     [ctypes.c_int, _P(ctypes.c_int), _P(ctypes.c_void_p)]),
    ("cudapy_library_folder_add", _status, [ctypes.c_char_p]),
    ("cudapy_blas_gemm", _status, [_P(Gemm), _size]),
    ("cudapy_blas_gemv", _status,
     [ctypes.c_int, ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p,
      ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p,
      ctypes.c_void_p, ctypes.c_int64, _size]),
    ("cudapy_blas_axpy", _status,
     [ctypes.c_int, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
      ctypes.c_void_p, ctypes.c_int64, _size]),
    ("cudapy_blas_scal", _status,
     [ctypes.c_int, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, _size]),
    ("cudapy_blas_dot", _status,
     [ctypes.c_int, ctypes.c_int, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64,
      ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, _size]),
    ("cudapy_blas_nrm2", _status,
     [ctypes.c_int, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, _size]),
    ("cudapy_blas_iamax", _status,
     [ctypes.c_int, ctypes.c_int, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64,
      _P(ctypes.c_int64), _size]),
    ("cudapy_fft", _status,
     [ctypes.c_int, ctypes.c_int, ctypes.c_int, _P(ctypes.c_int64), ctypes.c_int64,
      ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, _size]),
    ("cudapy_random_generator_new", _status, [ctypes.c_int, _P(random_generator_p)]),
    ("cudapy_random_generator_delete", None, [random_generator_p]),
    ("cudapy_random_generator_seed", _status, [random_generator_p, ctypes.c_uint64]),
    ("cudapy_random_generator_offset", _status, [random_generator_p, ctypes.c_uint64]),
    ("cudapy_random_generator_dimensions", _status, [random_generator_p, ctypes.c_uint]),
    ("cudapy_random_generate", _status,
     [random_generator_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_uint64,
      ctypes.c_double, ctypes.c_double, _size]),
]


def _candidates():
    """Where to look for the library, in order, each with how it was found."""
    explicit = os.environ.get("CUDAPY_LIBRARY")
    if explicit:
        return [(explicit, "CUDAPY_LIBRARY")]
    found = []
    try:
        from ._install_paths import LIBRARY
    except ImportError:
        pass
    else:
        found.append((LIBRARY, "the installed location"))
    found += [("libcudapy.so.0", "the system loader"), ("libcudapy.so", "the system loader")]
    return found


def _load():
    failures = []
    for path, source in _candidates():
        try:
            library = ctypes.CDLL(path)
        except OSError as error:
            failures.append(f"  {path} ({source}): {error}")
            continue
        return path, library
    raise ImportError("cudapy could not load its C library libcudapy:\n" + "\n".join(failures)
                      + "\nBuild it with meson and set CUDAPY_LIBRARY to the path of "
                        "libcudapy.so, or install it.")


def _declare(path, library):
    for name, restype, argtypes in _PROTOTYPES:
        try:
            function = getattr(library, name)
        except AttributeError:
            raise ImportError(f"{path} is not a usable libcudapy: it has no {name}()") from None
        function.restype = restype
        function.argtypes = argtypes
    version = library.cudapy_version()
    if version.abi != ABI_VERSION:
        raise ImportError(
            f"{path} is libcudapy {version.major}.{version.minor}.{version.patch} with C ABI "
            f"version {version.abi}, but this cudapy package needs ABI version {ABI_VERSION}; "
            "install a library and a Python package of matching versions.")
    return library


def _add_wheel_library_folders():
    """Adds the folders where a pip-installed CUDA (the nvidia-* wheels: nvidia/NAME/lib on
    sys.path) keeps NVRTC, cuBLAS, cuFFT and cuRAND to the library's search. A folder others
    may write is refused by the library, and left out."""
    for entry in sys.path:
        root = os.path.join(entry or ".", "nvidia")
        if not os.path.isdir(root):
            continue
        for name in sorted(os.listdir(root)):
            folder = os.path.realpath(os.path.join(root, name, "lib"))
            if os.path.isdir(folder):
                lib.cudapy_library_folder_add(os.fsencode(folder))


library_path, lib = _load()
_declare(library_path, lib)
_add_wheel_library_folders()
# The library's warnings are kept for warn_pending(), which raises them as Python warnings.
lib.cudapy_warnings_capture(1)

# cudapy_kernel_launch_packed and cudapy_launch_run bound a second time, without argtypes, for
# launches from Python: ctypes then checks and converts nothing, which takes two thirds off the
# call. Their callers pass what the C functions take as ctypes objects: the kernel_p, a
# byref(LaunchConfig), the argument block as bytes and its size as a c_size_t; the launch_p and
# the argument block as bytes.
launch_packed_unconverted = lib["cudapy_kernel_launch_packed"]
launch_packed_unconverted.restype = _status
launch_run_unconverted = lib["cudapy_launch_run"]
launch_run_unconverted.restype = _status
# Likewise cudapy_cuda_function_launch_block: a cuda_function_p, the block as bytes and its
# size as a c_size_t.
cuda_launch_block_unconverted = lib["cudapy_cuda_function_launch_block"]
cuda_launch_block_unconverted.restype = _status


def own(owner, delete, handle, *more):
    """Calls delete(handle, *more) when `owner` is collected, or when the returned finalizer is
    called first (a close). Not at exit: the CUDA runtime may be gone by then, and the process's
    memory goes with it anyway."""
    finalizer = weakref.finalize(owner, delete, handle, *more)
    finalizer.atexit = False
    return finalizer


# Set once the interpreter begins to exit: owners then leave their handles alone, since the CUDA
# runtime may be gone, and the process's memory goes with it anyway.
_exiting = False


def _note_exit():
    global _exiting
    _exiting = True


atexit.register(_note_exit)


class Owner:
    """Owns one library handle: deleted when the owner is collected, or at once by close() or
    at the end of a `with` block. (__del__ rather than weakref.finalize: an array is made and
    dropped per operation, and a finalizer costs more than the rest of making one.)"""

    __slots__ = ("_release", "__weakref__")

    def _own(self, delete, handle, *more):
        self._release = (delete, handle, more)

    @property
    def closed(self):
        return getattr(self, "_release", None) is None

    def close(self):
        """Deletes the handle now; the owner is unusable afterwards."""
        release = getattr(self, "_release", None)
        if release is not None:
            self._release = None
            delete, handle, more = release
            delete(handle, *more)

    def __del__(self):
        if not _exiting:
            self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()


# Set by the process's first GPU array (see use_gpu).
gpu_used = False


def use_gpu():
    """Notes that the process uses the GPU, with its first GPU array. From then on a kernel's
    compile starts in the background as the kernel is made (cudapy_program_compile_start),
    and NVRTC starts at once on a thread of the library's (cudapy_compiler_warm_up) unless
    $CUDAPY_NO_WARM_UP is set, which overlaps NVRTC's start-up with what a program does before
    its first kernel. The process waits for those threads at exit."""
    global gpu_used
    if gpu_used:
        return
    gpu_used = True

    atexit.register(lib.cudapy_compiler_wait)
    if os.environ.get("CUDAPY_NO_WARM_UP", "") in ("", "0"):
        lib.cudapy_compiler_warm_up()


_memory_shared = False


def share_memory():
    """Tells the library, once, that its device memory is handed to another library (see
    cudapy_memory_share)."""
    global _memory_shared
    if not _memory_shared:
        check(lib.cudapy_memory_share())
        _memory_shared = True


def last_error():
    return (lib.cudapy_last_error() or b"").decode("utf-8", "replace")


def warn_pending():
    """Raises the warnings the library kept (cudapy_warnings_take) as cudapy.CudapyWarning;
    called after the calls that may give one (those that read the compile cache)."""
    pointer = ctypes.c_void_p()
    if lib.cudapy_warnings_take(ctypes.byref(pointer)) != Status.OK or not pointer.value:
        return
    import sys
    import warnings

    # Attributed to the user's line that called into cudapy.
    level, frame, package = 2, sys._getframe(1), os.path.dirname(__file__)
    while frame is not None and os.path.dirname(frame.f_code.co_filename) == package:
        frame, level = frame.f_back, level + 1
    for line in take_string(pointer).splitlines():
        warnings.warn(line, errors.CudapyWarning, stacklevel=level)


def take_string(pointer):
    """Reads and frees a string the library returned through `char **out`."""
    if not pointer.value:
        return ""
    try:
        return ctypes.string_at(pointer.value).decode("utf-8")
    finally:
        lib.cudapy_string_free(pointer)


def _text(raw):
    return raw.decode("utf-8", "replace") if raw is not None else ""


def diagnostics(program):
    """The diagnostics of a program, as errors.Diagnostic records."""
    return _diagnostic_records(lib.cudapy_program_diagnostic_count(program),
                               lambda index, record: lib.cudapy_program_diagnostic(program, index,
                                                                                    record))


def cuda_diagnostics():
    """The errors of this thread's last compile of CUDA C++ of the caller's own, as
    errors.Diagnostic records."""
    return _diagnostic_records(lib.cudapy_cuda_diagnostic_count(), lib.cudapy_cuda_diagnostic)


def _diagnostic_records(count, read):
    found = []
    for index in range(count):
        record = Diagnostic(size=ctypes.sizeof(Diagnostic))
        if read(index, ctypes.byref(record)) != Status.OK:
            continue
        kind = (errors.DiagnosticKind(record.kind)
                if record.kind in errors.DiagnosticKind._value2member_map_
                else errors.DiagnosticKind.INTERNAL)
        found.append(errors.Diagnostic(
            kind=kind, filename=_text(record.file), lineno=record.line, offset=record.column,
            end_lineno=record.end_line, end_offset=record.end_column,
            message=_text(record.message), source_line=_text(record.source_line)))
    return found


_ERROR_CLASSES = {
    Status.INVALID_ARGUMENT: errors.InvalidArgumentError,
    Status.HOST_OUT_OF_MEMORY: errors.HostMemoryError,
    Status.TRANSLATION: errors.CompileError,
    Status.NVRTC_UNAVAILABLE: errors.NvrtcUnavailableError,
    Status.CUDA_COMPILATION: errors.CudaCompilationError,
    Status.NO_DEVICE: errors.NoDeviceError,
    Status.DEVICE_OUT_OF_MEMORY: errors.DeviceMemoryError,
    Status.NOT_FOUND: errors.NotFoundError,
    Status.LAUNCH_FAILED: errors.LaunchError,
    Status.CUDA: errors.CudaError,
    Status.UNSUPPORTED: errors.UnsupportedError,
    Status.INTERNAL: errors.InternalError,
    Status.ASSERTION: errors.KernelAssertionError,
    Status.LIBRARY_UNAVAILABLE: errors.LibraryUnavailableError,
    Status.LIBRARY: errors.LibraryError,
}


def error(status, program=None):
    """The exception for a failed call; `program` supplies the diagnostics of compile errors."""
    message = last_error()
    cls = _ERROR_CLASSES.get(status)
    if cls is None:
        return errors.CudapyError(f"unknown status {status}: {message}")
    if issubclass(cls, errors.CompileError):
        return cls(message, diagnostics(program) if program else ())
    if cls is errors.LaunchError:
        # The Python exception a kernel met: "file:line: ZeroDivisionError: ...".
        for name, kernel_error in _KERNEL_EXCEPTIONS:
            if name in message:
                return kernel_error(message)
    return cls(message)


_KERNEL_EXCEPTIONS = ((": ZeroDivisionError: ", errors.KernelZeroDivisionError),
                      (": ValueError: ", errors.KernelValueError))


def check(status, program=None):
    if status != Status.OK:
        raise error(status, program)


class Builtin(NamedTuple):
    """A function of the kernel language beyond Python's, as kernels call it after `cuda.`."""

    name: str  # "syncthreads", "atomic.add"
    group: BuiltinGroup
    min_args: int
    max_args: int


def _builtins():
    found = []
    for index in range(lib.cudapy_builtin_count()):
        info = BuiltinInfo(size=ctypes.sizeof(BuiltinInfo))
        check(lib.cudapy_builtin_get(index, ctypes.byref(info)))
        found.append(Builtin(info.name.decode(), BuiltinGroup(info.group), info.min_args,
                             info.max_args))
    return tuple(found)


# The library's builtins, in its table's order.
BUILTINS = _builtins()
# The functions of numba's cuda.libdevice that kernels call, sorted.
LIBDEVICE_NAMES = tuple(lib.cudapy_libdevice_name(index).decode()
                        for index in range(lib.cudapy_libdevice_count()))
