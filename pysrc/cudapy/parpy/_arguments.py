"""A call's arguments as a specialization binds them: arrays (NumPy, PyTorch, CuPy, cudapy's,
parpy buffers) by dtype, shape and layout, scalars and 0-d arrays by value, dicts entry by
entry."""

from .. import array as _array
from .._lazy import numpy as np
from . import _lower, buffer


class Argument:
    """An array argument of a call: the value the kernels take and how its results get back."""

    __slots__ = ("value", "host", "original")

    def __init__(self, value, host=None, original=None):
        self.value, self.host, self.original = value, host, original


def classify(value, name, inside_dict=False):
    """The bound form of an argument: an ArrayArg with its _Argument, a (value, Ty) scalar, or
    a dict of those."""
    if isinstance(value, dict):
        if inside_dict:
            raise RuntimeError(f"The argument {name} contains a nested dictionary, which ParPy "
                               "does not support")
        entries = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise RuntimeError(f"The dictionary argument {name} has a key {key!r} that is "
                                   "not a string")
            entries[key] = classify(item, f"{name}[{key!r}]", True)
        return entries
    if isinstance(value, (bool, int, float, np.bool_, np.integer, np.floating)):
        if isinstance(value, np.generic):
            return (value.item(), _lower.Ty(value.dtype))
        return (value, None)
    if isinstance(value, buffer.Buffer):
        value = value._data
    if type(value).__module__ == "torch" and getattr(value, "is_cuda", False):
        # PyTorch's own attributes, which cost less than building its interface dict.
        dtype = _TORCH_DTYPES.get(value.dtype)
        if dtype is None:
            raise TypeError(f"Argument {name} has unsupported element type {value.dtype}")
        if value.dim() == 0:
            return (value.item(), _lower.Ty(dtype))
        return Bound(dtype, tuple(value.shape), value.is_contiguous(), Argument(value))
    if isinstance(value, _array.CudaArray) or hasattr(value, "__cuda_array_interface__"):
        shape = tuple(value.shape)
        dtype = np.dtype(value.dtype) if not type(value).__module__.startswith("torch") \
            else np.dtype(str(value.dtype).replace("torch.", ""))
        if not shape:
            host = buffer._host_of(value)
            return (host.reshape(()).item(), _lower.Ty(host.dtype))
        contiguous = _is_c_contiguous(value, dtype)
        return Bound(dtype, shape, contiguous, Argument(value))
    if hasattr(value, "__array__") or hasattr(value, "__array_interface__") or isinstance(
            value, (list, tuple)):
        host = np.asarray(value)
        if host.dtype.kind not in "biuf" or host.dtype.itemsize > 8:
            raise TypeError(f"Argument {name} has unsupported element type {host.dtype}")
        if host.ndim == 0:
            return (host.item(), _lower.Ty(host.dtype))
        return Bound(host.dtype, host.shape, True, Argument(None, host, value))
    raise TypeError(f"Argument {name} has unsupported type {type(value).__name__}: ParPy "
                    "functions take arrays (NumPy, PyTorch, CuPy, parpy buffers), Python ints "
                    "and floats, and dicts of those")


class Bound:
    __slots__ = ("dtype", "shape", "contiguous", "argument")

    def __init__(self, dtype, shape, contiguous, argument):
        self.dtype, self.shape, self.contiguous, self.argument = dtype, shape, contiguous, argument


def _torch_dtypes():
    try:
        import torch
    except ImportError:
        return {}
    return {getattr(torch, name): np.dtype(name) for name in (
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float16", "float32", "float64") if hasattr(torch, name)}


class _LazyTorchDtypes(dict):
    """PyTorch's dtypes as NumPy's, made on first use (only a process with torch tensors
    has torch)."""

    def get(self, key, default=None):
        if not self:
            self.update(_torch_dtypes())
        return super().get(key, default)


_TORCH_DTYPES = _LazyTorchDtypes()


def _is_c_contiguous(value, dtype):
    interface = getattr(value, "__cuda_array_interface__", None)
    if isinstance(value, _array.CudaArray):
        return value.is_c_contiguous()
    strides = interface.get("strides") if interface else None
    if strides is None:
        return True
    expected = dtype.itemsize
    for extent, stride in zip(reversed(interface["shape"]), reversed(strides)):
        if extent != 1 and stride != expected:
            return False
        expected *= extent
    return True


def bind(parsed, args):
    """{parameter: bound form} of a call's arguments and the _Arguments of its arrays by their
    kernel names."""
    if len(args) != len(parsed.params):
        raise TypeError(f"{parsed.name}() takes {len(parsed.params)} arguments but {len(args)} "
                        "were given")
    bound, arguments = {}, {}

    def array(bound_value, kernel_name):
        arguments[kernel_name] = bound_value.argument
        return _lower.ArrayArg(kernel_name, np.dtype(bound_value.dtype),
                               tuple(int(n) for n in bound_value.shape),
                               bool(bound_value.contiguous))

    for param, value in zip(parsed.params, args):
        form = classify(value, param)
        if isinstance(form, Bound):
            form = array(form, param)
        elif isinstance(form, dict):
            form = {key: array(item, f"parpy_d_{param}_{_key_name(key)}")
                    if isinstance(item, Bound) else item for key, item in form.items()}
        bound[param] = form
    return bound, arguments


def _key_name(key):
    return "".join(ch if ch.isalnum() else f"_{ord(ch):x}_" for ch in key)
