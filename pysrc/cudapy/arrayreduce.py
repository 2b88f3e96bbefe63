"""NumPy's reductions on device arrays, run by the reduction engine (cudapy.reduction) where
the array lives: sum, prod, min, max, argmin, argmax, mean, any, all as DeviceArray methods
and through NumPy's functions (`np.sum(d)` runs on the device), dot, vdot and linalg.norm.
Results are device arrays (0-d when every axis is reduced) with NumPy's dtypes; sums of small
integers accumulate in 64 bits and float16 in float32, as NumPy's do."""

import math

from . import reduction, scans
from ._lazy import numpy as np
from .array import CudaArray
from .elementwise import _device_target, _type_text, converter

_CACHE = {}


def _extreme_type(dtype):
    """Where min and max compare: bool and float16 values widened (exactly)."""
    if dtype == np.bool_:
        return np.dtype(np.uint8)
    return np.dtype(np.float32) if dtype == np.float16 else dtype


def _made(key, build):
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = build()
    return found


def _arithmetic(name, dtype, result):
    accumulator = reduction.accumulator(result)
    text = _type_text(accumulator)
    expression, identity = {"sum": ("a + b", 0), "prod": ("a * b", 1)}[name]
    return reduction.Reduction(
        reduction.binary_monoid(accumulator, expression), "",
        lambda elements, index: [f"{text}({elements[0]})"], lambda acc: acc[0], result,
        identity=identity)


def _complex_arithmetic(name, result):
    """A complex sum, product or mean accumulated as its two float parts: sums part by part,
    products as complex numbers multiply; a mean divides the sum by the count as NumPy's does,
    a complex division."""
    part = np.dtype(np.float32 if result == np.complex64 else np.float64)
    text = _type_text(part)

    def combine(dst, src):
        (re, im), (other_re, other_im) = dst, src
        if name == "prod":
            return [f"product_re = {re} * {other_re} - {im} * {other_im}",
                    f"{im} = {text}({re} * {other_im} + {im} * {other_re})",
                    f"{re} = {text}(product_re)"]
        return [f"{re} = {text}({re} + {other_re})", f"{im} = {text}({im} + {other_im})"]

    complex_text = _type_text(result)

    def finish(acc):
        made = f"{complex_text}(complex({acc[0]}, {acc[1]}))"
        return f"{made} / {complex_text}(cudapy_count)" if name == "mean" else made

    return reduction.Reduction(
        reduction.Monoid([part, part], combine), "",
        lambda elements, index: [f"{text}(({elements[0]}).real)", f"{text}(({elements[0]}).imag)"],
        finish, result,
        identity={"prod": 1, "mean": complex(math.nan, math.nan)}.get(name, 0))


def _mean(dtype, result):
    accumulator = reduction.accumulator(result)
    text = _type_text(accumulator)
    return reduction.Reduction(
        reduction.binary_monoid(accumulator, "a + b"), "",
        lambda elements, index: [f"{text}({elements[0]})"],
        lambda acc: f"{acc[0]} / {text}(cudapy_count)", result, identity=math.nan)


def _extreme(name, dtype):
    compared = _extreme_type(dtype)
    text = _type_text(compared)
    better = "<" if name == "min" else ">"
    # NaN wins, as NumPy's min and max propagate it.
    return reduction.Reduction(
        reduction.binary_monoid(compared, f"b if b {better} a or b != b else a"), "",
        lambda elements, index: [f"{text}({elements[0]})"], lambda acc: acc[0], dtype,
        empty_error=f"zero-size array to reduction operation "
                    f"{'minimum' if name == 'min' else 'maximum'} which has no identity")


def _arg(name, dtype):
    compared = _extreme_type(dtype)
    text = _type_text(compared)
    return reduction.Reduction(
        reduction.arg_monoid(compared, name == "argmax"), "",
        lambda elements, index: [f"{text}({elements[0]})", f"int64({index})"],
        lambda acc: acc[1], np.int64,
        empty_error=f"attempt to get {name} of an empty sequence")


