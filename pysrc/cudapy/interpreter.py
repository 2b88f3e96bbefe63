"""Interpreter mode: a kernel's own Python function, run thread by thread in the interpreter.

`kernel(n)(*args, seq=True)` and `kernel[grid, block](*args, seq=True)` run the kernel here
instead of on its target, and so does every launch of a kernel compiled with
`target="python"` (`cudapy.compile`, `cudapy.module`, or `CUDAPY_TARGET=python`). No GPU,
NVRTC or compiler is involved: the function itself runs once per thread, so `print()`,
`breakpoint()`, `pdb` and a debugger's breakpoints work inside it, and an exception stops the
launch with a note naming the thread it happened in.

The function runs unchanged, as a copy whose globals give the kernel language's names their
cudapy meaning: `idx`, `idy`, `idz` (int32), `threadIdx`, `blockIdx`, `blockDim`, `gridDim`
(.x/.y/.z), `warpSize`; `range` and `xrange` give the loop variable's type; `int`, `float`,
`double`, `bool`, `int8`..`float64` (also as `np.float32(x)`) convert as cudapy's casts do
(integers wrap, floats truncate toward zero); `math` computes as CUDA's math library does (IEEE
results instead of Python's exceptions, in the arguments' float type, float32 for the
`f`-suffixed names; the Bessel functions and the inverse error functions need SciPy);
`len()`, `round()`, `math.floor`/`ceil`/`trunc` give int64; `min` and `max` promote their
arguments; the other functions of the compile are called as Python functions, converting
their arguments and result to their signature when they have one. The ints, floats and bools
of the functions' modules (and of source text) that they name are their module constants.
Arrays are NumPy arrays and scalars NumPy scalars, so arithmetic is fixed-width and follows
NumPy's promotion rules and NEP 50's weak Python literals, as cudapy's does (`x * 2.0` with a
float32 `x` stays float32); integers wrap, `//` floors and `%` takes the divisor's sign; a
store converts to the array's type as a cast does. An index below zero raises IndexError,
where the GPU would read or write outside the array. `X.shape[d]`, `X.size` and `len(X)` are
int64, and slices are views.

The CUDA vocabulary (cudapy._interpreter_cuda) is `cuda.X`, also `numba.cuda.X`, `cp.X`,
`cudapy.X` and bare `X`, whatever the kernel's module binds to `cuda`: `grid(n)`,
`gridsize(n)`, `laneid`, `warpsize`; `shared.array` (one array per block and declaration
site; shape 0 for the launch's dynamic shared memory, which every dynamic array aliases),
`local.array` (a new array per thread and declaration), `const.array_like` (a read-only copy
of a module array); new arrays hold 0xff bytes (NaN, -1, the largest unsigned value), so that
reading before writing shows. Atomics return the old value and wrap in the element type; inc
and dec wrap as CUDA's do. `popc`, `clz`, `ffs`, `brev`, `fma`, `cbrt` compute as CUDA's.
`print` writes numbers as the GPU's printf does (floats with %g), other values as Python
does. `assert` is checked only in a compile with debug=True: a failure stops its thread and,
once the launch ends, raises KernelAssertionError with the GPU's message, FILE:LINE:
AssertionError: MESSAGE (thread (x, y, z) of block (x, y, z)).

Kernels without barriers and warp operations run their threads one after another, block
after block, each a plain call on the calling thread. A kernel whose functions name one runs
each thread of a block on an OS thread of its own, one at a time
(cudapy._interpreter_threads): a thread runs until it returns or waits in a barrier, then the
next runnable thread runs, in order of x, then y, then z, so results are deterministic. The
block barrier (syncthreads and its _count/_and/_or) completes when every thread of the block
that has not returned waits in it; a warp operation when every lane of its mask that has not
returned waits in one of its kind (lanes are numbered by the linear thread index; a shuffle
from a lane outside the operation reads the lane's own value); activemask when the lanes of
the warp that have not returned all wait somewhere, giving those waiting in activemask. When
no thread can go on while some have not returned, the launch raises DeadlockError, naming
where each thread waits.

Arguments are checked and converted by the compiled kernel's own checks (the same TypeError
for a wrong count or type). NumPy arrays that the kernel writes are changed in place, lists
are converted to arrays and not written back, and CudaArrays are copied to the host for the
launch and copied back if the kernel writes them (the python target's CudaArrays live in
host memory, as the CPU target's do).

Where cudapy deliberately differs from NumPy, this mode follows NumPy: integer true division
and integers with float literals give float64 (float32 in cudapy), `x ** n` with a negative
integer n raises (0 unless x is 1 or -1 in cudapy), and bool + bool is a logical or (an int in
cudapy). Integer division by zero gives 0 here and is undefined on the GPU.

With `kernel(n)` the target chooses the block shape, so there `threadIdx`, `blockIdx`,
`blockDim` and `gridDim` raise NameError, and barriers, warp operations, shared arrays,
`laneid` and `gridsize` raise RuntimeError; `kernel[grid, block]` defines them. A failed
assert there names thread (idx, idy, idz) of block (0, 0, 0).

With `target="python"`, statements that only call `print()`, `breakpoint()` or
`<module>.set_trace()`, and import statements inside the functions, are left out of the
translation, which still checks the rest of the kernel; with `seq=True` the kernel was
compiled for another target, whose translation takes print() and refuses the others.

`run(functions, args, threads=...)` runs Python functions this way without translating them
(the semantic tests use it as their oracle): arguments are passed as given, scalars converted
to the types of the kernel's signature.
"""

import ast
import builtins
import dis
import fractions
import inspect
import itertools
import linecache
import operator
import math as python_math
import re
import types
import warnings
import weakref
from typing import NamedTuple, Optional

import numpy as np

from ._interpreter_cuda import (BARE_NAMES, CheckedArray, CudaNames, check_index, kernel_print,
                               read_only_copy)
from ._interpreter_threads import (COLLECTIVES, WARP_SIZE, Block, DeadlockError, Dim3, Launch,
                                   counted_threads, grid_blocks, set_display_filename)
from ._launch import ArgumentHandler, _Staged, _StagedRows
from ._source import _function_source, _string_source, signature_items
from .closure import DeviceFunction, is_math_function, nested_codes
from .numba_types import NUMBA_ALIASES, ScalarType
from .types import EXACT, conversion_rating, scalar_conversion

