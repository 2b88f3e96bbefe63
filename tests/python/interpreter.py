"""Runs a kernel in the Python interpreter, one thread after another: the oracle of the semantic
tests.

The kernel function itself runs, with globals that give the kernel language's names their
cudapy meaning: `idx` is the thread's index (rebound before each thread), `xrange` is `range`,
`int`, `float`, `double`, `int8`... convert as cudapy's casts do (wrapping integers, truncating
floats), and `math` computes as CUDA's math library does (IEEE results instead of Python's
exceptions, float32 arguments giving float32 results). Arrays are NumPy arrays, so element reads
give NumPy scalars and fixed-width arithmetic follows NumPy: its promotion rules and NEP 50 weak
Python literals are cudapy's, and its integers wrap on overflow.

Where cudapy deliberately differs from NumPy, the oracle does not follow it by itself: integer
true division and integers with float literals give float32 in cudapy (float64 in NumPy),
`x ** n` with a negative integer n gives 0 unless x is 1 or -1 (NumPy raises), and bool + bool
is an int (NumPy's is a logical or). Tests of those rules state their own expectations.
"""

import builtins
import fractions
import inspect
import math as python_math
import re
import types
import warnings
from typing import NamedTuple, Optional

import numpy as np

if np.lib.NumpyVersion(np.__version__) < "2.0.0":
    raise ImportError("the interpreter oracle needs NumPy 2, whose promotion rules (NEP 50) "
                      f"are cudapy's; this is NumPy {np.__version__}")

# Signature type names: CudaPy's and NumPy's.
SCALAR_TYPES = {
    "bool": np.dtype(np.bool_), "int": np.dtype(np.int32), "float": np.dtype(np.float32),
    "double": np.dtype(np.float64),
    **{name: np.dtype(name) for name in ["int8", "int16", "int32", "int64", "uint8", "uint16",
                                         "uint32", "uint64", "float16", "float32", "float64"]},
}

WARP_SIZE = 32

_SIGNATURE_COMMENT = re.compile(r"#\s*(\w+)\s*:\s*(.*\S)\s*$")
_SIGNATURE = re.compile(r"\s*(\w+)\s*\((.*)\)\s*")
_PARAMETER = re.compile(r"\s*(\w+)\s*(\**)\s*(\w*)\s*")


class Signature(NamedTuple):
    """Parameter and return types; None for an array parameter and for `void`."""

    params: list
    returns: Optional[np.dtype]


def parse_signature(text):
    """A Signature from a CudaPy signature such as `void (float alpha, float* X)`."""
    match = _SIGNATURE.fullmatch(text)
    if not match:
        raise ValueError(f"not a signature: {text!r}")
    returns, params_text = match.groups()
    params = []
    for param in filter(str.strip, params_text.split(",")):
        type_name, stars, _ = _PARAMETER.fullmatch(param).groups()
        params.append(None if stars else SCALAR_TYPES[type_name])
    return Signature(params, None if returns == "void" else SCALAR_TYPES[returns])


def signature_comment(function):
    """The signature in the `# name : ...` comment above `function`, or None."""
    _, first = inspect.getsourcelines(function)
    file_lines = inspect.findsource(function)[0]
    above = first - 2
    while above >= 0 and file_lines[above].lstrip().startswith("#"):
        match = _SIGNATURE_COMMENT.match(file_lines[above].strip())
        if match and match.group(1) == function.__name__:
            return match.group(2)
        above -= 1
    return None


def convert(value, dtype):
    """`value` converted as a cudapy cast to `dtype` converts it: integers wrap, floats are
    truncated toward zero or rounded to the nearest float."""
    if isinstance(value, str):  # float('nan'), float('inf')
        value = float(value)
    return np.asarray(value).astype(dtype)[()]


def _cast(dtype):
    def cast(value):
        return convert(value, dtype)
    cast.__name__ = dtype.name
    return cast


def _strong_dtypes(values):
    return [value.dtype for value in values if isinstance(value, np.generic)]


def _float_type(values):
    """The type cudapy's math computes in: the arguments' promoted type (Python literals are
    weak), integers and float16 counting as float32."""
    strong = _strong_dtypes(values)
    dtype = np.result_type(*strong) if strong else np.dtype(np.float32)
    return dtype if dtype.kind == "f" and dtype.itemsize >= 4 else np.dtype(np.float32)


