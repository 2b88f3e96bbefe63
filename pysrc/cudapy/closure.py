"""What a compile takes from the Python around its functions: the device functions they call
(`@cuda.jit(device=True)`, and those of CUDA C++ from `cuda.declare_device`), and the
module-level numbers and NumPy arrays they read, which become the program's named constants
and constant arrays."""

import enum
import functools
import math
import operator
import types
from typing import NamedTuple

from ._lazy import numpy as np
from .linking import DeclaredDevice
from .types import record_fields, scalar_type_of
# Names the kernel language gives its own meaning, whatever a module binds them to.
_LANGUAGE_NAMES = frozenset(["idx", "idy", "idz", "warpSize", "warpsize", "laneid"])


class DeviceFunction:
    """A function that kernels call (`@cuda.jit(device=True)`): it is compiled into each kernel
    that uses it, typed by `signature` when one is given, else by the calls. numba's
    signatures without a result type ("(int64, int64)"), one or a list, are `overloads`: each
    call takes the one its arguments convert to best."""

    def __init__(self, function, signature):
        functools.update_wrapper(self, function)
        self.py_func = function
        if isinstance(signature, list) or (isinstance(signature, str)
                                           and signature.lstrip().startswith("(")):
            self.signature, self.overloads = None, (
                list(signature) if isinstance(signature, list) else [signature])
        else:
            self.signature, self.overloads = signature, None

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"{self.__name__}() is a device function: it can only be called "
                           "inside a kernel")

    def __getitem__(self, config):
        raise RuntimeError(f"Cannot compile a device function as a kernel: {self.__name__} was "
                           "made with device=True; launch a @cuda.jit kernel that calls it")

    def inspect_sass(self, signature=None):
        """Refused, as numba refuses it: a device function has no machine code of its own."""
        raise RuntimeError(f"Cannot inspect SASS of a device function: {self.__name__} has no "
                           "machine code of its own, being compiled into each kernel that "
                           "calls it; inspect such a kernel's")

    def __repr__(self):
        return f"<cudapy.cuda device function {self.__name__}>"


class Closure(NamedTuple):
    helpers: list  # DeviceFunctions the functions call, directly or through each other
    constants: str  # module source text: a `NAME = value` line for each number read
    arrays: dict  # name -> NumPy array read through cuda.const.array_like
    declared: dict  # name -> DeclaredDevice the functions call as that name


def nested_codes(code):
    """`code` and every code object nested in it."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from nested_codes(constant)


def _referenced_values(function):
    """The values of the module globals and closure variables that the function's code reads,
    by name."""
    module = function.__globals__
    codes = list(nested_codes(function.__code__))
    # co_names holds attribute names too: only when one of them is a global does the bytecode
    # say which are read as globals (dis costs a fifth of a compile in a fresh process).
    if any(name in module for code in codes for name in code.co_names):
        import dis  # here: its import costs more than the rest of `import cudapy`

        names = {instruction.argval for code in codes for instruction in dis.get_instructions(code)
                 if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME")}
    else:
        names = ()
    values = {name: module[name] for name in names if name in module}
    for name, cell in zip(function.__code__.co_freevars, function.__closure__ or ()):
        try:
            values[name] = cell.cell_contents
        except ValueError:  # a cell not yet filled
            pass
    return values


def _constant_text(value):
    """`value` as a Python expression of exactly its value (a NumPy complex one keeps its
    type; other numbers are Python literals, as the language takes module constants; a tuple
    of ints, a shape, is a tuple of them)."""
    if isinstance(value, tuple):
        return f"({', '.join(_constant_text(item) for item in value)}{',' * (len(value) == 1)})"
    if isinstance(value, (complex, np.complexfloating)):
        parts = f"complex({_constant_text(value.real)}, {_constant_text(value.imag)})"
        return parts if isinstance(value, complex) else f"{np.dtype(value.dtype).name}({parts})"
    if isinstance(value, (bool, np.bool_)):
        return "True" if value else "False"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    number = float(value)
    if math.isfinite(number):
        return repr(number)
    if math.isnan(number):
        return "math.nan"
    return "math.inf" if number > 0 else "-math.inf"


@functools.cache
def _constant_types():
    """The types of the values that become named constants; read when a function reads a
    global, so that a kernel reading none never looks NumPy's types up."""
    return (bool, int, float, np.bool_, np.integer, np.floating)


def is_math_function(value):
    """Whether `value` is a function of Python's math module (math.cos, passed in or
    imported under any name)."""
    return _module_function(math, value)


def _module_function(module, value):
    name = getattr(value, "__name__", None)
    return isinstance(name, str) and getattr(module, name, None) is value and callable(value)


def _alias(constants, function, name, target):
    """Makes `name` stand for the function `target` in the compile's constants."""
    if constants.setdefault(name, target) != target:
        raise ValueError(f"{function.__name__}() and another function of its compile read "
                         f"different values named '{name}' ({constants[name]} and {target}); "
                         "a compile's globals share one namespace")