__all__ = ["DeadlockError", "Dim3", "SCALAR_TYPES", "Signature", "WARP_SIZE", "convert",
           "kernel_globals", "kernel_range", "parse_signature", "run", "signature_comment"]

_NUMPY_2 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"

# Signature type names: CudaPy's and NumPy's.
SCALAR_TYPES = {
    "bool": np.dtype(np.bool_), "bool_": np.dtype(np.bool_), "int": np.dtype(np.int32),
    "float": np.dtype(np.float32), "double": np.dtype(np.float64),
    **{name: np.dtype(name) for name in ["int8", "int16", "int32", "int64", "uint8", "uint16",
                                         "uint32", "uint64", "float16", "float32", "float64",
                                         "complex64", "complex128"]},
}
# numba's short names, as its signature strings use them.
SCALAR_TYPES.update({alias: SCALAR_TYPES[name] for alias, name in NUMBA_ALIASES.items()})

_SIGNATURE_COMMENT = re.compile(r"#\s*(\w+)\s*:\s*(.*\S)\s*$")
# The return type may be left out, as numba's kernel signatures do: "(float32[:], int32)".
_SIGNATURE = re.compile(r"\s*(?:(?:\w+\s*:\s*)?(\w+)\s*)?\((.*)\)\s*")
# A type, then pointer stars or NumPy-style dimensions (`float32[:, ::1]`), then maybe a name.
_PARAMETER = re.compile(r"\s*(\w+)\s*(\[[\s:,1]*\])?\s*((?:\*\s*)*)(\w*)\s*")
# numba's tuple parameter and a record or record array: passed as it is, its items or fields
# converted by the launch.
_WHOLE_PARAMETER = re.compile(
    r"\s*(?:(?:Uni|Named)?Tuple|Record)\(.*\)\s*(?:\[[\s:,1]*\])?\s*")


def _require_numpy_2():
    if not _NUMPY_2:
        raise ImportError("cudapy's interpreter mode needs NumPy 2, whose promotion rules "
                          f"(NEP 50) are cudapy's; this is NumPy {np.__version__}")


# ---- signatures ---------------------------------------------------------------------------

class Signature(NamedTuple):
    """Parameter and return types; None for an array parameter and for `void`."""

    params: list
    returns: Optional[np.dtype]


def _scalar_type(name, text):
    if name not in SCALAR_TYPES:
        raise ValueError(f"unknown type {name!r} in the signature {text!r}")
    return SCALAR_TYPES[name]


def parse_signature(text):
    """A Signature from a CudaPy signature such as `void (float alpha, float* X)` or a
    NumPy-style one such as `void(float32, float32[:, ::1])`, optionally preceded by the
    function's name and a colon, or numba's parameters alone (`(f4[:], i4)`, a kernel's)."""
    match = _SIGNATURE.fullmatch(text)
    if not match:
        raise ValueError(f"not a signature: {text!r}")
    returns, params_text = match.groups()
    params = []
    for param in filter(str.strip, signature_items(params_text)):
        if _WHOLE_PARAMETER.fullmatch(param):
            params.append(None)
            continue
        parameter = _PARAMETER.fullmatch(param)
        if not parameter:
            raise ValueError(f"not a parameter: {param.strip()!r} in the signature {text!r}")
        type_name, dimensions, stars, _ = parameter.groups()
        is_array = dimensions is not None or stars.strip()
        params.append(None if is_array else _scalar_type(type_name, text))
    return Signature(params, None if returns in (None, "void", "none")
                     else _scalar_type(returns, text))


def signature_comment(function):
    """The signature in the `# name : ...` comment above `function`, or None."""
    try:
        _, first = inspect.getsourcelines(function)
        file_lines = inspect.findsource(function)[0]
    except (OSError, TypeError):
        return None
    above = first - 2
    while above >= 0 and file_lines[above].lstrip().startswith("#"):
        match = _SIGNATURE_COMMENT.match(file_lines[above].strip())
        if match and match.group(1) == function.__name__:
            return match.group(2)
        above -= 1
    return None


def _signatures(functions, given):
    """{function name: Signature} from `given` ({name: text}) and the signature comments."""
    signatures = {}
    for function in functions:
        text = given.get(function.__name__) or signature_comment(function)
        if text is not None:
            signatures[function.__name__] = parse_signature(text)
    return signatures


def _given_signatures(functions, sig):
    """sig= as cudapy.compile takes it, as {name: text}."""
    if sig is None:
        return {}
    return {functions[0].__name__: sig} if isinstance(sig, str) else dict(sig)


# ---- conversions --------------------------------------------------------------------------

def convert(value, dtype):
    """`value` converted as a cudapy cast to `dtype` converts it: integers wrap, floats are
    truncated toward zero or rounded to the nearest float."""
    if isinstance(value, str):  # float('nan'), float('inf')
        value = float(value)
    return np.asarray(value).astype(dtype)[()]


def _cast(name, dtype):
    def cast(value):
        return convert(value, dtype)
    cast.__name__ = cast.__qualname__ = name
    cast.kernel_dtype = dtype  # as the element type of shared.array(shape, float32) and the like
    return cast


def _strong_dtypes(values):
    return [value.dtype for value in values if isinstance(value, np.generic)]


def _float_type(values, single=False):
    """The type cudapy's math computes in: the arguments' promoted type (Python literals are
    weak), integers and float16 counting as float32; float32 for the f-suffixed names."""
    if single:
        return np.dtype(np.float32)
    strong = _strong_dtypes(values)
    dtype = np.result_type(*strong) if strong else np.dtype(np.float32)
    return dtype if dtype.kind == "f" and dtype.itemsize >= 4 else np.dtype(np.float32)


def _promoted(values):
    """The values converted to their promoted type, as min() and max() compare them; Python
    numbers alone stay as they are."""
    strong = _strong_dtypes(values)
    if not strong or all(dtype.kind == "b" for dtype in strong):
        return values
    dtype = np.result_type(*[value.dtype if isinstance(value, np.generic) else value
                             for value in values])
    return [convert(value, dtype) for value in values]


