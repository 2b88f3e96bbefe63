"""The kernel language's semantics on the GPU, feature by feature.

Each test runs a kernel over a few thousand random inputs, one element per thread, with the
special values of each type among them (zeros, negatives, the extremes of each integer type,
infinities and NaNs), and compares every array with the same kernel function run thread by
thread in the Python interpreter (`interpreter.run`), where NumPy scalars give fixed-width
arithmetic. Where cudapy's documented rules differ from NumPy's, the test states its expectation
instead, and says so.

Outputs start as NaN or a sentinel, so an element the GPU leaves unwritten fails.
"""

import itertools

import numpy as np
import pytest

import cudapy as cp
import interpreter

# Every test runs its kernels on the CPU target, and on the GPU where there is one.
pytestmark = pytest.mark.usefixtures("target")

N = 4096
INTEGER_TYPES = [np.dtype(t) for t in (np.int8, np.int16, np.int32, np.int64,
                                       np.uint8, np.uint16, np.uint32, np.uint64)]
SIGNED_TYPES = [t for t in INTEGER_TYPES if t.kind == "i"]
FLOAT_TYPES = [np.dtype(np.float32), np.dtype(np.float64)]
NUMERIC_TYPES = INTEGER_TYPES + FLOAT_TYPES
BOOL = np.dtype(np.bool_)
INT8, INT16, INT32, INT64 = INTEGER_TYPES[:4]
UINT8, UINT16, UINT32, UINT64 = INTEGER_TYPES[4:]
FLOAT32, FLOAT64 = FLOAT_TYPES

# Pairs of operand types whose result type is neither operand's, or is the wider one.
MIXED_PAIRS = [(INT32, INT64), (UINT32, INT32), (FLOAT32, INT32), (INT8, UINT8), (BOOL, INT8),
               (BOOL, FLOAT32)]
MIXED_INTEGER_PAIRS = [(a, b) for a, b in MIXED_PAIRS if a.kind in "iu" and b.kind in "iu"]
# Math functions are compared within these relative tolerances (CUDA's are a few ulps off).
MATH_RTOL = {FLOAT32: 1e-6, FLOAT64: 1e-14}


def type_id(value):
    if isinstance(value, tuple):
        return "-".join(type_id(v) for v in value)
    return np.dtype(value).name


@pytest.fixture
def rng():
    return np.random.default_rng(20260601)


# ---- inputs ------------------------------------------------------------------------------

def special_values(dtype):
    """Values every test of the type includes: zeros, ones, small numbers, the extremes and,
    for floats, infinities, NaN, the smallest normal and a subnormal."""
    dtype = np.dtype(dtype)
    if dtype == BOOL:
        return np.array([False, True])
    if dtype.kind == "f":
        info = np.finfo(dtype)
        return np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -2.5, 3.0, -7.0, 1e-3, 1e6,
                         info.max, -info.max, info.tiny, -info.smallest_subnormal,
                         np.inf, -np.inf, np.nan], dtype=dtype)
    info = np.iinfo(dtype)
    candidates = [0, 1, 2, 3, 7, 100, -1, -2, -3, -7, -100,
                  info.max, info.max - 1, info.min, info.min + 1]
    return np.array([v for v in candidates if info.min <= v <= info.max], dtype=dtype)


def random_values(dtype, n, rng):
    """Random values of the type: for integers half over the whole range and half small, for
    floats magnitudes from 1e-4 to 1e4 and some integral values."""
    dtype = np.dtype(dtype)
    if dtype == BOOL:
        return rng.random(n) < 0.5
    if dtype.kind == "f":
        magnitudes = 10.0 ** rng.uniform(-4, 4, n) * rng.choice([-1, 1], n)
        integral = rng.integers(-50, 50, n).astype(np.float64)
        return np.where(rng.random(n) < 0.8, magnitudes, integral).astype(dtype)
    info = np.iinfo(dtype)
    wide = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    small = rng.integers(max(info.min, -100), min(info.max, 100), n, endpoint=True).astype(dtype)
    return np.where(rng.random(n) < 0.5, wide, small)


def operands(dtype, rng, n=N):
    """The special values of the type followed by random ones, n in all."""
    specials = special_values(dtype)
    return np.concatenate([specials, random_values(dtype, n - len(specials), rng)])


def operand_pairs(dtype_a, dtype_b, rng, n=N):
    """Every pair of special values, then random pairs, n in all."""
    pairs = list(itertools.product(special_values(dtype_a), special_values(dtype_b)))
    a = np.array([p[0] for p in pairs], dtype=dtype_a)
    b = np.array([p[1] for p in pairs], dtype=dtype_b)
    rest = n - len(pairs)
    return (np.concatenate([a, random_values(dtype_a, rest, rng)]),
            np.concatenate([b, random_values(dtype_b, rest, rng)]))


def usable_divisors(a, b):
    """b with the integer divisions whose result is undefined replaced by 1: division by zero,
    and the most negative value divided by -1."""
    b = b.copy()
    b[b == 0] = 1
    if a.dtype.kind == "i" and b.dtype.kind == "i":
        b[(a == np.iinfo(a.dtype).min) & (b == -1)] = 1
    return b


def poisoned(dtype, n=N):
    """An output array holding NaN (floats) or a byte pattern unlikely to be a result."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return np.full(n, np.nan, dtype=dtype)
    return np.frombuffer(b"\xa5" * (n * dtype.itemsize), dtype=dtype).copy()


def arrays_of(*dtypes, n=N):
    return [poisoned(dtype, n) for dtype in dtypes]


def signature(function, *element_types):
    """A void signature for `function` whose parameters are arrays of `element_types`."""
    names = function.__code__.co_varnames[:function.__code__.co_argcount]
    params = [f"{np.dtype(t).name}* {name}" for t, name in zip(element_types, names)]
    return f"void ({', '.join(params)})"


# ---- running and comparing ---------------------------------------------------------------

def _copies(args):
    return [arg.copy() if isinstance(arg, (np.ndarray, list)) else arg for arg in args]


def _thread_count(args):
    return len(next(arg for arg in args if isinstance(arg, np.ndarray)))


def run_in_interpreter(functions, args, sig=None, threads=None, grid=None, block=None):
    """The arguments after the kernel ran in the Python interpreter."""
    args = _copies(args)
    if grid is None and threads is None:
        threads = _thread_count(args)
    interpreter.run(functions, args, threads=threads, grid=grid, block=block, sig=sig)
    return args


def run_compiled(functions, args, sig=None, threads=None, grid=None, block=None):
    """The arguments after the compiled kernel ran on the target (arrays copied back)."""
    args = _copies(args)
    kernel = cp.compile(functions, sig=sig)
    if grid is not None:
        kernel[grid, block](*args)
    else:
        counts = threads if threads is not None else _thread_count(args)
        kernel(*(counts if isinstance(counts, tuple) else (counts,)))(*args)
    return args


def mismatches(actual, expected, rtol=None, atol=None):
    """A mask of the elements that differ. Floats: NaN matches NaN; without rtol, values must be
    identical, zeros with the same sign; with rtol, relatively close, or within atol (by default
    the smallest normal number, below which precision runs out)."""
    if expected.dtype.kind != "f":
        return actual != expected
    with np.errstate(invalid="ignore"):
        if rtol is None:
            same = (actual == expected) & (np.signbit(actual) == np.signbit(expected))
        else:
            if atol is None:
                atol = np.finfo(expected.dtype).tiny
            same = np.isclose(actual, expected, rtol=rtol, atol=atol)
            # Within rtol of the largest float, rounding up overflows to infinity.
            largest = np.finfo(expected.dtype).max
            same |= (np.isinf(actual) & np.isfinite(expected) &
                     (np.abs(expected) >= largest * (1 - rtol)) &
                     (np.sign(actual) == np.sign(expected)))
    return ~np.where(np.isnan(expected), np.isnan(actual), same)


def assert_arrays_match(kernel, original, actual, expected, rtol=None, atol=None):
    """Compares every array argument; a failure lists the first differing elements with the
    kernel's input arrays (those the interpreter left unchanged) at that index."""
    names = kernel.__code__.co_varnames[:kernel.__code__.co_argcount]
    inputs = [(name, before) for name, before, after in zip(names, original, expected)
              if isinstance(before, np.ndarray) and not mismatches(after, before).any()]
    failures = []
    for name, got, want in zip(names, actual, expected):
        if not isinstance(want, np.ndarray):
            continue
        bad = np.flatnonzero(mismatches(got, want, rtol, atol))
        if len(bad) == 0:
            continue
        lines = [f"{name}: {len(bad)} of {len(want)} elements differ"]
        for i in bad[:8]:
            at_i = ", ".join(f"{input_name}={values[i]!r}" for input_name, values in inputs)
            lines.append(f"  [{i}] GPU {got[i]!r}, expected {want[i]!r} ({at_i})")
        failures.append("\n".join(lines))
    assert not failures, "\n".join(failures)