def _is_number_tuple(value):
    """A non-empty tuple of real numbers: a shape, or values a loop walks or indexes."""
    return (isinstance(value, tuple) and len(value) > 0 and
            all(isinstance(item, _constant_types()) for item in value))


def _record_dtype(value):
    """The record dtype `value` stands for (a structured dtype, or numba's record type of
    one), else None."""
    from .numba_types import ScalarType

    if isinstance(value, ScalarType):
        return None if value.name == "void" or value.dtype.names is None else value.dtype
    return value if isinstance(value, np.dtype) and value.names is not None else None


def _record_text(dtype):
    """A record dtype as the kernel language's module-level `Record(x=float32, v=(float64, 3))`."""
    fields = []
    for name, element, extents in record_fields(dtype):
        fields.append(f"{name}=({', '.join([element.name, *map(str, extents)])})" if extents
                      else f"{name}={element.name}")
    return f"Record({', '.join(fields)})"


def _dtype_named(value):
    """The name of the element type `value` stands for, when it is one: a numba type object
    (cuda.float32), a NumPy scalar type (np.float32) or a dtype; else None."""
    from .numba_types import ScalarType

    if isinstance(value, ScalarType):
        return None if value.name == "void" or value.dtype.names is not None else value.dtype.name
    if isinstance(value, np.dtype) or (isinstance(value, type) and issubclass(value, np.generic)):
        try:
            scalar_type_of(value)
        except TypeError:
            return None
        return np.dtype(value).name
    return None


def closure(functions):
    """The Closure of the Python functions of one compile (the kernel first)."""
    helpers, constants, arrays, declared = [], {}, {}, {}
    pending = list(functions)
    while pending:
        function = pending.pop(0)
        for name, value in sorted(_referenced_values(function).items()):
            # A kernel that a kernel calls runs as a device function, as numba's do.
            as_device_function = getattr(value, "as_device_function", None)
            if callable(as_device_function):
                value = as_device_function()
            if isinstance(value, DeviceFunction):
                if value not in helpers:
                    helpers.append(value)
                    pending.append(value.py_func)
                if value.__name__ != name:  # a device function passed in, or renamed
                    _alias(constants, function, name, value.__name__)
            elif isinstance(value, DeclaredDevice):
                if declared.setdefault(name, value) is not value:
                    raise ValueError(f"{function.__name__}() and another function of its compile "
                                     f"call different declared device functions as {name}()")
            elif name in _LANGUAGE_NAMES:
                continue
            elif isinstance(language := getattr(value, "kernel_language_name", None), str):
                # cuda.ldcg or cuda.atomic.add passed in as `op`
                if language != name:
                    _alias(constants, function, name, f"cuda.{language}")
            elif is_math_function(value):  # math.cos passed in as `op`, or imported as cos
                _alias(constants, function, name, f"math.{value.__name__}")
            elif _module_function(operator, value):  # operator.add passed in as `op`
                _alias(constants, function, name, f"operator.{value.__name__}")
            elif (record := _record_dtype(value)) is not None:  # a record type declared arrays take
                text = _record_text(record)
                if constants.setdefault(name, text) != text:
                    raise ValueError(f"{function.__name__}() and another function of its "
                                     f"compile read different record types named '{name}'")
            elif (dtype := _dtype_named(value)) is not None:  # `nbtype = float32` read as a dtype
                if dtype != name:
                    _alias(constants, function, name, dtype)
            elif (isinstance(value, _constant_types() + (complex, np.complexfloating))
                  or _is_number_tuple(value)):  # numbers, and tuples of them (shapes)
                text = _constant_text(value)
                if constants.setdefault(name, text) != text:
                    raise ValueError(f"{function.__name__}() and another function of its "
                                     f"compile read different globals named '{name}' "
                                     f"({constants[name]} and {text}); a compile's constants "
                                     "share one namespace")
            elif isinstance(value, type) and issubclass(value, enum.IntEnum):
                # An IntEnum's members are its ints: `Class.member` and `Class["member"]`.
                for member, item in value.__members__.items():
                    text = _constant_text(int(item))
                    if constants.setdefault(f"{name}.{member}", text) != text:
                        raise ValueError(f"{function.__name__}() and another function of its "
                                         f"compile read different classes named '{name}'")
            elif isinstance(value, np.ndarray):
                if arrays.setdefault(name, value) is not value:
                    raise ValueError(f"{function.__name__}() and another function of its "
                                     f"compile read different arrays named '{name}'")
                try:
                    scalar_type_of(value.dtype)
                except TypeError as error:
                    raise TypeError(f"{function.__name__}() reads the global array '{name}': "
                                    f"{error}") from None
    names = [function.__name__ for function in functions] + [h.__name__ for h in helpers]
    if len(set(names)) != len(names):
        raise ValueError(f"the functions of a compile must have distinct names: "
                         f"{', '.join(names)}")
    text = "".join(f"{name} = {constants[name]}\n" for name in sorted(constants))
    return Closure(helpers, text, arrays, declared)