def _min(*values):
    return builtins.min(_promoted(values) if len(values) > 1 else values[0])


def _max(*values):
    return builtins.max(_promoted(values) if len(values) > 1 else values[0])


# ---- complex numbers ----------------------------------------------------------------------

def _complex_type(values):
    """The complex type cudapy computes a complex function in: the arguments' own complex
    type, else the complex of their float type (float16 and float32: complex64), else
    Python's complex (complex128); Python numbers are weak."""
    strong = _strong_dtypes(values)
    dtype = np.result_type(*strong) if strong else None
    if dtype is not None and dtype.kind == "c":
        return dtype
    if dtype is not None and dtype.kind == "f" and dtype.itemsize <= 4:
        return np.dtype(np.complex64)
    return np.dtype(np.complex128)


def _complex(real, imag=None):
    """complex(real[, imag]) as cudapy types it."""
    if imag is None:
        return convert(real, _complex_type([real]))
    dtype = _complex_type([real, imag])
    part = np.float32 if dtype == np.complex64 else np.float64
    return dtype.type(complex(part(real), part(imag)))


def _complex_function(numpy_function):
    def function(*values):
        dtype = _complex_type(values)
        return numpy_function(*[convert(value, dtype) for value in values])
    return function


def _cmath_namespace():
    """The cmath module as kernels compute it: in the arguments' complex type (NumPy's
    functions), as on the GPU."""
    functions = {name: _complex_function(getattr(np, numpy_name)) for name, numpy_name in (
        ("exp", "exp"), ("log10", "log10"), ("sqrt", "sqrt"), ("sin", "sin"), ("cos", "cos"),
        ("tan", "tan"), ("asin", "arcsin"), ("acos", "arccos"), ("atan", "arctan"),
        ("sinh", "sinh"), ("cosh", "cosh"), ("tanh", "tanh"), ("asinh", "arcsinh"),
        ("acosh", "arccosh"), ("atanh", "arctanh"), ("phase", "angle"))}
    for name in ("isnan", "isinf", "isfinite"):
        functions[name] = _complex_function(getattr(np, name))

    def log(z, base=None):
        if base is None:
            return _complex_function(np.log)(z)
        dtype = _complex_type([z, base])
        return np.log(convert(z, dtype)) / np.log(convert(base, dtype))

    def rect(r, phi):
        dtype = _complex_type([r, phi])
        part = np.dtype(np.float32 if dtype == np.complex64 else np.float64)
        r, phi = convert(r, part), convert(phi, part)
        return convert(complex(r * np.cos(phi), r * np.sin(phi)), dtype)

    functions.update(log=log, rect=rect, pi=python_math.pi, e=python_math.e,
                     tau=python_math.tau, inf=python_math.inf, nan=python_math.nan,
                     infj=complex(0, python_math.inf), nanj=complex(0, python_math.nan))
    return types.SimpleNamespace(**functions)


# ---- math ---------------------------------------------------------------------------------

def _float_function(compute, single, exact=False):
    """A math function computed in float64 and rounded to the type cudapy computes it in;
    `exact` ones are computed in that type itself."""
    def function(*args):
        dtype = _float_type(args, single)
        with np.errstate(all="ignore"):
            if exact:
                return dtype.type(compute(*[dtype.type(arg) for arg in args]))
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


def _fma_function(single):
    """a * b + c with one rounding, as CUDA's fma."""
    def fma(a, b, c):
        dtype = _float_type([a, b, c], single)
        operands = [np.float64(dtype.type(value)) for value in (a, b, c)]
        with np.errstate(all="ignore"):
            if not all(np.isfinite(operands)):
                # The exact product of finite factors is finite however large, so an infinite
                # addend decides; otherwise IEEE arithmetic on the infinities does.
                if np.isfinite(operands[0]) and np.isfinite(operands[1]):
                    return dtype.type(operands[2])
                return dtype.type(operands[0] * operands[1] + operands[2])
            x, y, z = (fractions.Fraction(operand) for operand in operands)
            exact = x * y + z
            if exact == 0:  # the sign of an exact zero follows IEEE addition
                return dtype.type(operands[0] * operands[1] + operands[2])
            return _round_exactly(exact, dtype)
    return fma


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


def _lgamma(x):
    try:
        return python_math.lgamma(x)
    except (ValueError, OverflowError):  # the poles
        return python_math.inf


def _tgamma(x):
    if x == 0:
        return python_math.copysign(python_math.inf, x)
    try:
        return python_math.gamma(x)
    except ValueError:  # negative integers and -inf
        return python_math.nan
    except OverflowError:
        # Negative between the poles -2k-1 and -2k, as CUDA's tgamma of a tiny negative number.
        negative = x < 0 and python_math.ceil(-x) % 2 == 1
        return -python_math.inf if negative else python_math.inf


def _remainder(x, y):
    try:
        return python_math.remainder(x, y)
    except ValueError:  # an infinite x or a zero y
        return python_math.nan


def _pi_quadrant(x):
    """x as n / 2 + f (f in [-1/4, 1/4], both exact) for sin(pi x) and cos(pi x): n modulo 4
    and f, so that the results keep their precision near the zeros, as CUDA's do."""
    reduced = python_math.fmod(x, 2.0)  # exact
    n = round(2.0 * reduced)
    return n % 4, reduced - n / 2.0


def _sinpi(x):
    if not python_math.isfinite(x):
        return python_math.nan
    if x == int(x):
        return python_math.copysign(0.0, x)
    quadrant, f = _pi_quadrant(x)
    value = (python_math.sin, python_math.cos)[quadrant % 2](python_math.pi * f)
    return -value if quadrant >= 2 else value


def _cospi(x):
    if not python_math.isfinite(x):
        return python_math.nan
    quadrant, f = _pi_quadrant(abs(x))
    if quadrant % 2 and f == 0:
        return 0.0
    value = (python_math.cos, python_math.sin)[quadrant % 2](python_math.pi * f)
    return -value if quadrant in (1, 2) else value


def _logb(x):
    if x == 0:
        return -python_math.inf
    if not python_math.isfinite(x):
        return abs(x)
    return float(python_math.frexp(x)[1] - 1)


