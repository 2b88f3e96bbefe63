"""NumPy's array arithmetic on device arrays, as CuPy's ndarray and PyCUDA's GPUArray have it:
operators (also reflected and in place), NumPy's ufuncs through __array_ufunc__ (`np.sin(d)`
runs on the device), astype, fill, copy and where. Each operation is an elementwise kernel
(cudapy.elementwise) on the array's target; results stay on the device."""

from . import elementwise
from ._lazy import numpy as np
from .array import CudaArray, as_device_array


def _operation(name, text):
    return elementwise.Elementwise(f"def {name}({text[0]}):\n    return {text[1]}\n", name=name)


_BINARY = {
    "add": "a + b", "subtract": "a - b", "multiply": "a * b", "true_divide": "a / b",
    "floor_divide": "a // b", "remainder": "a % b", "power": "a ** b",
    "bitwise_and": "a & b", "bitwise_or": "a | b", "bitwise_xor": "a ^ b",
    "left_shift": "a << b", "right_shift": "a >> b",
    "less": "a < b", "less_equal": "a <= b", "greater": "a > b", "greater_equal": "a >= b",
    "equal": "a == b", "not_equal": "a != b",
    "maximum": "max(a, b)", "minimum": "min(a, b)",
    "arctan2": "math.atan2(a, b)", "hypot": "math.hypot(a, b)",
    "copysign": "math.copysign(a, b)", "fmod": "math.fmod(a, b)",
}
_UNARY = {
    "negative": "-a", "positive": "+a", "absolute": "abs(a)", "invert": "~a",
    "sqrt": "math.sqrt(a)", "exp": "math.exp(a)", "exp2": "math.exp2(a)",
    "expm1": "math.expm1(a)", "log": "math.log(a)", "log2": "math.log2(a)",
    "log10": "math.log10(a)", "log1p": "math.log1p(a)", "sin": "math.sin(a)",
    "cos": "math.cos(a)", "tan": "math.tan(a)", "arcsin": "math.asin(a)",
    "arccos": "math.acos(a)", "arctan": "math.atan(a)", "sinh": "math.sinh(a)",
    "cosh": "math.cosh(a)", "tanh": "math.tanh(a)", "arcsinh": "math.asinh(a)",
    "arccosh": "math.acosh(a)", "arctanh": "math.atanh(a)", "cbrt": "math.cbrt(a)",
    "conjugate": "a.conjugate()",
}
# The functions of complex loops: cmath's, where math's take real numbers only.
_COMPLEX_UNARY = {f"{name}_complex": text.replace("math.", "cmath.") for name, text in
                  _UNARY.items() if name in ("sqrt", "exp", "log", "log10", "sin", "cos", "tan",
                                             "arcsin", "arccos", "arctan", "sinh", "cosh",
                                             "tanh", "arcsinh", "arccosh", "arctanh")}

_TEXTS = {name: ("a, b", text) for name, text in _BINARY.items()}
_TEXTS.update({name: ("a", text) for name, text in _UNARY.items()})
_TEXTS.update({name: ("a", text) for name, text in _COMPLEX_UNARY.items()})
_TEXTS["where"] = ("condition, a, b", "a if condition else b")
_OPERATIONS = {}  # made at first use


def _operation_named(name):
    operation = _OPERATIONS.get(name)
    if operation is None:
        operation = _OPERATIONS[name] = _operation(name, _TEXTS[name])
    return operation


def apply(name, *args, out=None, stream=0):
    """NumPy's ufunc `name` on the arguments, as an elementwise kernel computing in the types
    of the loop NumPy would choose (np.ufunc.resolve_dtypes), so that results and their
    dtypes are NumPy's."""
    operation, loop = _resolved(name, args, out)
    return operation(*args, out=out, stream=stream, loop=loop)


def _resolved(name, args, out):
    """The elementwise operation of ufunc `name` for these arguments and its loop (input
    dtypes, output dtype), after NumPy's checks of them."""
    given = tuple(_type_of(arg) for arg in args)
    loop = _LOOPS.get((name, given))
    if loop is None:
        loop = _LOOPS[name, given] = _resolve(name, given)
    if name == "power" and loop[1].kind in "iu" and _has_negative(args[1]):
        raise ValueError("Integers to negative integer powers are not allowed.")
    if out is not None and not np.can_cast(loop[1], out.dtype, "same_kind"):
        raise TypeError(f"Cannot cast ufunc '{name}' output from {loop[1]} to {out.dtype} "
                        "with casting rule 'same_kind'")
    if loop[1].kind == "c" and f"{name}_complex" in _COMPLEX_UNARY:
        name = f"{name}_complex"
    return _operation_named(name), loop


def _operator(name, planned, key, args):
    """An operator's call of ufunc `name`, whose planned call, when the engine kept one, the
    operator keeps by its operands' types (`key`) for the next time: an integer power
    checks its exponent's values on every call, so it keeps none."""
    operation, loop = _resolved(name, args, None)
    result = operation(*args, loop=loop)
    if name != "power":
        call = operation.planned_call(args, loop)
        if call is not None:
            planned[key] = call
    return result


def _operand_key(value):
    """What fixes an operand's part in a ufunc's loop: a device array's dtype, a number's
    class (NEP 50 types Python numbers by kind, NumPy scalars by class)."""
    return value._dtype if value.__class__ is CudaArray else value.__class__


_LOOPS = {}  # (ufunc name, operand types) -> (input dtypes, output dtype)


def _type_of(arg):
    """What NumPy's type resolution takes for an operand: a dtype, or a Python number's class
    (weak, NEP 50)."""
    if arg.__class__ is CudaArray:
        return arg._dtype
    if arg.__class__ in (int, float, complex):
        return arg.__class__
    return np.dtype(arg.dtype) if hasattr(arg, "dtype") else np.asarray(arg).dtype