def check_kernel(functions, args, sig=None, threads=None, grid=None, block=None, rtol=None,
                 atol=None):
    """Runs the kernel on the GPU and in the interpreter and compares every array argument.
    Returns the arrays the GPU left."""
    kernel = functions[0] if isinstance(functions, (list, tuple)) else functions
    expected = run_in_interpreter(functions, args, sig, threads, grid, block)
    actual = run_compiled(functions, args, sig, threads, grid, block)
    assert_arrays_match(kernel, args, actual, expected, rtol, atol)
    return actual


# ---- + - * on every type and on pairs that promote ----------------------------------------

def add_sub_mul(A, B, Sum, Difference, Product):
    Sum[idx] = A[idx] + B[idx]
    Difference[idx] = A[idx] - B[idx]
    Product[idx] = A[idx] * B[idx]


@pytest.mark.parametrize("dtype", NUMERIC_TYPES, ids=type_id)
def test_add_sub_mul_same_type(dtype, rng):
    a, b = operand_pairs(dtype, dtype, rng)
    check_kernel(add_sub_mul, [a, b, *arrays_of(dtype, dtype, dtype)],
                 sig=signature(add_sub_mul, dtype, dtype, dtype, dtype, dtype))


@pytest.mark.parametrize("pair", MIXED_PAIRS, ids=type_id)
def test_add_sub_mul_mixed_types_promote(pair, rng):
    """The result arrays have the promoted type, so arithmetic in a narrower type shows."""
    dtype_a, dtype_b = pair
    result = np.result_type(dtype_a, dtype_b)
    a, b = operand_pairs(dtype_a, dtype_b, rng)
    check_kernel(add_sub_mul, [a, b, *arrays_of(result, result, result)],
                 sig=signature(add_sub_mul, dtype_a, dtype_b, result, result, result))


# ---- / ------------------------------------------------------------------------------------

def true_division(A, B, Quotient):
    Quotient[idx] = A[idx] / B[idx]


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=type_id)
def test_float_true_division_including_zero_divisors(dtype, rng):
    a, b = operand_pairs(dtype, dtype, rng)
    check_kernel(true_division, [a, b, poisoned(dtype)],
                 sig=signature(true_division, dtype, dtype, dtype))


def test_true_division_float32_by_int32_is_float64(rng):
    a, b = operand_pairs(FLOAT32, INT32, rng)
    b = usable_divisors(a, b)
    check_kernel(true_division, [a, b, poisoned(FLOAT64)],
                 sig=signature(true_division, FLOAT32, INT32, FLOAT64))


@pytest.mark.parametrize("pair", [(t, t) for t in INTEGER_TYPES] + MIXED_INTEGER_PAIRS,
                         ids=type_id)
def test_integer_true_division_gives_float32(pair, rng):
    """cudapy's rule, not NumPy's (float64): integers divide as float32, each operand converted
    first. The quotient is stored as float64, so a float64 division would show."""
    dtype_a, dtype_b = pair
    a, b = operand_pairs(dtype_a, dtype_b, rng)
    b = usable_divisors(a, b)
    args = [a, b, poisoned(FLOAT64)]
    actual = run_compiled(true_division, args,
                        sig=signature(true_division, dtype_a, dtype_b, FLOAT64))
    expected = (a.astype(np.float32) / b.astype(np.float32)).astype(np.float64)
    assert_arrays_match(true_division, args, actual, [a, b, expected])


# ---- // and % -----------------------------------------------------------------------------

def floordiv_mod(A, B, Quotient, Remainder):
    Quotient[idx] = A[idx] // B[idx]
    Remainder[idx] = A[idx] % B[idx]


@pytest.mark.parametrize("dtype", INTEGER_TYPES, ids=type_id)
def test_integer_floor_division_and_modulo(dtype, rng):
    """Floors toward negative infinity and takes the divisor's sign, with negative operands
    and zero numerators; no zero divisors (undefined)."""
    a, b = operand_pairs(dtype, dtype, rng)
    b = usable_divisors(a, b)
    check_kernel(floordiv_mod, [a, b, *arrays_of(dtype, dtype)],
                 sig=signature(floordiv_mod, dtype, dtype, dtype, dtype))


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=type_id)
def test_float_floor_division_and_modulo(dtype, rng):
    """Python's rules, including infinite and NaN operands and signed zero results."""
    a, b = operand_pairs(dtype, dtype, rng)
    b[b == 0] = 3.0
    check_kernel(floordiv_mod, [a, b, *arrays_of(dtype, dtype)],
                 sig=signature(floordiv_mod, dtype, dtype, dtype, dtype))


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=type_id)
def test_float_floor_division_and_modulo_by_zero_give_ieee_results(dtype, rng):
    """x // 0.0 is x / 0.0 (inf, or NaN for 0 and NaN) and x % 0.0 is NaN, as NumPy gives."""
    a = operands(dtype, rng)
    b = np.where(rng.random(N) < 0.5, 0.0, -0.0).astype(dtype)
    check_kernel(floordiv_mod, [a, b, *arrays_of(dtype, dtype)],
                 sig=signature(floordiv_mod, dtype, dtype, dtype, dtype))


@pytest.mark.parametrize("pair", MIXED_INTEGER_PAIRS + [(FLOAT32, INT32)], ids=type_id)
def test_floor_division_and_modulo_mixed_types(pair, rng):
    dtype_a, dtype_b = pair
    result = np.result_type(dtype_a, dtype_b)
    a, b = operand_pairs(dtype_a, dtype_b, rng)
    b = usable_divisors(a.astype(result), b)
    check_kernel(floordiv_mod, [a, b, *arrays_of(result, result)],
                 sig=signature(floordiv_mod, dtype_a, dtype_b, result, result))


# ---- ** -----------------------------------------------------------------------------------

def power(A, B, Power):
    Power[idx] = A[idx] ** B[idx]