def _float_function(compute, single):
    """A math function computed in float64 and rounded to the type cudapy computes it in."""
    def function(*args):
        dtype = np.dtype(np.float32) if single else _float_type(args)
        with np.errstate(all="ignore"):
            return dtype.type(compute(*[np.float64(dtype.type(arg)) for arg in args]))
    return function


def _round_exactly(value, dtype):
    """The float of `dtype` nearest to the Fraction `value`, halves to even."""
    try:
        nearest = dtype.type(float(value))
    except OverflowError:
        return dtype.type(np.inf if value > 0 else -np.inf)
    if not np.isfinite(nearest):
        return nearest
    neighbours = (np.nextafter(nearest, -np.inf), nearest, np.nextafter(nearest, np.inf))
    candidates = [c for c in neighbours if np.isfinite(c)]
    unsigned = np.dtype(f"u{dtype.itemsize}")
    return min(candidates, key=lambda c: (abs(fractions.Fraction(float(c)) - value),
                                          int(np.array(c).view(unsigned)) & 1))


def _fma(a, b, c):
    """a * b + c with one rounding, as CUDA's fma."""
    dtype = _float_type([a, b, c])
    operands = [np.float64(dtype.type(value)) for value in (a, b, c)]
    if not all(np.isfinite(operands)):
        # The exact product of finite factors is finite however large, so an infinite addend
        # decides; otherwise IEEE arithmetic on the infinities does.
        if np.isfinite(operands[0]) and np.isfinite(operands[1]):
            return dtype.type(operands[2])
        with np.errstate(all="ignore"):
            return dtype.type(operands[0] * operands[1] + operands[2])
    x, y, z = (fractions.Fraction(operand) for operand in operands)
    exact = x * y + z
    if exact == 0:  # the sign of an exact zero follows IEEE addition
        return dtype.type(operands[0] * operands[1] + operands[2])
    return _round_exactly(exact, dtype)


def _c_pow(x, y):
    """C's pow, which Python's math.pow follows except that it raises where C returns an
    infinity (zero to a negative power, overflow) or a NaN (a negative base with a non-integer
    exponent)."""
    x, y = float(x), float(y)
    odd_integer = y.is_integer() and int(y) % 2 == 1
    try:
        return python_math.pow(x, y)
    except ValueError:
        if x == 0:
            return python_math.copysign(python_math.inf, x) if odd_integer else python_math.inf
        return python_math.nan
    except OverflowError:
        return -python_math.inf if x < 0 and odd_integer else python_math.inf


def _to_int64(rounding):
    """math.floor/ceil/trunc and round(): an int64; integers are their own result."""
    def function(value):
        if isinstance(value, (bool, int, np.integer, np.bool_)):
            return np.int64(value)
        return np.int64(rounding(value))
    return function


def _predicate(test):
    def function(value):
        return np.bool_(test(np.float64(value)))
    return function


# Functions computed in the arguments' float type; each also has an f-suffixed float32 name.
_FLOAT_FUNCTIONS = {
    "sqrt": np.sqrt, "sin": np.sin, "cos": np.cos, "tan": np.tan, "exp": np.exp, "log": np.log,
    "log2": np.log2, "log10": np.log10, "fabs": np.fabs, "atan": np.arctan,
    "atan2": np.arctan2, "pow": _c_pow, "hypot": np.hypot, "copysign": np.copysign,
}


def _math_namespace():
    names = {"pi": python_math.pi, "e": python_math.e, "tau": python_math.tau,
             "inf": python_math.inf, "nan": python_math.nan}
    for name, compute in _FLOAT_FUNCTIONS.items():
        names[name] = _float_function(compute, single=False)
        names[name + "f"] = _float_function(compute, single=True)
    names.update(
        fma=_fma,
        floor=_to_int64(np.floor), ceil=_to_int64(np.ceil), trunc=_to_int64(np.trunc),
        floorf=_float_function(np.floor, single=True), ceilf=_float_function(np.ceil, single=True),
        truncf=_float_function(np.trunc, single=True),
        isnan=_predicate(np.isnan), isinf=_predicate(np.isinf), isfinite=_predicate(np.isfinite),
    )
    return types.SimpleNamespace(**names)


