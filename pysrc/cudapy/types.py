"""Kernel element types: CudaPy's names, NumPy dtypes and the library's cudapy_scalar_type."""

import enum

import numpy as np

Int = np.int32
Float = np.float32
Double = np.float64
Bool = np.bool_


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


# (CudaPy's name, NumPy dtype, struct format code) of each scalar type.
_TYPES = {
    ScalarType.BOOL: ("bool", np.bool_, "?"),
    ScalarType.INT8: ("int8", np.int8, "b"),
    ScalarType.INT16: ("int16", np.int16, "h"),
    ScalarType.INT32: ("int", np.int32, "i"),
    ScalarType.INT64: ("int64", np.int64, "q"),
    ScalarType.UINT8: ("uint8", np.uint8, "B"),
    ScalarType.UINT16: ("uint16", np.uint16, "H"),
    ScalarType.UINT32: ("uint32", np.uint32, "I"),
    ScalarType.UINT64: ("uint64", np.uint64, "Q"),
    ScalarType.FLOAT16: ("float16", np.float16, "e"),
    ScalarType.FLOAT32: ("float", np.float32, "f"),
    ScalarType.FLOAT64: ("double", np.float64, "d"),
}

_BY_DTYPE = {np.dtype(dtype): scalar for scalar, (_, dtype, _) in _TYPES.items()}

# Signature spellings; NumPy reads "int" and "float" as 64-bit, CudaPy as 32-bit.
_BY_NAME = {name: np.dtype(dtype) for name, dtype, _ in _TYPES.values()}
_BY_NAME.update(int32=np.dtype(np.int32), float32=np.dtype(np.float32),
                float64=np.dtype(np.float64))


def dtype_of(scalar_type):
    """The NumPy dtype of a cudapy_scalar_type value."""
    return np.dtype(_TYPES[ScalarType(scalar_type)][1])


def type_name(scalar_type):
    """The type's name as a CudaPy signature writes it: int, float, double, int8, ..."""
    return _TYPES[ScalarType(scalar_type)][0]


def struct_code(scalar_type):
    """The struct module's format code for one value of the type."""
    return _TYPES[ScalarType(scalar_type)][2]


def scalar_type_of(dtype):
    """The cudapy_scalar_type of a NumPy dtype; TypeError for a dtype kernels cannot use."""
    dtype = np.dtype(dtype)
    try:
        return _BY_DTYPE[dtype]
    except KeyError:
        raise TypeError(f"cudapy arrays cannot hold {dtype}; use bool, int8..int64, "
                        "uint8..uint64, float16, float32 or float64") from None


def to_dtype(spec):
    """The NumPy dtype for cp.Int/cp.Float/cp.Double/cp.Bool, a signature type name or any
    NumPy dtype specification; TypeError for one kernels cannot use."""
    if isinstance(spec, str) and spec in _BY_NAME:
        return _BY_NAME[spec]
    try:
        dtype = np.dtype(spec)
    except TypeError:
        raise TypeError(f"not a data type: {spec!r}") from None
    scalar_type_of(dtype)
    return dtype