def exponents(dtype, rng, n=N):
    """Non-negative integer exponents, mostly small, some past the type's width."""
    small = rng.integers(0, 10, n)
    large = rng.integers(0, min(200, np.iinfo(dtype).max), n, endpoint=True)
    return np.where(rng.random(n) < 0.7, small, large).astype(dtype)


@pytest.mark.parametrize("dtype", INTEGER_TYPES, ids=type_id)
def test_integer_power_non_negative_exponents_wrap(dtype, rng):
    a = operands(dtype, rng)
    b = exponents(dtype, rng)
    check_kernel(power, [a, b, poisoned(dtype)], sig=signature(power, dtype, dtype, dtype))


@pytest.mark.parametrize("dtype", SIGNED_TYPES, ids=type_id)
def test_integer_power_negative_exponents(dtype, rng):
    """cudapy's rule, where NumPy raises: x ** n with n < 0 is 0 unless x is 1 or -1."""
    a = operands(dtype, rng)
    a[:64] = np.resize(np.array([1, -1, 0, 2], dtype=dtype), 64)
    info = np.iinfo(dtype)
    b = rng.integers(info.min, -1, N, endpoint=True).astype(dtype)
    args = [a, b, poisoned(dtype)]
    actual = run_compiled(power, args, sig=signature(power, dtype, dtype, dtype))
    odd = (b.astype(np.int64) % 2) != 0
    expected = np.where(a == 1, 1, np.where(a == -1, np.where(odd, -1, 1), 0)).astype(dtype)
    assert_arrays_match(power, args, actual, [a, b, expected])


def power_bases_and_exponents(dtype, rng, n=N):
    """Negative and positive bases with integral and fractional exponents, small enough that no
    result lies near the float's overflow or underflow."""
    specials = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, np.inf, -np.inf, np.nan]
    pairs = list(itertools.product(specials, specials + [3.0, -3.0, 2.5, -0.5]))
    rest = n - len(pairs)
    bases = 10.0 ** rng.uniform(-2, 2, rest) * rng.choice([-1, 1], rest)
    powers = np.where(rng.random(rest) < 0.5, rng.integers(-8, 9, rest),
                      rng.uniform(-8, 8, rest))
    a = np.concatenate([[p[0] for p in pairs], bases]).astype(dtype)
    b = np.concatenate([[p[1] for p in pairs], powers]).astype(dtype)
    return a, b


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=type_id)
def test_float_power(dtype, rng):
    a, b = power_bases_and_exponents(dtype, rng)
    check_kernel(power, [a, b, poisoned(dtype)], sig=signature(power, dtype, dtype, dtype),
                 rtol=MATH_RTOL[dtype])


@pytest.mark.parametrize("pair", MIXED_INTEGER_PAIRS, ids=type_id)
def test_integer_power_mixed_types(pair, rng):
    dtype_a, dtype_b = pair
    result = np.result_type(dtype_a, dtype_b)
    a = operands(dtype_a, rng)
    b = exponents(dtype_b, rng)
    check_kernel(power, [a, b, poisoned(result)], sig=signature(power, dtype_a, dtype_b, result))


def test_float32_to_an_int32_power_is_float64(rng):
    a, _ = power_bases_and_exponents(FLOAT32, rng)
    b = rng.integers(-8, 9, N).astype(np.int32)
    check_kernel(power, [a, b, poisoned(FLOAT64)], sig=signature(power, FLOAT32, INT32, FLOAT64),
                 rtol=MATH_RTOL[FLOAT64])


# ---- shifts and bitwise operators ---------------------------------------------------------

def shifts(A, Count, Left, Right, LeftByThree, RightByOne):
    Left[idx] = A[idx] << Count[idx]
    Right[idx] = A[idx] >> Count[idx]
    LeftByThree[idx] = A[idx] << 3
    RightByOne[idx] = A[idx] >> 1


@pytest.mark.parametrize("dtype", INTEGER_TYPES, ids=type_id)
def test_shifts_within_the_width(dtype, rng):
    a = operands(dtype, rng)
    count = rng.integers(0, 8 * dtype.itemsize, N).astype(dtype)
    check_kernel(shifts, [a, count, *arrays_of(dtype, dtype, dtype, dtype)],
                 sig=signature(shifts, *[dtype] * 6))


def bitwise(A, B, And, Or, Xor, Invert):
    And[idx] = A[idx] & B[idx]
    Or[idx] = A[idx] | B[idx]
    Xor[idx] = A[idx] ^ B[idx]
    Invert[idx] = ~A[idx]


@pytest.mark.parametrize("dtype", INTEGER_TYPES, ids=type_id)
def test_bitwise_operators(dtype, rng):
    a, b = operand_pairs(dtype, dtype, rng)
    check_kernel(bitwise, [a, b, *arrays_of(dtype, dtype, dtype, dtype)],
                 sig=signature(bitwise, *[dtype] * 6))


# ---- unary operators and wrapping ---------------------------------------------------------

def unary(A, Negative, Positive):
    Negative[idx] = -A[idx]
    Positive[idx] = +A[idx]


@pytest.mark.parametrize("dtype", NUMERIC_TYPES, ids=type_id)
def test_unary_minus_and_plus(dtype, rng):
    """-x wraps for unsigned types and for the most negative signed value."""
    a = operands(dtype, rng)
    check_kernel(unary, [a, *arrays_of(dtype, dtype)], sig=signature(unary, dtype, dtype, dtype))


def wrapping(A, Increment, Decrement, Doubled, Square):
    Increment[idx] = A[idx] + 1
    Decrement[idx] = A[idx] - 1
    Doubled[idx] = A[idx] * 2
    Square[idx] = A[idx] * A[idx]


@pytest.mark.parametrize("dtype", INTEGER_TYPES, ids=type_id)
def test_integer_overflow_wraps(dtype, rng):
    a = operands(dtype, rng)
    check_kernel(wrapping, [a, *arrays_of(dtype, dtype, dtype, dtype)],
                 sig=signature(wrapping, *[dtype] * 5))


# int32_edges : void (int* A, int* Out)
def int32_edges(A, Out):
    Out[idx] = A[idx] + 1


def test_int32_max_plus_one_is_int32_min():
    _, out = run_compiled(int32_edges, [np.array([2**31 - 1, -1], np.int32), poisoned(INT32, 2)])
    assert out.tolist() == [-2**31, 0]


# ---- bool arithmetic ----------------------------------------------------------------------

# bool_arithmetic : void (bool* P, bool* Q, int* Sum, int* Difference, int* Product, int* Negative, int8* And, int8* Or, int8* Xor)
def bool_arithmetic(P, Q, Sum, Difference, Product, Negative, And, Or, Xor):
    Sum[idx] = P[idx] + Q[idx]
    Difference[idx] = P[idx] - Q[idx]
    Product[idx] = P[idx] * Q[idx]
    Negative[idx] = -P[idx]
    And[idx] = P[idx] & Q[idx]
    Or[idx] = P[idx] | Q[idx]
    Xor[idx] = P[idx] ^ Q[idx]


def test_bool_arithmetic_follows_python(rng):
    """True + True is 2 in Python and in cudapy (an int32), where NumPy's bool + bool is a
    logical or: the interpreter reads the bools as Python's, from lists."""
    p, q = operand_pairs(BOOL, BOOL, rng)
    args = [p, q, *arrays_of(INT32, INT32, INT32, INT32, INT8, INT8, INT8)]
    expected = run_in_interpreter(bool_arithmetic, [p.tolist(), q.tolist(), *args[2:]])
    actual = run_compiled(bool_arithmetic, args)
    assert_arrays_match(bool_arithmetic, args, actual, [p, q, *expected[2:]])