def _reciprocal(compute):
    def function(*args):
        return np.float64(1.0) / np.float64(compute(*args))
    return function


def _norm(*args):
    return python_math.hypot(*[float(arg) for arg in args])


def _reciprocal_norm(*args):
    """1 / hypot(args); a norm past the largest double is scaled by the largest magnitude, so
    that its reciprocal is the subnormal CUDA's rhypot, rnorm3d and rnorm4d give, not 0."""
    values = [abs(float(arg)) for arg in args]
    whole = python_math.hypot(*values)
    if not python_math.isinf(whole) or any(python_math.isinf(value) for value in values):
        return np.float64(1.0) / np.float64(whole)
    largest = max(values)
    return np.float64(1.0 / largest) / np.float64(python_math.hypot(*[value / largest for value in values]))


def _fdim(x, y):
    if np.isnan(x) or np.isnan(y):
        return x + y
    return x - y if x > y else x.dtype.type(0)


def _normcdf(x):
    return 0.5 * python_math.erfc(-float(x) / python_math.sqrt(2.0))


def _scipy(name, special_name):
    """A function of scipy.special, which only SciPy provides among the host's libraries."""
    def compute(*args):
        try:
            import scipy.special
        except ImportError:
            raise NotImplementedError(f"math.{name} needs SciPy (scipy.special) in cudapy's "
                                      "interpreter mode; install scipy") from None
        return getattr(scipy.special, special_name)(*args)
    return compute


# Functions of floats, computed in the arguments' float type; each also has an f-suffixed
# name that computes in float32. The second element says whether it is computed in that type
# itself (its result is exact there) rather than in float64.
_FLOAT_FUNCTIONS = {
    "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin, "asinh": np.arcsinh,
    "atan": np.arctan, "atanh": np.arctanh, "cbrt": np.cbrt, "cos": np.cos, "cosh": np.cosh,
    "cospi": _cospi, "cyl_bessel_i0": np.i0, "cyl_bessel_i1": _scipy("cyl_bessel_i1", "i1"),
    "erf": python_math.erf, "erfc": python_math.erfc,
    "erfcinv": _scipy("erfcinv", "erfcinv"), "erfcx": _scipy("erfcx", "erfcx"),
    "erfinv": _scipy("erfinv", "erfinv"), "exp": np.exp, "exp10": lambda x: np.power(10.0, x),
    "exp2": np.exp2, "expm1": np.expm1, "fabs": np.fabs, "j0": _scipy("j0", "j0"),
    "j1": _scipy("j1", "j1"), "lgamma": _lgamma, "log10": np.log10, "log1p": np.log1p,
    "log2": np.log2, "logb": _logb, "nearbyint": np.rint, "normcdf": _normcdf,
    "normcdfinv": _scipy("normcdfinv", "ndtri"), "rcbrt": _reciprocal(np.cbrt),
    "rint": np.rint, "rsqrt": _reciprocal(np.sqrt), "sin": np.sin, "sinh": np.sinh,
    "sinpi": _sinpi, "sqrt": np.sqrt, "tan": np.tan, "tanh": np.tanh, "tgamma": _tgamma,
    "gamma": _tgamma, "y0": _scipy("y0", "y0"), "y1": _scipy("y1", "y1"),
    "atan2": np.arctan2, "copysign": np.copysign, "fmod": np.fmod, "hypot": np.hypot,
    "pow": _c_pow, "remainder": _remainder, "rhypot": _reciprocal_norm,
    "norm3d": _norm, "rnorm3d": _reciprocal_norm, "norm4d": _norm,
    "rnorm4d": _reciprocal_norm,
}
_EXACT_FUNCTIONS = {"fdim": _fdim, "fmax": np.fmax, "fmin": np.fmin, "nextafter": np.nextafter}


def _log_function(single):
    """log(x) and log(x, base), the second as log(x) / log(base) in the float type."""
    def log(x, *base):
        dtype = _float_type([x, *base], single)
        with np.errstate(all="ignore"):
            logarithms = [dtype.type(np.log(np.float64(dtype.type(value))))
                          for value in (x, *base)]
            return logarithms[0] if not base else logarithms[0] / logarithms[1]
    return log


def _int64_of(value):
    """The int64 a float converts to; NaN, infinities and values out of range give the most
    negative int64, as the hardware's conversion does."""
    if not np.isfinite(value) or not -2.0 ** 63 <= value < 2.0 ** 63:
        return np.int64(np.iinfo(np.int64).min)
    return np.int64(value)


def _to_int64(rounding):
    """math.floor/ceil/trunc and round(): an int64; integers are their own result."""
    def function(value):
        if isinstance(value, (bool, int, np.integer, np.bool_)):
            return np.int64(value)
        return np.int64(rounding(value))
    return function


_round_to_int64 = _to_int64(np.rint)


def _power_of_ten(n):
    """10**n for n >= 0, as the translation computes it: exact up to 1e22, else pow's."""
    return np.float64(10.0 ** n) if n > 22 else np.float64(10 ** n)


def _round(value, ndigits=None):
    """round(x): an int64, halves to even; round(x, ndigits): a float of x's type, as numba
    rounds it (x scaled by a power of ten in float64, rounded half to even, scaled back)."""
    if ndigits is None:
        return _round_to_int64(value)
    if not isinstance(value, (float, np.floating)):
        raise TypeError("round(x, ndigits) in kernels rounds a float")
    dtype = np.float64 if isinstance(value, float) else type(value)
    ndigits, x = int(ndigits), np.float64(value)
    if not np.isfinite(x):
        return dtype(value)
    with np.errstate(over="ignore"):
        if ndigits >= 0:
            scale, rest = ((_power_of_ten(ndigits - 22), np.float64(1e22)) if ndigits > 22
                           else (_power_of_ten(ndigits), np.float64(1.0)))
            y = (x * scale) * rest
            if not np.isfinite(y):
                return dtype(value)
        else:
            scale, rest = _power_of_ten(-ndigits), np.float64(1.0)
            y = x / scale
        z = np.rint(y)
        if abs(y - z) == 0.5:
            z = 2.0 * np.rint(y / 2.0)
        return dtype((z / rest) / scale if ndigits >= 0 else z * scale)