def _truth(name):
    expression, identity = {"any": ("a | b", False), "all": ("a & b", True)}[name]
    return reduction.Reduction(
        reduction.binary_monoid(np.int32, expression), "",
        lambda elements, index: [f"int32({elements[0]} != 0)"], lambda acc: f"{acc[0]} != 0",
        np.bool_, identity=identity)


def _reduction(name, dtype, result=None):
    """The Reduction of `name` for arrays of `dtype` (`result`: dtype= given), made once."""
    key = (name, dtype, result)
    found = _BY_CALL.get(key)
    if found is None:
        found = _BY_CALL[key] = _make_reduction(name, np.dtype(dtype), result)
    return found


_BY_CALL = {}


def _make_reduction(name, dtype, result):
    if dtype.kind == "c":
        result = np.dtype(result) if result is not None else dtype
        return _made((name, dtype, result), lambda: _complex_arithmetic(name, result))
    if name in ("sum", "prod"):
        result = np.dtype(result) if result is not None else _sum_type(dtype)
        return _made((name, dtype, result), lambda: _arithmetic(name, dtype, result))
    if name == "mean":
        result = np.dtype(result) if result is not None else _mean_type(dtype)
        return _made((name, dtype, result), lambda: _mean(dtype, result))
    if name in ("min", "max"):
        return _made((name, dtype), lambda: _extreme(name, dtype))
    if name in ("argmin", "argmax"):
        return _made((name, dtype), lambda: _arg(name, dtype))
    return _made((name,), lambda: _truth(name))


def _sum_type(dtype):
    return np.add.reduce(np.zeros(1, dtype)).dtype


def _mean_type(dtype):
    return dtype if dtype.kind == "f" else np.dtype(np.float64)


def _check_numeric(array, name):
    complex_supported = name in ("sum", "prod", "mean")
    if array.dtype.kind not in ("biufc" if complex_supported else "biuf"):
        raise TypeError(f"{name}() is not supported for arrays of {array.dtype}")


def _finish(result, out, stream):
    """The result, or `out` filled with it (converted as NumPy's out= converts)."""
    if out is None:
        return result
    if not isinstance(out, CudaArray):
        raise TypeError(f"out= must be a device array, got {type(out).__name__}")
    if tuple(out.shape) != tuple(result.shape):
        raise ValueError(f"out= has shape {tuple(out.shape)} but the result has shape "
                         f"{tuple(result.shape)}")
    converter(out.dtype)(result, out=out, stream=stream)
    return out


def _reduce(name, array, axis=None, dtype=None, out=None, keepdims=False, stream=0):
    _check_numeric(array, name)
    found = _reduction(name, array.dtype, dtype)
    return _finish(reduction.reduce_arrays(found, [array], axis, keepdims, stream=stream), out,
                   stream)


def sum(self, axis=None, dtype=None, out=None, keepdims=False, stream=0):
    """The sum over `axis` (None: all; an int or a tuple), as NumPy's sum types it: small
    integers in int64 (uint64), `dtype=` to choose. A device array (0-d for a full sum)."""
    return _reduce("sum", self, axis, dtype, out, keepdims, stream)


def prod(self, axis=None, dtype=None, out=None, keepdims=False, stream=0):
    """The product over `axis`, typed as NumPy's prod."""
    return _reduce("prod", self, axis, dtype, out, keepdims, stream)


def mean(self, axis=None, dtype=None, out=None, keepdims=False, stream=0):
    """The mean over `axis`: float64 for integers, the float type of floats (float16's
    accumulated in float32); NaN over no elements."""
    return _reduce("mean", self, axis, dtype, out, keepdims, stream)


def _min(self, axis=None, out=None, keepdims=False, stream=0):
    """The smallest element over `axis`; NaN if any is NaN; ValueError over no elements."""
    return _reduce("min", self, axis, None, out, keepdims, stream)