# ---- comparisons --------------------------------------------------------------------------

def comparisons(A, B, Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual):
    Less[idx] = A[idx] < B[idx]
    LessEqual[idx] = A[idx] <= B[idx]
    Greater[idx] = A[idx] > B[idx]
    GreaterEqual[idx] = A[idx] >= B[idx]
    Equal[idx] = A[idx] == B[idx]
    NotEqual[idx] = A[idx] != B[idx]


@pytest.mark.parametrize("pair", [(t, t) for t in NUMERIC_TYPES] + MIXED_PAIRS
                         + [(UINT64, INT64)], ids=type_id)
def test_comparisons(pair, rng):
    """With NaN every comparison is false except !=; uint64 with int64 compares exactly."""
    dtype_a, dtype_b = pair
    a, b = operand_pairs(dtype_a, dtype_b, rng)
    check_kernel(comparisons, [a, b, *arrays_of(*[INT8] * 6)],
                 sig=signature(comparisons, dtype_a, dtype_b, *[INT8] * 6))


def chained_comparisons(A, B, C, Ascending, Valley, EqualThenDifferent, Between):
    Ascending[idx] = A[idx] < B[idx] <= C[idx]
    Valley[idx] = A[idx] > B[idx] < C[idx]
    EqualThenDifferent[idx] = A[idx] == B[idx] != C[idx]
    Between[idx] = 0 <= A[idx] < B[idx] < C[idx] <= 5


@pytest.mark.parametrize("dtype", [INT8, INT32, UINT32, FLOAT32, FLOAT64], ids=type_id)
def test_chained_comparisons(dtype, rng):
    """Every triple of a few special values (NaN and infinities among them), then small values,
    so that many operands are equal."""
    if dtype.kind == "f":
        extremes = [np.inf, -np.inf, np.nan]
    else:
        extremes = [np.iinfo(dtype).max, np.iinfo(dtype).min]
    values = list(special_values(dtype)[:4]) + extremes + [4]
    triples = np.array(list(itertools.product(values, repeat=3)), dtype=dtype)
    low = 0 if dtype.kind == "u" else -3
    small = rng.integers(low, 7, (N - len(triples), 3)).astype(dtype)
    a, b, c = np.concatenate([triples, small]).T
    check_kernel(chained_comparisons, [a, b, c, *arrays_of(*[INT8] * 4)],
                 sig=signature(chained_comparisons, dtype, dtype, dtype, *[INT8] * 4))


def literals_outside_the_type(A, Greater, Less, Equal, NotEqual):
    Greater[idx] = A[idx] > -1000
    Less[idx] = A[idx] < 1000
    Equal[idx] = A[idx] == 1000
    NotEqual[idx] = A[idx] != -1000


@pytest.mark.parametrize("dtype", [INT8, UINT8, UINT16, UINT32], ids=type_id)
def test_comparison_with_a_literal_outside_the_type_follows_python(dtype, rng):
    """An int8 is always below 1000 and an unsigned value always above -1000, as in Python and
    NumPy 2, rather than comparing with the literal wrapped to the type."""
    a = operands(dtype, rng)
    check_kernel(literals_outside_the_type, [a, *arrays_of(*[INT8] * 4)],
                 sig=signature(literals_outside_the_type, dtype, *[INT8] * 4))


# ---- and, or, not -------------------------------------------------------------------------

# record : bool (int* Calls, int i, bool value)
def record(Calls, i, value):
    Calls[i] += 1
    return value


# short_circuit : void (bool* P, bool* Q, int* AndCalls, int* OrCalls, int8* And, int8* Or, int8* Not)
def short_circuit(P, Q, AndCalls, OrCalls, And, Or, Not):
    And[idx] = P[idx] and record(AndCalls, idx, Q[idx])
    Or[idx] = P[idx] or record(OrCalls, idx, Q[idx])
    Not[idx] = not P[idx]


def test_and_or_short_circuit(rng):
    p, q = operand_pairs(BOOL, BOOL, rng)
    zeros = np.zeros(N, np.int32)
    actual = check_kernel([short_circuit, record],
                          [p, q, zeros, zeros, *arrays_of(INT8, INT8, INT8)])
    and_calls, or_calls = actual[2], actual[3]
    np.testing.assert_array_equal(and_calls, p.astype(np.int32))  # called only when P is true
    np.testing.assert_array_equal(or_calls, (~p).astype(np.int32))  # only when P is false


def truth_values(X, Y, Both, Either, Neither, Combined):
    Both[idx] = 1 if X[idx] and Y[idx] else 0
    Either[idx] = 1 if X[idx] or Y[idx] else 0
    Neither[idx] = 1 if not X[idx] and not Y[idx] else 0
    Combined[idx] = X[idx] < Y[idx] and not (Y[idx] < 1 or X[idx] == Y[idx])


@pytest.mark.parametrize("dtype", [INT32, UINT8, FLOAT32, FLOAT64], ids=type_id)
def test_truth_values_of_numbers(dtype, rng):
    """Zero (and -0.0) is false; everything else, NaN too, is true."""
    x, y = operand_pairs(dtype, dtype, rng)
    check_kernel(truth_values, [x, y, *arrays_of(INT8, INT8, INT8, INT8)],
                 sig=signature(truth_values, dtype, dtype, INT8, INT8, INT8, INT8))


# ---- conditional expressions --------------------------------------------------------------

# count_int : int (int* Calls, int i, int value)
def count_int(Calls, i, value):
    Calls[i] += 1
    return value


# conditional : void (int* A, double* F, int* ThenCalls, int* ElseCalls, int* Larger, double* Mixed, int* Sign, int* Lazy)
def conditional(A, F, ThenCalls, ElseCalls, Larger, Mixed, Sign, Lazy):
    Larger[idx] = A[idx] if A[idx] > F[idx] else int(F[idx])
    Mixed[idx] = A[idx] if A[idx] % 2 == 0 else F[idx]
    Sign[idx] = -1 if A[idx] < 0 else (0 if A[idx] == 0 else 1)
    Lazy[idx] = count_int(ThenCalls, idx, 1) if A[idx] > 0 else count_int(ElseCalls, idx, 2)


def test_conditional_expressions(rng):
    """Promote both branches (int32 and float64 give float64) and evaluate only one."""
    a = operands(INT32, rng)
    f = (rng.standard_normal(N) * 1e6).round()
    zeros = np.zeros(N, np.int32)
    actual = check_kernel([conditional, count_int],
                          [a, f, zeros, zeros, *arrays_of(INT32, FLOAT64, INT32, INT32)])
    np.testing.assert_array_equal(actual[2] + actual[3], np.ones(N, np.int32))


# ---- casts --------------------------------------------------------------------------------

def integer_casts(X, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Int):
    Int8[idx] = int8(X[idx])
    Int16[idx] = int16(X[idx])
    Int32[idx] = int32(X[idx])
    Int64[idx] = int64(X[idx])
    UInt8[idx] = uint8(X[idx])
    UInt16[idx] = uint16(X[idx])
    UInt32[idx] = uint32(X[idx])
    UInt64[idx] = uint64(X[idx])
    Int[idx] = int(X[idx])


INTEGER_CAST_OUTPUTS = INTEGER_TYPES + [INT32]


