"""Differential testing of the translator with random programs (tests/differential/).

Generated kernels run on a target and in the interpreter (`target="python"`, NumPy's scalar
arithmetic), and every output must agree: bit for bit for integers, bools and exact float
results, within a few ulps for the transcendental math functions. The CPU batch runs in CI;
the GPU batch runs where there is a GPU. The regression corpus (tests/differential/
regressions/) holds each bug found, reduced; a case whose bug is open is a strict xfail on the
targets it shows on.

    CUDAPY_DIFF_COUNT      programs of the CPU batch (default 2000)
    CUDAPY_DIFF_GPU_COUNT  programs of the GPU batch (default 20000), in chunks of 500 that
                           pytest -n spreads over its workers
    CUDAPY_DIFF_SEED       the first seed (default run.DEFAULT_SEED)
    CUDAPY_DIFF_AVOID      the known bugs the generator avoids (default: those of the target;
                           `none`, or a comma list of generator.KNOWN_BUGS)
    CUDAPY_DIFF_JOBS       worker processes of a batch (default: the cores; 1 under pytest -n)
    CUDAPY_DIFF_OUT        where failing programs are written (default: the test's tmp_path)
"""

import math
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

DIFFERENTIAL = pathlib.Path(__file__).resolve().parents[1] / "differential"
sys.path.insert(0, str(DIFFERENTIAL))

import cases  # noqa: E402
import generator  # noqa: E402
import harness  # noqa: E402
import run as runner  # noqa: E402

CPU_COUNT = int(os.environ.get("CUDAPY_DIFF_COUNT", 2000))
GPU_COUNT = int(os.environ.get("CUDAPY_DIFF_GPU_COUNT", 20000))
GPU_CHUNK = 500
REGRESSIONS = cases.load_all(DIFFERENTIAL / "regressions")


def jobs():
    if "CUDAPY_DIFF_JOBS" in os.environ:
        return int(os.environ["CUDAPY_DIFF_JOBS"])
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return 1  # pytest -n spreads the chunks already
    return max(1, min(os.cpu_count() or 1, 8))


def check_seeds(seeds, target, tmp_path):
    # A seed whose bug a regression case records as open on this target is that case's to
    # check (a strict xfail, which fails once the bug is gone), not the batch's again.
    recorded = {case.seed for case in REGRESSIONS if case.seed is not None
                and shows_bug(case, "cuda" if target == "gpu" else target)}
    seeds = [seed for seed in seeds if seed not in recorded]
    failures = runner.run_seeds(seeds, target, jobs())
    if not failures:
        return
    folder = pathlib.Path(os.environ.get("CUDAPY_DIFF_OUT", tmp_path / "failures"))
    runner.write_failures(failures, folder, target=target)
    lines = [runner.summary(len(seeds), failures),
             f"failing programs written to {folder}/ (reduce one with "
             f"`python3 tests/differential/reduce.py --case FILE"
             f"{' --target cuda' if target == 'gpu' else ''}`)"]
    for seed, (kind, details) in sorted(failures.items())[:20]:
        lines.append(f"seed {seed}: {kind}: " + "; ".join(details)[:400])
    pytest.fail("\n".join(lines), pytrace=False)


# ---- batches ------------------------------------------------------------------------------

def test_cpu_batch(tmp_path):
    """CUDAPY_DIFF_COUNT programs on the CPU target agree with the interpreter."""
    first = runner.base_seed()
    check_seeds(range(first, first + CPU_COUNT), "cpu", tmp_path)


@pytest.mark.gpu
@pytest.mark.nvrtc
@pytest.mark.parametrize("chunk", range(math.ceil(GPU_COUNT / GPU_CHUNK)))
def test_gpu_batch(chunk, tmp_path):
    """CUDAPY_DIFF_GPU_COUNT programs on the GPU agree with the interpreter, GPU_CHUNK per
    test."""
    first = runner.base_seed() + chunk * GPU_CHUNK
    last = min(runner.base_seed() + GPU_COUNT, first + GPU_CHUNK)
    check_seeds(range(first, last), "gpu", tmp_path)


# ---- the regression corpus ----------------------------------------------------------------

TARGETS = ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])]


def shows_bug(case, target):
    return bool(case.bug) and (not case.targets or target in case.targets)


