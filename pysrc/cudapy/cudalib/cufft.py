"""cuFFT with NumbaPro's functions: `fft`, `ifft`, `fft_inplace`, `ifft_inplace`, and the real
transforms `rfft` and `irfft`.

    from cudapy.cudalib import cufft
    spectrum = cufft.fft(image)           # a 2-d transform of a 2-d array
    rows = cufft.fft(signals, axes=(-1,))  # a batch of 1-d transforms, one per row

A transform covers every axis of the array (1 to 3 of them, as NumbaPro's did), or the trailing
`axes` given, the leading ones then counting the transforms of a batch. Scaling follows
numpy.fft: forward transforms are unscaled and inverse ones divide by the number of points, so
that `ifft(fft(x))` is `x`. float32 and complex64 data transform in single precision, anything
else in double (as CuPy's), giving complex64 or complex128.

Host arrays (NumPy arrays, lists) are copied to the GPU and the result comes back as a NumPy
array; device arrays and other libraries' GPU arrays (CuPy, PyTorch) stay on the device, and
the result is a device array. A host array given to an in-place transform, or as `out`, is
written in place. A non-contiguous host array is copied into C order; a device array must be
C-contiguous (copy it first), since reordering it would be a hidden copy of GPU memory. Plans
are made once per shape and kept (cuFFT's plan cache lives in libcudapy, per device).
"""

import ctypes
import math

import numpy as np

from .. import _ffi
from ..array import CudaArray
from ..cuda_source import RawModule
from ._operands import new_array, operand, returned, stream_of, write_back

__all__ = ["fft", "ifft", "fft_inplace", "ifft_inplace", "rfft", "irfft"]

_THREADS = 256
_MAX_BLOCKS = 4096

# Scaling by 1/n and widening real data to complex, for the ones cuFFT leaves to its caller.
_SUPPORT_SOURCE = r"""
template <typename T> __device__ void scale(T *data, unsigned long long n, T factor) {
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x)
        data[i] *= factor;
}
template <typename T> __device__ void widen(const T *real, T *complex, unsigned long long n) {
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x) {
        complex[2 * i] = real[i];
        complex[2 * i + 1] = T(0);
    }
}
template <typename T> __device__ void copy(const T *from, T *to, unsigned long long n) {
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x)
        to[i] = from[i];
}
extern "C" __global__ void scale_float(float *data, unsigned long long n, float factor) {
    scale(data, n, factor);
}
extern "C" __global__ void scale_double(double *data, unsigned long long n, double factor) {
    scale(data, n, factor);
}
extern "C" __global__ void widen_float(const float *real, float *complex, unsigned long long n) {
    widen(real, complex, n);
}
extern "C" __global__ void widen_double(const double *real, double *complex, unsigned long long n) {
    widen(real, complex, n);
}
extern "C" __global__ void copy_float(const float *from, float *to, unsigned long long n) {
    copy(from, to, n);
}
"""

_support = None


def _support_kernel(name):
    global _support
    if _support is None:
        _support = RawModule(code=_SUPPORT_SOURCE)
    return _support.get_function(name)


