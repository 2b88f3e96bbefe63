"""numba's type objects, as `cudapy.cuda` names them: `float32` is a scalar type that serves
as a NumPy dtype (`np.zeros(4, float32)`), as a host cast (`float32(1.5)`), as an array type
(`float32[:]`, `float32[:, ::1]`) and as a signature (`void(float32[:], int32)`), so that
numba's signatures spelt with type objects compile as their strings do."""

import re

from ._lazy import numpy as np
from .types import record_type


class Signature(str):
    """A signature built from type objects, e.g. `void(float32[:], int32)`: the string
    "void(float32[:], int32)", which every compile takes as it is, with numba's `args` (the
    parameters' type objects) and `return_type`."""

    @property
    def args(self):
        return _parsed(self)[0]

    @property
    def return_type(self):
        return _parsed(self)[1]


_PARAMETER = re.compile(r"\s*(\w+)\s*(?:\[([\s:,1]*)\])?\s*")


def _parsed(text):
    """(parameter types, return type) of a signature's text, as type objects."""
    head, _, rest = text.partition("(")
    inner = rest.rpartition(")")[0]
    parts = [part for part in re.split(r",(?![^\[]*\])", inner) if part.strip()]
    return tuple(_type_named(part, text) for part in parts), _type_named(head or "void", text)


def _type_named(text, signature):
    match = _PARAMETER.fullmatch(text)
    name = match and NUMBA_ALIASES.get(match.group(1), match.group(1))
    scalar = void if name in ("void", "none") else SCALAR_TYPES.get(name)
    if scalar is None:
        raise TypeError(f"the signature {signature!r} names no type {text.strip()!r}")
    if match.group(2) is None:
        return scalar
    steps = [step.replace(" ", "") for step in match.group(2).split(",")]
    return scalar[tuple(slice(None, None, 1 if step == "::1" else None) for step in steps)]


class ArrayType:
    """An array type as numba spells it: `float32[:]`, `float32[:, ::1]` (C layout),
    `float32[::1, :]` (Fortran layout)."""

    __slots__ = ("dtype", "ndim", "layout", "_text")

    def __init__(self, element, key):
        keys = key if isinstance(key, tuple) else (key,)
        steps = []
        for item in keys:
            if (not isinstance(item, slice) or item.start is not None or item.stop is not None
                    or item.step not in (None, 1)):
                raise TypeError(f"{element}[{_key_text(key)}] is no array type: give one ':' per "
                                "dimension, '::1' on the contiguous one, as in float32[:, ::1]")
            steps.append("::1" if item.step == 1 else ":")
        contiguous = [index for index, step in enumerate(steps) if step == "::1"]
        if len(contiguous) > 1 or contiguous and contiguous[0] not in (0, len(steps) - 1):
            raise TypeError(f"{element}[{_key_text(key)}] is no array type: only the first or "
                            "the last dimension can be contiguous (::1)")
        self.dtype = element  # numba's: the element's type object, equal to its NumPy dtype
        self.ndim = len(steps)
        self.layout = ("C" if contiguous == [len(steps) - 1] else "F" if contiguous == [0]
                       else "A")
        self._text = f"{element}[{', '.join(steps)}]"

    def __str__(self):
        return self._text

    def __repr__(self):
        return self._text

    def __eq__(self, other):
        return isinstance(other, ArrayType) and other._text == self._text

    def __hash__(self):
        return hash(self._text)


class ScalarType:
    """A scalar type as numba spells it (`float32`, `int32`, `void`): `np.dtype(float32)` is
    float32's dtype, `float32(1.5)` a NumPy float32, `float32[:]` an array type and
    `float32(int32, float32[:])` a Signature."""

    __slots__ = ("name", "_dtype")

    def __init__(self, name, dtype):
        self.name = name
        self._dtype = dtype  # None for void

    @property
    def dtype(self):
        """The NumPy dtype (what lets NumPy take the type wherever it takes a dtype)."""
        if self._dtype is None:
            raise TypeError("void is no value type: it has no dtype")
        return np.dtype(self._dtype)

    @property
    def bitwidth(self):
        """numba's: the bits of a value of the type."""
        return self.dtype.itemsize * 8

    @property
    def underlying_float(self):
        """numba's: the real type of a complex type's parts (float32 of complex64)."""
        if self._dtype is None or np.dtype(self._dtype).kind != "c":
            raise AttributeError(f"{self.name} is not complex: it has no underlying_float")
        return SCALAR_TYPES[f"float{np.dtype(self._dtype).itemsize * 4}"]

    def __str__(self):
        return self.name

    def __repr__(self):
        return self.name

    def __getitem__(self, key):
        if self._dtype is None:
            raise TypeError("void is no value type: there are no arrays of it")
        return ArrayType(self, key)

    def __call__(self, *args):
        if all(isinstance(arg, (ScalarType, ArrayType)) for arg in args):
            for arg in args:
                if isinstance(arg, ScalarType) and arg._dtype is None:
                    raise TypeError("void is no parameter type")
            return Signature(f"{self.name}({', '.join(map(str, args))})")
        if self._dtype is None:
            raise TypeError("void is no value type: nothing converts to it")
        return self.dtype.type(*args)

    def __eq__(self, other):
        if isinstance(other, ScalarType):
            return other.name == self.name
        if self._dtype is None:
            return False
        # Equal to its dtype and NumPy scalar type, not to whatever np.dtype() would read
        # (None and Python's float are float64 to it).
        if isinstance(other, np.dtype) or (isinstance(other, type) and issubclass(other, np.generic)):
            return np.dtype(other) == self.dtype
        return NotImplemented

    def __hash__(self):
        return hash(self.dtype) if self._dtype is not None else hash(self.name)

    def __instancecheck__(self, instance):
        """isinstance(x, float32): whether x is a NumPy scalar of the type."""
        return self._dtype is not None and isinstance(instance, self.dtype.type)