@pytest.mark.parametrize("dtype", INTEGER_TYPES, ids=type_id)
def test_casts_between_integer_widths_wrap(dtype, rng):
    x = operands(dtype, rng)
    check_kernel(integer_casts, [x, *arrays_of(*INTEGER_CAST_OUTPUTS)],
                 sig=signature(integer_casts, dtype, *INTEGER_CAST_OUTPUTS))


def float_and_bool_casts(X, Float, Double, Float32, Float64, Bool):
    Float[idx] = float(X[idx])
    Double[idx] = double(X[idx])
    Float32[idx] = float32(X[idx])
    Float64[idx] = float64(X[idx])
    Bool[idx] = bool(X[idx])


@pytest.mark.parametrize("dtype", NUMERIC_TYPES, ids=type_id)
def test_casts_to_floats_and_bool(dtype, rng):
    """Integers round to the nearest float; float64 to float32 rounds, overflowing to inf;
    bool() is false only for zeros."""
    x = operands(dtype, rng)
    outputs = [FLOAT32, FLOAT64, FLOAT32, FLOAT64, INT8]
    check_kernel(float_and_bool_casts, [x, *arrays_of(*outputs)],
                 sig=signature(float_and_bool_casts, dtype, *outputs))


def cast_to_int8(X, Out):
    Out[idx] = int8(X[idx])


def cast_to_int16(X, Out):
    Out[idx] = int16(X[idx])


def cast_to_int32(X, Out):
    Out[idx] = int32(X[idx])


def cast_to_int64(X, Out):
    Out[idx] = int64(X[idx])


def cast_to_uint8(X, Out):
    Out[idx] = uint8(X[idx])


def cast_to_uint16(X, Out):
    Out[idx] = uint16(X[idx])


def cast_to_uint32(X, Out):
    Out[idx] = uint32(X[idx])


def cast_to_uint64(X, Out):
    Out[idx] = uint64(X[idx])


def cast_to_int(X, Out):
    Out[idx] = int(X[idx])


FLOAT_TO_INTEGER_CASTS = [(cast_to_int8, INT8), (cast_to_int16, INT16), (cast_to_int32, INT32),
                          (cast_to_int64, INT64), (cast_to_uint8, UINT8), (cast_to_uint16, UINT16),
                          (cast_to_uint32, UINT32), (cast_to_uint64, UINT64), (cast_to_int, INT32)]


def floats_in_range(dtype, target, rng, n=N):
    """Floats of `dtype` that truncate to a value of the integer type `target`: halves, values
    just below integers, magnitudes up to the target's extremes."""
    info = np.iinfo(target)
    specials = [0.0, -0.0, 0.5, -0.5, 0.999, -0.999, 1.5, -1.5, 2.5, -2.5, 99.9, -99.9]
    magnitudes = 10.0 ** rng.uniform(0, np.log10(float(info.max)), n)
    signs = rng.choice([-1.0, 1.0], n) if info.min < 0 else np.ones(n)
    values = np.concatenate([specials, magnitudes * signs])[:n].astype(dtype)
    exact = [float(v) for v in values]
    in_range = np.array([info.min - 1 < v < info.max + 1 for v in exact])
    return np.where(in_range, values, dtype.type(0.5))


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=type_id)
@pytest.mark.parametrize("cast", FLOAT_TO_INTEGER_CASTS, ids=lambda c: c[0].__name__)
def test_casts_from_floats_truncate_toward_zero(cast, dtype, rng):
    kernel, target = cast
    x = floats_in_range(dtype, target, rng)
    check_kernel(kernel, [x, poisoned(target)], sig=signature(kernel, dtype, target))


# ---- abs, min, max ------------------------------------------------------------------------

def abs_min_max(A, B, C, Absolute, Min2, Max2, Min3, Max3):
    Absolute[idx] = abs(A[idx])
    Min2[idx] = min(A[idx], B[idx])
    Max2[idx] = max(A[idx], B[idx])
    Min3[idx] = min(A[idx], B[idx], C[idx])
    Max3[idx] = max(A[idx], B[idx], C[idx])


@pytest.mark.parametrize("dtype", NUMERIC_TYPES, ids=type_id)
def test_abs_min_max(dtype, rng):
    """abs of the most negative integer wraps; min and max follow Python's rule (`b < a ? b :
    a` for min), so with a NaN the result depends on the argument order."""
    a, b = operand_pairs(dtype, dtype, rng)
    c = operands(dtype, rng)[rng.permutation(N)]
    check_kernel(abs_min_max, [a, b, c, *arrays_of(*[dtype] * 5)],
                 sig=signature(abs_min_max, *[dtype] * 8))


# mixed_min_max : void (int* A, double* F, double* Min2, double* Max2)
def mixed_min_max(A, F, Min2, Max2):
    Min2[idx] = min(A[idx], F[idx])
    Max2[idx] = max(F[idx], A[idx])


def test_min_max_of_mixed_types(rng):
    a, f = operand_pairs(INT32, FLOAT64, rng)
    check_kernel(mixed_min_max, [a, f, *arrays_of(FLOAT64, FLOAT64)])


# ---- math functions -----------------------------------------------------------------------

def math_functions(X, Y, E, Sqrt, Sin, Exp, Log, Atan2, Pow, Fabs, Hypot):
    Sqrt[idx] = math.sqrt(X[idx])
    Sin[idx] = math.sin(X[idx])
    Exp[idx] = math.exp(E[idx])
    Log[idx] = math.log(X[idx])
    Atan2[idx] = math.atan2(Y[idx], X[idx])
    Pow[idx] = math.pow(X[idx], Y[idx])
    Fabs[idx] = math.fabs(X[idx])
    Hypot[idx] = math.hypot(X[idx], Y[idx])


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=type_id)
def test_math_functions(dtype, rng):
    """Compared within a few ulps with the function computed in float64 (rounded to float32
    for float32 arguments); special values give C's results, not Python's exceptions."""
    x, y = power_bases_and_exponents(dtype, rng)
    x[:len(special_values(dtype))] = special_values(dtype)
    exp_limit = 80.0 if dtype == FLOAT32 else 700.0
    e = rng.uniform(-exp_limit, exp_limit, N).astype(dtype)
    e[:8] = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, 2 * exp_limit, -3 * exp_limit]
    check_kernel(math_functions, [x, y, e, *arrays_of(*[dtype] * 8)],
                 sig=signature(math_functions, *[dtype] * 11), rtol=MATH_RTOL[dtype])


# ---- for loops ----------------------------------------------------------------------------

# range_forms : void (int* Start, int* Stop, int* Step, int* OneArgument, int* TwoArguments, int* ThreeArguments, int* Counts)
def range_forms(Start, Stop, Step, OneArgument, TwoArguments, ThreeArguments, Counts):
    total = 0
    for i in range(Stop[idx]):
        total = total * 3 + i
    OneArgument[idx] = total
    total = 0
    for i in range(Start[idx], Stop[idx]):
        total = total * 3 + i
    TwoArguments[idx] = total
    total = 0
    count = 0
    for i in xrange(Start[idx], Stop[idx], Step[idx]):
        total = total * 3 + i
        count += 1
    ThreeArguments[idx] = total
    Counts[idx] = count


def loop_bounds(rng, n=N):
    start = rng.integers(-30, 31, n).astype(np.int32)
    stop = rng.integers(-30, 31, n).astype(np.int32)
    step = (rng.integers(1, 8, n) * rng.choice([-1, 1], n)).astype(np.int32)
    return start, stop, step