def _has_negative(exponent):
    """Whether an integer exponent has a negative value; a device array is read on the host,
    as NumPy refuses the whole power then."""
    if exponent.__class__ in (int, bool):
        return exponent < 0
    dtype = np.dtype(_type_of(exponent))
    if dtype.kind != "i":
        return False
    values = np.asarray(exponent)
    return values.size > 0 and values.min() < 0


def _resolve(name, given):
    try:
        loop = getattr(np, name).resolve_dtypes(given + (None,))
    except TypeError:
        names = ", ".join(getattr(dtype, "__name__", str(dtype)) for dtype in given)
        raise TypeError(f"ufunc '{name}' is not supported for the input types ({names})") \
            from None
    return loop[:-1], loop[-1]


def _binary(name, reflected=False):
    """The operator method of ufunc `name` with the other operand second, or first when
    `reflected` (__radd__ and the like)."""
    planned = {}  # operand keys -> the engine's planned call

    def method(self, other):
        args = (other, self) if reflected else (self, other)
        key = (_operand_key(args[0]), _operand_key(args[1]))
        call = planned.get(key)
        if call is not None:
            result = call(args)
            if result is not None:
                return result
        if not _operand(other):
            return NotImplemented
        return _operator(name, planned, key, args)
    method.__name__ = name
    return method


def _in_place(name):
    def method(self, other):
        if not _operand(other):
            return NotImplemented
        return apply(name, self, other, out=self)
    method.__name__ = name
    return method


def _unary(name):
    planned = {}

    def method(self):
        key = (_operand_key(self),)
        call = planned.get(key)
        if call is not None:
            result = call((self,))
            if result is not None:
                return result
        return _operator(name, planned, key, (self,))
    method.__name__ = name
    return method


def _operand(value):
    return isinstance(value, (CudaArray, int, float, complex, bool, np.generic, np.ndarray))


_PYTHON_OPERATORS = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "true_divide",
    "floordiv": "floor_divide", "mod": "remainder", "pow": "power", "and": "bitwise_and",
    "or": "bitwise_or", "xor": "bitwise_xor", "lshift": "left_shift", "rshift": "right_shift",
}
_COMPARISONS = {"lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal",
                "eq": "equal", "ne": "not_equal"}

# NumPy's ufuncs by object, for __array_ufunc__ (made at its first call: NumPy is imported
# by then, and `import cudapy` alone does not import it).
_UFUNCS = {}


def _array_ufunc(self, ufunc, method, *inputs, out=None, **kwargs):
    if not _UFUNCS:
        _UFUNCS.update((getattr(np, name), name) for name in _TEXTS if hasattr(np, name))
    name = _UFUNCS.get(ufunc)
    if method != "__call__" or name is None or kwargs:
        return NotImplemented
    if out is not None:
        if len(out) != 1:
            return NotImplemented
        out = out[0]
    return apply(name, *inputs, out=out)


def astype(self, dtype, copy=True):
    """A copy converted to `dtype` as NumPy's astype converts; self when it has that dtype
    already and copy is False."""
    if not copy and self.dtype == np.dtype(dtype):
        return self
    return elementwise.astype(self, dtype)


def fill(self, value):
    """Sets every element to `value` (converted as an assignment converts)."""
    elementwise.converter(self.dtype)(value, out=self)
    return self


def copy(self):
    """A new array with the same values (C order)."""
    return elementwise.astype(self, self.dtype)


def _setitem(self, key, value):
    """Stores `value` (a number, or an array broadcast to the indexed part's shape, on the
    host or the device) into the part basic indexing selects, converting as NumPy's
    assignment does; on the device, without a round trip through the host."""
    assign(self._basic_view(key), value)


def assign(view, value):
    """Stores `value` into every element of `view` (what `array[key] = value` does): a number,
    or an array that broadcasts to the view's shape, converted as NumPy's assignment does. A
    device value that shares memory with the view is copied first, so that overlapping parts
    are stored as NumPy stores them."""
    value = as_device_array(value)
    shape = tuple(value.shape) if isinstance(value, CudaArray) else np.shape(value)
    try:
        fits = np.broadcast_shapes(shape, view.shape) == view.shape
    except ValueError:
        fits = False
    if not fits:
        raise ValueError(f"could not broadcast input array from shape {shape} into shape "
                         f"{view.shape}")
    if isinstance(value, CudaArray) and value._allocation is view._allocation:
        value = copy(value)
    elementwise.converter(view.dtype)(value, out=view)


def where(condition, x, y):
    """x where condition is true, else y, elementwise (NumPy's where with three arguments)."""
    return _operation_named("where")(condition, x, y)


def if_positive(criterion, then_, else_):
    """PyCUDA's if_positive: then_ where criterion > 0, else else_."""
    return _operation_named("where")(apply("greater", criterion, 0), then_, else_)


def _install():
    for python_name, name in _PYTHON_OPERATORS.items():
        setattr(CudaArray, f"__{python_name}__", _binary(name))
        setattr(CudaArray, f"__r{python_name}__", _binary(name, reflected=True))
        setattr(CudaArray, f"__i{python_name}__", _in_place(name))
    for python_name, name in _COMPARISONS.items():
        setattr(CudaArray, f"__{python_name}__", _binary(name))
    CudaArray.__neg__ = _unary("negative")
    CudaArray.__pos__ = _unary("positive")
    CudaArray.__abs__ = _unary("absolute")
    CudaArray.__invert__ = _unary("invert")
    CudaArray.__array_ufunc__ = _array_ufunc
    CudaArray.astype = astype
    CudaArray.fill = fill
    CudaArray.copy = copy
    CudaArray.__setitem__ = _setitem


_install()