def _round_half_away(value):
    truncated = np.trunc(value)
    if abs(value - truncated) >= 0.5:
        truncated += np.copysign(1.0, value)
    return truncated


def _float_to_int(compute, result_type):
    """ilogb, llrint and llround: the argument in its float type, an integer result."""
    def function(value):
        dtype = _float_type([value])
        with np.errstate(all="ignore"):
            return result_type(compute(np.float64(dtype.type(value))))
    return function


def _ilogb(x):
    if x == 0 or np.isnan(x):
        return np.iinfo(np.int32).min
    if np.isinf(x):
        return np.iinfo(np.int32).max
    return python_math.frexp(x)[1] - 1


def _scale_by_int(x, n):
    dtype = _float_type([x])
    with np.errstate(all="ignore"):
        return dtype.type(np.ldexp(dtype.type(x), convert(n, np.int32)))


def _int_order(compute):
    """jn(n, x) and yn(n, x): an int32 order and a float."""
    def function(n, x):
        dtype = _float_type([x])
        with np.errstate(all="ignore"):
            return dtype.type(compute(int(convert(n, np.int32)), np.float64(dtype.type(x))))
    return function


def _angle(factor):
    def function(x):
        dtype = _float_type([x])
        with np.errstate(all="ignore"):
            return dtype.type(x) * dtype.type(factor)
    return function


def _predicate(test):
    def function(value):
        return np.bool_(test(np.float64(value)))
    return function


def _math_namespace():
    names = {"pi": python_math.pi, "e": python_math.e, "tau": python_math.tau,
             "inf": python_math.inf, "nan": python_math.nan}
    for name, compute in _FLOAT_FUNCTIONS.items():
        names[name] = _float_function(compute, single=False)
        names[name + "f"] = _float_function(compute, single=True)
    for name, compute in _EXACT_FUNCTIONS.items():
        names[name] = _float_function(compute, single=False, exact=True)
        names[name + "f"] = _float_function(compute, single=True, exact=True)
    names.update(
        log=_log_function(single=False), logf=_log_function(single=True),
        fma=_fma_function(single=False), fmaf=_fma_function(single=True),
        floor=_to_int64(np.floor), ceil=_to_int64(np.ceil), trunc=_to_int64(np.trunc),
        floorf=_float_function(np.floor, single=True), ceilf=_float_function(np.ceil, single=True),
        truncf=_float_function(np.trunc, single=True),
        roundf=_float_function(_round_half_away, single=True),
        isnan=_predicate(np.isnan), isinf=_predicate(np.isinf), isfinite=_predicate(np.isfinite),
        signbit=_predicate(np.signbit),
        ldexp=_scale_by_int, scalbn=_scale_by_int,
        jn=_int_order(_scipy("jn", "jv")), yn=_int_order(_scipy("yn", "yn")),
        ilogb=_float_to_int(_ilogb, np.int32),
        llrint=_float_to_int(lambda x: _int64_of(np.rint(x)), np.int64),
        lrint=_float_to_int(lambda x: _int64_of(np.rint(x)), np.int64),
        llround=_float_to_int(lambda x: _int64_of(_round_half_away(x)), np.int64),
        lround=_float_to_int(lambda x: _int64_of(_round_half_away(x)), np.int64),
        degrees=_angle(57.295779513082323), radians=_angle(0.017453292519943295),
        modf=_modf,
    )
    return types.SimpleNamespace(**names)


def _modf(x):
    """Python's math.modf, in float64 as compiled kernels give it."""
    fraction, whole = python_math.modf(float(np.float64(x)))
    return np.float64(fraction), np.float64(whole)


# ---- the names a kernel sees --------------------------------------------------------------

def kernel_range(*args):
    """range() whose values have the type cudapy gives the loop variable: the promoted type of
    the typed arguments (bools count as int32), int32 when all are literals."""
    strong = [np.dtype(np.int32) if dtype.kind == "b" else dtype for dtype in _strong_dtypes(args)]
    dtype = np.result_type(*strong) if strong else np.dtype(np.int32)
    return (convert(value, dtype) for value in range(*[int(arg) for arg in args]))


def kernel_enumerate(array, start=0):
    """enumerate() whose counter has the type cudapy gives it: the promoted type of the start
    and of len()'s int64."""
    dtype = np.result_type(*_strong_dtypes([start]), np.int64)
    return ((convert(int(start) + offset, dtype), value) for offset, value in enumerate(array))


class _BlockShapeUnknown:
    """threadIdx and the like in a launch by thread counts, whose block shape the target picks."""

    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attribute):
        raise NameError(f"{self._name}.{attribute} has no value in interpreter mode for a launch "
                        "by thread counts, kernel(n)(...), whose block shape the target chooses; "
                        "launch with kernel[grid, block](...) to give it one", name=self._name)

    def __repr__(self):
        return f"<{self._name}: undefined in a launch by thread counts>"


_UNKNOWN_BLOCK_SHAPE = {name: _BlockShapeUnknown(name)
                        for name in ("threadIdx", "blockIdx", "blockDim", "gridDim")}


def _casts():
    return {name: _cast(name, dtype) for name, dtype in SCALAR_TYPES.items()}


def kernel_globals(launch=None):
    """The globals a kernel sees, without the per-thread names. The CUDA vocabulary (`cuda`,
    `numba.cuda`, `cp`, `cudapy` and the bare names) acts for the threads of `launch`."""
    casts = _casts()
    math = _math_namespace()
    type_module = types.SimpleNamespace(**casts)
    cuda = CudaNames(launch or Launch(), casts, math)
    names = {
        "__builtins__": builtins.__dict__,
        "math": math,
        "cmath": _cmath_namespace(), "complex": _complex,
        "operator": operator,  # its functions are the operators, on NumPy's scalars too
        "range": kernel_range, "xrange": kernel_range, "enumerate": kernel_enumerate,
        "len": lambda array: np.int64(len(array)),
        "round": _round,
        "min": _min, "max": _max,
        "print": kernel_print,
        "warpSize": np.int32(WARP_SIZE),
        "np": type_module, "numpy": type_module,
        "cuda": cuda, "cp": cuda, "cudapy": cuda,
        "numba": types.SimpleNamespace(cuda=cuda, **casts),
    }
    names.update(casts)
    names.update((name, getattr(cuda, name)) for name in BARE_NAMES)
    return names