def test_range_with_one_to_three_arguments_and_run_time_steps(rng):
    """The running total depends on the order of the values; negative steps count down."""
    start, stop, step = loop_bounds(rng)
    check_kernel(range_forms, [start, stop, step, *arrays_of(*[INT32] * 4)])


# loop_variable_after : void (int* Start, int* Stop, int* Step, int* Last)
def loop_variable_after(Start, Stop, Step, Last):
    i = -1000
    for i in range(Start[idx], Stop[idx], Step[idx]):
        pass
    Last[idx] = i


def test_loop_variable_keeps_its_last_value(rng):
    """After the loop the variable holds the last value it took, or its earlier value when the
    loop ran zero times."""
    start, stop, step = loop_bounds(rng)
    actual = check_kernel(loop_variable_after, [start, stop, step, poisoned(INT32)])
    assert np.count_nonzero(actual[3] == -1000) > N // 10  # loops that ran zero times


# loop_exits : void (int* Stop, int* Limit, int* Up, int* Down, int* ByThree, int* DownByThree, int* Assigned, int* Nested)
def loop_exits(Stop, Limit, Up, Down, ByThree, DownByThree, Assigned, Nested):
    # Where the variable ends for every way out of a loop with a constant step: run out, a
    # break, a continue on the last iteration, zero iterations; and when the body assigns it.
    a = -1000
    for a in range(2, Stop[idx]):
        if a == Limit[idx]:
            break
        if a % 5 == 0:
            continue
    Up[idx] = a
    b = -1000
    for b in range(Stop[idx], -3, -1):
        if b == Limit[idx]:
            break
    Down[idx] = b
    c = -1000
    for c in range(1, Stop[idx], 3):
        if c > Limit[idx]:
            break
        if c % 2 == 0:
            continue
    ByThree[idx] = c
    d = -1000
    for d in range(Stop[idx], -7, -3):
        if d < Limit[idx]:
            break
    DownByThree[idx] = d
    e = -1000
    for e in range(Stop[idx]):
        if e == Limit[idx]:
            break
        e = e * 10
    Assigned[idx] = e
    f = -1000
    total = 0
    for f in range(Stop[idx]):
        for g in range(f):
            if g == Limit[idx]:
                break
            total += g
        if total > 4 * Limit[idx]:
            break
    Nested[idx] = f * 1000 + total


def test_loop_exits_leave_the_variable_as_python_does(rng):
    stop = rng.integers(-8, 40, N).astype(np.int32)
    limit = rng.integers(-4, 40, N).astype(np.int32)
    check_kernel(loop_exits, [stop, limit, *arrays_of(*[INT32] * 6)])


# narrow_loop_variable : void (int* Stop, int8* Last, uint16* Down)
def narrow_loop_variable(Stop, Last, Down):
    # The counter is wider than the variable, which takes each value converted.
    i = int8(-100)
    for i in range(int8(Stop[idx])):
        pass
    Last[idx] = i
    j = uint16(7)
    for j in range(uint16(Stop[idx]), uint16(0), -1):
        if j == uint16(3):
            break
    Down[idx] = j


def test_loop_variable_narrower_than_its_counter(rng):
    stop = rng.integers(-5, 120, N).astype(np.int32)
    check_kernel(narrow_loop_variable, [stop, poisoned(np.int8), poisoned(np.uint16)])


# break_continue : void (int* Stop, int* Limit, int* Total, int* Last)
def break_continue(Stop, Limit, Total, Last):
    total = 0
    i = -1
    for i in range(Stop[idx]):
        if i % 3 == 0:
            continue
        total += i
        if total > Limit[idx]:
            break
    Total[idx] = total
    Last[idx] = i


def test_break_and_continue(rng):
    stop = rng.integers(-5, 60, N).astype(np.int32)
    limit = rng.integers(0, 500, N).astype(np.int32)
    check_kernel(break_continue, [stop, limit, *arrays_of(INT32, INT32)])


# nested_loops : void (int* Rows, int* Columns, int64* Total)
def nested_loops(Rows, Columns, Total):
    total = int64(0)
    for r in range(Rows[idx], -1, -1):
        for c in range(0, Columns[idx], 2):
            if c > r:
                break
            total = total * 7 + r * 100 + c
    Total[idx] = total


def test_nested_loops(rng):
    rows = rng.integers(-2, 12, N).astype(np.int32)
    columns = rng.integers(-2, 12, N).astype(np.int32)
    check_kernel(nested_loops, [rows, columns, poisoned(INT64)])


# unsigned_countdown : void (uint8* Start, int* Total, uint8* Last)
def unsigned_countdown(Start, Total, Last):
    total = int32(0)
    i = Start[idx]
    for i in range(Start[idx], -1, -1):
        total += i
    Total[idx] = total
    Last[idx] = i


def test_unsigned_loop_counts_down_to_zero(rng):
    start = operands(UINT8, rng, 1024)
    check_kernel(unsigned_countdown, [start, *arrays_of(INT32, UINT8, n=1024)])


# zero_step : void (int* Out, int step)
def zero_step(Out, step):
    total = 0
    for i in range(5, 0, step):
        total += i
    Out[idx] = total


def test_zero_range_step_is_a_value_error_and_the_gpu_stays_usable(target):
    """Python raises ValueError: so does the launch, from every target, naming the line. On
    the GPU the raising threads end and the launch finishes, so the GPU runs the next
    kernel (a trap would have left the process's CUDA context unusable)."""
    kernel = cp.compile(zero_step)
    out = np.zeros(256, np.int32)
    line = zero_step.__code__.co_firstlineno + 2
    with pytest.raises(cp.KernelValueError,
                       match=rf"test_semantics.py:{line}: ValueError: range\(\) arg 3 must not "
                             "be zero"):
        kernel(256)(out, 0)
        cp.synchronize()
    kernel(256)(out, -1)
    cp.synchronize()
    assert (out == 15).all()
    with pytest.raises(cp.KernelValueError):  # raised again: the record was cleared
        kernel(1)(out, 0)
        cp.synchronize()


# ---- while loops --------------------------------------------------------------------------

# while_loops : void (int64* A, int64* B, int64* Gcd, int* Steps)
def while_loops(A, B, Gcd, Steps):
    a = abs(A[idx])
    b = abs(B[idx])
    while b != 0:
        remainder = a % b
        a = b
        b = remainder
    Gcd[idx] = a
    n = a % 1000 + 1
    steps = 0
    while True:
        if n == 1:
            break
        steps += 1
        if n % 2 == 0:
            n = n // 2
            continue
        n = 3 * n + 1
    Steps[idx] = steps


def test_while_loops(rng):
    a = rng.integers(-10**12, 10**12, N)
    b = rng.integers(-10**6, 10**6, N) * rng.integers(1, 1000, N)
    a[:4], b[:4] = [0, 12, -18, 7], [5, 0, 24, -7]
    check_kernel(while_loops, [a, b, *arrays_of(INT64, INT32)])


# ---- helpers and recursion ----------------------------------------------------------------

def helper_result(A, B, Out):
    Out[idx] = combine(A[idx], B[idx])


def combine(a, b):
    return a - b if a < b else a * b


@pytest.mark.parametrize("dtype", NUMERIC_TYPES, ids=type_id)
def test_helper_returning_each_scalar_type(dtype, rng):
    a, b = operand_pairs(dtype, dtype, rng)
    name = dtype.name
    sig = {"helper_result": signature(helper_result, dtype, dtype, dtype),
           "combine": f"{name} ({name} a, {name} b)"}
    check_kernel([helper_result, combine], [a, b, poisoned(dtype)], sig=sig)