def kernel_range(*args):
    """range() whose values have the type cudapy gives the loop variable: the promoted type of
    the typed arguments (bools count as int32), int32 when all are literals."""
    strong = [np.dtype(np.int32) if dtype.kind == "b" else dtype for dtype in _strong_dtypes(args)]
    dtype = np.result_type(*strong) if strong else np.dtype(np.int32)
    return (dtype.type(value) for value in range(*[int(arg) for arg in args]))


class Dim3(NamedTuple):
    x: np.int32
    y: np.int32
    z: np.int32


def _dim3(value):
    counts = tuple(value) if isinstance(value, tuple) else (value,)
    return Dim3(*[np.int32(count) for count in counts + (1,) * (3 - len(counts))])


def kernel_globals():
    """The globals a kernel sees, without the per-thread indices."""
    names = {
        "__builtins__": builtins.__dict__,
        "math": _math_namespace(),
        "range": kernel_range, "xrange": kernel_range,
        "len": lambda array: np.int64(len(array)),
        "round": _to_int64(np.rint),
        "warpSize": np.int32(WARP_SIZE),
    }
    names.update({name: _cast(dtype) for name, dtype in SCALAR_TYPES.items()})
    return names


def _signatures(functions, sig):
    """{function name: Signature} from sig= (as cudapy.compile takes it) and the comments."""
    given = {} if sig is None else {functions[0].__name__: sig} if isinstance(sig, str) else sig
    signatures = {}
    for function in functions:
        text = given.get(function.__name__) or signature_comment(function)
        if text is not None:
            signatures[function.__name__] = parse_signature(text)
    return signatures


def _typed(function, signature):
    """`function` converting its arguments and result as a call of a typed helper does."""
    def call(*args):
        args = [arg if dtype is None else convert(arg, dtype)
                for arg, dtype in zip(args, signature.params)]
        result = function(*args)
        return result if signature.returns is None else convert(result, signature.returns)
    return call


def run(functions, args, threads=None, grid=None, block=None, sig=None):
    """Runs the kernel (the first of `functions`, the rest its helpers, as cudapy.compile takes
    them) on `args` for every thread of `kernel(*threads)` or of `kernel[grid, block]`.

    Arrays in `args` are changed in place. Scalars are converted to the kernel's parameter
    types. Threads run in order of idx, then idy, then idz.
    """
    functions = list(functions) if isinstance(functions, (list, tuple)) else [functions]
    signatures = _signatures(functions, sig)
    namespace = kernel_globals()
    for function in functions:
        copy = types.FunctionType(function.__code__, namespace, function.__name__,
                                  function.__defaults__, function.__closure__)
        signature = signatures.get(function.__name__)
        namespace[function.__name__] = copy if signature is None else _typed(copy, signature)
    kernel = namespace[functions[0].__name__]
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for thread in _threads(threads, grid, block):
            namespace.update(thread)
            kernel(*args)


def _threads(threads, grid, block):
    """The per-thread names of each thread. With thread counts the block shape is the GPU's
    choice, so only idx, idy and idz are defined."""
    if threads is not None:
        counts = _dim3(threads)
        for z in range(counts.z):
            for y in range(counts.y):
                for x in range(counts.x):
                    yield {"idx": np.int32(x), "idy": np.int32(y), "idz": np.int32(z)}
        return
    grid_dim, block_dim = _dim3(grid), _dim3(block)
    for z in range(grid_dim.z * block_dim.z):
        for y in range(grid_dim.y * block_dim.y):
            for x in range(grid_dim.x * block_dim.x):
                yield {"idx": np.int32(x), "idy": np.int32(y), "idz": np.int32(z),
                       "threadIdx": Dim3(np.int32(x % block_dim.x), np.int32(y % block_dim.y),
                                         np.int32(z % block_dim.z)),
                       "blockIdx": Dim3(np.int32(x // block_dim.x), np.int32(y // block_dim.y),
                                        np.int32(z // block_dim.z)),
                       "blockDim": block_dim, "gridDim": grid_dim}