def _max(self, axis=None, out=None, keepdims=False, stream=0):
    """The largest element over `axis`; NaN if any is NaN; ValueError over no elements."""
    return _reduce("max", self, axis, None, out, keepdims, stream)


def _arg_reduce(name, array, axis, out, keepdims, stream):
    _check_numeric(array, name)
    if axis is not None and not isinstance(axis, (int, np.integer)):
        raise TypeError(f"{name}(): axis must be an int or None, got {type(axis).__name__}")
    found = _reduction(name, array.dtype)
    if axis is None:
        flat = array if array.is_c_contiguous() else array.copy()
        result = reduction.reduce_arrays(found, [flat.reshape(flat.size)], None, stream=stream)
        if keepdims:
            result = result.reshape(*([1] * array.ndim))
    else:
        result = reduction.reduce_arrays(found, [array], int(axis), keepdims, stream=stream)
    return _finish(result, out, stream)


def argmin(self, axis=None, out=None, keepdims=False, stream=0):
    """The index of the smallest element (the first of equal ones, the first NaN if any), of
    the flattened array or along `axis`; int64."""
    return _arg_reduce("argmin", self, axis, out, keepdims, stream)


def argmax(self, axis=None, out=None, keepdims=False, stream=0):
    """The index of the largest element (the first of equal ones, the first NaN if any)."""
    return _arg_reduce("argmax", self, axis, out, keepdims, stream)


def _any(self, axis=None, out=None, keepdims=False, stream=0):
    """Whether any element over `axis` is nonzero (bool)."""
    return _reduce("any", self, axis, None, out, keepdims, stream)


def _all(self, axis=None, out=None, keepdims=False, stream=0):
    """Whether every element over `axis` is nonzero (bool)."""
    return _reduce("all", self, axis, None, out, keepdims, stream)


# ---- products and norms ------------------------------------------------------------------------


def _dot_reduction(result):
    accumulator = reduction.accumulator(result)
    text = _type_text(accumulator)
    return _made(("dot", result), lambda: reduction.Reduction(
        reduction.binary_monoid(accumulator, "a + b"), "",
        lambda elements, index: [f"{text}({elements[0]}) * {text}({elements[1]})"],
        lambda acc: acc[0], result, identity=0))


def dot(a, b, out=None, stream=0):
    """The dot product of two 1-d device arrays (NumPy's dot; its dtype is NumPy's result
    type), a 0-d device array. Matrices are cuBLAS's work (cudapy.cudalib)."""
    for operand in (a, b):
        if not isinstance(operand, CudaArray):
            raise TypeError(f"dot() takes device arrays, got {type(operand).__name__}")
        _check_numeric(operand, "dot")
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError(f"dot() of device arrays takes two 1-d arrays, got {a.ndim}-d and "
                         f"{b.ndim}-d")
    if a.shape != b.shape:
        raise ValueError(f"shapes {tuple(a.shape)} and {tuple(b.shape)} not aligned")
    _device_target([a, b])
    found = _dot_reduction(np.result_type(a.dtype, b.dtype))
    return _finish(reduction.reduce_arrays(found, [a, b], stream=stream), out, stream)


def vdot(a, b, stream=0):
    """The dot product of the flattened arrays (NumPy's vdot; real types only)."""
    flat = [array if array.is_c_contiguous() else array.copy() for array in (a, b)]
    if flat[0].size != flat[1].size:
        raise ValueError("cannot reshape: vdot() takes arrays of one size")
    return dot(*(array.reshape(array.size) for array in flat), stream=stream)