def _typed(function, signature):
    """`function` converting its arguments and result as a call of a typed helper does."""
    def call(*args):
        args = [arg if dtype is None else convert(arg, dtype)
                for arg, dtype in zip(args, signature.params)]
        result = function(*args)
        return result if signature.returns is None else convert(result, signature.returns)
    call.__name__ = call.__qualname__ = function.__name__
    call.__wrapped__ = function
    return call


def _overloaded(function, signatures):
    """`function` of numba's several signatures: a call takes the one its arguments convert
    to best (the fewest unsafe conversions, then safe ones, then promotions; the first of
    equals), converting its arguments and result as the kernel's call does."""
    def call(*args):
        best, best_rating = None, None
        for signature in signatures:
            kinds = [EXACT if dtype is None else scalar_conversion(np.asarray(arg).dtype, dtype)
                     for arg, dtype in zip(args, signature.params)]
            if None in kinds:
                continue
            rating = conversion_rating(kinds)
            if best is None or rating < best_rating:
                best, best_rating = signature, rating
        if best is None:
            raise TypeError(f"Invalid use of type {function.__name__}(): none of its "
                            "signatures takes the call")
        return _typed(function, best)(*args)
    call.__name__ = call.__qualname__ = function.__name__
    call.__wrapped__ = function
    return call


def _bind(functions, signatures, launch, constants):
    """The kernel globals, with the module constants that the language does not name itself,
    and a copy of each function that sees them; helpers with a signature convert their
    arguments and result."""
    namespace = kernel_globals(launch)
    launch.namespace = namespace
    kernel_math = namespace["math"]

    helper_cells = []  # (a new cell, the helper it is to hold once the helpers are made)

    def as_kernel_sees_it(value):
        """A function of Python's math module or of the kernel language (cuda.ldcg,
        cuda.atomic.add), passed in or imported, is the kernel's."""
        language = _language_name(value)
        if language is not None:
            found = namespace["cuda"]
            for part in language.split("."):
                found = getattr(found, part)
            return found
        name = _math_name(value)
        return value if name is None else getattr(kernel_math, name)

    def kernel_cell(value):
        if isinstance(value, DeviceFunction):
            cell = types.CellType()
            helper_cells.append((cell, value.__name__))
            return cell
        return types.CellType(as_kernel_sees_it(value))

    namespace.update((name, as_kernel_sees_it(value)) for name, value in constants.items()
                     if name not in namespace and not isinstance(value, DeviceFunction))
    for function in functions:
        copy = types.FunctionType(function.__code__, namespace, function.__name__,
                                  function.__defaults__, _kernel_closure(function, kernel_cell))
        copy.__kwdefaults__ = function.__kwdefaults__
        copy.__qualname__ = function.__qualname__
        copy.__module__ = function.__module__
        signature = signatures.get(function.__name__)
        namespace[function.__name__] = (copy if signature is None
                                        else _overloaded(copy, signature)
                                        if isinstance(signature, list)
                                        else _typed(copy, signature))
    for name, value in constants.items():
        if isinstance(value, DeviceFunction) and name not in namespace:
            namespace[name] = namespace[value.__name__]
    for cell, helper in helper_cells:
        cell.cell_contents = namespace[helper]
    return namespace


def _language_name(value):
    """The name a kernel calls a function of the kernel language by ("ldcg", "atomic.add"),
    for cudapy.cuda's functions; else None."""
    name = getattr(value, "kernel_language_name", None)
    return name if isinstance(name, str) and callable(value) else None


def _kernel_closure(function, kernel_cell):
    """The function's closure cells, those holding a math function or a device function
    replaced by kernel_cell(value)."""
    cells = function.__closure__
    if not cells:
        return cells
    replaced = []
    for cell in cells:
        try:
            value = cell.cell_contents
        except ValueError:  # a cell not yet filled
            replaced.append(cell)
            continue
        replaced.append(kernel_cell(value) if _math_name(value) is not None
                        or _language_name(value) is not None
                        or isinstance(value, DeviceFunction) else cell)
    return tuple(replaced)


# ---- the functions' code ------------------------------------------------------------------

def _code_names(functions):
    """Every global and attribute name that the functions' code uses."""
    return {name for function in functions for code in nested_codes(function.__code__)
            for name in code.co_names}


_CONSTANT_TYPES = (bool, int, float, np.bool_, np.integer, np.floating)


def _is_record_type(value):
    """Whether `value` is a record dtype, or numba's record type of one, which declared
    arrays take as their dtype."""
    if isinstance(value, ScalarType):
        return value.name != "void" and value.dtype.names is not None
    return isinstance(value, np.dtype) and value.names is not None


def _module_constants(functions):
    """The numbers and arrays of the functions' modules that their code names: the module-level
    constants of the kernel language, the arrays as read-only copies for
    cuda.const.array_like."""
    constants = {}
    for function in functions:
        module = function.__globals__
        for name in _code_names([function]) & module.keys():
            value = module[name]
            if (isinstance(value, _CONSTANT_TYPES) or _math_name(value) is not None
                    or _is_record_type(value)
                    or _language_name(value) is not None
                    or isinstance(value, DeviceFunction) and value.__name__ != name):
                constants[name] = value
            elif isinstance(value, np.ndarray):
                constants[name] = read_only_copy(value)
    return constants


def _has_asserts(function):
    """Whether the function's code has assert statements: compiled by Python, or rewritten by
    pytest (whose code calls its own module, `@pytest_ar`)."""
    return any(instruction.opname == "LOAD_ASSERTION_ERROR" or "@pytest_ar" in code.co_names
               for code in nested_codes(function.__code__)
               for instruction in dis.get_instructions(code))


class _AssertsLeftOut(ast.NodeTransformer):
    def visit_Assert(self, node):
        return ast.copy_location(ast.Pass(), node)


