"""ParPy's operators: what a jit function calls. Called by CPython (the function run without
jit, or with `seq=True`) they compute on NumPy arrays and PyTorch tensors; in a jit function
the compiler knows each of them by identity, wherever the function found it.

`sum`, `prod`, `max` and `min` of a slice expression reduce it (over `axis=`, else over every
dimension); `max` and `min` of two scalars choose one. `label` names the next statement for the
parallel specification; `gpu` is the context (`with parpy.gpu:`) of sequential code that runs
on the GPU."""

import builtins
import contextlib
import math

from .._lazy import numpy as np

abs = builtins.abs
inf = math.inf
gpu = contextlib.nullcontext()


def _elementwise(numpy_function, torch_name):
    """A NumPy function that also takes PyTorch tensors (computed by torch where one is given)."""
    def function(*args):
        for arg in args:
            module = type(arg).__module__
            if module.startswith("torch"):
                return getattr(__import__("torch"), torch_name)(*args)
        return numpy_function(*args)
    function.__name__ = torch_name
    function.__doc__ = (f"NumPy's {numpy_function.__name__} of the arguments (PyTorch's {torch_name} "
                        "for tensors); in a jit function, the kernel language's math function.")
    return function


cos = _elementwise(np.cos, "cos")
sin = _elementwise(np.sin, "sin")
tanh = _elementwise(np.tanh, "tanh")
exp = _elementwise(np.exp, "exp")
log = _elementwise(np.log, "log")
sqrt = _elementwise(np.sqrt, "sqrt")
atan2 = _elementwise(np.arctan2, "atan2")


def _is_torch(value):
    return type(value).__module__.startswith("torch")


def _reduce(numpy_function, torch_name, x, axis):
    if _is_torch(x):
        if axis is None:
            return getattr(x, torch_name)()
        result = getattr(x, torch_name)(dim=axis)
        return result.values if hasattr(result, "values") else result
    return numpy_function(x) if axis is None else numpy_function(x, axis=axis)


def sum(x, axis=None):
    """The sum of a slice expression over `axis`, else over every dimension."""
    return _reduce(np.sum, "sum", x, axis)


def prod(x, axis=None):
    """The product of a slice expression over `axis`, else over every dimension."""
    return _reduce(np.prod, "prod", x, axis)


def _choose(numpy_pair, numpy_reduce, torch_pair, torch_reduce, x, y, axis):
    if y is None:
        return _reduce(numpy_reduce, torch_reduce, x, axis)
    if axis is not None:
        raise TypeError("axis= applies to the reduction of one slice expression, not to two "
                        "values")
    if _is_torch(x) or _is_torch(y):
        torch = __import__("torch")
        return getattr(torch, torch_pair)(torch.as_tensor(x), torch.as_tensor(y))
    return numpy_pair(x, y)


def max(x, y=None, axis=None):
    """The larger of `x` and `y`, or the largest element of the slice expression `x`."""
    return _choose(np.maximum, np.max, "maximum", "amax", x, y, axis)


def min(x, y=None, axis=None):
    """The smaller of `x` and `y`, or the smallest element of the slice expression `x`."""
    return _choose(np.minimum, np.min, "minimum", "amin", x, y, axis)


def _conversion(name):
    dtype = np.dtype(name)

    def convert(x):
        return dtype.type(x)
    convert.__name__ = name
    convert.__doc__ = f"x as {name}."
    return convert


float16 = _conversion("float16")
float32 = _conversion("float32")
float64 = _conversion("float64")
int8 = _conversion("int8")
int16 = _conversion("int16")
int32 = _conversion("int32")
int64 = _conversion("int64")
uint8 = _conversion("uint8")
uint16 = _conversion("uint16")
uint32 = _conversion("uint32")
uint64 = _conversion("uint64")


def label(name):
    """Names the next statement (a for-loop or a slice statement) for the parallel
    specification of a call: `parpy.label('N')`. Without jit it does nothing."""
    if not isinstance(name, str):
        raise TypeError(f"parpy.label takes a string, got {type(name).__name__}")
