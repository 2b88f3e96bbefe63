"""PyCUDA's cumath: NumPy's elementwise math functions on GPUArrays, as cudapy's elementwise
kernels (each takes stream= as PyCUDA's do)."""

import numpy as np

from . import complex_kernels
from ..elementwise import _type_text
from .gpuarray import _apply, _kernel, empty_like


def _function(name):
    def function(array, stream=None, out=None):
        if array.dtype.kind == "c" and name in complex_kernels.UNARY_NAMES:
            return complex_kernels.unary(name, array, out)
        return _apply(name, array, out=out, stream=stream)
    function.__name__ = name
    function.__doc__ = f"NumPy's {name}, elementwise on the device."
    return function


sqrt, exp, log, log10 = (_function(name) for name in ("sqrt", "exp", "log", "log10"))
sin, cos, tan = (_function(name) for name in ("sin", "cos", "tan"))
asin, acos, atan = (_function(name) for name in ("arcsin", "arccos", "arctan"))
sinh, cosh, tanh = (_function(name) for name in ("sinh", "cosh", "tanh"))
fabs = _function("absolute")


def _rounding(name):
    def function(array, stream=None, out=None):
        out = empty_like(array) if out is None else out
        kind = _type_text(array.dtype)
        _kernel((name, array.dtype.name), f"{kind} *y, {kind} *x",
                f"y[i] = {kind}(math.{name}(x[i]))")(out, array, stream=stream)
        return out
    function.__name__ = name
    function.__doc__ = f"C's {name}, elementwise on the device (the array's dtype kept)."
    return function


ceil, floor = _rounding("ceil"), _rounding("floor")


def fmod(arg, mod, stream=None):
    """C's fmod, elementwise on the device."""
    return _apply("fmod", arg, mod, stream=stream)


def ldexp(significand, exponent, stream=None):
    """significand * 2**exponent, elementwise on the device."""
    return significand * _apply("power", 2.0, exponent, stream=stream).astype(
        np.result_type(significand.dtype, np.float32))


__all__ = ["acos", "asin", "atan", "ceil", "cos", "cosh", "exp", "fabs", "floor", "fmod",
           "ldexp", "log", "log10", "sin", "sinh", "sqrt", "tan", "tanh"]