class _BitCountsAsInt64(ast.NodeTransformer):
    """n.bit_count() as the translation types it, an int64: NumPy's gives a Python int."""

    def visit_Call(self, node):
        self.generic_visit(node)
        function = node.func
        if (isinstance(function, ast.Attribute) and function.attr == "bit_count"
                and not node.args and not node.keywords):
            cast = ast.Attribute(value=ast.Name(id="np", ctx=ast.Load()), attr="int64",
                                 ctx=ast.Load())
            return ast.copy_location(ast.Call(func=cast, args=[node], keywords=[]), node)
        return node


def _counts_bits(function):
    """Whether the function's code calls a bit_count method."""
    return any("bit_count" in code.co_names for code in nested_codes(function.__code__))


def _recompiled(function, debug):
    """`function` compiled again from its source, with its assert statements only if `debug`
    and its bit counts int64s. Lines stay in place, and the closure's cells are shared."""

    source = _function_source(function)
    tree = _BitCountsAsInt64().visit(ast.parse(source.text))
    if not debug:
        tree = _AssertsLeftOut().visit(tree)
    ast.fix_missing_locations(tree)
    for node in ast.walk(tree):
        if hasattr(node, "col_offset"):  # back where they are in the file
            node.col_offset += source.column_offset
            node.end_col_offset += source.column_offset
    ast.increment_lineno(tree, source.first_line - 1)
    free = function.__code__.co_freevars
    if free:  # nested in a function that defines them, so that they stay free variables
        outer = ast.parse("def outer():\n    pass\n").body[0]
        outer.body = [ast.parse(f"{name} = None").body[0] for name in free] + tree.body
        tree.body = [outer]
        ast.fix_missing_locations(tree)
    module_code = builtins.compile(tree, function.__code__.co_filename, "exec")
    code = next(code for code in nested_codes(module_code)
                if code.co_name == function.__name__)
    cells = dict(zip(free, function.__closure__ or ()))
    copy = types.FunctionType(code, function.__globals__, function.__name__,
                              function.__defaults__,
                              tuple(cells[name] for name in code.co_freevars) or None)
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__qualname__ = function.__qualname__
    copy.__module__ = function.__module__
    return copy


def _prepared(functions, debug):
    """The functions as a compile with `debug` runs them: asserts only with debug, bit counts
    int64s, and as Python compiles them, not as pytest rewrites them in test modules."""
    return [_recompiled(function, debug)
            if _has_asserts(function) or _counts_bits(function) else function
            for function in functions]


# ---- launches -----------------------------------------------------------------------------

def _interpret(functions, signatures, constants, name, args, threads=None, grid=None,
               block=None, shared_bytes=0, debug=False):
    """Runs the kernel `name` of `functions` on `args` (converted already) for every thread of
    `kernel(*threads)` or of `kernel[grid, block]`."""
    launch = Launch(debug=debug)
    namespace = _bind(functions, signatures, launch, constants)
    kernel = namespace[name]
    kernel = getattr(kernel, "__wrapped__", kernel)  # the arguments are converted already
    if threads is not None:
        blocks = [Block(counted_threads(threads, _UNKNOWN_BLOCK_SHAPE))]
        concurrent = False
    else:
        launch.block_shape_known = True
        blocks = grid_blocks(grid, block, shared_bytes)
        concurrent = bool(_code_names(functions) & COLLECTIVES)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        launch.run(kernel, args, blocks, concurrent)


def run(functions, args, threads=None, grid=None, block=None, sig=None, shared_bytes=0,
        debug=False):
    """Runs the kernel (the first of `functions`, the rest its helpers, as cudapy.compile takes
    them) on `args` for every thread of `kernel(*threads)` or of
    `kernel[grid, block, 0, shared_bytes]`, without translating it; `debug` checks asserts,
    as a compile with debug=True does.

    Arrays in `args` are changed in place. Scalars are converted to the kernel's parameter
    types. Threads run block after block, and in a block in order of x, then y, then z.
    """
    _require_numpy_2()
    functions = list(functions) if isinstance(functions, (list, tuple)) else [functions]
    signatures = _signatures(functions, _given_signatures(functions, sig))
    functions = _prepared(functions, debug)
    signature = signatures.get(functions[0].__name__)
    if signature is not None:
        args = [arg if dtype is None else convert(arg, dtype)
                for arg, dtype in zip(args, signature.params)]
    args = [arg.view(CheckedArray) if isinstance(arg, np.ndarray) else arg for arg in args]
    _interpret(functions, signatures, _module_constants(functions), functions[0].__name__,
               args, threads, grid, block, shared_bytes, debug)


# ---- interpreter mode of compiled kernels -------------------------------------------------

class _Rows(tuple):
    """The rows of a `T**` argument."""

    def __getitem__(self, index):
        check_index(index)
        return tuple.__getitem__(self, index)


_translated_sources = itertools.count(1)
_functions_of_programs = weakref.WeakKeyDictionary()


class _MathName:
    """math.NAME read at the top level of source text (`F = math.nearbyint`): the kernel's
    math function (or constant) NAME once the kernel runs. The text's math is CUDA's, whose
    names Python's math module lacks in part."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name


class _SourceMath:
    """The `math` that source text's top level sees."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _MathName(name)


def _math_name(value):
    """The name of the kernel's math function that `value` stands for, or None."""
    if isinstance(value, _MathName):
        return value.name
    return value.__name__ if is_math_function(value) else None


def _functions_of_string(text, debug):
    """The functions that source text defines, made in a scratch namespace that holds the
    text's module-level constants; asserts only with `debug`. The text is put in linecache
    under a name of its own, so tracebacks and pdb show its lines."""
    filename = f"<cudapy source {next(_translated_sources)}>"
    set_display_filename(filename, "<string>")  # the translator's name for it
    tree = ast.parse(text, filename)
    tree.body = [node for node in tree.body if isinstance(node, ast.FunctionDef)
                 or isinstance(node, ast.Assign)
                 and all(isinstance(target, ast.Name) for target in node.targets)]
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            node.decorator_list = []  # cudapy's own decorators, which only the translator reads
    if not debug:
        tree = _AssertsLeftOut().visit(tree)
    lines = text.splitlines(keepends=True)
    linecache.cache[filename] = (len(text), None, lines, filename)
    scratch = {"__builtins__": builtins.__dict__, "math": _SourceMath()}
    exec(builtins.compile(tree, filename, "exec"), scratch)
    return [scratch[node.name] for node in tree.body if isinstance(node, ast.FunctionDef)]


