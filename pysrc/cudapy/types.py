"""Kernel element types: CudaPy's names, NumPy dtypes and the library's cudapy_scalar_type."""

import enum
import functools
import keyword

from ._lazy import numpy as np

# CudaPy's names of NumPy's scalar types, read through __getattr__ so that NumPy is imported
# only when they are used.
_ALIASES = {"Int": "int32", "Float": "float32", "Double": "float64", "Bool": "bool_"}


def __getattr__(name):
    if name in _ALIASES:
        return getattr(np, _ALIASES[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class ScalarType(enum.IntEnum):
    """cudapy_scalar_type."""

    BOOL = 0
    INT8 = 1
    INT16 = 2
    INT32 = 3
    INT64 = 4
    UINT8 = 5
    UINT16 = 6
    UINT32 = 7
    UINT64 = 8
    FLOAT16 = 9
    FLOAT32 = 10
    FLOAT64 = 11
    COMPLEX64 = 12
    COMPLEX128 = 13


# (CudaPy's name, NumPy dtype name, struct format code) of each scalar type; a complex number
# is two floats, the real part first.
_TYPES = {
    ScalarType.BOOL: ("bool", "bool_", "?"),
    ScalarType.INT8: ("int8", "int8", "b"),
    ScalarType.INT16: ("int16", "int16", "h"),
    ScalarType.INT32: ("int", "int32", "i"),
    ScalarType.INT64: ("int64", "int64", "q"),
    ScalarType.UINT8: ("uint8", "uint8", "B"),
    ScalarType.UINT16: ("uint16", "uint16", "H"),
    ScalarType.UINT32: ("uint32", "uint32", "I"),
    ScalarType.UINT64: ("uint64", "uint64", "Q"),
    ScalarType.FLOAT16: ("float16", "float16", "e"),
    ScalarType.FLOAT32: ("float", "float32", "f"),
    ScalarType.FLOAT64: ("double", "float64", "d"),
    ScalarType.COMPLEX64: ("complex64", "complex64", "2f"),
    ScalarType.COMPLEX128: ("complex128", "complex128", "2d"),
}


@functools.cache
def _by_dtype():
    return {np.dtype(dtype): scalar for scalar, (_, dtype, _) in _TYPES.items()}


@functools.cache
def _by_name():
    """Signature spellings; NumPy reads "int" and "float" as 64-bit, CudaPy as 32-bit."""
    names = {name: np.dtype(dtype) for name, dtype, _ in _TYPES.values()}
    names.update(int32=np.dtype(np.int32), float32=np.dtype(np.float32),
                 float64=np.dtype(np.float64), complex=np.dtype(np.complex128))
    return names


# The members by value: a tuple index costs a fraction of the enum's call.
SCALAR_TYPES = tuple(ScalarType)


# These take a ScalarType or its int, which _TYPES's IntEnum keys find alike.
@functools.cache
def dtype_of(scalar_type):
    """The NumPy dtype of a cudapy_scalar_type value."""
    return np.dtype(_TYPES[scalar_type][1])


def type_name(scalar_type):
    """The type's name as a CudaPy signature writes it: int, float, double, int8, ..."""
    return _TYPES[scalar_type][0]


def struct_code(scalar_type):
    """The struct module's format of one value of the type (two floats for a complex one)."""
    return _TYPES[scalar_type][2]


def scalar_type_of(dtype):
    """The cudapy_scalar_type of a NumPy dtype; TypeError for a dtype kernels cannot use."""
    dtype = np.dtype(dtype)
    try:
        return _by_dtype()[dtype]
    except KeyError:
        raise TypeError(f"cudapy arrays cannot hold {dtype}; use bool, int8..int64, "
                        "uint8..uint64, float16, float32, float64, complex64 or "
                        "complex128") from None


# numba's kinds of conversion of an argument to a parameter's type, best first.
EXACT, PROMOTE, SAFE, UNSAFE = range(4)


def scalar_conversion(given, wanted):
    """The kind of conversion of a number of dtype `given` to dtype `wanted`, as numba ranks
    the signatures a call may take: NumPy's safe casts within a kind promote, across kinds
    they are safe, the others unsafe; None for a complex number to a real type."""
    if given == wanted:
        return EXACT
    if np.can_cast(given, wanted, "safe"):
        return PROMOTE if given.kind == wanted.kind else SAFE
    if wanted.kind == "c" or given.kind != "c":
        return UNSAFE
    return None


def conversion_rating(kinds):
    """(unsafe, safe, promoting) conversions among `kinds`: the smaller, the better a match."""
    return tuple(kinds.count(kind) for kind in (UNSAFE, SAFE, PROMOTE))


def storage_dtype(spec):
    """The dtype of a device array's elements: a kernel's types, as to_dtype gives them, and
    records (structured dtypes) of them."""
    if not isinstance(spec, str) or spec not in _by_name():
        try:
            dtype = np.dtype(spec)
        except TypeError:
            raise TypeError(f"not a data type: {spec!r}") from None
        if dtype.names is not None:
            record_fields(dtype)
            return dtype
    return to_dtype(spec)


@functools.lru_cache(maxsize=256)
def record_fields(dtype):
    """(name, element dtype, extents) of each field of a record dtype (NumPy's structured
    dtype) that kernels can take: numbers, or arrays of them (extents not empty); TypeError
    for another field, naming it."""
    fields = []
    for name in dtype.names:
        field_dtype = dtype.fields[name][0]
        element, extents = (field_dtype.subdtype if field_dtype.subdtype is not None
                            else (field_dtype, ()))
        if not name.isidentifier() or keyword.iskeyword(name):
            raise TypeError(f"the record field {name!r} is not an identifier, which kernels "
                            "name fields by (r.x, r['x'])")
        try:
            scalar_type_of(element)
        except TypeError:
            raise TypeError(f"the record field {name!r} holds {field_dtype}; kernels take "
                            "record fields of numbers and arrays of numbers") from None
        fields.append((name, element, extents))
    if not fields:
        raise TypeError("a record without fields passes nothing")
    return tuple(fields)


@functools.lru_cache(maxsize=256)
def record_type(dtype):
    """A record dtype as a signature spells it: `Record(x: float32, v: float64(3))`; an
    array of them adds its dimensions, `Record(...)[:]`."""
    spelled = []
    for name, element, extents in record_fields(dtype):
        own = f"({', '.join(map(str, extents))})" if extents else ""
        spelled.append(f"{name}: {element.name}{own}")
    return f"Record({', '.join(spelled)})"


def to_dtype(spec):
    """The NumPy dtype for cp.Int/cp.Float/cp.Double/cp.Bool, a signature type name or any
    NumPy dtype specification; TypeError for one kernels cannot use."""
    if isinstance(spec, str) and spec in _by_name():
        return _by_name()[spec]
    try:
        dtype = np.dtype(spec)
    except TypeError:
        raise TypeError(f"not a data type: {spec!r}") from None
    scalar_type_of(dtype)
    return dtype