# narrow_to_int8 : int8 (int x)
def narrow_to_int8(x):
    return x * 3


# widen_to_double : double (float x)
def widen_to_double(x):
    return x


# is_positive : bool (double x)
def is_positive(x):
    return x > 0


# helper_conversions : void (int* A, float* X, int* Narrowed, double* Widened, int8* Positive)
def helper_conversions(A, X, Narrowed, Widened, Positive):
    Narrowed[idx] = narrow_to_int8(A[idx])
    Widened[idx] = widen_to_double(X[idx]) / 3.0
    Positive[idx] = is_positive(A[idx])


def test_helpers_convert_arguments_and_results_to_their_signature(rng):
    """An int8 result wraps; a double parameter takes an int; a float argument widens."""
    a = operands(INT32, rng)
    x = operands(FLOAT32, rng)
    check_kernel([helper_conversions, narrow_to_int8, widen_to_double, is_positive],
                 [a, x, *arrays_of(INT32, FLOAT64, INT8)])


# factorial : int64 (int64 n)
def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


# fibonacci : int (int n)
def fibonacci(n):
    if n < 2:
        return n
    return fibonacci(n - 1) + fibonacci(n - 2)


# recursion : void (int* N, int64* Factorials, int* Fibonaccis)
def recursion(N, Factorials, Fibonaccis):
    Factorials[idx] = factorial(N[idx])
    Fibonaccis[idx] = fibonacci(N[idx] % 16)


def test_recursion(rng):
    """Factorials past 20! wrap in int64."""
    n = rng.integers(-3, 30, 256).astype(np.int32)
    check_kernel([recursion, factorial, fibonacci], [n, *arrays_of(INT64, INT32, n=256)])


# is_even : bool (int n)
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


# is_odd : bool (int n)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


# parity : void (int* N, bool* Even)
def parity(N, Even):
    Even[idx] = is_even(abs(N[idx]) % 64)


def test_mutual_recursion(rng):
    n = rng.integers(-500, 500, 512).astype(np.int32)
    check_kernel([parity, is_even, is_odd], [n, np.zeros(512, dtype=np.bool_)])


# ---- assignment forms ---------------------------------------------------------------------

# augmented_assignment : void (int* A, int* B, int* Count, double* F, int* Out, double* FloatOut)
def augmented_assignment(A, B, Count, F, Out, FloatOut):
    i = idx * 12
    x = y = A[idx]
    x += B[idx]
    Out[i] = x
    x -= y
    Out[i + 1] = x
    x *= y
    Out[i + 2] = x
    x //= B[idx]
    Out[i + 3] = x
    x %= B[idx]
    Out[i + 4] = x
    x **= Count[idx]
    Out[i + 5] = x
    x <<= Count[idx]
    Out[i + 6] = x
    x >>= Count[idx]
    Out[i + 7] = x
    x &= y
    Out[i + 8] = x
    x |= B[idx]
    Out[i + 9] = x
    x ^= y
    Out[i + 10] = x
    Out[i + 11] = y
    Out[i + 11] += 1
    f = F[idx]
    f /= B[idx]
    FloatOut[idx] = f


def test_augmented_assignment_and_several_targets(rng):
    """x //= and x %= never see a zero or -1 divisor, which may overflow."""
    a = operands(INT32, rng)
    b = operands(INT32, rng)[rng.permutation(N)]
    b[(b == 0) | (b == -1)] = 2
    count = rng.integers(0, 32, N).astype(np.int32)
    f = operands(FLOAT64, rng)
    check_kernel(augmented_assignment, [a, b, count, f, poisoned(INT32, 12 * N), poisoned(FLOAT64)])


# ---- weak literals (NEP 50) and literal forms ---------------------------------------------

# weak_literals : void (float* X, int8* S, double* Product, double* Sum, double* Quotient, double* Difference, int* Incremented, int* Doubled)
def weak_literals(X, S, Product, Sum, Quotient, Difference, Incremented, Doubled):
    Product[idx] = X[idx] * 2.0
    Sum[idx] = X[idx] + 0.1
    Quotient[idx] = X[idx] / 3
    Difference[idx] = 1e-3 - X[idx]
    Incremented[idx] = S[idx] + 1
    Doubled[idx] = S[idx] * 2


def test_weak_literals_keep_the_operand_type(rng):
    """float32 with a Python float stays float32 (the float64 outputs hold exactly the float32
    results), and int8 with a Python int stays int8 (127 + 1 wraps in the int32 output)."""
    x = operands(FLOAT32, rng)
    s = operands(INT8, rng)
    check_kernel(weak_literals, [x, s, *arrays_of(*[FLOAT64] * 4, INT32, INT32)])


# accumulators : void (float* X, int8* S, double* FloatTotal, int* SmallTotal)
def accumulators(X, S, FloatTotal, SmallTotal):
    total = 0
    small_total = 0
    for k in range(3):
        total += X[idx]
        small_total += S[idx]
    FloatTotal[idx] = total
    SmallTotal[idx] = small_total


def test_a_variable_holding_a_literal_takes_the_type_of_what_it_accumulates(rng):
    """`total = 0` then `total += x` with a float32 x is 0 + x, a float32, as in Python with
    NumPy scalars: the sum is float32 (not float64) and an int8 sum wraps in int8."""
    x = operands(FLOAT32, rng)
    s = operands(INT8, rng)
    check_kernel(accumulators, [x, s, *arrays_of(FLOAT64, INT32)])


# integer_with_float_literals : void (int* A, int64* L, double* Scaled, double* Shifted, double* Wide)
def integer_with_float_literals(A, L, Scaled, Shifted, Wide):
    Scaled[idx] = A[idx] * 0.1
    Shifted[idx] = A[idx] + 0.5
    Wide[idx] = L[idx] * 0.5


def test_integer_with_a_float_literal_gives_float32(rng):
    """cudapy's rule, not NumPy's (float64): an integer with a Python float computes in float32,
    the integer converted first."""
    a = operands(INT32, rng)
    wide = operands(INT64, rng)
    args = [a, wide, *arrays_of(FLOAT64, FLOAT64, FLOAT64)]
    actual = run_compiled(integer_with_float_literals, args)
    a32, wide32 = a.astype(np.float32), wide.astype(np.float32)
    expected = [a, wide, (a32 * np.float32(0.1)).astype(np.float64),
                (a32 + np.float32(0.5)).astype(np.float64),
                (wide32 * np.float32(0.5)).astype(np.float64)]
    assert_arrays_match(integer_with_float_literals, args, actual, expected)


# literal_forms : void (float* X, double* Scaled, double* Shifted, double* Circle, int8* Finite, float* Special, int* Integers)
def literal_forms(X, Scaled, Shifted, Circle, Finite, Special, Integers):
    Scaled[idx] = X[idx] * 1e-3
    Shifted[idx] = X[idx] + 1_000.5
    Circle[idx] = X[idx] * math.pi
    Finite[idx] = -math.inf < X[idx] < math.inf
    Special[idx] = float('nan') if X[idx] < 0 else (float('inf') if X[idx] > 1 else .5)
    Integers[idx] = 0xFF + 0o17 + 0b1010 + 1_000_000 + int(2.5e+2) + int(1E3) + idx


def test_literal_forms(rng):
    """Float literals are weak, so with float32 operands they round to float32."""
    x = operands(FLOAT32, rng)
    check_kernel(literal_forms, [x, *arrays_of(FLOAT64, FLOAT64, FLOAT64, INT8, FLOAT32, INT32)])


