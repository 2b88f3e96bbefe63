"""GPUArray arithmetic with complex64 and complex128 elements, as CUDA C++ kernels (the kernel
language does not compute with complex numbers yet), so it runs on the GPU only.

The types of the results are NumPy's (np.result_type, Python numbers weak); a computation runs
in the result's precision, division with Smith's algorithm as NumPy's does. Operands are
GPUArrays of one shape and layout, or numbers; each kernel is compiled once per operation and
types through cudapy's SourceModule and its disk cache.
"""

import numpy as np

from .. import errors
from ..cuda_source import SourceModule
from .elementwise import launch_shape
from .tools import dtype_to_ctype

_HEADER = r"""
template <typename T> struct cudapy_complex { T re, im; };

template <typename T> __device__ cudapy_complex<T> cudapy_make(T re, T im) {
  cudapy_complex<T> z; z.re = re; z.im = im; return z;
}
// An operand in the computation's precision W: a real number, or a complex one of any.
template <typename W, typename X> __device__ cudapy_complex<W> cudapy_widen(X x) {
  return cudapy_make<W>(W(x), W(0));
}
template <typename W, typename U> __device__ cudapy_complex<W> cudapy_widen(cudapy_complex<U> z) {
  return cudapy_make<W>(W(z.re), W(z.im));
}
template <typename T> __device__ cudapy_complex<T> operator+(cudapy_complex<T> a, cudapy_complex<T> b) {
  return cudapy_make<T>(a.re + b.re, a.im + b.im);
}
template <typename T> __device__ cudapy_complex<T> operator-(cudapy_complex<T> a, cudapy_complex<T> b) {
  return cudapy_make<T>(a.re - b.re, a.im - b.im);
}
template <typename T> __device__ cudapy_complex<T> operator*(cudapy_complex<T> a, cudapy_complex<T> b) {
  return cudapy_make<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
// Smith's algorithm, step for step as NumPy's: no overflow of |b|^2 where the quotient is
// finite, and a zero divisor gives NumPy's infinities and NaNs.
template <typename T> __device__ cudapy_complex<T> operator/(cudapy_complex<T> a, cudapy_complex<T> b) {
  T abs_re = fabs(b.re), abs_im = fabs(b.im);
  if (abs_re >= abs_im) {
    if (abs_re == T(0) && abs_im == T(0)) return cudapy_make<T>(a.re / abs_re, a.im / abs_re);
    T ratio = b.im / b.re, scale = T(1) / (b.re + b.im * ratio);
    return cudapy_make<T>((a.re + a.im * ratio) * scale, (a.im - a.re * ratio) * scale);
  }
  T ratio = b.re / b.im, scale = T(1) / (b.im + b.re * ratio);
  return cudapy_make<T>((a.re * ratio + a.im) * scale, (a.im * ratio - a.re) * scale);
}
template <typename T> __device__ cudapy_complex<T> cudapy_negative(cudapy_complex<T> z) {
  return cudapy_make<T>(-z.re, -z.im);
}
template <typename T> __device__ cudapy_complex<T> cudapy_conj(cudapy_complex<T> z) {
  return cudapy_make<T>(z.re, -z.im);
}
template <typename T> __device__ T cudapy_abs(cudapy_complex<T> z) { return hypot(z.re, z.im); }
template <typename T> __device__ T cudapy_real(cudapy_complex<T> z) { return z.re; }
template <typename T> __device__ T cudapy_imag(cudapy_complex<T> z) { return z.im; }
template <typename T> __device__ cudapy_complex<T> cudapy_exp(cudapy_complex<T> z) {
  T scale = exp(z.re);
  return cudapy_make<T>(scale * cos(z.im), scale * sin(z.im));
}
template <typename T> __device__ cudapy_complex<T> cudapy_log(cudapy_complex<T> z) {
  return cudapy_make<T>(log(hypot(z.re, z.im)), atan2(z.im, z.re));
}
template <typename T> __device__ cudapy_complex<T> cudapy_log10(cudapy_complex<T> z) {
  const T ln10 = T(2.302585092994045684017991454684364208);
  cudapy_complex<T> l = cudapy_log(z);
  return cudapy_make<T>(l.re / ln10, l.im / ln10);
}
// The principal square root, without cancellation: t = sqrt((|z| + |re|) / 2).
template <typename T> __device__ cudapy_complex<T> cudapy_sqrt(cudapy_complex<T> z) {
  if (z.re == T(0) && z.im == T(0)) return cudapy_make<T>(T(0), z.im);
  T t = sqrt((fabs(z.re) + hypot(z.re, z.im)) / T(2));
  if (z.re >= T(0)) return cudapy_make<T>(t, z.im / (T(2) * t));
  return cudapy_make<T>(fabs(z.im) / (T(2) * t), copysign(t, z.im));
}
"""

BINARY = {"add": "+", "subtract": "-", "multiply": "*", "true_divide": "/"}
UNARY = {"negative": "cudapy_negative", "conjugate": "cudapy_conj", "exp": "cudapy_exp",
          "log": "cudapy_log", "log10": "cudapy_log10", "sqrt": "cudapy_sqrt"}
_TO_REAL = {"absolute": "cudapy_abs", "real": "cudapy_real", "imag": "cudapy_imag"}
UNARY_NAMES = frozenset(UNARY) | frozenset(_TO_REAL)
_MODULES = {}


def is_complex(value):
    """Whether `value` (an array or a number) is complex."""
    if isinstance(value, complex):
        return True
    dtype = getattr(value, "dtype", None)
    return dtype is not None and np.dtype(dtype).kind == "c"


