"""NumbaPro's and numba's `vectorize`: a scalar function made a NumPy-style universal function,
run by the elementwise engine (cudapy.elementwise) on the GPU or the host's cores.

    @cp.vectorize(["float32(float32, float32)"], target="cuda")
    def add_square(a, b):
        return (a + b) ** 2

    add_square(x, y)              # host arrays in, a host array out; device arrays stay there
"""

import os
import re
from types import FunctionType

from . import elementwise, reduction
from ._lazy import numpy as np
from .array import as_device_array
from .types import to_dtype

# numba's targets and where each runs: "cpu" on one host thread, "parallel" on all of them.
_TARGETS = {"cuda": "cuda", "gpu": "cuda", "cpu": "cpu", "parallel": "cpu"}
_SIGNATURE = re.compile(r"^\s*(\w+)\s*\((.*)\)\s*$")


def parse_signature(signature):
    """(input dtypes, output dtype) of 'float32(float32, float32)' (numba's spelling; NumPy's
    short codes such as 'f4' too)."""
    if not isinstance(signature, str):
        raise TypeError("a vectorize signature is a string such as 'float32(float32, float32)', "
                        f"got {type(signature).__name__}")
    match = _SIGNATURE.match(signature)
    if not match:
        raise ValueError(f"vectorize signature {signature!r} does not parse: write it as "
                         "'float32(float32, float32)'")
    output, inputs = match.group(1), match.group(2)
    names = [name.strip() for name in inputs.split(",")] if inputs.strip() else []
    try:
        return tuple(to_dtype(name) for name in names), to_dtype(output)
    except TypeError as error:
        raise TypeError(f"vectorize signature {signature!r}: {error}") from None


class UFunc:
    """A vectorized function: called on arrays, NumPy scalars and Python numbers, it broadcasts
    them and applies the function to each element, as a NumPy ufunc does (out=, stream=)."""

    def __init__(self, function, signatures, target):
        if target not in _TARGETS:
            raise ValueError(f"vectorize target must be one of {', '.join(map(repr, _TARGETS))}, "
                             f"got {target!r}")
        self.target = target
        self._engine = elementwise.Elementwise(function, [parse_signature(signature)
                                                          for signature in signatures])
        self.__name__ = self._engine.__name__
        self.__doc__ = getattr(function, "__doc__", None)
        self.py_func = function
        self.nin, self.nout = self._engine.nin, 1
        self.nargs = self.nin + 1
        self._reductions = {}

    @property
    def types(self):
        """The compiled loops as NumPy names them: 'ff->f'."""
        return ["".join(dtype.char for dtype in inputs) + "->" + output.char
                for inputs, output in self._engine.signatures]

    def __repr__(self):
        return f"<cudapy ufunc {self.__name__}, target={self.target!r}>"

    def __call__(self, *args, out=None, stream=0):
        # Other libraries' GPU arrays are computed on where they are, as device arrays.
        args = tuple(as_device_array(arg) for arg in args)
        if out is not None:
            out = as_device_array(out)
        threads = None
        if self.target == "cpu":
            threads = 1
        elif self.target == "parallel":
            threads = os.cpu_count() or 1
        return self._engine(*args, out=out, stream=stream, target=_TARGETS[self.target],
                            threads=threads)

    def reduce(self, array, axis=0, keepdims=False, stream=0):
        """Folds a binary ufunc over `axis` (an int, a tuple, or None for every axis), as
        NumPy's ufunc.reduce: a device array gives a device array (a 0-d result included), a
        host array a host array or a NumPy scalar. The function is assumed associative and
        commutative (as add, multiply, min and max are): the reduction engine
        (cudapy.reduction) combines elements in its own order, so floating-point sums may
        differ from NumPy's in the last bits. An empty axis is an error: the function has no
        identity."""
        if self.nin != 2:
            raise ValueError(f"reduce only supported for binary functions; {self.__name__}() "
                             f"takes {self.nin}")
        device = isinstance(array, elementwise.CudaArray)
        if not device:
            host = np.asarray(array)
            array = elementwise.CudaArray(host if host.ndim else host.reshape(1),
                                          target=_TARGETS[self.target])
        found = self._reduction(array.dtype, array.target)
        folded = reduction.reduce_arrays(found, [array], axis, keepdims, stream=stream)
        if device:
            return folded
        result = folded.copy_to_host()
        return result[()] if result.ndim == 0 else result

    def _reduction(self, dtype, where):
        key = (dtype, where)
        found = self._reductions.get(key)
        if found is None:
            inputs, output = self._engine.loop_types([dtype, dtype], where)
            given = elementwise._type_text(inputs[0])
            found = self._reductions[key] = reduction.Reduction(
                reduction.function_monoid(output, self.py_func), "",
                lambda elements, index: [f"{elementwise._type_text(output)}("
                                         f"{given}({elements[0]}))"],
                lambda acc: acc[0], output,
                empty_error=f"zero-size array to reduction operation {self.__name__} which "
                            "has no identity")
        return found


def vectorize(signatures=None, target="cpu", **options):
    """Makes a scalar function a ufunc: `@vectorize`, `@vectorize(["f4(f4, f4)"], target=...)`
    or `vectorize(signatures, target=...)(function)`. Without signatures each new tuple of
    argument types is compiled at its first call. Targets, for calls on host arrays: "cpu"
    (one host thread; numba's default), "parallel" (all host threads) and "cuda" (or "gpu");
    device arrays are computed where they live, and stay there."""
    unknown = set(options) - {"identity", "cache", "nopython", "fastmath"}
    if unknown:
        raise TypeError(f"vectorize() got unexpected keyword arguments {sorted(unknown)}")
    if isinstance(signatures, FunctionType):
        return UFunc(signatures, [], target)
    given = [] if signatures is None else (
        [signatures] if isinstance(signatures, str) else list(signatures))

    def decorate(function):
        return UFunc(function, given, target)

    return decorate
