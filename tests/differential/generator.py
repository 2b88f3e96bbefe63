"""Random well-typed kernels for differential testing (see README.md in this folder).

`generate(seed)` returns a `Program`: the source text of one kernel and its helpers, in CudaPy
style (`# name : void (...)` signature comments) or numba style (`@cuda.jit` with signature
strings, `cuda.grid(1)`, `np.float32(x)`), with the launch shape, the input values and the
layout of its outputs. The same seed always gives the same program and the same inputs.

Programs use only what the kernel language defines and the interpreter mode
(`target="python"`) computes exactly as the compiled targets do:

- every operator, builtin, cast and dtype, with literals at the types' edges that NEP 50 lets
  the other operand's type hold;
- no undefined behaviour: integer divisors are guarded against zero, integer exponents are
  made non-negative, floats are converted to integers only inside their range (NaN and inf
  excluded), indices stay in bounds, loops are bounded, every variable is assigned before it
  is read on every path;
- none of the places where cudapy deliberately departs from NumPy, which the interpreter
  follows (see cudapy.interpreter): no integer true division except as `float32(a / b)` of
  integers of at most 16 bits (exact either way), no float literal with an integer operand,
  no arithmetic on two bools, no literal with a bool, no negative integer exponents; the two
  branches of a conditional expression have one type (the interpreter returns the operand
  itself, without cudapy's promotion), and so do the arguments of min and max when all are
  bools;
- transcendental math functions and float powers, which differ by a few ulps between the
  host's libm, NumPy and CUDA, only at the top of an output expression, so that their error
  reaches the output unamplified; the output slot records the tolerance.

`avoid` names known translator bugs whose triggers the generator leaves out (KNOWN_BUGS, all
by default) so that a batch tests everything else; each has a regression case in
regressions/ that shows it.
"""

import math
import random
import re
from dataclasses import dataclass, field

import numpy as np

# ---- types --------------------------------------------------------------------------------

BOOL = "bool"
SIGNED = ["int8", "int16", "int32", "int64"]
UNSIGNED = ["uint8", "uint16", "uint32", "uint64"]
INTS = SIGNED + UNSIGNED
FLOATS = ["float16", "float32", "float64"]
NUMERIC = INTS + FLOATS
ALL_TYPES = [BOOL] + NUMERIC
# The element types cuda.atomic.load reads, as the atomics take them.
ATOMIC_LOAD_TYPES = ["int32", "uint32", "int64", "uint64", "float32", "float64"]

# Known bugs the generator can steer clear of, each with a regression case in regressions/,
# and the targets it shows on (None: every target). A batch for a target avoids the bugs of
# that target (KNOWN_BUGS by default), so that it tests everything else; the generator's
# `avoid` set names them. Remove a bug here when it is fixed.
KNOWN_BUGS = {
    # NVRTC contracts a float multiply and a following add into one fma (its --fmad=true,
    # which cudapy does not turn off), rounding once where NumPy rounds twice: float32 and
    # float64 products only by powers of two (exact, so an fma rounds as NumPy does), and
    # math.degrees/radians (a product) only at the top of an output.
    "gpu_fma_contraction": {"cuda"},
}


def known_bugs(target=None):
    """The known bugs that show on `target` ("cpu", "cuda"), or all of them."""
    return {name for name, targets in KNOWN_BUGS.items()
            if target is None or targets is None or target in targets}


# The complex type of each float type whose values a complex number's parts hold exactly.
COMPLEX_OF = {"float32": "complex64", "float64": "complex128"}


def kind(t):
    return "b" if t == BOOL else t[0] if t[0] in "iu" else "f"


def is_int(t):
    return t in INTS


def is_float(t):
    return t in FLOATS


def size(t):
    return np.dtype(t).itemsize


def bits(t):
    return 8 * size(t)


def int_range(t):
    info = np.iinfo(t)
    return int(info.min), int(info.max)


def _signed_of(nbytes):
    return {1: "int8", 2: "int16", 4: "int32", 8: "int64"}[nbytes]


def _float_of(nbytes):
    return {2: "float16", 4: "float32", 8: "float64"}[nbytes]


def promote(a, b):
    """NumPy's promotion of two strong scalar types (cudapy's types/promote.cpp), for every
    pair but bool with bool."""
    if a == b:
        return a
    if a == BOOL:
        return b
    if b == BOOL:
        return a
    if is_float(a) and is_float(b):
        return a if size(a) >= size(b) else b
    if is_float(a) or is_float(b):
        f, i = (a, b) if is_float(a) else (b, a)
        ib = size(i)
        return _float_of(max(size(f), 2 if ib == 1 else 4 if ib == 2 else 8))
    if (a in SIGNED) == (b in SIGNED):
        return a if size(a) >= size(b) else b
    s, u = (a, b) if a in SIGNED else (b, a)
    if size(s) > size(u):
        return s
    if size(u) < 8:
        return _signed_of(2 * size(u))
    return "float64"


def math_type(types):
    """The float type cudapy's math computes in for strong argument types: NumPy's result
    type of them all if it is float32 or float64, else float32."""
    t = np.result_type(*[np.dtype(x) for x in types]).name
    return t if t in ("float32", "float64") else "float32"


# Operand type pairs (both strong, not both bool) by the type they promote to.
PAIRS = {t: [] for t in ALL_TYPES}
for _a in ALL_TYPES:
    for _b in ALL_TYPES:
        if _a == BOOL and _b == BOOL:
            continue
        PAIRS[promote(_a, _b)].append((_a, _b))


def fits(value, t):
    """Whether the Python int `value` is one NumPy (NEP 50) lets type t take as a weak
    literal."""
    lo, hi = int_range(t)
    return lo <= value <= hi


# ---- values -------------------------------------------------------------------------------