def _ctype(dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        return f"cudapy_complex<{'float' if dtype.itemsize == 8 else 'double'}>"
    return dtype_to_ctype(dtype)


def _precision(dtype):
    """The real type complex values of `dtype` compute in."""
    return "float" if np.dtype(dtype) in (np.complex64, np.float32, np.float16) else "double"


def _kernel(key, parameters, body):
    """The kernel `cudapy_complex_kernel` looping `body` over i < n, compiled once per key."""
    function = _MODULES.get(key)
    if function is None:
        source = (_HEADER + f'extern "C" __global__ void cudapy_complex_kernel({parameters}, '
                  "long long n) {\n"
                  "  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;\n"
                  "       i += (long long)gridDim.x * blockDim.x) {\n"
                  f"    {body};\n"
                  "  }\n}\n")
        module = SourceModule(source, no_extern_c=True, name="cudapy_complex.cu")
        function = _MODULES[key] = module.get_function("cudapy_complex_kernel")
    return function


def _arrays_of(operands):
    from .gpuarray import GPUArray
    arrays = [operand for operand in operands if isinstance(operand, GPUArray)]
    first = arrays[0]
    if first.target != "cuda":
        raise errors.UnsupportedError("complex GPUArray arithmetic runs on the GPU only "
                                      "(CUDA C++ kernels)")
    for array in arrays:
        if array.shape != first.shape:
            raise ValueError(f"complex arithmetic takes arrays of one shape, got {first.shape} "
                             f"and {array.shape}")
        if not (array.is_c_contiguous() and first.is_c_contiguous()
                or array.is_f_contiguous() and first.is_f_contiguous()):
            raise ValueError("complex arithmetic takes contiguous arrays of one layout")
    return first


def _output(first, dtype, out):
    from .gpuarray import GPUArray
    if out is None:
        order = "F" if first.is_f_contiguous() and not first.is_c_contiguous() else "C"
        return GPUArray(first.shape, dtype, order=order)
    if out.shape != first.shape or out.dtype != dtype:
        raise ValueError(f"out= must be {dtype} of shape {first.shape}")
    return out


def _launch(function, out, arguments):
    if out.size:
        grid, block = launch_shape(out.size)
        function(out, *arguments, np.int64(out.size), grid=grid, block=block)
    return out


def _operand(value, dtype):
    """An array as it is, a number as a NumPy scalar of the operation's type."""
    return value if hasattr(value, "shape") and hasattr(value, "gpudata") else dtype.type(value)


def binary(name, a, b, out=None):
    """NumPy's binary ufunc `name` (add, subtract, multiply, true_divide) of complex operands."""
    dtype = np.result_type(*(x.dtype if hasattr(x, "gpudata") else x for x in (a, b)))
    first = _arrays_of((a, b))
    out = _output(first, dtype, out)
    a, b = _operand(a, dtype), _operand(b, dtype)
    declared, reads = [], []
    for name_, value in (("a", a), ("b", b)):
        pointer = hasattr(value, "gpudata")
        declared.append(f"const {_ctype(value.dtype)} {'*' if pointer else ''}{name_}")
        reads.append(f"cudapy_widen<{_precision(dtype)}>({name_}{'[i]' if pointer else ''})")
    key = ("binary", name, dtype, a.dtype, b.dtype, hasattr(a, "gpudata"), hasattr(b, "gpudata"))
    function = _kernel(key, f"{_ctype(dtype)} *out, {', '.join(declared)}",
                       f"out[i] = {reads[0]} {BINARY[name]} {reads[1]}")
    return _launch(function, out, (a, b))


def unary(name, x, out=None):
    """A complex function of a complex array: negative, conjugate, exp, log, log10, sqrt; or
    absolute, real and imag, whose results are real."""
    first = _arrays_of((x,))
    real = np.dtype(np.float32 if x.dtype == np.complex64 else np.float64)
    dtype = real if name in _TO_REAL else x.dtype
    out = _output(first, dtype, out)
    call = _TO_REAL.get(name) or UNARY[name]
    function = _kernel(("unary", name, x.dtype),
                       f"{_ctype(dtype)} *out, const {_ctype(x.dtype)} *x", f"out[i] = {call}(x[i])")
    return _launch(function, out, (x,))


def convert(x, dtype, out=None):
    """x converted to `dtype` where either is complex: a real number becomes a complex one with
    imaginary part 0; a complex one becomes its real part (as NumPy's astype)."""
    dtype = np.dtype(dtype)
    first = _arrays_of((x,))
    out = _output(first, dtype, out)
    if dtype.kind == "c":
        body = f"out[i] = cudapy_widen<{_precision(dtype)}>(x[i])"
    else:
        body = f"out[i] = ({_ctype(dtype)})x[i].re"
    function = _kernel(("convert", x.dtype, dtype),
                       f"{_ctype(dtype)} *out, const {_ctype(x.dtype)} *x", body)
    return _launch(function, out, (x,))


def fill(out, value):
    """Every element of a contiguous complex array set to `value`."""
    _arrays_of((out,))
    if not (out.is_c_contiguous() or out.is_f_contiguous()):
        raise ValueError("fill() of a complex array takes a contiguous one")
    function = _kernel(("fill", out.dtype), f"{_ctype(out.dtype)} *out, {_ctype(out.dtype)} value",
                       "out[i] = value")
    return _launch(function, out, (out.dtype.type(value),))


__all__ = ["BINARY", "UNARY", "UNARY_NAMES", "binary", "convert", "fill", "is_complex", "unary"]