# ---- thread indices -----------------------------------------------------------------------

# thread_indices : void (int* Thread, int* Block, int* BlockSize, int* GridSize, int* Warp, int* Lane)
def thread_indices(Thread, Block, BlockSize, GridSize, Warp, Lane):
    Thread[idx] = threadIdx.x
    Block[idx] = blockIdx.x
    BlockSize[idx] = blockDim.x
    GridSize[idx] = gridDim.x
    Warp[idx] = warpSize
    Lane[idx] = threadIdx.x % warpSize


def test_thread_indices_and_warp_size():
    check_kernel(thread_indices, arrays_of(*[INT32] * 6, n=5 * 96), grid=5, block=96)


# thread_indices_2d : void (int* X, int* Y, int width)
def thread_indices_2d(X, Y, width):
    X[idy * width + idx] = threadIdx.x + 1000 * blockIdx.x
    Y[idy * width + idx] = threadIdx.y + 1000 * blockIdx.y + 100000 * blockDim.y


def test_two_dimensional_thread_indices():
    grid, block = (3, 2), (8, 4)
    width = grid[0] * block[0]
    args = [*arrays_of(INT32, INT32, n=width * grid[1] * block[1]), width]
    check_kernel(thread_indices_2d, args, grid=grid, block=block)


# index_3d : void (int* Out, int nx, int ny)
def index_3d(Out, nx, ny):
    Out[(idz * ny + idy) * nx + idx] = idx + 10 * idy + 100 * idz


def test_three_dimensional_thread_counts():
    check_kernel(index_3d, [poisoned(INT32, 7 * 5 * 3), 7, 5], threads=(7, 5, 3))


# ---- rounding and float classification ----------------------------------------------------

def rounding(X, Floor, Ceil, Trunc, Round):
    Floor[idx] = math.floor(X[idx])
    Ceil[idx] = math.ceil(X[idx])
    Trunc[idx] = math.trunc(X[idx])
    Round[idx] = round(X[idx])


@pytest.mark.parametrize("dtype", FLOAT_TYPES + [INT64], ids=type_id)
def test_floor_ceil_trunc_round_give_int64(dtype, rng):
    """Values beyond int32 show the int64 result; round() takes halves to even."""
    if dtype.kind == "f":
        x = floats_in_range(dtype, INT64, rng)
        x[:8] = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3e9, -3e9]
    else:
        x = operands(dtype, rng)
    check_kernel(rounding, [x, *arrays_of(*[INT64] * 4)],
                 sig=signature(rounding, dtype, *[INT64] * 4))


def classify(X, IsNan, IsInf, IsFinite):
    IsNan[idx] = math.isnan(X[idx])
    IsInf[idx] = math.isinf(X[idx])
    IsFinite[idx] = math.isfinite(X[idx])


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=type_id)
def test_isnan_isinf_isfinite(dtype, rng):
    x = operands(dtype, rng)
    x[rng.random(N) < 0.1] = np.inf
    x[rng.random(N) < 0.1] = np.nan
    check_kernel(classify, [x, *arrays_of(INT8, INT8, INT8)],
                 sig=signature(classify, dtype, INT8, INT8, INT8))


# ---- modf ---------------------------------------------------------------------------------

def split(A, Fraction, Whole, Again):
    f, w = math.modf(A[idx])
    Fraction[idx] = f
    Whole[idx] = w
    x = Whole[idx] + f * 0.5
    x, w = math.modf(x)  # the argument is read before either target is assigned
    Again[idx] = x - w


@pytest.mark.parametrize("dtype", FLOAT_TYPES + [np.dtype(np.int32)], ids=type_id)
def test_modf_gives_python_s_fraction_and_whole_part(dtype, rng):
    """In float64, signs kept on zeros, (+-0.0, +-inf) for infinities."""
    x = operands(dtype, rng)
    if dtype.kind == "f":
        x[rng.random(N) < 0.05] = np.inf
        x[rng.random(N) < 0.05] = -np.inf
        x[rng.random(N) < 0.05] = np.nan
        x[rng.random(N) < 0.05] = -0.0
    float64 = np.dtype(np.float64)
    check_kernel(split, [x, *arrays_of(float64, float64, float64)],
                 sig=signature(split, dtype, float64, float64, float64))


# ---- fma, copysign, f-suffixed names ------------------------------------------------------

def fused(A, B, C, Fma, CopySign):
    Fma[idx] = math.fma(A[idx], B[idx], C[idx])
    CopySign[idx] = math.copysign(A[idx], C[idx])


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=type_id)
def test_fma_rounds_once_and_copysign(dtype, rng):
    """Half the addends cancel the rounded product, leaving exactly its rounding error, which a
    separate multiply and add would lose."""
    a, b = operand_pairs(dtype, dtype, rng)
    with np.errstate(all="ignore"):
        product = a * b
    c = np.where(rng.random(N) < 0.5, -product, operands(dtype, rng)[rng.permutation(N)])
    check_kernel(fused, [a, b, c, *arrays_of(dtype, dtype)], sig=signature(fused, *[dtype] * 5))


# single_precision_names : void (double* X, double* Sin, double* Sqrt, double* Exp)
def single_precision_names(X, Sin, Sqrt, Exp):
    Sin[idx] = math.sinf(X[idx])
    Sqrt[idx] = math.sqrtf(X[idx])
    Exp[idx] = math.expf(X[idx] / 100)


def test_f_suffixed_names_compute_in_float32(rng):
    """math.sinf on a double computes in float32: the results are float32 values."""
    x = operands(FLOAT64, rng)
    # float32 results, stored as doubles: float32's subnormals have float32's absolute precision.
    actual = check_kernel(single_precision_names, [x, *arrays_of(FLOAT64, FLOAT64, FLOAT64)],
                          rtol=MATH_RTOL[FLOAT32], atol=np.finfo(np.float32).tiny)
    for result in actual[1:]:
        finite = np.isfinite(result)
        np.testing.assert_array_equal(result[finite].astype(np.float32), result[finite])


# ---- tuple assignment and chained comparisons with calls ----------------------------------

# tuple_assignment : void (int* A, int* B, int* N, int* First, int* Second, int* Fibonacci)
def tuple_assignment(A, B, N, First, Second, Fibonacci):
    a, b = A[idx], B[idx]
    a, b = b, a
    First[idx] = a
    Second[idx] = b
    x, y = 0, 1
    for i in range(N[idx]):
        x, y = y, x + y
    Fibonacci[idx] = x


def test_tuple_assignment_and_swap(rng):
    """The right side is evaluated completely before any target is assigned."""
    a, b = operand_pairs(INT32, INT32, rng)
    n = rng.integers(-2, 47, N).astype(np.int32)  # up to the largest int32 Fibonacci number
    check_kernel(tuple_assignment, [a, b, n, *arrays_of(INT32, INT32, INT32)])


# chained_call : void (int* X, int* Calls, int8* Inside)
def chained_call(X, Calls, Inside):
    Inside[idx] = -5 < count_int(Calls, idx, X[idx]) <= 5


def test_chained_comparison_evaluates_a_call_once(rng):
    x = rng.integers(-10, 11, N).astype(np.int32)
    actual = check_kernel([chained_call, count_int], [x, np.zeros(N, np.int32), poisoned(INT8)])
    np.testing.assert_array_equal(actual[1], np.ones(N, np.int32))