def int_edges(t):
    lo, hi = int_range(t)
    values = {0, 1, 2, 3, 7, 10, 100, hi, hi - 1, hi // 2, hi // 2 + 1}
    if lo < 0:
        values |= {-1, -2, -3, -7, -100, lo, lo + 1, lo // 2}
    for k in range(1, bits(t)):
        if fits(1 << k, t):
            values.add(1 << k)
            values.add((1 << k) - 1)
        if fits(-(1 << k), t):
            values.add(-(1 << k))
    return sorted(v for v in values if lo <= v <= hi)


def float_edges(t):
    info = np.finfo(t)
    values = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 0.1, -0.1, 1e-3, 100.0,
              127.5, 128.0, 255.5, 256.0, 32767.5, 65504.0, 65520.0, 2.0 ** 31, -2.0 ** 31,
              2.0 ** 63, 2.0 ** 24 + 1, math.pi, -math.e, float(info.max), -float(info.max),
              float(info.tiny), float(info.smallest_subnormal), -float(info.smallest_subnormal),
              float(info.eps), math.inf, -math.inf, math.nan, 1e10, -1e10, 1e30, 1e300,
              # just above halfway between two float16 (float32) values: rounding twice, via
              # float32, goes the other way
              1 + 2.0 ** -11 + 2.0 ** -40, -(1 + 2.0 ** -11 + 2.0 ** -23),
              1 + 2.0 ** -24 + 2.0 ** -50, 65519.99999, 2049.0 + 2.0 ** -30]
    with np.errstate(over="ignore"):
        return [float(np.asarray(v).astype(t)) for v in values]


def random_value(rng, t, edge_share=0.35):
    """A value of type t as a Python number: an edge value or a random one of a few kinds."""
    if t == BOOL:
        return rng.random() < 0.5
    if is_int(t):
        lo, hi = int_range(t)
        r = rng.random()
        if r < edge_share:
            return rng.choice(int_edges(t))
        if r < 0.65:
            return max(lo, min(hi, rng.randint(-20, 20)))
        if r < 0.85:
            return rng.randint(lo, hi)
        return max(lo, min(hi, rng.randint(-1000, 1000)))
    r = rng.random()
    if r < edge_share:
        return rng.choice(float_edges(t))
    if r < 0.6:
        value = rng.uniform(-10, 10)
    elif r < 0.75:
        value = float(rng.randint(-50, 50)) / rng.choice([1, 2, 4, 8])
    else:
        value = rng.uniform(-1, 1) * 10.0 ** rng.randint(-8, {"float16": 4, "float32": 30,
                                                             "float64": 200}[t])
    with np.errstate(over="ignore"):
        return float(np.asarray(value).astype(t))


def array_values(rng, t, n):
    return np.array([random_value(rng, t) for _ in range(n)], dtype=t)


# ---- expressions --------------------------------------------------------------------------

# Python's precedence levels, low to high.
COND, OR, AND, NOT, CMP, BOR, BXOR, BAND, SHIFT, ADD, MUL, UNARY, POW, ATOM = range(2, 16)

BINARY_PREC = {"|": BOR, "^": BXOR, "&": BAND, "<<": SHIFT, ">>": SHIFT, "+": ADD, "-": ADD,
               "*": MUL, "/": MUL, "//": MUL, "%": MUL, "**": POW}

OPERATOR_FUNCTIONS = {"|": "or_", "^": "xor", "&": "and_", "<<": "lshift", ">>": "rshift",
                      "+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv",
                      "%": "mod", "**": "pow"}


def nan_free(e, typed_const):
    """e, or a typed 0.0 of e's type (`typed_const(t, 0.0)`) where e is a NaN: a NaN's sign is IEEE 754's to
    leave open, and x86 (the interpreter's NumPy) and NVIDIA GPUs answer differently, so
    copysign and signbit only read the sign of numbers. Integers and bools are never NaN. The
    zero is typed, so that the interpreter's value has the type the translation gives the
    conditional (a weak 0.0 would change the type a math function computes in)."""
    if not is_float(e.t):
        return e
    return E(f"({wrap(e, COND + 1)} if {wrap(e, CMP + 1)} == {wrap(e, CMP + 1)} else "
             f"{typed_const(e.t, 0.0).text})", COND, e.t)


class E:
    """An expression: its text, precedence and type. `weak` is "int" or "float" for Python
    literals (and module constants), whose `value` is kept; `approx` is the math function
    whose rounding the value carries (None: computed exactly)."""

    __slots__ = ("text", "prec", "t", "weak", "value", "approx", "pure_leaf")

    def __init__(self, text, prec, t, weak=None, value=None, approx=None, pure_leaf=False):
        self.text, self.prec, self.t = text, prec, t
        self.weak, self.value, self.approx, self.pure_leaf = weak, value, approx, pure_leaf


def wrap(e, min_prec):
    return e.text if e.prec >= min_prec else f"({e.text})"


def int_literal(value):
    return E(str(value), ATOM if value >= 0 else UNARY, None, weak="int", value=value)


def float_text(value):
    if math.isnan(value):
        return "math.nan", ATOM
    if math.isinf(value):
        return ("math.inf", ATOM) if value > 0 else ("-math.inf", UNARY)
    text = repr(float(value))
    return text, (UNARY if text.startswith("-") else ATOM)


def float_literal(value):
    text, prec = float_text(value)
    return E(text, prec, None, weak="float", value=value)


# Transcendental math functions: (name, arity). Their results carry a tolerance.
APPROX_MATH = [("sin", 1), ("cos", 1), ("tan", 1), ("asin", 1), ("acos", 1), ("atan", 1),
               ("sinh", 1), ("cosh", 1), ("tanh", 1), ("asinh", 1), ("acosh", 1),
               ("atanh", 1), ("exp", 1), ("exp2", 1), ("exp10", 1), ("expm1", 1), ("log", 1),
               ("log2", 1), ("log10", 1), ("log1p", 1), ("cbrt", 1), ("rcbrt", 1),
               ("rsqrt", 1), ("erf", 1), ("erfc", 1), ("lgamma", 1), ("tgamma", 1),
               ("gamma", 1), ("sinpi", 1), ("cospi", 1), ("normcdf", 1), ("atan2", 2),
               ("hypot", 2), ("rhypot", 2), ("pow", 2), ("log", 2), ("norm3d", 3),
               ("rnorm3d", 3), ("norm4d", 4), ("rnorm4d", 4)]
# Math functions whose result is exact (correctly rounded, or exact by nature) everywhere.
EXACT_MATH = [("fabs", 1), ("sqrt", 1), ("rint", 1), ("nearbyint", 1), ("logb", 1),
              ("copysign", 2), ("fdim", 2), ("nextafter", 2), ("fmod", 2), ("remainder", 2),
              ("fma", 3), ("degrees", 1), ("radians", 1)]
# Functions whose result may be a zero of either sign where C leaves the choice open (NumPy
# gives fmin(-0.0, 0.0) = 0.0, C and CUDA -0.0): only at the top of an output, whose slot
# then takes either zero.
ZERO_SIGN_FREE = {"fmin", "fmax"}
SINGLE_ROUNDING = ["floorf", "ceilf", "truncf", "roundf"]
FLOAT_PREDICATES = ["isnan", "isinf", "isfinite", "signbit"]
TO_INT64 = ["floor", "ceil", "trunc"]
TO_INT64_ROUNDING = ["llrint", "lrint", "llround", "lround"]

# ulps of tolerance for approximate results: CPU (host libm vs NumPy) and GPU (CUDA's
# documented maximum errors, plus the oracle's own half ulp).
APPROX_ULPS = {"cpu": 4, "gpu": 16}
# lgamma near its zeros (x = 1, 2) has a small result whose ulps the interpreter's CPython
# lgamma and the host's libm miss by up to a few hundred.
APPROX_ULPS_WIDE = {"lgamma": (1 << 10, 1 << 16), "tgamma": (16, 64), "gamma": (16, 64),
                    "pow": (4, 16), "**": (4, 16),
                    # ill-conditioned in the tail: the argument's rounding (x / sqrt(2) or
                    # x * M_SQRT1_2) is amplified about x * x times
                    "normcdf": (1 << 12, 1 << 12)}


@dataclass
class Param:
    name: str
    t: str
    is_array: bool
    values: object = None  # a Python number, or an ndarray for an array
    role: str = "in"       # "in", "out", or "record" (an input array of records)
    fields: list = None    # a record array's field types, its fields named f0, f1, ...


@dataclass
class Slot:
    """One store of the kernel into an output array: its dtype and tolerance."""
    array: str
    index: int
    t: str
    approx: str = None  # the math function whose error it carries, or None
    zero_sign_free: bool = False


@dataclass
class Program:
    seed: int
    style: str
    name: str
    source: str
    signature: str          # the kernel's signature in numba's syntax
    helper_signatures: dict  # numba-style device functions' signatures (for sig=)
    params: list
    threads: int
    blocks: tuple           # (grid, block) for numba-style launches
    slots: list
    features: set = field(default_factory=set)

    def args(self):
        """Fresh arguments: copies of the input arrays, zeroed outputs."""
        out = []
        for p in self.params:
            if p.is_array:
                out.append(np.array(p.values, copy=True))
            else:
                out.append(np.dtype(p.t).type(p.values))
        return out

    def outputs(self, args):
        return {p.name: a for p, a in zip(self.params, args) if p.role == "out"}

    def sig_entries(self):
        """sig= entries for a module compile: the kernel's and its helpers' signatures
        (numba style only; CudaPy style carries them in comments)."""
        if self.style != "numba":
            return {}
        entries = {self.name: self.signature}
        entries.update(self.helper_signatures)
        return entries


class Scope:
    def __init__(self, parent=None):
        self.parent = parent
        self.vars = {}  # name -> type

    def all(self):
        names = dict(self.parent.all()) if self.parent else {}
        names.update(self.vars)
        return names


class Helper:
    def __init__(self, name, params, returns, typed, recursive=False, void=False, dtype=None):
        self.name, self.params, self.returns = name, params, returns
        self.typed, self.recursive, self.void = typed, recursive, void
        # A dtype every call passes last, which the helper casts its result with (a copy of
        # the helper is made for it).
        self.dtype = dtype
        # Whether calls pass the arguments as one tuple, which the helper unpacks.
        self.packed = False


class Generator:
    MAX_DEPTH = 4

    def __init__(self, seed, style=None, avoid=None, threads=None):
        self.seed = seed
        self.rng = random.Random(seed * 7919 + 17)
        rng = self.rng
        self.style = style or rng.choice(["cudapy", "cudapy", "numba"])
        self.avoid = known_bugs() if avoid is None else set(avoid)
        self.prefix = f"k{seed}"
        self.threads = threads or rng.randint(8, 32)
        self.features = set()
        self.names = 0
        self.helpers = []
        self.helper_texts = []
        self.helper_sigs = {}
        self.constants = {}   # module-level constant name -> value
        self.constant_lines = []
        self.slots = []
        self.outputs = {}     # dtype -> output param name
        self.out_counts = {}  # dtype -> slots used
        self.params = []
        self.scope = None
        self.loop_depth = 0
        self.in_helper = None  # the Helper being written, or None for the kernel
        self.called = set()    # helpers called so far
        self.budget = 0        # statements left
        self.record_locals = []  # (local, record array) of `r = R[i]` at the kernel's start

    # ---- names and small pieces -----------------------------------------------------------

    def fresh(self, stem):
        self.names += 1
        return f"{stem}{self.names}"

    def chance(self, p):
        return self.rng.random() < p

    def cast_name(self, t):
        if self.style == "numba":
            return f"np.{t}"
        return t

    def typed_const(self, t, value):
        """A strong constant of type t: T(literal), or True/False."""
        if t == BOOL:
            return E("True" if value else "False", ATOM, BOOL)
        if is_int(t):
            lit = int_literal(value)
        else:
            lit = float_literal(value)
        return E(f"{self.cast_name(t)}({lit.text})", ATOM, t)

    def note(self, feature):
        self.features.add(feature)

    def vars_of(self, t):
        return [name for name, vt in self.scope.all().items() if vt == t]

    def arrays_of(self, t):
        return [p for p in self.params if p.is_array and p.role == "in" and p.t == t]

    # ---- literals -------------------------------------------------------------------------

    def weak_int_for(self, t):
        """A weak int literal that strong type t (int or float) takes."""
        if is_int(t):
            value = self.rng.choice(int_edges(t)) if self.chance(0.6) else \
                self.rng.randint(*[max(lo, min(hi, v)) for lo, hi in [int_range(t)]
                                   for v in (-50, 50)])
            return self.maybe_constant(int_literal(value))
        value = self.rng.choice([0, 1, -1, 2, 3, -7, 100, 1000, 65504, 65520, 70000,
                                 2 ** 24 + 1, 2 ** 31 - 1, -2 ** 31, 2 ** 53 + 1, 2 ** 63 - 1])
        return self.maybe_constant(int_literal(value))

    def weak_float_for(self, t):
        """A weak float literal for strong float type t."""
        value = random_value(self.rng, "float64", edge_share=0.5)
        if self.chance(0.3):
            value = random_value(self.rng, t, edge_share=0.6)
        if self.chance(0.08):
            return E(self.rng.choice(["math.pi", "math.e"]), ATOM, None, weak="float",
                     value=math.pi)
        return self.maybe_constant(float_literal(value))

    def maybe_constant(self, lit):
        """Sometimes a module-level constant of the literal's value, which the language
        treats as the literal itself."""
        if not self.chance(0.06) or self.in_helper is not None and self.chance(0.5):
            return lit
        if "math" in lit.text:
            return lit
        name = f"C{self.prefix}_{len(self.constant_lines)}"
        self.constant_lines.append(f"{name} = {lit.text}")
        self.note("module_constant")
        return E(name, ATOM, None, weak=lit.weak, value=lit.value)

    def math_function(self, name):
        """math.NAME, or now and then a module-level alias of it (`F = math.NAME`, as a kernel
        calls a function passed to it under another name)."""
        self.note(f"math.{name}")
        if not self.chance(0.05):
            return f"math.{name}"
        alias = f"F{self.prefix}_{len(self.constant_lines)}"
        self.constant_lines.append(f"{alias} = math.{name}")
        self.note("function_alias")
        return alias

    def weak_for(self, t):
        """A weak literal that may meet a strong operand of type t, or None."""
        if t == BOOL:
            return None
        if is_int(t):
            return self.weak_int_for(t)
        return self.weak_int_for(t) if self.chance(0.3) else self.weak_float_for(t)

    # ---- leaves ---------------------------------------------------------------------------

    def index_expr(self, array):
        """An in-bounds index of `array` (length self.threads)."""
        r = self.rng.random()
        if r < 0.5 or self.budget_exhausted_expr():
            return "i"
        n = self.threads
        it = self.rng.choice(INTS)
        e = self.expr(it, 1)
        bound = self.rng.choice([str(n), f"len({array})", f"{array}.shape[0]", f"{array}.size"])
        if bound != str(n):
            # an unsigned 64-bit value against int64's length would promote to float64
            if it == "uint64":
                e = E(f"{self.cast_name('int64')}({e.text})", ATOM, "int64")
            self.note("len_shape_size")
        else:
            if not fits(n, it):
                return "i"
        self.note("computed_index")
        return f"{wrap(e, MUL)} % {bound}"

    def budget_exhausted_expr(self):
        return False

    def leaf(self, t):
        """A strong expression of type t without operators: a variable, an array element, a
        typed constant, a thread index or length."""
        rng = self.rng
        choices = []
        names = self.vars_of(t)
        if names:
            choices += [("var", 5)]
        if self.in_helper is None and self.arrays_of(t):
            choices += [("array", 5)]
        if self.in_helper is None and self.record_fields_of(t):
            choices += [("record", 3)]
        choices += [("const", 1.5 if choices else 1)]
        if t == "int32" and self.in_helper is None:
            choices += [("idx", 1)]
        if t == "int64" and self.in_helper is None:
            choices += [("len", 1)]
        what = _weighted(rng, choices)
        if what == "var":
            return E(rng.choice(names), ATOM, t, pure_leaf=True)
        if what == "array":
            array = rng.choice(self.arrays_of(t))
            index = self.index_expr(array.name)
            if self.style == "numba" and t in ATOMIC_LOAD_TYPES and self.chance(0.1):
                self.note("cuda.atomic.load")
                return E(f"cuda.atomic.load({array.name}, {index})", ATOM, t, pure_leaf=True)
            if self.chance(0.05):  # a view of the array backwards: as long as the array
                self.note("reversed_view")
                return E(f"{array.name}[::-1][{index}]", ATOM, t, pure_leaf=True)
            if self.chance(0.04):  # the transpose of a 1-d array: the array itself
                self.note("transpose_view")
                return E(f"{array.name}.T[{index}]", ATOM, t, pure_leaf=True)
            return E(f"{array.name}[{index}]", ATOM, t, pure_leaf=True)
        if what == "record":
            return self.record_field(t)
        if what == "idx":
            return E("i" if self.chance(0.7) or self.style == "numba" else "idx", ATOM, t)
        if what == "len":
            arrays = [p for p in self.params if p.is_array and p.role != "record"]
            a = rng.choice(arrays).name
            if self.chance(0.3):  # a stepped slice's length: Python's rules for its bounds
                bounds = [rng.choice(["", str(rng.randint(-25, 25))]) for _ in range(2)]
                step = rng.choice([1, 2, 3, -1, -2, -5])
                self.note("stepped_slice")
                return E(f"len({a}[{bounds[0]}:{bounds[1]}:{step}])", ATOM, t)
            return E(rng.choice([f"len({a})", f"{a}.shape[0]", f"{a}.size"]), ATOM, t)
        # a typed constant
        if t == BOOL:
            return self.typed_const(t, rng.random() < 0.5)
        if is_int(t):
            return self.typed_const(t, rng.choice(int_edges(t)))
        value = rng.choice(float_edges(t)) if self.chance(0.7) else random_value(rng, t)
        return self.typed_const(t, value)

    def record_fields_of(self, t):
        """(record array, field name) of the input records' fields of type t."""
        return [(p, f"f{k}") for p in self.params if p.role == "record"
                for k, field_type in enumerate(p.fields) if field_type == t]

    def record_field(self, t):
        """A field of type t of an input record: `R[i].f0`, `R[i]['f0']`, or `r.f0` of a
        local bound to a record at the kernel's start."""
        array, name = self.rng.choice(self.record_fields_of(t))
        bound = [local for local, of in self.record_locals if of is array]
        self.note("record_field")
        if bound and self.chance(0.4):
            record = self.rng.choice(bound)
            self.note("record_local")
        else:
            record = f"{array.name}[{self.index_expr(array.name)}]"
        if self.chance(0.3):
            self.note("record_subscript")
            return E(f"{record}['{name}']", ATOM, t, pure_leaf=True)
        return E(f"{record}.{name}", ATOM, t, pure_leaf=True)

    # ---- expressions of a type ------------------------------------------------------------

    def expr(self, t, depth):
        """A strong expression of exactly type t, no deeper than `depth` operators."""
        if depth <= 0 or self.chance(0.18 + 0.1 * (self.MAX_DEPTH - depth)):
            return self.leaf(t)
        if t == BOOL:
            return self.bool_expr(depth)
        if is_int(t):
            return self.int_expr(t, depth)
        return self.float_expr(t, depth)

    def operand_pair(self, t, integer_only=False):
        pairs = PAIRS[t]
        if integer_only:
            pairs = [(a, b) for a, b in pairs if a not in FLOATS and b not in FLOATS]
        if self.chance(0.55) and t != BOOL:
            return t, t
        return self.rng.choice(pairs)

    def binary(self, op, lhs, rhs, t):
        p = BINARY_PREC[op]
        if op in ("/", "//", "%") and rhs.weak is not None and rhs.value == 0:
            # Python raises for a literal zero divisor, and cudapy refuses one at compile time.
            rhs = E("2" if rhs.weak == "int" else "2.0", ATOM, rhs.t, weak=rhs.weak, value=2,
                    pure_leaf=True)
        if self.chance(0.04):  # the operator module's function for the operator
            self.note("operator_function")
            return E(f"operator.{OPERATOR_FUNCTIONS[op]}({lhs.text}, {rhs.text})", ATOM, t)
        if op == "**":
            text = f"{wrap(lhs, POW + 1)} ** {wrap(rhs, UNARY)}"
        else:
            text = f"{wrap(lhs, p)} {op} {wrap(rhs, p + 1)}"
        return E(text, p, t)

    def operands(self, t, depth, integer_only=False, allow_weak=True):
        """Two operands whose promotion is t, one of them maybe a weak literal."""
        if allow_weak and t != BOOL and self.chance(0.3):
            strong = self.expr(t, depth - 1)
            weak = self.weak_for(t)
            if weak is not None and not (integer_only and weak.weak == "float"):
                self.note("weak_literal")
                return (strong, weak) if self.chance(0.6) else (weak, strong)
        a, b = self.operand_pair(t, integer_only)
        return self.expr(a, depth - 1), self.expr(b, depth - 1)

    def divisor(self, d):
        """An integer divisor made of d that is never zero."""
        if d.weak is not None:
            return int_literal(3) if d.value == 0 else d
        other = self.typed_const(d.t, self.rng.choice([1, 3, 7]) if d.t != BOOL else True)
        self.note("guarded_divisor")
        return E(f"{wrap(d, COND + 1)} if {wrap(d, CMP + 1)} != 0 else {other.text}", COND, d.t)

    def exponent(self, e):
        """A non-negative, small integer exponent made of e."""
        if e.weak is not None:
            return int_literal(abs(e.value) % 6)
        if e.t == BOOL:
            return e  # 0 or 1 (a bool with a literal is int32 in cudapy, int64 in NumPy)
        r = self.rng.random()
        if r < 0.5:
            return E(f"{wrap(e, BAND)} & 7", BAND, e.t)
        if e.t in SIGNED:
            return E(f"{wrap(e, MUL)} % 6", MUL, e.t)
        return E(f"{wrap(e, MUL)} % 9", MUL, e.t)

    def int_expr(self, t, depth):
        rng = self.rng
        choices = [("arith", 6), ("div", 3), ("pow", 1), ("shift", 2), ("bitwise", 3),
                   ("unary", 2), ("abs", 1), ("minmax", 2), ("cond", 1), ("cast", 2),
                   ("call", 1 if self.helpers else 0)]
        if t == "int64":
            choices += [("round", 2), ("len", 1), ("bit_count", 1)]
        if t == "int32":
            choices += [("ilogb", 1)]
        if self.style == "numba" and t == "int32":
            choices += [("bits", 1)]
        if self.style == "numba" and t in ("uint32", "uint64"):
            choices += [("brev", 1)]
        what = _weighted(rng, choices)
        if what == "arith":
            op = rng.choice(["+", "-", "*"])
            a, b = self.operands(t, depth)
            self.note(f"op{op}")
            return self.binary(op, a, b, t)
        if what == "div":
            op = rng.choice(["//", "%"])
            a, b = self.operands(t, depth)
            self.note(f"op{op}")
            return self.binary(op, a, self.divisor(b), t)
        if what == "pow":
            a, b = self.operands(t, depth)
            exp = self.exponent(b)
            self.note("op**")
            if self.chance(0.3):
                self.note("pow()")
                return E(f"pow({a.text}, {exp.text})", ATOM, t)
            return self.binary("**", a, exp, t)
        if what == "shift":
            op = rng.choice(["<<", ">>"])
            a, b = self.operands(t, depth, integer_only=True)
            self.note(f"op{op}")
            return self.binary(op, a, b, t)
        if what == "bitwise":
            op = rng.choice(["&", "|", "^"])
            a, b = self.operands(t, depth, integer_only=True)
            self.note(f"op{op}")
            return self.binary(op, a, b, t)
        if what == "unary":
            op = rng.choice(["-", "-", "~", "+"])
            operand = self.expr(t, depth - 1)
            self.note(f"unary{op}")
            return E(f"{op}{wrap(operand, UNARY)}", UNARY, t)
        if what == "abs":
            self.note("abs")
            return E(f"abs({self.expr(t, depth - 1).text})", ATOM, t)
        if what == "minmax":
            return self.minmax(t, depth)
        if what == "cond":
            return self.conditional(t, depth)
        if what == "cast":
            return self.cast(t, depth)
        if what == "call":
            return self.call(t, depth)
        if what == "round":
            return self.to_int64(depth)
        if what == "len":
            return self.leaf(t)
        if what == "bit_count":  # the ones of abs(n), an int64
            arg = self.expr(rng.choice(INTS), depth - 1)
            self.note("bit_count")
            return E(f"({arg.text}).bit_count()", ATOM, t)
        if what == "bits":
            name = rng.choice(["popc", "clz", "ffs"])
            arg = self.expr(rng.choice(INTS), depth - 1)
            self.note(f"cuda.{name}")
            return E(f"cuda.{name}({arg.text})", ATOM, t)
        if what == "brev":
            arg = self.expr(rng.choice([x for x in INTS if (size(x) == 8) == (t == "uint64")]),
                            depth - 1)
            self.note("cuda.brev")
            return E(f"cuda.brev({arg.text})", ATOM, t)
        if what == "ilogb":
            f = rng.choice(FLOATS)
            self.note("math.ilogb")
            return E(f"math.ilogb({self.expr(f, depth - 1).text})", ATOM, t)
        raise AssertionError(what)

    def minmax(self, t, depth):
        """min or max of 2 to 4 arguments whose promotion is t; unary minus among them."""
        rng = self.rng
        name = rng.choice(["min", "max"])
        count = rng.choice([2, 2, 3, 3, 4])
        for _ in range(10):
            types = [t if self.chance(0.6) or t == BOOL else
                     rng.choice([x for x in ALL_TYPES if promote(x, t) == t])
                     for _ in range(count)]
            if t in types and _promoted_all(types) == t:
                break
        else:
            types = [t] * count
        args = []
        for a in types:
            if t != BOOL and a == t and self.chance(0.15):
                args.append(self.weak_for(t) if is_float(t) else self.weak_int_for(t))
                continue
            arg = self.expr(a, depth - 1)
            if a != BOOL and self.chance(0.3):
                arg = E(f"-{wrap(arg, UNARY)}", UNARY, a)  # unary minus inside min/max
                self.note(f"neg_in_minmax{min(count, 3)}")
            args.append(arg)
        if not any(a.weak is None and a.t == t for a in args):
            args[0] = self.expr(t, depth - 1)
        self.note(f"{name}{count}")
        return E(f"{name}({', '.join(a.text for a in args)})", ATOM, t)

    def conditional(self, t, depth):
        cond = self.condition(depth - 1)
        a = self.expr(t, depth - 1)
        b = self.expr(t, depth - 1)
        self.note("ifexp")
        return E(f"{wrap(a, OR)} if {wrap(cond, OR)} else {wrap(b, COND)}", COND, t)

    def safe_float(self, f, depth):
        """A float expression of type f, and its text fit for repetition."""
        e = self.expr(f, depth - 1)
        return e

    def float_to_int_guard(self, e, lo, hi):
        """`e if lo < e < hi else 0.0`-like: e's value if it is within (lo, hi) (so that its
        conversion to an integer is defined), else zero. NaN fails the test."""
        f = e.t
        x = wrap(e, CMP + 1)
        zero = self.typed_const(f, 0.0).text if self.chance(0.5) else "0.0"
        if lo == -hi and self.chance(0.5):
            cond = f"abs({e.text}) < {float(hi)!r}"
        elif lo == 0:
            cond = f"{x} >= 0.0 and {x} < {float(hi)!r}" if self.chance(0.3) else \
                f"0.0 <= {x} < {float(hi)!r}"
        else:
            cond = f"{float(lo)!r} < {x} < {float(hi)!r}"
        self.note("guarded_float_to_int")
        return E(f"{wrap(e, OR)} if {cond} else {zero}", COND, f)

    def int_limits_for(self, target, f):
        """Bounds (lo, hi), powers of two that float type f holds, within which truncating
        a value of f gives an integer of `target`."""
        fmax_exp = {"float16": 15, "float32": 127, "float64": 1023}[f]
        if target in SIGNED:
            e = min(bits(target) - 1, fmax_exp)
            return -(2.0 ** e), 2.0 ** e
        e = min(bits(target), fmax_exp)
        return 0.0, 2.0 ** e

    def cast(self, t, depth):
        """t(x) for an x of another type."""
        rng = self.rng
        source = rng.choice([s for s in ALL_TYPES if s != t] or [t])
        e = self.expr(source, depth - 1)
        if is_float(source) and (is_int(t)):
            lo, hi = self.int_limits_for(t, source)
            e = self.float_to_int_guard(e, lo, hi)
        names = [self.cast_name(t)]
        if t == "int32":
            names.append("int")
        if t == "float32":
            names.append("float")
        if t == "float64" and self.style == "cudapy":
            names.append("double")
        if t == BOOL:
            names.append("bool")
        if self.style == "numba" and t != BOOL:
            names.append(t)  # bare dtype names, imported in numba-style sources too
        name = rng.choice(names)
        self.note(f"cast:{name}")
        return E(f"{name}({e.text})", ATOM, t)

    def to_int64(self, depth):
        rng = self.rng
        f = rng.choice(FLOATS + ["int32"] if self.chance(0.2) else FLOATS)
        e = self.expr(f, depth - 1)
        name = rng.choice(["round", "math.floor", "math.ceil", "math.trunc", "math.llrint",
                           "math.lrint", "math.llround", "math.lround"])
        if is_float(f):
            # the rounded value must fit int64 (and llround's halves too)
            lo, hi = self.int_limits_for("int64", f)
            e = self.float_to_int_guard(e, lo / 2, hi / 2)
        elif name.startswith("math.l"):
            name = "round"
        self.note(name)
        return E(f"{name}({e.text})", ATOM, "int64")

    def call(self, t, depth):
        """A call of a helper that returns t, or of any helper converted to t."""
        fitting = [h for h in self.helpers if not h.void and h.returns == t]
        if not fitting:
            return self.cast(t, depth) if t != BOOL else self.bool_expr(depth)
        return self.call_of(self.rng.choice(fitting), depth)

    def call_of(self, h, depth):
        t = h.returns
        args = []
        for k, pt in enumerate(h.params):
            if h.typed and self.chance(0.3):
                # an argument of another type converts to the parameter's
                options = [s for s in ALL_TYPES if self.implicit(s, pt)]
                at = self.rng.choice(options)
            else:
                at = pt
            arg = self.expr(at, depth - 1)
            if h.recursive and k == 0:
                arg = E(f"{wrap(arg, BAND)} & 7", BAND, at) if at in INTS else arg
            args.append(arg)
        self.called.add(h.name)
        if h.recursive:
            self.note("recursion")
        self.note("typed_helper" if h.typed else "untyped_helper")
        texts = [a.text for a in args]
        if h.packed:
            self.note("tuple_argument")
            texts = [f"({', '.join(texts)}{',' if len(texts) == 1 else ''})"]
        texts += [h.dtype] if h.dtype else []
        return E(f"{h.name}({', '.join(texts)})", ATOM, t)

    def implicit(self, s, t):
        """cudapy's implicit conversion of a helper argument of type s to parameter type t."""
        if s == t:
            return True
        if t == BOOL:
            return False
        if s == BOOL:
            return True
        if is_float(s) and is_int(t):
            return False
        return True

    def float_expr(self, t, depth):
        rng = self.rng
        choices = [("arith", 6), ("div", 2), ("unary", 2), ("abs", 1), ("minmax", 2),
                   ("cond", 1), ("cast", 2), ("math", 3), ("call", 1 if self.helpers else 0)]
        if t == "float32":
            choices += [("intdiv", 1), ("single", 1)]
        if t in COMPLEX_OF:
            choices.append(("complex", 1))
        if t in ("float32", "float64"):
            choices.append(("round_ndigits", 1))
        if t == "float16" and self.style == "numba":
            choices.append(("fp16", 2))
        what = _weighted(rng, choices)
        if what == "round_ndigits":  # round(x, n), as numba and np.round round
            self.note("round_ndigits")
            return E(f"round({self.expr(t, depth - 1).text}, {rng.randint(-3, 4)})", ATOM, t)
        if what == "fp16":  # numba's half arithmetic, each rounded once
            name, arity = rng.choice([("hadd", 2), ("hsub", 2), ("hmul", 2), ("hdiv", 2),
                                      ("hneg", 1), ("habs", 1), ("hfma", 3)])
            args = [self.expr("float16", depth - 1).text for _ in range(arity)]
            self.note("cuda.fp16")
            return E(f"cuda.fp16.{name}({', '.join(args)})", ATOM, t)
        if what == "complex":
            part = rng.choice(["real", "imag"])
            self.note(f"complex.{part}")
            return E(f"{wrap(self.complex_expr(t, depth - 1), ATOM)}.{part}", ATOM, t)
        if what == "arith":
            op = rng.choice(["+", "-", "*", "/"])
            if op == "*" and self.no_fma(t):
                a, b = self.expr(t, depth - 1), self.power_of_two(t)
                if self.chance(0.5):
                    a, b = b, a
            else:
                a, b = self.operands(t, depth)
            self.note(f"op{op}")
            return self.binary(op, a, b, t)
        if what == "div":
            op = rng.choice(["//", "%"])
            a, b = self.operands(t, depth)
            self.note(f"float{op}")
            return self.binary(op, a, b, t)
        if what == "unary":
            op = rng.choice(["-", "-", "+"])
            self.note(f"unary{op}")
            return E(f"{op}{wrap(self.expr(t, depth - 1), UNARY)}", UNARY, t)
        if what == "abs":
            self.note("abs")
            return E(f"abs({self.expr(t, depth - 1).text})", ATOM, t)
        if what == "minmax":
            return self.minmax(t, depth)
        if what == "cond":
            return self.conditional(t, depth)
        if what == "cast":
            return self.cast(t, depth)
        if what == "call":
            return self.call(t, depth)
        if what == "intdiv":
            # integer true division, exact in float32 for integers of 16 bits or less
            a = rng.choice(["int8", "int16", "uint8", "uint16"])
            b = rng.choice([x for x in ["int8", "int16", "uint8", "uint16"]
                            if promote(a, x) in ("int8", "int16", "uint8", "uint16", "int32")])
            lhs, rhs = self.expr(a, depth - 1), self.expr(b, depth - 1)
            self.note("int_truediv")
            return E(f"{self.cast_name('float32')}({self.binary('/', lhs, rhs, 'float32').text})",
                     ATOM, t)
        if what == "single":
            name = rng.choice(SINGLE_ROUNDING)
            arg = self.expr(rng.choice(["float32", "float16"]), depth - 1)
            self.note(f"math.{name}")
            return E(f"math.{name}({arg.text})", ATOM, t)
        # exact math functions in type t
        return self.exact_math(t, depth)

    def complex_expr(self, t, depth):
        """A complex expression whose parts are of float type t (complex64 for float32,
        complex128 for float64), made with the operations every target computes exactly
        alike: parts, sums, differences, negation, conjugates and products by powers of two."""
        rng = self.rng
        if depth <= 0 or self.chance(0.4):
            self.note("complex()")
            real, imag = self.expr(t, depth - 1), self.expr(t, depth - 1)
            return E(f"complex({real.text}, {imag.text})", ATOM, COMPLEX_OF[t])
        what = rng.choice(["+", "-", "neg", "conjugate", "scale"])
        self.note(f"complex{what}")
        if what in ("+", "-"):
            lhs, rhs = self.complex_expr(t, depth - 1), self.complex_expr(t, depth - 1)
            return E(f"{wrap(lhs, ADD)} {what} {wrap(rhs, ADD + 1)}", ADD, COMPLEX_OF[t])
        operand = self.complex_expr(t, depth - 1)
        if what == "neg":
            return E(f"-{wrap(operand, UNARY)}", UNARY, COMPLEX_OF[t])
        if what == "conjugate":
            return E(f"{wrap(operand, ATOM)}.conjugate()", ATOM, COMPLEX_OF[t])
        factor = rng.choice(["2", "0.5", "4.0", "(-2)"])
        return E(f"{wrap(operand, MUL)} * {factor}", MUL, COMPLEX_OF[t])

    def no_fma(self, t):
        """Whether products of type t must be exact (known bug gpu_fma_contraction)."""
        return t in ("float32", "float64") and "gpu_fma_contraction" in self.avoid

    def power_of_two(self, t):
        """A power of two of float type t: a literal or a typed constant."""
        value = self.rng.choice([2.0, 0.5, 4.0, 0.25, 1.0, 8.0, 2.0 ** -20, 2.0 ** 30])
        if self.chance(0.3):
            value = -value
        r = self.rng.random()
        if r < 0.4:
            return self.typed_const(t, value)
        if r < 0.7 and value == int(value):
            return int_literal(int(value))
        return float_literal(value)

    def math_args(self, t, arity, depth):
        """Arguments of a math function that computes in type t (float32 or float64)."""
        rng = self.rng
        for _ in range(20):
            types = []
            for k in range(arity):
                if self.chance(0.6):
                    types.append(t)
                else:
                    types.append(rng.choice(ALL_TYPES))
            if math_type(types) == t:
                break
        else:
            types = [t] * arity
        args = []
        for k, at in enumerate(types):
            if self.chance(0.1) and any(x != BOOL for x in types[:k] + types[k + 1:]):
                # a weak literal argument; int literals with int-only strong arguments would
                # compute in float32 in both, but keep to floats with float types
                lit = self.weak_float_for(t) if is_float(at) else None
                if lit is not None:
                    args.append(lit)
                    continue
            args.append(self.expr(at, depth - 1))
        strong = [a.t for a in args if a.weak is None]
        if not strong or math_type(strong) != t:
            args[0] = self.expr(t, depth - 1)
        return args

    def exact_math(self, t, depth):
        rng = self.rng
        if t == "float16":
            return self.cast(t, depth)
        choices = EXACT_MATH + [("ldexp", 2), ("scalbn", 2)]
        if "gpu_fma_contraction" in self.avoid:
            choices = [c for c in choices if c[0] not in ("degrees", "radians")]
        name, arity = rng.choice(choices)
        if name in ("ldexp", "scalbn"):
            x = self.math_args(t, 1, depth)[0]
            n = self.expr(rng.choice(INTS + [BOOL]), depth - 1)
            self.note(f"math.{name}")
            return E(f"math.{name}({x.text}, {n.text})", ATOM, t)
        args = self.math_args(t, arity, depth)
        if name == "copysign":
            args[1] = nan_free(args[1], self.typed_const)
        function = self.math_function(name)
        if self.style == "numba" and name not in ("degrees", "radians") and self.chance(0.2):
            # libdevice's spelling: float64 arguments, or float32 with an 'f'
            function = f"cuda.libdevice.{name}{'f' if t == 'float32' else ''}"
            self.note("libdevice")
        return E(f"{function}({', '.join(a.text for a in args)})", ATOM, t)

    def approx_math(self, t, depth):
        """A transcendental function (or float power) computing in t: float32 or float64."""
        rng = self.rng
        if self.chance(0.12):
            a, b = self.operands(t, depth)
            self.note("float**")
            if self.chance(0.3):
                e = E(f"pow({a.text}, {b.text})", ATOM, t)
            else:
                e = self.binary("**", a, b, t)
            e.approx = "**"
            return e
        name, arity = rng.choice(APPROX_MATH)
        single = self.chance(0.25) and t == "float32"
        args = self.math_args(t, arity, depth)
        fname = f"math.{name}{'f' if single else ''}"
        if single:
            # the f-suffixed name computes in float32 whatever its arguments
            args = [self.expr(rng.choice(ALL_TYPES), depth - 1) if self.chance(0.3) else a
                    for a in args]
        self.note(f"math.{name}")
        return E(f"{fname}({', '.join(a.text for a in args)})", ATOM, t, approx=name)

    def bool_expr(self, depth):
        rng = self.rng
        what = _weighted(rng, [("compare", 6), ("chain", 2), ("not", 2), ("logic", 3),
                               ("bitwise", 1), ("cast", 1), ("pred", 1), ("cond", 1),
                               ("minmax", 0), ("call", 1 if self.helpers else 0)])
        if what == "compare":
            return self.comparison(depth)
        if what == "chain":
            return self.chain(depth)
        if what == "not":
            self.note("not")
            operand = self.expr(rng.choice(ALL_TYPES), depth - 1)
            return E(f"not {wrap(operand, NOT)}", NOT, BOOL)
        if what == "logic":
            op = rng.choice(["and", "or"])
            count = rng.choice([2, 2, 3])
            parts = [self.expr(BOOL, depth - 1) for _ in range(count)]
            p = AND if op == "and" else OR
            self.note(op)
            return E(f" {op} ".join(wrap(x, p + 1) for x in parts), p, BOOL)
        if what == "bitwise":
            op = rng.choice(["&", "|", "^"])
            a, b = self.expr(BOOL, depth - 1), self.expr(BOOL, depth - 1)
            self.note(f"bool{op}")
            return self.binary(op, a, b, BOOL)
        if what == "cast":
            return self.cast(BOOL, depth)
        if what == "pred":
            name = rng.choice(FLOAT_PREDICATES)
            arg = self.expr(rng.choice(FLOATS + ["int32"]), depth - 1)
            if name == "signbit" and arg.t in FLOATS:
                arg = nan_free(arg, self.typed_const)
            self.note(f"math.{name}")
            return E(f"math.{name}({arg.text})", ATOM, BOOL)
        if what == "cond":
            return self.conditional(BOOL, depth)
        if what == "call":
            return self.call(BOOL, depth)
        raise AssertionError(what)

    def compare_operands(self, depth):
        rng = self.rng
        a = rng.choice(ALL_TYPES)
        lhs = self.expr(a, depth - 1)
        r = rng.random()
        if r < 0.25 and a != BOOL:
            # a literal, possibly outside the other operand's range (compared exactly)
            if is_int(a):
                value = rng.choice(int_edges("int64") + int_edges("uint64")[-3:] +
                                   [300, -129, 70000])
                rhs = self.maybe_constant(int_literal(value))
            else:
                rhs = self.weak_for(a)
            self.note("compare_literal")
        elif r < 0.6:
            rhs = self.expr(a, depth - 1)
        else:
            rhs = self.expr(rng.choice(ALL_TYPES), depth - 1)
        return (lhs, rhs) if self.chance(0.7) else (rhs, lhs)

    def comparison(self, depth):
        op = self.rng.choice(["<", "<=", ">", ">=", "==", "!="])
        a, b = self.compare_operands(depth)
        self.note(f"cmp{op}")
        return E(f"{wrap(a, CMP + 1)} {op} {wrap(b, CMP + 1)}", CMP, BOOL)

    def chain(self, depth):
        rng = self.rng
        n = rng.choice([2, 3])
        parts = list(self.compare_operands(depth))
        if parts[1].weak is not None:
            # a literal in the middle would meet two types: keep it at the end
            parts.reverse()
        for _ in range(n - 1):
            parts.append(self.expr(rng.choice(ALL_TYPES), depth - 1))
        text = wrap(parts[0], CMP + 1)
        for p in parts[1:]:
            text += f" {rng.choice(['<', '<=', '>', '>=', '==', '!='])} {wrap(p, CMP + 1)}"
        self.note("chained_compare")
        return E(text, CMP, BOOL)

    def condition(self, depth):
        """A condition for if/while/ifexp: a bool, or any scalar (its truth value), also
        `and`/`or` of scalars, which conditions allow."""
        rng = self.rng
        if self.chance(0.15):
            e = self.expr(rng.choice(NUMERIC), depth)
            self.note("truth_value")
            return e
        if self.chance(0.1):
            op = rng.choice(["and", "or"])
            p = AND if op == "and" else OR
            parts = [self.expr(rng.choice(ALL_TYPES), max(depth - 1, 0)) for _ in range(2)]
            self.note(f"{op}_condition")
            return E(f" {op} ".join(wrap(x, p + 1) for x in parts), p, BOOL)
        return self.expr(BOOL, max(depth, 1))

    # ---- top-level values of outputs ------------------------------------------------------

    def output_value(self, t):
        """The value stored into an output of dtype t: any expression, a transcendental
        function at the top, or an expression of another type that converts to t exactly as
        a cast does."""
        depth = self.rng.randint(1, self.MAX_DEPTH)
        if t in ("float32", "float64") and self.chance(0.25):
            return self.approx_math(t, depth)
        if t in ("float32", "float64") and self.chance(0.05):
            name = self.rng.choice(sorted(ZERO_SIGN_FREE))
            args = self.math_args(t, 2, depth)
            self.note(f"math.{name}")
            return E(f"math.{name}({', '.join(a.text for a in args)})", ATOM, t)
        if self.chance(0.15):
            options = [s for s in ALL_TYPES if s != t and not (is_float(s) and is_int(t))]
            s = self.rng.choice(options)
            self.note("store_converts")
            return self.expr(s, depth)
        return self.expr(t, depth)

    # ---- statements -----------------------------------------------------------------------

    def out_array(self, t):
        if t not in self.outputs:
            name = f"O{len(self.outputs)}"
            self.outputs[t] = name
            self.out_counts[t] = 0
        return self.outputs[t]

    def store(self, indent):
        t = self.rng.choice(ALL_TYPES)
        array = self.out_array(t)
        slot = self.out_counts[t]
        self.out_counts[t] += 1
        value = self.output_value(t)
        self.slots.append(Slot(array, slot, t, value.approx,
                               zero_sign_free=any(f"math.{n}(" in value.text
                                                  for n in ZERO_SIGN_FREE)))
        return [f"{indent}{array}[i * SLOTS_{array} + {slot}] = {value.text}"]

    def statements(self, indent, count):
        lines = []
        for _ in range(count):
            if self.budget <= 0:
                break
            lines += self.statement(indent)
        return lines

    def statement(self, indent):
        rng = self.rng
        self.budget -= 1
        nested_ok = self.budget > 2 and len(indent) < 20
        loop_ok = nested_ok and self.loop_depth < 2
        choices = [("assign", 5), ("reassign", 2), ("augmented", 3), ("tuple", 1),
                   ("store", 4 if self.in_helper is None else 0), ("chained", 1),
                   ("if", 3 if nested_ok else 0), ("for", 2 if loop_ok else 0),
                   ("while", 1 if loop_ok else 0), ("pass", 0.1),
                   ("break", 2 if self.loop_depth else 0),
                   ("continue", 1 if self.loop_depth else 0),
                   ("void_call", 0.5 if self.in_helper is None and self.void_helpers() else 0),
                   ("return", 0.3 if self.in_helper is None and not self.loop_depth
                    and len(indent) > 8 else 0)]
        what = _weighted(rng, choices)
        if what == "assign":
            t = rng.choice(ALL_TYPES)
            name = self.fresh("v")
            value = self.expr(t, rng.randint(0, self.MAX_DEPTH))
            self.scope.vars[name] = t
            return [f"{indent}{name} = {value.text}"]
        if what == "chained":
            t = rng.choice(ALL_TYPES)
            a, b = self.fresh("v"), self.fresh("v")
            value = self.expr(t, rng.randint(0, 3))
            self.scope.vars[a] = t
            self.scope.vars[b] = t
            self.note("chained_assign")
            return [f"{indent}{a} = {b} = {value.text}"]
        if what == "reassign":
            names = self.scope.all()
            own = [n for n in names if n.startswith("v")]
            if not own:
                return self.statement(indent)
            name = rng.choice(own)
            return [f"{indent}{name} = {self.expr(names[name], 3).text}"]
        if what == "augmented":
            return self.augmented(indent)
        if what == "tuple":
            names = self.scope.all()
            own = [n for n in names if n.startswith("v")]
            if len(own) >= 2 and self.chance(0.6):
                a, b = rng.sample(own, 2)
                if names[a] == names[b] and self.chance(0.5):
                    self.note("tuple_swap")
                    return [f"{indent}{a}, {b} = {b}, {a}"]
                self.note("tuple_reassign")
                ea = self.expr(names[a], 2)
                eb = self.expr(names[b], 2)
                return [f"{indent}{a}, {b} = {ea.text}, {eb.text}"]
            if self.chance(0.15):  # math.modf's two float64 values
                a, b = self.fresh("v"), self.fresh("v")
                value = self.expr(rng.choice(["float32", "float64"] + INTS), 2)
                if self.style == "numba" and self.chance(0.4):
                    # libdevice's modf (fraction, whole part) or frexp (mantissa, int32
                    # exponent), in float64, or in float32 with an 'f'
                    t = rng.choice(["float32", "float64"])
                    name = rng.choice(["modf", "frexp"])
                    self.scope.vars[a] = t
                    self.scope.vars[b] = t if name == "modf" else "int32"
                    self.note(f"libdevice.{name}")
                    suffix = "f" if t == "float32" else ""
                    return [f"{indent}{a}, {b} = cuda.libdevice.{name}{suffix}({value.text})"]
                self.scope.vars[a] = self.scope.vars[b] = "float64"
                self.note("math.modf")
                return [f"{indent}{a}, {b} = math.modf({value.text})"]
            ta, tb = rng.choice(ALL_TYPES), rng.choice(ALL_TYPES)
            a, b = self.fresh("v"), self.fresh("v")
            ea, eb = self.expr(ta, 2), self.expr(tb, 2)
            self.scope.vars[a] = ta
            self.scope.vars[b] = tb
            if self.chance(0.3):  # through a local holding the tuple, read by constant indices
                held = self.fresh("p")
                self.note("tuple_local")
                return [f"{indent}{held} = ({ea.text}, {eb.text})",
                        f"{indent}{a} = {held}[{rng.choice(['0', '-2'])}]",
                        f"{indent}{b} = {held}[{rng.choice(['1', '-1'])}]"]
            self.note("tuple_assign")
            return [f"{indent}{a}, {b} = {ea.text}, {eb.text}"]
        if what == "store":
            return self.store(indent)
        if what == "if":
            return self.if_statement(indent)
        if what == "for":
            return self.for_statement(indent)
        if what == "while":
            return self.while_statement(indent)
        if what == "pass":
            self.note("pass")
            return [f"{indent}pass"]
        if what in ("break", "continue"):
            self.note(what)
            cond = self.condition(2)
            return [f"{indent}if {cond.text}:", f"{indent}    {what}"]
        if what == "void_call":
            return self.void_call(indent)
        if what == "return":
            self.note("early_return")
            cond = self.condition(2)
            return [f"{indent}if {cond.text}:", f"{indent}    return"]
        raise AssertionError(what)

    def augmented(self, indent):
        rng = self.rng
        names = self.scope.all()
        own = [n for n in names if n.startswith("v") and names[n] != BOOL]
        if not own:
            return self.statement(indent)
        name = rng.choice(own)
        t = names[name]
        ops = ["+", "-", "*", "//", "%", "**"]
        if is_int(t):
            ops += ["<<", ">>", "&", "|", "^"]
        else:
            ops += ["/"]
        op = rng.choice(ops)
        # a value whose promotion with t is t
        if self.chance(0.3):
            value = self.weak_for(t)
            if op in ("<<", ">>", "&", "|", "^") and value.weak == "float":
                value = self.weak_int_for(t)
        else:
            candidates = [s for s in ALL_TYPES if promote(s, t) == t and s != BOOL]
            if op in ("<<", ">>", "&", "|", "^"):
                candidates = [s for s in candidates if is_int(s)]
            value = self.expr(rng.choice(candidates), 2)
        if op in ("/", "//", "%") and value.weak is not None and value.value == 0:
            # Python raises for a literal (or module constant) zero divisor; cudapy refuses it.
            value = E("2" if value.weak == "int" else "2.0", ATOM, None, weak=value.weak, value=2)
        if op in ("//", "%") and is_int(t):
            value = self.divisor(value)
        if op == "**":
            if is_int(t):
                value = self.exponent(value)
            else:
                op = "+"  # float powers are approximate: keep them out of the variables
        if op == "*" and self.no_fma(t):
            value = self.power_of_two(t)
        self.note(f"aug{op}=")
        return [f"{indent}{name} {op}= {value.text}"]

    def push(self):
        self.scope = Scope(self.scope)

    def pop(self):
        self.scope = self.scope.parent

    def block(self, indent, count):
        self.push()
        lines = self.statements(indent, count)
        self.pop()
        return lines or [f"{indent}pass"]

    def if_statement(self, indent):
        rng = self.rng
        lines = [f"{indent}if {self.condition(3).text}:"]
        lines += self.block(indent + "    ", rng.randint(1, 3))
        for _ in range(rng.choice([0, 0, 1, 2])):
            lines.append(f"{indent}elif {self.condition(3).text}:")
            lines += self.block(indent + "    ", rng.randint(1, 3))
            self.note("elif")
        if self.chance(0.5):
            lines.append(f"{indent}else:")
            lines += self.block(indent + "    ", rng.randint(1, 3))
            self.note("else")
        self.note("if")
        return lines

    def loop_bound(self, t):
        """A small value of integer type t (a few iterations at most)."""
        rng = self.rng
        r = rng.random()
        if r < 0.4:
            lo, hi = int_range(t)
            return int_literal(rng.randint(max(lo, -4), min(hi, 6)))
        e = self.expr(t, 2)
        m = rng.choice([3, 4, 5, 6])
        if t in SIGNED and self.chance(0.4):
            # may be negative: from -m + 1 to m - 1
            return E(f"{wrap(e, MUL)} % {m} - {m // 2}" if fits(-m, t) else f"{wrap(e, MUL)} % {m}",
                     ADD, t)
        return E(f"{wrap(e, MUL)} % {m}", MUL, t)

    def for_each_statement(self, indent):
        """`for v in A`, `for k, v in enumerate(A[, start])`, `for v, w in zip(A, B)`,
        `for v, r in zip(A, range(a, b, s))` and nested `for k, (v, w) in enumerate(zip(A, B))`
        or `for (k, v), w in zip(enumerate(A), B)` over input arrays, and `for v in (x, y)`
        over a tuple's items; the variables are read in the body only."""
        rng = self.rng
        arrays = [p for p in self.params if p.is_array and p.role == "in"]
        form = rng.choice(["each", "enumerate", "zip", "zip_range", "nested", "tuple"])
        first = rng.choice(arrays)
        names = {}
        if form == "tuple":  # the items of a tuple display, of one type; maybe enumerated
            t = rng.choice(["int32", "int64", "float32", "float64"])
            items = [f"{t}({self.expr(t, 2).text})" for _ in range(rng.randint(1, 4))]
            display = f"({', '.join(items)}{',' * (len(items) == 1)})"
            var = self.fresh("e")
            names[var] = t
            if self.chance(0.5):
                header = f"{indent}for {var} in {display}:"
            else:
                index = self.fresh("k")
                names[index] = "int64"
                header = f"{indent}for {index}, {var} in enumerate({display}):"
        elif form == "each":
            var = self.fresh("e")
            names[var] = first.t
            header = f"{indent}for {var} in {first.name}:"
        elif form == "enumerate":
            index, var = self.fresh("k"), self.fresh("e")
            names[index], names[var] = "int64", first.t
            start = f", {int_literal(rng.randint(-3, 3)).text}" if self.chance(0.4) else ""
            header = f"{indent}for {index}, {var} in enumerate({first.name}{start}):"
        elif form == "zip":
            second = rng.choice(arrays)
            var, other = self.fresh("e"), self.fresh("e")
            names[var], names[other] = first.t, second.t
            header = f"{indent}for {var}, {other} in zip({first.name}, {second.name}):"
        elif form == "zip_range":
            var, counter = self.fresh("e"), self.fresh("r")
            names[var], names[counter] = first.t, "int32"  # literal bounds: as a plain loop's
            low, step = rng.randint(-4, 4), rng.choice([1, 2, -1, -3])
            high = low + step * rng.randint(0, 6)  # an empty range too
            header = (f"{indent}for {var}, {counter} in zip({first.name}, "
                      f"range({low}, {high}, {step})):")
        else:
            second = rng.choice(arrays)
            index, var, other = self.fresh("k"), self.fresh("e"), self.fresh("e")
            names[index], names[var], names[other] = "int64", first.t, second.t
            if self.chance(0.5):
                header = (f"{indent}for {index}, ({var}, {other}) in "
                          f"enumerate(zip({first.name}, {second.name})):")
            else:
                header = (f"{indent}for ({index}, {var}), {other} in "
                          f"zip(enumerate({first.name}), {second.name}):")
        self.push()
        self.scope.vars.update(names)
        self.loop_depth += 1
        body = self.statements(indent + "    ", rng.randint(1, 3)) or [f"{indent}    pass"]
        self.loop_depth -= 1
        self.pop()
        self.note(f"for_{form}")
        return [header] + body

    def for_statement(self, indent):
        rng = self.rng
        if (self.in_helper is None and not self.loop_depth and self.chance(0.25)
                and any(p.is_array and p.role == "in" for p in self.params)):
            return self.for_each_statement(indent)
        t = rng.choice(INTS + ["int32"] * 4)
        var = self.fresh("j")
        form = rng.choice([1, 2, 2, 3, 3])
        pre = []
        keep_after = self.chance(0.3)
        if form == 1:
            args = [self.loop_bound(t)]
        elif form == 2:
            args = [self.loop_bound(t), self.loop_bound(t)]
        else:
            step = rng.choice([1, 2, 3, -1, -2] if t in SIGNED else [1, 2, 3])
            if step < 0:
                args = [self.loop_bound(t), self.loop_bound(t), int_literal(step)]
                args[0], args[1] = args[1], args[0]
            else:
                args = [self.loop_bound(t), self.loop_bound(t), int_literal(step)]
            self.note(f"range_step{'-' if step < 0 else '+'}")
        strong = [a for a in args if a.weak is None]
        loop_type = t if strong else "int32"
        if keep_after:
            # The loop variable is assigned before the loop and read after it: it keeps its
            # last value (or the first one if the loop ran no iteration).
            pre = [f"{indent}{var} = {self.expr(loop_type, 1).text}"]
            self.scope.vars[var] = loop_type
            self.note("loop_var_after")
        word = "range" if self.style == "numba" or self.chance(0.85) else "xrange"
        header = f"{indent}for {var} in {word}({', '.join(a.text for a in args)}):"
        self.push()
        self.scope.vars[var] = loop_type
        self.loop_depth += 1
        body = self.statements(indent + "    ", rng.randint(1, 4)) or [f"{indent}    pass"]
        self.loop_depth -= 1
        self.pop()
        self.note("for")
        return pre + [header] + body + self.loop_else(indent)

    def loop_else(self, indent):
        """Now and then an else clause, which runs when the loop ends without a break."""
        if not self.chance(0.15):
            return []
        self.note("loop_else")
        self.push()
        lines = self.statements(indent + "    ", self.rng.randint(1, 2))
        self.pop()
        return [f"{indent}else:"] + (lines or [f"{indent}    pass"])

    def while_statement(self, indent):
        rng = self.rng
        counter = self.fresh("w")
        limit = rng.randint(1, 6)
        lines = [f"{indent}{counter} = {self.typed_const('int32', 0).text}"]
        cond = f"{counter} < {limit}"
        if self.chance(0.5):
            extra = self.condition(2)
            cond = f"{cond} and {wrap(extra, AND + 1)}"
        lines.append(f"{indent}while {cond}:")
        lines.append(f"{indent}    {counter} += 1")
        self.push()
        self.scope.vars[counter] = "int32"
        self.loop_depth += 1
        lines += self.statements(indent + "    ", rng.randint(1, 4))
        self.loop_depth -= 1
        self.pop()
        self.scope.vars[counter] = "int32"
        self.note("while")
        return lines + self.loop_else(indent)

    def forced_call(self, h, indent):
        """A statement that calls helper h."""
        if h.void:
            return self.void_call(indent, h)
        t = h.returns
        array = self.out_array(t)
        slot = self.out_counts[t]
        self.out_counts[t] += 1
        self.slots.append(Slot(array, slot, t))
        value = self.call_of(h, 2)
        return [f"{indent}{array}[i * SLOTS_{array} + {slot}] = {value.text}"]

    def void_helpers(self):
        return [h for h in self.helpers if h.void]

    def void_call(self, indent, h=None):
        h = h or self.rng.choice(self.void_helpers())
        self.called.add(h.name)
        t = h.params[2]
        array = self.out_array(t)
        slot = self.out_counts[t]
        self.out_counts[t] += 1
        self.slots.append(Slot(array, slot, t))
        value = self.expr(t, 2)
        self.note("void_helper")
        return [f"{indent}{h.name}({array}, i * SLOTS_{array} + {slot}, {value.text})"]

    # ---- helpers --------------------------------------------------------------------------

    def signature_text(self, name, params, returns):
        """CudaPy's `# name : T (T a, ...)` and numba's `T(T, ...)`."""
        cudapy = f"# {name} : {returns} ({', '.join(f'{t} {n}' for n, t in params)})"
        numba = f"{returns}({', '.join(t for _, t in params)})"
        return cudapy, numba

    def helper(self):
        rng = self.rng
        name = f"h{self.prefix}_{len(self.helpers)}"
        kind_ = _weighted(rng, [("typed", 4), ("untyped", 3), ("recursive", 2), ("void", 1)])
        if kind_ == "void":
            t = rng.choice(ALL_TYPES)
            params = [("Q", None), ("at", "int32"), ("x", t)]
            h = Helper(name, [None, "int32", t], "void", True, void=True)
            cudapy_sig = f"# {name} : void ({t}* Q, int32 at, {t} x)"
            numba_sig = f"void({t}[::1], int32, {t})"
            body = [f"    Q[at] = x"]
            self.emit_helper(h, name, ["Q", "at", "x"], cudapy_sig, numba_sig, body)
            return
        returns = rng.choice(ALL_TYPES)
        if kind_ == "recursive":
            count = rng.randint(1, 2)
            ptypes = [rng.choice(INTS)] + [rng.choice(ALL_TYPES) for _ in range(count)]
        else:
            ptypes = [rng.choice(ALL_TYPES) for _ in range(rng.randint(1, 3))]
        pnames = [f"a{k}" for k in range(len(ptypes))]
        # An untyped helper may take the dtype of its result as an argument.
        dtype = returns if kind_ == "untyped" and self.chance(0.3) else None
        h = Helper(name, ptypes, returns, kind_ != "untyped", recursive=kind_ == "recursive",
                   dtype=dtype)
        # An untyped helper may take its arguments as one tuple (numba's device functions do).
        h.packed = kind_ == "untyped" and self.chance(0.3)
        saved = (self.scope, self.in_helper, self.budget, self.loop_depth)
        self.scope = Scope()
        self.in_helper = h
        self.loop_depth = 0
        for n, t in zip(pnames, ptypes):
            self.scope.vars[n] = t
        self.budget = rng.randint(1, 4)
        body = []
        if kind_ == "recursive":
            n0 = pnames[0]
            base = self.expr(returns, 2)
            body += [f"    if {n0} <= 0:", f"        return {base.text}"]
            body += self.statements("    ", rng.randint(0, 2))
            # the recursive call on n - 1; the other arguments of their types (their
            # expressions do not call the helper itself, whose depth is bounded by n)
            args = [f"{n0} - 1"] + [self.expr(t, 2).text for t in ptypes[1:]]
            call = E(f"{name}({', '.join(args)})", ATOM, returns)
            if returns != BOOL and self.chance(0.7):
                if is_int(returns):
                    op = rng.choice(["+", "-", "*", "^", "|"])
                else:
                    op = rng.choice(["+", "-"] if self.no_fma(returns) else ["+", "-", "*"])
                other = self.expr(returns, 2)
                value = self.binary(op, call, other, returns)
            else:
                value = call
            body.append(f"    return {value.text}")
        else:
            body += self.statements("    ", rng.randint(0, 3))
            if self.chance(0.4):
                cond = self.condition(2)
                body += [f"    if {cond.text}:", f"        return {self.expr(returns, 3).text}"]
            result = self.expr(returns, 3).text
            if dtype:
                self.note("dtype_argument")
                result = f"T({result})"
            body.append(f"    return {result}")
        self.scope, self.in_helper, self.budget, self.loop_depth = saved
        if h.packed:
            body.insert(0, f"    {', '.join(pnames)}{',' if len(pnames) == 1 else ''} = values")
            pnames = ["values"]
        if dtype:
            pnames.append("T")
        cudapy_sig, numba_sig = self.signature_text(name, list(zip(pnames, ptypes)), returns)
        if kind_ == "untyped":
            cudapy_sig = numba_sig = None
        self.emit_helper(h, name, pnames, cudapy_sig, numba_sig, body)

    def emit_helper(self, h, name, pnames, cudapy_sig, numba_sig, body):
        lines = []
        if self.style == "numba":
            if numba_sig is not None:
                lines.append(f'@cuda.jit("{numba_sig}", device=True)')
                self.helper_sigs[name] = numba_sig
            else:
                lines.append("@cuda.jit(device=True)")
        elif cudapy_sig is not None:
            lines.append(cudapy_sig)
        lines.append(f"def {name}({', '.join(pnames)}):")
        lines += body
        self.helper_texts.append("\n".join(lines))
        self.helpers.append(h)
        self.note("helper_" + ("void" if h.void else "recursive" if h.recursive else
                               "typed" if h.typed else "untyped"))

    # ---- the program ----------------------------------------------------------------------

    def generate(self):
        rng = self.rng
        n = self.threads
        name = self.prefix
        # inputs: scalars, then arrays
        for k in range(rng.randint(0, 3)):
            t = rng.choice(ALL_TYPES)
            self.params.append(Param(f"s{k}", t, False, random_value(rng, t, 0.5)))
        for k in range(rng.randint(1, 3)):
            t = rng.choice(ALL_TYPES)
            self.params.append(Param(f"A{k}", t, True, array_values(rng, t, n)))
        # numba's record arrays, each field an array of random values; some bound to a local
        if self.style == "numba" and self.chance(0.3):
            fields = [rng.choice(ALL_TYPES) for _ in range(rng.randint(1, 3))]
            spec = ",".join(fields) + ","  # NumPy's record of fields f0, f1, ...
            records = np.zeros(n, np.dtype(spec))
            for k, field_type in enumerate(fields):
                records[f"f{k}"] = array_values(rng, field_type, n)
            record_array = Param("R0", spec, True, records, "record", fields)
            self.params.append(record_array)
            if self.chance(0.5):
                self.record_locals.append(("r0", record_array))
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            self.scope = Scope()
            self.helper()
        self.scope = Scope()
        for p in self.params:
            if not p.is_array:
                self.scope.vars[p.name] = p.t
        self.scope.vars["i"] = "int32"
        self.budget = rng.randint(4, 14)
        body = self.statements("    ", self.budget)
        # every helper is called, from the kernel or from helpers it calls (an untyped one is
        # typed by its calls, an uncalled void one would be a kernel)
        texts = dict(zip([h.name for h in self.helpers], self.helper_texts))
        while True:
            reached, todo = set(), ["\n".join(body)]
            while todo:
                text = todo.pop()
                for helper_name, helper_text in texts.items():
                    if helper_name not in reached and re.search(rf"\b{helper_name}\(", text):
                        reached.add(helper_name)
                        todo.append(helper_text.split("):\n", 1)[1])
            missing = [h for h in self.helpers if h.name not in reached]
            if not missing:
                break
            body += self.forced_call(missing[0], "    ")
        # every kernel stores something
        body += self.store("    ")
        if self.chance(0.5):
            body += self.store("    ")
        outs = []
        for t, array in self.outputs.items():
            count = self.out_counts[t]
            outs.append(Param(array, t, True, np.zeros(n * count, dtype=t), role="out"))
        self.params += outs
        # the kernel's text
        ins = [p for p in self.params]
        pnames = [p.name for p in ins]
        # outputs C-contiguous, as the void helpers' arrays are
        layouts = [rng.choice(["[:]", "[::1]"]) if p.role == "in" else "[::1]" for p in ins]
        sig_numba = "void(" + ", ".join(
            _record_type(p.fields) + "[:]" if p.role == "record" else
            f"{p.t}{layout}" if p.is_array else p.t for p, layout in zip(ins, layouts)) + ")"
        lines = []
        if self.style == "numba":
            lines.append(f'@cuda.jit("{sig_numba}")')
        else:
            lines.append(f"# {name} : void (" + ", ".join(
                f"{p.t}* {p.name}" if p.is_array else f"{p.t} {p.name}" for p in ins) + ")")
        lines.append(f"def {name}({', '.join(pnames)}):")
        if self.style == "numba":
            lines.append(rng.choice(["    i = cuda.grid(1)",
                                     "    i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x"]))
            first = ins[0].name if ins[0].is_array else [p for p in ins if p.is_array][0].name
            lines.append(f"    if i >= {first}.shape[0]:")
            lines.append("        return")
            lines += [f"    {local} = {array.name}[i]" for local, array in self.record_locals]
        else:
            lines.append("    i = idx")
        text = "\n".join(lines + body)
        for t, array in self.outputs.items():
            text = text.replace(f"SLOTS_{array}", str(self.out_counts[t]))
        helper_text = "\n\n\n".join(self.helper_texts)
        for t, array in self.outputs.items():
            helper_text = helper_text.replace(f"SLOTS_{array}", str(self.out_counts[t]))
        parts = []
        if self.constant_lines:
            parts.append("\n".join(self.constant_lines))
        parts.append(text)
        if helper_text:
            # helpers after the kernel, or before it
            if self.chance(0.5):
                parts.insert(len(parts) - 1, helper_text)
            else:
                parts.append(helper_text)
        source = "\n\n\n".join(parts) + "\n"
        grid = (1, n) if n % 2 or self.chance(0.5) else (2, n // 2)
        return Program(self.seed, self.style, name, source, sig_numba, dict(self.helper_sigs),
                       self.params, n, grid, self.slots, self.features)


def _record_type(fields):
    """The signature's type of records of fields of these types, named f0, f1, ..."""
    return f"Record({', '.join(f'f{k}: {t}' for k, t in enumerate(fields))})"


def _promoted_all(types):
    """The type of min/max over strong arguments, NumPy's result type of them all; None for
    bools alone."""
    if all(x == BOOL for x in types):
        return None
    return np.result_type(*[np.dtype(x) for x in types]).name


def _weighted(rng, choices):
    total = sum(w for _, w in choices)
    r = rng.random() * total
    for what, w in choices:
        r -= w
        if r < 0:
            return what
    return [w for w in choices if w[1] > 0][-1][0]


def generate(seed, style=None, avoid=None):
    """The program of `seed` (an int): deterministic. `style` forces "cudapy" or "numba";
    `avoid` is the set of KNOWN_BUGS whose triggers are left out (all by default)."""
    return Generator(seed, style, avoid).generate()


# The header every module of generated programs starts with.
MODULE_HEADER = "import math\nimport numpy as np\nfrom cudapy import cuda\n"


def module_source(programs):
    """One source text holding every program, for one compile."""
    return MODULE_HEADER + "\n\n" + "\n\n\n".join(p.source for p in programs)


def module_signatures(programs):
    sig = {}
    for p in programs:
        sig.update(p.sig_entries())
    return sig
