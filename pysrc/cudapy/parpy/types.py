"""ParPy's element types (`parpy.types.F32`, ...): the NumPy dtypes of cudapy under ParPy's
names, for type annotations of jit functions and externals and for buffers."""

import enum

from .._lazy import numpy as np


class ElemSize(enum.Enum):
    """An element type; `.size()` is its size in bytes, `.dtype()` its NumPy dtype."""

    Bool = "bool"
    I8 = "int8"
    I16 = "int16"
    I32 = "int32"
    I64 = "int64"
    U8 = "uint8"
    U16 = "uint16"
    U32 = "uint32"
    U64 = "uint64"
    F16 = "float16"
    F32 = "float32"
    F64 = "float64"

    def dtype(self):
        """The NumPy dtype."""
        return np.dtype(self.value)

    def size(self):
        """The size of an element in bytes."""
        return self.dtype().itemsize

    def is_integer(self):
        """Whether it is an integer type."""
        return self.dtype().kind in "iu"

    def is_signed_integer(self):
        """Whether it is a signed integer type."""
        return self.dtype().kind == "i"

    def is_unsigned_integer(self):
        """Whether it is an unsigned integer type."""
        return self.dtype().kind == "u"

    def is_floating_point(self):
        """Whether it is a floating-point type."""
        return self.dtype().kind == "f"

    @classmethod
    def from_dtype(cls, dtype):
        """The ElemSize of a NumPy dtype (or anything np.dtype takes); ValueError if none."""
        name = np.dtype(dtype).name
        for member in cls:
            if member.value == name:
                return member
        raise ValueError(f"ParPy has no element type for {name}")

    def __str__(self):
        return self.name


class Pointer:
    """A pointer to elements of `elem`, the type of an external's array parameter."""

    def __init__(self, elem):
        self.elem = elem

    def __eq__(self, other):
        return isinstance(other, Pointer) and other.elem == self.elem

    def __hash__(self):
        return hash(("pointer", self.elem))

    def __repr__(self):
        return f"Pointer({self.elem})"


class ExtType:
    """The types of externals' parameters: an ElemSize, or ExtType.Pointer(ElemSize)."""

    Pointer = Pointer


Bool = ElemSize.Bool
I8 = ElemSize.I8
I16 = ElemSize.I16
I32 = ElemSize.I32
I64 = ElemSize.I64
U8 = ElemSize.U8
U16 = ElemSize.U16
U32 = ElemSize.U32
U64 = ElemSize.U64
F16 = ElemSize.F16
F32 = ElemSize.F32
F64 = ElemSize.F64


def pointer(ty):
    """The type of a pointer to elements of `ty`."""
    if isinstance(ty, ElemSize):
        return Pointer(ty)
    raise RuntimeError(f"Provided type {ty} must be an element type (parpy.types.F32, ...)")
