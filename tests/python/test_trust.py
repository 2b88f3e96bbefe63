"""Trust: results Python gives, errors where Python raises, no crash, and no byte from outside
that reaches the emitted C++ anywhere but inside its literal.

Each kernel runs on the CPU target, and on the GPU where there is one; the oracle is Python
itself (the kernel's arithmetic evaluated with Python's integers, or the function run as
Python), never the code under test.
"""

import ctypes
import os
import random
import re
import subprocess
import sys
import textwrap
import unicodedata

import numpy as np
import pytest

import cudapy as cp
from cudapy import _ffi


@pytest.fixture(params=["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])])
def target(request):
    return request.param


def run(source, target, *args, threads=None, **options):
    kernel = cp.compile(textwrap.dedent(source), target=target, **options)
    kernel(threads or len(args[0]))(*args)
    return args


# ---- min and max of negations (ptxas of CUDA 13.0 lost the negation in a 3-way min) ---------

MIN_MAX_KERNELS = {
    "min3": ("min(x, -y, abs(x - y))", lambda x, y: min(x, -y, abs(x - y))),
    "max3": ("max(x, -y, abs(x - y))", lambda x, y: max(x, -y, abs(x - y))),
    "min4": ("min(-x, y, -y, x - y)", lambda x, y: min(-x, y, -y, x - y)),
    "nested": ("min(min(x, -y), abs(x - y))", lambda x, y: min(min(x, -y), abs(x - y))),
    "local": ("max(max(x, 0 - y), x + y)", lambda x, y: max(max(x, 0 - y), x + y)),
}


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64])
@pytest.mark.parametrize("name", list(MIN_MAX_KERNELS))
def test_min_max_keep_negations(name, dtype, target):
    expression, python = MIN_MAX_KERNELS[name]
    ctype = np.dtype(dtype).name
    rng = np.random.default_rng(15)
    info = np.iinfo(dtype)
    # Small enough that no operation wraps, so Python's integers are the oracle.
    bound = min(1000, info.max // 4)
    x = rng.integers(-bound, bound, 4096).astype(dtype)
    y = rng.integers(-bound, bound, 4096).astype(dtype)
    out = np.full(4096, 99, dtype)
    run(f"""
        # k : void ({ctype}[:] X, {ctype}[:] Y, {ctype}[:] O)
        def k(X, Y, O):
            x = X[idx]
            y = Y[idx]
            O[idx] = {expression}
        """, target, x, y, out)
    expected = np.array([python(int(a), int(b)) for a, b in zip(x, y)], dtype)
    np.testing.assert_array_equal(out, expected)


@pytest.mark.nvrtc
def test_negation_reaches_ptxas_as_complement_plus_one():
    """ptxas (CUDA 13.0, sm_90 and later) folds a `neg.s32` into a three-way min and drops it
    (tests/python/data/ptxas_min3.cu reproduces it in plain CUDA C++); the GPU code spells a
    signed 32-bit negation so that it cannot."""
    ptx = cp.ptx(textwrap.dedent("""
        # k : void (int* X, int* Y, int* O)
        def k(X, Y, O):
            x = X[idx]
            y = Y[idx]
            O[idx] = min(x, -y, abs(x - y))
        """), arch="sm_90")
    body = ptx[ptx.index(".entry"):]
    assert "neg.s32" not in body and "sub.s32" not in body.replace("sub.s32 \t%r", "")
    assert "not.b32" in body


@pytest.mark.gpu
def test_ptxas_reproducer_is_kept():
    """The smallest CUDA C++ that shows the toolchain's fault, run through CuPy's NVRTC: it
    records whether this GPU's toolchain still drops the negation (our own code avoids it)."""
    cupy = pytest.importorskip("cupy")
    source = open(os.path.join(os.path.dirname(__file__), "data", "ptxas_min3.cu")).read()
    kernel = cupy.RawKernel(source, "min3")
    x = cupy.asarray(np.array([889], np.int32))
    y = cupy.asarray(np.array([-574], np.int32))
    out = cupy.zeros(1, np.int32)
    kernel((1,), (1,), (x, y, out))
    value = int(out.get()[0])
    assert value in (574, -574)  # the right value, or the one the fault gives
    if value == -574:
        pytest.xfail("this toolchain's ptxas still drops a negation folded into a 3-way min")


# ---- narrow integers (ptxas of CUDA 13.0 sign-extended a 16-bit negation without wrapping) --

def wrapped16(value):
    return (value + 32768) % 65536 - 32768


NARROW_KERNELS = {
    "product": ("x * int16(-16384)", lambda x: x * -16384),
    "negation": ("-x", lambda x: -x),
    "difference": ("int16(0) - x", lambda x: -x),
    "complement": ("~x + int16(1)", lambda x: ~x + 1),
    "in_min": ("min(-(x | -8), x * int16(-16384), int16(24))",
               lambda x: min(wrapped16(-(x | -8)), wrapped16(x * -16384), 24)),
}


@pytest.mark.parametrize("name", list(NARROW_KERNELS))
def test_narrow_arithmetic_wraps_at_the_smallest_value(name, target):
    expression, python = NARROW_KERNELS[name]
    x = np.array([2, -2, -32768, 32767, 1, 0, -1, 16384, -16384, 3], np.int16)
    out = np.zeros(len(x), np.int32)
    run(f"""
        # k : void (int16[:] X, int32[:] O)
        def k(X, O):
            x = X[idx]
            O[idx] = {expression}
        """, target, x, out)
    expected = [wrapped16(python(int(v))) for v in x]
    np.testing.assert_array_equal(out, expected)


@pytest.mark.nvrtc
def test_narrow_arithmetic_reaches_ptxas_in_32_bits():
    """No 16-bit negation reaches ptxas, which sign-extends its result wrongly
    (tests/python/data/ptxas_neg16.cu), not even one LLVM makes of a product."""
    ptx = cp.ptx(textwrap.dedent("""
        # k : void (int16* X, int32* O)
        def k(X, O):
            x = X[idx]
            O[idx] = min(-x, x * int16(-16384), int16(0) - x, int16(24))
        """), arch="sm_90")
    body = ptx[ptx.index(".entry"):]
    assert "neg.s16" not in body and "sub.s16" not in body


@pytest.mark.gpu
def test_ptxas_neg16_reproducer_is_kept():
    """The smallest CUDA C++ that shows the fault, through CuPy's NVRTC: it records whether
    this GPU's toolchain still sign-extends a 16-bit negation wrongly (our code avoids it)."""
    cupy = pytest.importorskip("cupy")
    source = open(os.path.join(os.path.dirname(__file__), "data", "ptxas_neg16.cu")).read()
    kernel = cupy.RawKernel(source, "neg16")
    x = cupy.asarray(np.array([-32768], np.int16))
    out = cupy.zeros(1, np.int32)
    kernel((1,), (1,), (x, out))
    value = int(out.get()[0])
    assert value in (-32768, 32768)  # the right value, or the one the fault gives
    if value == 32768:
        pytest.xfail("this toolchain's ptxas still sign-extends a 16-bit negation wrongly")


# ---- float min and max (LLVM made PTX's min.f32 of a choice, which prefers -0.0) --------------

@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_min_max_of_equal_zeros_keep_the_first(dtype, target):
    """Python's min and max give the first of equal arguments: min(0.0, -0.0) is 0.0 and
    max(-0.0, 0.0) is -0.0, also where one of them is a constant the compiler sees."""
    ctype = np.dtype(dtype).name
    x = np.array([0.0, -0.0, 1.0, -1.0, np.nan, np.inf, -np.inf, 0.5], dtype)
    out = np.full((4, len(x)), 7.0, dtype)
    run(f"""
        # k : void ({ctype}[:] X, {ctype}[:, :] O)
        def k(X, O):
            x = X[idx]
            O[0, idx] = min({ctype}(0.0), -abs(x))
            O[1, idx] = max({ctype}(-0.0), abs(x))
            O[2, idx] = min(x, {ctype}(-0.0))
            O[3, idx] = max(x, {ctype}(0.0))
        """, target, x, out, threads=len(x))
    zero, minus_zero = dtype(0.0), dtype(-0.0)
    expected = np.array([[min(zero, -abs(v)) for v in x], [max(minus_zero, abs(v)) for v in x],
                         [min(v, minus_zero) for v in x], [max(v, zero) for v in x]], dtype)
    np.testing.assert_array_equal(out, expected)
    np.testing.assert_array_equal(np.signbit(out), np.signbit(expected))


@pytest.mark.nvrtc
def test_float_min_max_reach_ptxas_as_a_choice():
    """LLVM does not make PTX's min or max (which takes -0.0 for the smaller zero) of a float
    min or max: the choice reaches ptxas as a comparison and a select."""
    ptx = cp.ptx(textwrap.dedent("""
        # k : void (float32* X, float64* Y, float32* O, float64* P)
        def k(X, Y, O, P):
            O[idx] = max(min(float32(0.0), -abs(X[idx])), float32(-0.0))
            P[idx] = max(min(0.0, -abs(Y[idx])), -0.0)
        """), arch="sm_90")
    body = ptx[ptx.index(".entry"):]
    assert not re.search(r"\b(min|max)\.f(32|64)\b", body)
    assert "selp.f32" in body and "selp.f64" in body


# ---- arithmetic inside an index -------------------------------------------------------------

def test_an_index_wraps_below_a_modulo(target):
    """A product that overflows int32 under a % is NumPy's wrapped product, not a wider one."""
    a = np.array([-974775886, 2097152, -2147483648, 65536, 46341, 7], np.int32)
    table = np.arange(27, dtype=np.int32) * 10
    out = np.zeros(len(a), np.int32)
    run("""
        # k : void (int32[:] A, int32[:] T, int32[:] O)
        def k(A, T, O):
            O[idx] = T[A[idx] * A[idx] % len(T)]
        """, target, a, table, out)
    with np.errstate(over="ignore"):
        products = a * a
    np.testing.assert_array_equal(out, table[products.astype(np.int64) % len(table)])


# ---- division by zero ----------------------------------------------------------------------

@pytest.mark.parametrize("statement, column", [
    ("X[idx] = X[idx] // 0", 24),
    ("X[idx] = X[idx] % 0", 23),
    ("X[idx] = X[idx] / 0.0", 23),
    ("X[idx] = X[idx] // -0", 24),
    ("X[idx] //= 0", 16),
    ("X[idx] %= (0)", 15),
])
def test_division_by_a_literal_zero_is_a_compile_error(statement, column):
    with pytest.raises(cp.CompileError) as caught:
        cp.translate(f"# k : void (int64* X)\ndef k(X):\n    {statement}\n")
    diagnostic = caught.value.diagnostics[0]
    assert "by zero" in diagnostic.message
    assert (diagnostic.lineno, diagnostic.offset) == (3, column)


def test_integer_division_by_zero_at_run_time_raises_on_the_cpu():
    kernel = cp.compile(textwrap.dedent("""
        # k : void (int32[:] X, int32 n)
        def k(X, n):
            X[idx] = X[idx] // n + X[idx] % n
        """), target="cpu")
    x = np.arange(8, dtype=np.int32)
    with pytest.raises(ZeroDivisionError, match=r"<string>:4: ZeroDivisionError: integer division"):
        kernel(8)(x, 0)
    kernel(8)(x, 3)  # the process and the kernel go on
    np.testing.assert_array_equal(x, np.arange(8) // 3 + np.arange(8) % 3)


def test_smallest_integer_over_minus_one_wraps(target):
    """NumPy wraps it (with a warning); C++ leaves it undefined, and x86 traps."""
    x = np.full(4, np.iinfo(np.int32).min, np.int32)
    q, r = np.zeros(4, np.int32), np.ones(4, np.int32)
    run("""
        # k : void (int32[:] X, int32[:] Q, int32[:] R, int32 n)
        def k(X, Q, R, n):
            Q[idx] = X[idx] // n
            R[idx] = X[idx] % n
        """, target, x, q, r, -1)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(q, x // np.int32(-1))
    np.testing.assert_array_equal(r, 0)


@pytest.mark.gpu
def test_integer_division_by_zero_raises_on_the_gpu_in_debug_builds():
    """As numba's debug mode does; the error names the line. In a child process: a failed
    launch must not touch the other tests' GPU context."""
    script = textwrap.dedent("""
        import sys
        import numpy as np
        import cudapy as cp
        kernel = cp.compile('''
        # k : void (int32[:] X, int32 n)
        def k(X, n):
            X[idx] = X[idx] // n
        ''', debug=True)
        x = np.arange(64, dtype=np.int32)
        try:
            kernel(64)(x, 0)
        except ZeroDivisionError as error:
            print("raised:", error)
            kernel(64)(x, 2)
            assert (x == np.arange(64) // 2).all()
            sys.exit(0)
        sys.exit(1)
        """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert ":4: ZeroDivisionError: integer division or modulo by zero" in result.stdout


# ---- literals: Python's exact integers, then the literal's range rule ------------------------

FOLDED = ["2**31", "2147483647 + 1", "10**20 // 10**10", "-(2**63)", "2**63 - 1", "~0",
          "1 << 62", "-7 // 2", "-7 % 3", "(1 << 70) >> 65", "3**39 // 3**38", "-(-5)",
          "(2**64 - 1) // 2**32", "pow(3, 20)", "0x7fffffff * 2 + 2", "6 & -4 | 1 ^ 8"]


@pytest.mark.parametrize("expression", FOLDED)
def test_literal_arithmetic_is_exact(expression, target):
    out = np.zeros(2, np.int64)
    run(f"""
        # k : void (int64[:] X)
        def k(X):
            X[idx] = {expression}
        """, target, out)
    assert out[0] == eval(expression)


@pytest.mark.parametrize("expression, message", [
    ("10**20", "the integer 100000000000000000000 does not fit in 64 bits"),
    ("2**64 + 1 - 1", "does not fit in 64 bits"),
    ("-(2**63) - 1", "the integer -9223372036854775809 does not fit in 64 bits"),
    ("x + 10**20", "does not fit in 64 bits"),
    ("2**1000", "too large for 64 bits"),
    ("1 << -1", "negative shift count"),
    ("0 ** -1", "0 cannot be raised to a negative power"),
])
def test_literal_arithmetic_out_of_range_is_an_error(expression, message):
    with pytest.raises(cp.CompileError, match=re.escape(message)):
        cp.translate(f"# k : void (int64* X, int64 x)\ndef k(X, x):\n    X[idx] = {expression}\n")


@pytest.mark.parametrize("expression", ["2**31", "2147483647 + 1", "-(2**31) - 1"])
def test_a_folded_literal_keeps_the_range_rule(expression):
    with pytest.raises(cp.CompileError, match="does not fit in int32"):
        cp.translate(f"# k : void (int32* X)\ndef k(X):\n    X[idx] = {expression}\n")


def test_a_zero_range_step_is_a_compile_error():
    with pytest.raises(cp.CompileError) as caught:
        cp.translate("# k : void (int32* X)\ndef k(X):\n    for i in range(0, 10, 0):\n"
                     "        X[idx] = i\n")
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.message == "range() arg 3 must not be zero"
    assert (diagnostic.lineno, diagnostic.offset) == (3, 27)


# ---- names --------------------------------------------------------------------------------

# Macros, keywords and globals of C, C++ and CUDA, and names the translation itself uses.
HOSTILE_NAMES = ["printf", "NULL", "true", "false", "EOF", "INFINITY", "NAN", "M_PI",
                 "HUGE_VAL", "errno", "std", "CUDAPY_FN", "CUDAPY_LAUNCH_BOUNDS", "main", "int",
                 "float", "double", "char", "long", "auto", "new", "delete", "this", "sizeof",
                 "linux", "unix", "stdin", "offsetof", "INT_MAX", "FLT_MAX",
                 "RAND_MAX", "EDOM", "sin", "sqrtf", "rint", "j0", "min", "max", "abs", "fma",
                 "atomicAdd", "cudapy", "cudapy_i1", "cudapy_extent", "x_py", "_Bool", "__x",
                 "threadIdx", "dim3", "size_t", "λ", "名前", "xǅ"]


def helper_and_kernel_named(name):
    """`name` as a helper, and in the names of a kernel, its parameter and its locals."""
    return f"""
# {name} : int64 (int64 v)
def {name}(v):
    {name}_2 = v * 3
    return {name}_2 + 1

# kernel_of_{name} : void (int64[:] X, int64 {name}_p)
def kernel_of_{name}(X, {name}_p):
    {name}_local = {name}_p + idx
    X[idx] = {name}({name}_local)
"""


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_any_identifier_is_a_local_parameter_and_helper(name, target):
    out = np.zeros(4, np.int64)
    kernel = cp.module(helper_and_kernel_named(name), target=target)
    getattr(kernel, unicodedata.normalize("NFKC", f"kernel_of_{name}"))(4)(out, 5)
    np.testing.assert_array_equal(out, [(5 + i) * 3 + 1 for i in range(4)])


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_any_identifier_is_a_kernel_and_variable(name, target):
    out = np.zeros(4, np.int64)
    source = f"""
        # {name} : void (int64[:] X)
        def {name}(X):
            {name}_v = 7
            X[idx] = {name}_v + idx
        """
    run(source, target, out)
    np.testing.assert_array_equal(out, 7 + np.arange(4))


@pytest.mark.parametrize("name", [n for n in HOSTILE_NAMES if n.isidentifier()
                                  and n not in ("int", "float", "abs", "min", "max")])
def test_hostile_names_as_plain_locals(name, target):
    out = np.zeros(2, np.int64)
    run(f"""
        # k : void (int64[:] X)
        def k(X):
            {name} = 40
            X[idx] = {name} + 2
        """, target, out)
    np.testing.assert_array_equal(out, [42, 42])


def test_identifiers_are_nfkc_normalized(target):
    """Python reads 𝐱 as x and ﬁ as fi."""
    namespace = {}
    body = "    x = 1\n    𝐱 = 5\n    ﬁ = 7\n    X[idx] = x + fi\n"
    exec("def python(X, idx):\n" + body, namespace)
    expected = [0]
    namespace["python"](expected, 0)
    out = np.zeros(1, np.int64)
    run("# 𝐤 : void (int64* X)\ndef k(X):\n" + body, target, out)
    assert out[0] == expected[0] == 12


def test_a_non_ascii_kernel_finds_its_signature_comment(target):
    out = np.zeros(3, np.float32)
    run("# λ : void (float* X)\ndef λ(X):\n    X[idx] = 2.5\n", target, out)
    np.testing.assert_array_equal(out, 2.5)


@pytest.mark.parametrize("rebinding, call, word", [
    ("len = 3", "len(X)", "function"),
    ("range = 3", "1\n    for i in range(3):\n        X[idx] = i", "function"),
    ("int = 3", "int(2.5)", "function"),
    ("abs = 3", "abs(-2)", "function"),
    ("math = 3", "math.floor(2.5)", "module"),
])
def test_a_rebound_builtin_is_the_variable(rebinding, call, word):
    """In Python the local wins (a name assigned anywhere in a function is local to all of it),
    so the call would call a number: refused, naming the variable."""
    with pytest.raises(cp.CompileError, match=f"is a variable of this function .*, not a {word}"):
        cp.translate(f"import math\n# k : void (int64* X)\ndef k(X):\n    {rebinding}\n"
                     f"    X[idx] = {call}\n")


@pytest.mark.parametrize("body", [
    "X[idx] = v\n    v = 7",
    "if X[idx] > 0:\n        X[idx] = v\n    v = 7",
    "for i in range(3):\n        X[idx] = v\n    v = 7",
])
def test_a_read_before_every_assignment_is_unbound(body):
    with pytest.raises(cp.CompileError, match="'v' is read before any assignment"):
        cp.translate(f"# k : void (int64* X)\ndef k(X):\n    {body}\n")


def test_a_module_constant_hidden_by_a_later_local_is_unbound():
    with pytest.raises(cp.CompileError, match="'N' is read before any assignment"):
        cp.translate("N = 5\n# k : void (int64* X)\ndef k(X):\n    X[idx] = N\n    N = 7\n")


def test_reads_that_some_path_assigns_are_kept(target):
    """Python runs these; their reads follow an assignment on the paths that reach them."""
    out = np.zeros(4, np.int64)
    run("""
        # k : void (int64[:] X)
        def k(X):
            for i in range(3):
                if i > 0:
                    X[idx] = v
                v = i
            if idx < 2:
                w = 5
            if idx < 2:
                X[idx] += w
        """, target, out)
    np.testing.assert_array_equal(out, [6, 6, 1, 1])


def test_print_knows_pythons_escapes(target, capfd):
    run(r'''
        # k : void (int32[:] X)
        def k(X):
            if idx == 0:
                print("A\x42\u0043\101\N{DIGIT ONE}|\N{greek small letter alpha}\U0001F600\t%d\\")
        ''', target, np.zeros(1, np.int32))
    cp.synchronize() if target == "cuda" else None
    expected = "A\x42\u0043\101\N{DIGIT ONE}|\N{greek small letter alpha}\U0001F600\t%d\\"
    assert expected == "ABCA1|α😀\t%d\\"
    assert expected in capfd.readouterr().out


def test_an_unknown_character_name_is_a_syntax_error():
    with pytest.raises(cp.CompileError, match="unknown Unicode character name 'NO SUCH'"):
        cp.translate('# k : void (int32* X)\ndef k(X):\n    print("\\N{NO SUCH}")\n')


def test_a_kernel_calling_itself_is_told_so():
    with pytest.raises(cp.CompileError, match="'k' is a kernel .* a kernel cannot call a kernel"):
        cp.translate("# k : void (float* X)\ndef k(X):\n    X[idx] = 1\n    k(X)\n")


def test_star_args_are_refused_at_their_own_line():
    with pytest.raises(cp.CompileError) as caught:
        cp.translate("# k : void (float* X)\ndef k(*X):\n    X[idx] = 1\n")
    [diagnostic] = caught.value.diagnostics
    assert (diagnostic.lineno, diagnostic.offset) == (2, 7)
    assert diagnostic.message.startswith("'*X' is not supported")


# ---- CudaPy's API ---------------------------------------------------------------------------

def test_source_text_with_its_helper_first(target):
    source = """
        # mandel : int (float x)
        def mandel(x):
            return 3

        # k : void (float* X)
        def k(X):
            X[idx] = mandel(1.0)
        """
    out = np.zeros(4, np.float32)
    run(source, target, out)
    np.testing.assert_array_equal(out, 3)


def test_source_text_with_two_kernels_asks_for_a_module():
    with pytest.raises(ValueError, match=r"2 kernels \(k, j\).*cudapy\.module"):
        cp.compile("# k : void (float* X)\ndef k(X):\n    X[idx] = 1\n\n"
                   "# j : void (float* X)\ndef j(X):\n    X[idx] = 2\n", target="cpu")


# ---- bytes from outside in emitted string literals -------------------------------------------

def c_string_literals(text):
    """The decoded bytes of every C string literal in `text` (escapes as C reads them)."""
    literals = []
    for match in re.finditer(rb'"((?:[^"\\\n]|\\.)*)"', text):
        body, value, i = match.group(1), bytearray(), 0
        while i < len(body):
            if body[i:i + 1] != b"\\":
                value.append(body[i])
                i += 1
                continue
            escape = body[i + 1:i + 2]
            if escape in b"01234567" and escape:
                digits = re.match(rb"[0-7]{1,3}", body[i + 1:]).group(0)
                value.append(int(digits, 8))
                i += 1 + len(digits)
            else:
                value += {b"n": b"\n", b"t": b"\t"}.get(escape, escape)
                i += 2
        literals.append(bytes(value))
    return literals


def translate_with_file_name(source, file_name, target="cuda"):
    program = _ffi.program_p()
    _ffi.check(_ffi.lib.cudapy_program_new(ctypes.byref(program)))
    try:
        text = source.encode()
        _ffi.check(_ffi.lib.cudapy_program_add_source(program, text, len(text), file_name, 1, 0),
                   program)
        out = ctypes.c_void_p()
        _ffi.check(_ffi.lib.cudapy_program_translate(program, ctypes.byref(out)), program)
        return _ffi.take_string(out).encode("utf-8", "surrogateescape")
    finally:
        _ffi.lib.cudapy_program_delete(program)


INJECTION_KERNEL = ("# k : void (int32* X)\ndef k(X):\n    assert X[idx] >= 0, 'ok'\n"
                    "    X[idx] = X[idx] // (X[idx] + 1) + 5\n")


@pytest.mark.parametrize("seed", range(40))
def test_file_names_of_random_bytes_stay_inside_their_literals(seed):
    """Every #line directive, assert and division check names the file in a literal that
    decodes back to exactly its bytes; nothing else of the emitted code changes."""
    rng = random.Random(seed)
    alphabet = [bytes([b]) for b in range(1, 256)] + [b"\\\r", b'\\"', b"??=", b"*/", b"\\\n"]
    name = b"".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
    emitted = translate_with_file_name(INJECTION_KERNEL, name)
    plain = translate_with_file_name(INJECTION_KERNEL, b"kern.py")
    literals = c_string_literals(emitted)
    assert literals.count(name) == c_string_literals(plain).count(b"kern.py") > 0
    for line in emitted.splitlines():
        assert b"\r" not in line and not line.endswith(b"\\") or line.startswith(b"#define")
    assert emitted.count(b"\n") == plain.count(b"\n")


def test_the_file_name_attack_writes_nothing(tmp_path):
    """A kernel read from a file named \\ CR '", 3, 0); X.data[0] = 31337; //kern.py' once
    wrote 31337 on the CPU target."""
    import importlib.util
    folder = tmp_path / os.fsdecode(b'\\\r", 3, 0); X.data[0] = 31337; ')
    folder.mkdir()
    path = str(folder) + "//kern.py"
    with open(path, "w") as file:
        file.write(INJECTION_KERNEL)
    spec = importlib.util.spec_from_file_location("attack", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = np.zeros(4, np.int32)
    cp.compile(module.k, target="cpu")(4)(out)
    np.testing.assert_array_equal(out, 5)


@pytest.mark.nvrtc
def test_hostile_names_compile_with_nvrtc():
    """Each name as a kernel, helper, parameter and local of one module that NVRTC compiles."""
    names = [name for name in HOSTILE_NAMES if name.isidentifier()]
    source = "".join(helper_and_kernel_named(name) for name in names)
    ptx = cp.module(source).ptx("sm_80")
    assert ptx.count(".entry") == len(names)