def _key_text(key):
    keys = key if isinstance(key, tuple) else (key,)
    return ", ".join(_slice_text(item) if isinstance(item, slice) else repr(item)
                     for item in keys)


def _slice_text(item):
    parts = ["" if part is None else str(part) for part in (item.start, item.stop, item.step)]
    return ":".join(parts[:2]) + (f":{parts[2]}" if item.step is not None else "")


# numba's short names of the scalar types, as its signature strings use them ("f4[::1]").
NUMBA_ALIASES = {"b1": "bool_", "bool": "bool_", "boolean": "bool_", "i1": "int8", "i2": "int16",
                 "i4": "int32", "i8": "int64", "intp": "int64", "u1": "uint8", "u2": "uint16",
                 "u4": "uint32", "u8": "uint64", "uintp": "uint64", "f2": "float16",
                 "f4": "float32", "f8": "float64", "c8": "complex64", "c16": "complex128"}
_NAMES = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"]
SCALAR_TYPES = {name: ScalarType(name, name) for name in _NAMES}
void = ScalarType("void", None)


def from_dtype(dtype):
    """numba's from_dtype: the scalar type of a NumPy dtype; a record type (whose arrays are
    `rec[:]`) of a structured one."""
    if np.dtype(dtype).names is not None:
        return ScalarType(record_type(np.dtype(dtype)), np.dtype(dtype))
    name = np.dtype(dtype).name
    name = "bool_" if name == "bool" else name
    if name not in SCALAR_TYPES:
        raise TypeError(f"kernels take no {name} values; the scalar types are "
                        f"{', '.join(_NAMES)}")
    return SCALAR_TYPES[name]


def typeof(value):
    """numba's typeof: the type object of a value a kernel could take. An array (NumPy's,
    a CudaArray, anything with __cuda_array_interface__) gives its array type, laid out as
    it is (float32[:, ::1] for a C-contiguous float32 matrix); a number its scalar type (a
    Python int int64, a float float64, a complex complex128, as kernels take them)."""
    if isinstance(value, (bool, np.bool_)):
        return SCALAR_TYPES["bool_"]
    if isinstance(value, int):
        return SCALAR_TYPES["int64"]
    if isinstance(value, float):
        return SCALAR_TYPES["float64"]
    if isinstance(value, complex):
        return SCALAR_TYPES["complex128"]
    if isinstance(value, np.generic):
        return from_dtype(value.dtype)
    interface = getattr(value, "__cuda_array_interface__", None)
    if isinstance(value, np.ndarray) or interface is None:
        shape, dtype = getattr(value, "shape", None), getattr(value, "dtype", None)
        strides = getattr(value, "strides", None)
    else:
        shape, dtype = tuple(interface["shape"]), np.dtype(interface["typestr"])
        strides = interface.get("strides")
    if shape is None or dtype is None:
        raise ValueError(f"typeof(): cannot determine the kernel type of a "
                         f"{type(value).__name__}")
    if not shape:
        raise ValueError("typeof(): kernels take arrays of one or more dimensions; a 0-d "
                         "array has no kernel type")
    element = from_dtype(dtype)
    steps = [slice(None)] * len(shape)
    itemsize = np.dtype(dtype).itemsize
    if strides is None or tuple(strides) == _contiguous(shape, itemsize, reversed):
        steps[-1] = slice(None, None, 1)
    elif tuple(strides) == _contiguous(shape, itemsize, iter):
        steps[0] = slice(None, None, 1)
    return ArrayType(element, tuple(steps))


def _contiguous(shape, itemsize, order):
    """The strides of a contiguous array of `shape`, its axes walked fastest first in
    `order` (reversed: C, iter: Fortran)."""
    strides, step = [0] * len(shape), itemsize
    for axis in order(range(len(shape))):
        strides[axis] = step
        step *= shape[axis]
    return tuple(strides)


def signature_text(signature):
    """A jit's signature as text: a string as it is, a tuple of argument types as a kernel's
    `void(...)`."""
    if isinstance(signature, (tuple, list)):
        if not all(isinstance(arg, (ScalarType, ArrayType)) for arg in signature):
            raise TypeError("a signature given as a tuple holds types such as float32[:] or "
                            f"int32, got {signature!r}")
        return str(void(*signature))
    return signature