def outcome_in_subprocess(case, target):
    """cases.outcome in a process of its own, for a case that may kill its process."""
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import cases; "
            "c = cases.parse(open(sys.argv[2]).read(), sys.argv[2]); "
            "print(repr(cases.outcome(c, sys.argv[3])))")
    done = subprocess.run([sys.executable, "-c", code, str(DIFFERENTIAL), case.path, target],
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        return ("crash", f"exit status {done.returncode}: {done.stderr[-500:]}")
    return eval(done.stdout.strip().splitlines()[-1])  # noqa: S307 - our own repr


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("case", REGRESSIONS, ids=[c.name for c in REGRESSIONS])
def test_regression(case, target, request):
    """A reduced case that once failed agrees with the interpreter (a strict xfail while its
    bug is open on this target)."""
    if shows_bug(case, target):
        request.applymarker(pytest.mark.xfail(reason=case.bug, strict=True))
    if case.crashes:
        result = outcome_in_subprocess(case, target)
    else:
        result = cases.outcome(case, target)
    assert result[0] != "invalid", f"the interpreter refuses the case: {result[1]}"
    assert result == ("ok",), cases.describe(case, target) if result[0] == "mismatch" \
        else f"{result[0]}: {result[1]}"


# ---- the tester itself --------------------------------------------------------------------

def test_generator_is_deterministic():
    for seed in (0, 1, 12345, runner.base_seed()):
        a, b = generator.generate(seed), generator.generate(seed)
        assert a.source == b.source
        assert [p.name for p in a.params] == [p.name for p in b.params]
        for pa, pb in zip(a.params, b.params):
            assert np.array_equal(np.asarray(pa.values), np.asarray(pb.values), equal_nan=True)


def test_promotion_is_numpys():
    """The generator's type rules are NumPy's for two strong operands (cudapy's too)."""
    for a in generator.ALL_TYPES:
        for b in generator.ALL_TYPES:
            if a == b == generator.BOOL:
                continue
            assert generator.promote(a, b) == np.result_type(np.dtype(a), np.dtype(b)).name


# What the generator must cover: every operator, builtin, dtype and statement.
REQUIRED_FEATURES = (
    [f"op{op}" for op in ["+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^"]]
    + ["unary-", "unary~", "unary+", "not", "and", "or", "ifexp", "chained_compare",
       "float//", "float%", "int_truediv", "abs", "pow()", "round", "math.floor", "math.ceil",
       "math.trunc", "math.ilogb", "neg_in_minmax3", "neg_in_minmax2", "weak_literal",
       "compare_literal", "guarded_divisor", "guarded_float_to_int", "store_converts",
       "module_constant", "computed_index", "len_shape_size", "stepped_slice",
       "record_field", "record_local", "record_subscript", "transpose_view", "bit_count",
       "round_ndigits", "cuda.fp16", "libdevice",
       "reversed_view", "math.modf"]
    + [f"{f}{n}" for f in ("min", "max") for n in (2, 3, 4)]
    + [f"cmp{op}" for op in ["<", "<=", ">", ">=", "==", "!="]]
    + [f"math.{name}" for name, _ in generator.APPROX_MATH + generator.EXACT_MATH]
    + [f"math.{name}" for name in generator.SINGLE_ROUNDING + generator.FLOAT_PREDICATES]
    + ["math.fmin", "math.fmax", "math.ldexp", "math.scalbn", "math.llrint", "math.lround"]
    + [f"cast:{t}" for t in generator.ALL_TYPES] + ["cast:int", "cast:float", "cast:double",
                                                   "cast:bool"]
    + ["if", "elif", "else", "for", "for_each", "for_enumerate", "for_zip", "for_zip_range",
       "for_nested", "for_tuple", "while", "break",
       "continue", "range_step-",
       "range_step+", "loop_var_after", "tuple_assign", "tuple_swap", "chained_assign",
       "early_return", "pass", "truth_value", "helper_typed", "helper_untyped",
       "helper_recursive", "helper_void", "recursion", "tuple_argument", "cuda.popc", "cuda.clz", "cuda.ffs",
       "cuda.brev", "cuda.atomic.load"]
    + [f"aug{op}=" for op in ["+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^"]]
    + ["complex.real", "complex.imag", "complex()"]
    + [f"complex{what}" for what in ["+", "-", "neg", "conjugate", "scale"]]
)


def test_generator_covers_the_language():
    """The first programs of the CI batch, together, use every operator, builtin, math
    function, cast, dtype and statement kind, and both styles."""
    features, styles, dtypes = set(), set(), set()
    first = runner.base_seed()
    avoid = runner.avoided(target="cpu")
    for seed in range(first, first + min(CPU_COUNT, 2000)):
        program = generator.generate(seed, avoid=avoid)
        features |= program.features
        styles.add(program.style)
        dtypes |= {p.t for p in program.params if p.role != "record"}
    missing = [f for f in REQUIRED_FEATURES if f not in features]
    assert not missing, f"never generated: {missing}"
    assert styles == {"cudapy", "numba"}
    assert dtypes == set(generator.ALL_TYPES)


def test_harness_detects_differences():
    """The comparison fails on one ulp of an exact float, a sign of zero, a NaN against a
    number and any integer difference; it takes NaN for NaN, and a few ulps of a
    transcendental function."""
    exact = generator.Slot("O0", 0, "float32")
    approx = generator.Slot("O0", 0, "float32", approx="sin")
    ref = np.array([1.0, 0.0, np.nan, 3.0], np.float32)
    assert harness.compare_slot(ref, ref.copy(), exact, "cpu") is None
    one_ulp = ref.copy()
    one_ulp[0] = np.nextafter(np.float32(1), np.float32(2))
    assert harness.compare_slot(ref, one_ulp, exact, "cpu")
    assert harness.compare_slot(ref, one_ulp, approx, "cpu") is None
    far = ref.copy()
    far[3] = np.float32(3.001)
    assert harness.compare_slot(ref, far, approx, "cpu")
    negative_zero = ref.copy()
    negative_zero[1] = -0.0
    assert harness.compare_slot(ref, negative_zero, exact, "cpu")
    number_for_nan = ref.copy()
    number_for_nan[2] = 0.0
    assert harness.compare_slot(ref, number_for_nan, approx, "cpu")
    ints = np.array([1, 2, 3], np.int64)
    assert harness.compare_slot(ints, ints + np.array([0, 0, 1]), generator.Slot(
        "O0", 0, "int64"), "cpu")