def _launch(name, count, stream, pointers, factor=None):
    """Runs a support kernel over `count` elements of the arrays at `pointers`."""
    if count == 0:
        return
    blocks = min(_MAX_BLOCKS, -(-count // _THREADS))
    args = tuple(np.uint64(pointer) for pointer in pointers) + (np.uint64(count),)
    _support_kernel(name)((blocks,), (_THREADS,), args + (() if factor is None else (factor,)),
                          stream=stream)


def _complex_type(dtype):
    return np.dtype(np.complex64 if dtype in (np.float32, np.complex64, np.float16)
                    else np.complex128)


def _real_type(dtype):
    return np.dtype(np.float32 if dtype in (np.float32, np.complex64, np.float16)
                    else np.float64)


def _real_input_type(where):
    def wanted(dtype):
        if dtype.kind == "c":
            raise TypeError(f"{where}: the input is complex; rfft transforms real data (use fft)")
        return _real_type(dtype)
    return wanted


def _rank(shape, axes, where):
    """How many trailing axes a transform covers: all of them (1 to 3) by default, else the
    trailing `axes`."""
    ndim = len(shape)
    if axes is None:
        if not 1 <= ndim <= 3:
            raise ValueError(f"{where}: a {ndim}-d array has no transform of its own axes (1 to "
                             "3 of them); give the trailing axes to transform, e.g. axes=(-1,)")
        return ndim
    axes = (axes,) if isinstance(axes, (int, np.integer)) else tuple(axes)
    normalized = []
    for axis in axes:
        if not isinstance(axis, (int, np.integer)) or not -ndim <= axis < ndim:
            raise ValueError(f"{where}: axis {axis!r} is out of range for a {ndim}-d array")
        normalized.append(int(axis) % ndim)
    rank = len(normalized)
    if not 1 <= rank <= 3 or sorted(normalized) != list(range(ndim - rank, ndim)):
        raise ValueError(f"{where}: axes {axes} must be 1 to 3 distinct trailing axes, e.g. "
                         "(-1,) or (-2, -1); move the axes to transform to the end first")
    return rank


def _shape_of(value):
    """The shape of an array argument, read before it goes to the GPU, so that bad arguments
    fail first."""
    if isinstance(value, (np.ndarray, list, tuple)):
        return np.shape(value)
    return tuple(getattr(value, "shape", ()))


def _split(shape, rank):
    """(the transform's lengths, the batch) of an array's shape."""
    return tuple(shape[len(shape) - rank:]), math.prod(shape[:len(shape) - rank])


def _input(value, wanted, where, stream):
    """`value` on the GPU as a C-contiguous array of the dtype `wanted(its dtype)` gives: a
    host array converted on the host, a device array of that dtype as it is, a device array of
    its real type widened to complex."""
    if isinstance(value, (np.ndarray, list, tuple)):
        host = np.asarray(value)
        return operand(np.ascontiguousarray(host, dtype=wanted(host.dtype)), "ary", where, stream)
    source = operand(value, "ary", where, stream)
    dtype = wanted(source.dtype)
    if not source.c_contiguous:
        raise ValueError(f"{where}: the device array is not C-contiguous; copy it first (cuFFT "
                         "reads C order, and a reordering copy would be hidden)")
    if source.dtype == dtype:
        return source
    if dtype.kind == "c" and source.dtype == _real_type(dtype):
        widened = new_array(source.shape, dtype, stream)
        kernel = "widen_float" if dtype == np.complex64 else "widen_double"
        _launch(kernel, source.size, stream, (source.pointer, widened.pointer))
        return operand(widened, "ary", where, stream)
    raise TypeError(f"{where}: the device array is {source.dtype.name}; give {dtype.name} (or "
                    f"{_real_type(dtype).name}), or a host array, which is converted")


def _output(out, shape, dtype, where, stream):
    """(the operand of `out`, or None, and the device array the transform writes)."""
    if out is None:
        return None, new_array(shape, dtype, stream)
    target = operand(out, "out", where, stream)
    if target.shape != tuple(shape) or target.dtype != dtype:
        raise ValueError(f"{where}: out is {target.dtype.name} of shape {target.shape}; the "
                         f"result is {dtype.name} of shape {tuple(shape)}")
    if not target.c_contiguous:
        raise ValueError(f"{where}: out must be C-contiguous")
    return target, target.view


def _normalize(result, points, stream):
    """Divides an inverse transform's result by its number of points, as numpy.fft does."""
    real = _real_type(result._dtype)
    values = math.prod(result._shape) * (2 if result._dtype.kind == "c" else 1)
    kernel = "scale_float" if real == np.float32 else "scale_double"
    _launch(kernel, values, stream, (result._pointer,), real.type(1.0 / points))


def _execute(kind, double, lengths, batch, inverse, source_pointer, result_pointer, stream):
    shape = (ctypes.c_int64 * len(lengths))(*lengths)
    _ffi.check(_ffi.lib.cudapy_fft(kind, int(double), len(lengths), shape, batch, int(inverse),
                                   source_pointer, result_pointer, stream))


def _finish(out, target, result, source, stream):
    """What a transform returns: the caller's `out`, written (back to the host too), or the
    result, on the host when the input came from there."""
    if target is None:
        return returned(result, [source], stream)
    write_back(target, stream)
    return out


# What a call on a C-contiguous complex device array made once, so that the next one of the same
# shape, dtype and axes goes straight to the library: (shape, dtype, axes) -> the transform's
# C arguments.
_REPEATS = {}


def _repeat(ary, axes, inverse, stream, where):
    """The result of a transform repeating an earlier one's shape, without its checks; None
    when `ary` is not such a call's array."""
    if type(ary) is not CudaArray or ary.target != "cuda" or not ary._c_contiguous:
        return None
    try:
        known = _REPEATS.get((ary._shape, ary._dtype, axes))
    except TypeError:  # axes given as a list
        return None
    if known is None or ary._buffer is None:
        return None
    double, rank, lengths, batch, points = known
    handle = 0 if stream is None else stream_of(stream, where)
    result = CudaArray._empty(ary._shape, ary._dtype, "cuda")
    status = _ffi.lib.cudapy_fft(_ffi.FftKind.C2C, double, rank, lengths, batch, inverse,
                                 ary._pointer, result._pointer, handle)
    if status:
        _ffi.check(status)
    if inverse:
        _normalize(result, points, handle)
    return result


def _remember(ary, axes, lengths, batch):
    if type(ary) is CudaArray and ary._dtype.kind == "c":
        try:
            _REPEATS[(ary._shape, ary._dtype, axes)] = (
                int(ary._dtype == np.complex128), len(lengths),
                (ctypes.c_int64 * len(lengths))(*lengths), batch, math.prod(lengths))
        except TypeError:
            pass


def _complex_transform(ary, out, inverse, axes, stream, where):
    if out is None:
        result = _repeat(ary, axes, int(inverse), stream, where)
        if result is not None:
            return result
    handle = stream_of(stream, where)
    rank = _rank(_shape_of(ary), axes, where)
    source = _input(ary, _complex_type, where, handle)
    lengths, batch = _split(source.shape, rank)
    target, result = _output(out, source.shape, source.dtype, where, handle)
    if source.size:
        _execute(_ffi.FftKind.C2C, source.dtype == np.complex128, lengths, batch, inverse,
                 source.pointer, result._pointer, handle)
        if inverse:
            _normalize(result, math.prod(lengths), handle)
        if source.view is ary:
            _remember(ary, axes, lengths, batch)
    return _finish(out, target, result, source, handle)


def _in_place(ary, inverse, axes, stream, where):
    handle = stream_of(stream, where)
    rank = _rank(_shape_of(ary), axes, where)
    target = operand(ary, "ary", where, handle)
    if target.dtype not in (np.complex64, np.complex128):
        raise TypeError(f"{where}: an in-place transform needs a complex64 or complex128 array, "
                        f"not {target.dtype.name}")
    if not target.c_contiguous:
        raise ValueError(f"{where}: the array must be C-contiguous")
    lengths, batch = _split(target.shape, rank)
    if target.size:
        _execute(_ffi.FftKind.C2C, target.dtype == np.complex128, lengths, batch, inverse,
                 target.pointer, target.pointer, handle)
        if inverse:
            _normalize(target.view, math.prod(lengths), handle)
    write_back(target, handle)
    return ary


def fft(ary, out=None, stream=None, axes=None):
    """The forward FFT of `ary` (complex, or real data made complex) over all its axes or the
    trailing `axes`, unscaled, into `out` if given (then returned) or a new array."""
    return _complex_transform(ary, out, False, axes, stream, "cufft.fft()")


def ifft(ary, out=None, stream=None, axes=None):
    """The inverse FFT of `ary`, divided by the number of points as numpy.fft.ifft is."""
    return _complex_transform(ary, out, True, axes, stream, "cufft.ifft()")


def fft_inplace(ary, stream=None, axes=None):
    """The forward FFT of a complex64 or complex128 C-contiguous array, written over it."""
    return _in_place(ary, False, axes, stream, "cufft.fft_inplace()")


def ifft_inplace(ary, stream=None, axes=None):
    """The inverse FFT (divided by the number of points) of a complex array, written over
    it."""
    return _in_place(ary, True, axes, stream, "cufft.ifft_inplace()")


def rfft(ary, out=None, stream=None, axes=None):
    """The forward FFT of real data: the last axis keeps its n // 2 + 1 non-negative
    frequencies, as numpy.fft.rfftn gives them."""
    where = "cufft.rfft()"
    handle = stream_of(stream, where)
    rank = _rank(_shape_of(ary), axes, where)
    source = _input(ary, _real_input_type(where), where, handle)
    real = source.dtype
    lengths, batch = _split(source.shape, rank)
    shape = source.shape[:-1] + (source.shape[-1] // 2 + 1,)
    target, result = _output(out, shape, _complex_type(real), where, handle)
    if source.size:
        _execute(_ffi.FftKind.R2C, real == np.float64, lengths, batch, False, source.pointer,
                 result._pointer, handle)
    return _finish(out, target, result, source, handle)


def irfft(ary, n=None, out=None, stream=None, axes=None):
    """The inverse of rfft: real data whose last axis has `n` points (by default
    2 * (m - 1) for m complex values, as numpy.fft.irfftn), divided by the number of points.
    The last axis must hold n // 2 + 1 values. The input is left unchanged."""
    where = "cufft.irfft()"
    handle = stream_of(stream, where)
    given = _shape_of(ary)
    rank = _rank(given, axes, where)
    m = given[-1]
    points = 2 * (m - 1) if n is None else n
    if not isinstance(points, (int, np.integer)) or points < 1 or points // 2 + 1 != m:
        raise ValueError(f"{where}: n={n!r} does not fit a last axis of {m} complex values "
                         "(it needs n // 2 + 1 == that length)")
    source = _input(ary, _complex_type, where, handle)
    dtype = source.dtype
    shape = source.shape[:-1] + (int(points),)
    lengths, batch = _split(shape, rank)
    target, result = _output(out, shape, _real_type(dtype), where, handle)
    if source.size:
        # cuFFT's complex-to-real transform overwrites its input: it reads a copy.
        scratch = new_array(source.shape, dtype, handle)
        _launch("copy_float", source.size * dtype.itemsize // 4, handle,
                (source.pointer, scratch.pointer))
        _execute(_ffi.FftKind.C2R, dtype == np.complex128, lengths, batch, True,
                 scratch.pointer, result._pointer, handle)
        _normalize(result, math.prod(lengths), handle)
    return _finish(out, target, result, source, handle)