def _program_functions(program):
    """The Python functions of a compile, their signatures, their module constants and whether
    it checks asserts; made once per program."""

    bound = _functions_of_programs.get(program)
    if bound is None:
        debug = program._options.debug
        functions = []
        for item in program.items:
            if isinstance(item, str):
                functions += _functions_of_string(_string_source(item).text, debug)
            else:
                functions.append(item)
        signatures = _signatures(functions, program.signatures)
        signatures.update((name, [parse_signature(text) for text in texts])
                          for name, texts in program.overloads.items())
        functions = _prepared(functions, debug)
        bound = (functions, signatures, _module_constants(functions), debug)
        _functions_of_programs[program] = bound
    return bound


def _kernel_value(param, item, write_backs):
    """What the kernel function gets for a checked argument (`item`, from the parameter's
    convert()), noting in `write_backs` what to copy back after the launch."""
    from .array import CudaArray, ForeignArray

    if not param.is_array:
        if param.dtype.kind == "c":  # its (real, imaginary) parts
            return param.dtype.type(complex(*item))
        return convert(item, param.dtype)
    if item.__class__ is _StagedRows:
        return _Rows(_kernel_value(param, row, write_backs) for row in item.rows)
    if isinstance(item, CudaArray):
        host = item.toHost()
        if param.written:
            write_backs.append(lambda: item._upload(host))
    elif item.__class__ is _Staged:
        host = item.host
        if item.copy_back is not None and item.copy_back is not host:
            write_backs.append(lambda: item.copy_back.__setitem__(Ellipsis, host))
    elif item.__class__ is ForeignArray:
        raise TypeError(f"{param.name}: interpreter mode cannot read another library's GPU "
                        "array; pass a NumPy array or a CudaArray")
    else:
        raise TypeError(f"unexpected argument {item!r} for an array parameter")
    return host.view(CheckedArray)


def _launch(kernel, config, args):
    """Runs `kernel` (a cudapy.Kernel) with the launch shape of `config` (a LaunchConfig) in
    the interpreter."""
    params = kernel._params
    given = args
    if kernel._groups:  # (a single record's copy back is _record_value's here)
        args, _ = kernel.flatten_arguments(args)
    if len(args) != len(params):
        raise kernel._argument_count_error(len(args))
    # A record array's fields are read from the array itself, below.
    in_records = {position for group in kernel._groups if group.fields is not None
                  for position in range(group.start, group.start + group.count)}
    items = [None if position in in_records else param.convert(arg)
             for position, (param, arg) in enumerate(zip(params, args))]
    _require_numpy_2()
    functions, signatures, constants, debug = _program_functions(kernel._program)
    write_backs = []
    values = [None if item is None else _kernel_value(param, item, write_backs)
              for param, item in zip(params, items)]
    # The function takes its tuples whole, and its record arrays as NumPy's record arrays.
    for (_, group), arg in reversed(list(zip(kernel._parameter_names(), given))):
        if group is None:
            continue
        if group.fields is not None:
            whole = _record_value(group, arg, write_backs)
        else:  # a namedtuple as its own class, so that the kernel reads p.x
            items = values[group.start:group.start + group.count]
            whole = arg.__class__(*items) if hasattr(arg, "_fields") else tuple(items)
        values[group.start:group.start + group.count] = [whole]
    shape = {}
    if config.threads.x:
        shape["threads"] = (config.threads.x, config.threads.y, config.threads.z)
    else:
        shape["grid"] = (config.grid.x, config.grid.y, config.grid.z)
        shape["block"] = (config.block.x, config.block.y, config.block.z)
    try:
        _interpret(functions, signatures, constants, kernel.name, values, **shape,
                   shared_bytes=config.shared_bytes, debug=debug)
    finally:
        for write_back in write_backs:
            write_back()


def _record_value(group, arg, write_backs):
    """What the kernel function gets for a record array or a single record: NumPy's record
    array (or record) over the data, whose writes reach the caller's array after the launch."""
    from .array import CudaArray

    if group.single:  # a copy, whose fields are stored back into the caller's record
        holder = np.array([arg]).view(np.recarray)
        if group.written:
            write_backs.append(lambda: [arg.__setitem__(field, holder[field][0])
                                        for field in group.fields])
        return holder[0]
    if isinstance(arg, ArgumentHandler):
        host = arg.array if arg.copy_out else arg.array.copy()
    elif isinstance(arg, CudaArray):
        host = arg.toHost()
        if group.written:
            write_backs.append(lambda: arg._upload(host))
    else:
        host = arg
    return host.view(np.recarray)


def _is_debug_statement(statement):
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return True
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
        return False
    function = statement.value.func
    if isinstance(function, ast.Name):
        return function.id in ("print", "breakpoint")
    return isinstance(function, ast.Attribute) and function.attr == "set_trace"


def _debug_statements_left_out(text):
    """`text` with the debugging statements inside its functions replaced by `pass`, lines and
    columns of everything else unchanged. A statement over several lines with more code after
    it on its last line stays, for the translator to report."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text  # the translator reports it
    statements = [node for function in tree.body if isinstance(function, ast.FunctionDef)
                  for node in ast.walk(function)
                  if node is not function and isinstance(node, ast.stmt)
                  and _is_debug_statement(node)]
    if not statements:
        return text
    lines = [line.encode("utf-8") for line in text.splitlines(keepends=True)]
    for statement in sorted(statements, key=lambda s: (s.lineno, s.col_offset), reverse=True):
        first, last = statement.lineno - 1, statement.end_lineno - 1
        head = lines[first][:statement.col_offset]
        tail = lines[last][statement.end_col_offset:]
        if first == last:
            lines[first] = head + b"pass" + tail
            continue
        if tail.strip() and not tail.strip().startswith(b"#"):
            continue
        lines[first] = head + b"pass\n"
        for index in range(first + 1, last):
            lines[index] = b"\n"
        lines[last] = tail if tail.strip() else b"\n"
    return b"".join(lines).decode("utf-8")


def _translatable(source):
    """A kernel source (kernel._Source) for the translation of a compile with target="python":
    its debugging statements left out."""
    return source._replace(text=_debug_statements_left_out(source.text))