def _norm_reduction(order, dtype):
    result = dtype if dtype.kind == "f" else np.dtype(np.float64)
    accumulator = reduction.accumulator(result)
    text = _type_text(accumulator)
    if order in (None, 2, "fro"):
        monoid, element, finish, identity = "a + b", "{0} * {0}", "math.sqrt({0})", 0.0
    elif order == 1:
        monoid, element, finish, identity = "a + b", "abs({0})", "{0}", 0.0
    elif order == math.inf:
        monoid, element, finish, identity = "b if b > a or b != b else a", "abs({0})", "{0}", 0.0
    elif order == -math.inf:
        monoid, element, finish, identity = ("b if b < a or b != b else a", "abs({0})", "{0}",
                                             math.inf)
    elif order == 0:
        monoid, element, finish, identity = "a + b", f"{text}({{0}} != 0)", "{0}", 0.0
    else:
        monoid, element, finish, identity = ("a + b", f"abs({{0}}) ** {text}({order!r})",
                                             f"{{0}} ** {text}(1.0 / {order!r})", 0.0)
    return _made(("norm", order, dtype), lambda: reduction.Reduction(
        reduction.binary_monoid(accumulator, monoid), "",
        lambda elements, index: [element.format(f"{text}({elements[0]})")],
        lambda acc: finish.format(acc[0]), result, identity=identity))


def norm(x, ord=None, axis=None, keepdims=False, stream=0):
    """NumPy's linalg.norm of a device array: the 2-norm of the flattened array (or of the
    vectors along an int `axis`), or for vectors `ord` 1, inf, -inf, 0 or any other p.
    Matrix norms (a 2-tuple axis with ord other than None or 'fro') are not computed here."""
    if not isinstance(x, CudaArray):
        raise TypeError(f"norm() takes a device array, got {type(x).__name__}")
    _check_numeric(x, "norm")
    if isinstance(axis, tuple) and len(axis) == 2 and ord not in (None, "fro"):
        raise NotImplementedError(f"norm(): the matrix norm ord={ord!r} needs singular values "
                                  "or column sums; only the Frobenius norm is computed on the "
                                  "device")
    if ord == "fro" and not (axis is None and x.ndim == 2 or isinstance(axis, tuple)):
        raise ValueError("Invalid norm order 'fro' for vectors")
    if isinstance(ord, str) and ord != "fro":
        raise ValueError(f"Invalid norm order {ord!r}")
    if ord is not None and axis is None and x.ndim == 2 and ord != "fro":
        raise NotImplementedError(f"norm(): the matrix norm ord={ord!r} is not computed on the "
                                  "device; give axis= for vector norms")
    found = _norm_reduction(ord, x.dtype)
    return reduction.reduce_arrays(found, [x], axis, keepdims, stream=stream)


# ---- NumPy's functions on device arrays --------------------------------------------------------

_METHODS = {"sum": sum, "prod": prod, "mean": mean, "min": _min, "max": _max,
            "argmin": argmin, "argmax": argmax, "any": _any, "all": _all}


def _numpy_functions():
    functions = {np.sum: sum, np.prod: prod, np.mean: mean, np.min: _min, np.max: _max,
                 np.amin: _min, np.amax: _max, np.argmin: argmin, np.argmax: argmax,
                 np.any: _any, np.all: _all, np.dot: dot, np.vdot: vdot,
                 np.linalg.norm: norm}
    functions.update({np.cumsum: scans.cumsum, np.cumprod: scans.cumprod})
    return functions


_FUNCTIONS = {}


def _to_host(value):
    if isinstance(value, CudaArray):
        return value.copy_to_host()
    if isinstance(value, (list, tuple)):
        return type(value)(_to_host(item) for item in value)
    return value


def _array_function(self, func, types, args, kwargs):
    """NumPy's functions of device arrays: those above run on the device; any other gets the
    arrays copied to the host, as np.asarray would give them."""
    if not _FUNCTIONS:
        _FUNCTIONS.update(_numpy_functions())
    ours = _FUNCTIONS.get(func)
    if ours is not None and all(issubclass(kind, CudaArray) for kind in types):
        try:
            return ours(*args, **kwargs)
        except TypeError as error:
            if "unexpected keyword" not in str(error):
                raise
    return func(*_to_host(args), **_to_host(kwargs))


def _install():
    for name, method in _METHODS.items():
        setattr(CudaArray, name, method)
    CudaArray.dot = dot
    CudaArray.__array_function__ = _array_function


_install()
