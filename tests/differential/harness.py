"""Runs generated programs on a target and in the interpreter, and compares their outputs.

`check_batch(programs, target)` compiles every program of the batch into one module for
`target` ("cpu" or "cuda") and into one for the interpreter (`target="python"`), launches each
kernel on fresh copies of its inputs, and returns a `Result` per program: None when the
outputs agree, else what differs (or the error the compile or launch raised). A module that
fails to compile is split until the programs at fault are found, so one bad program costs its
batch only some compile time.
"""

import math
import traceback
from dataclasses import dataclass, field

import numpy as np

import cudapy as cp

from generator import module_signatures, module_source, APPROX_ULPS, APPROX_ULPS_WIDE

# ---- comparing ----------------------------------------------------------------------------

_UNSIGNED_OF = {2: np.uint16, 4: np.uint32, 8: np.uint64}
_SIGNED_OF = {2: np.int16, 4: np.int32, 8: np.int64}


def ordered(values):
    """Floats as integers whose order and differences are the floats' order and distance in
    ulps (+0 and -0 both 0)."""
    size = values.dtype.itemsize
    bits = values.view(_SIGNED_OF[size]).astype(np.int64)
    low = np.int64(np.iinfo(_SIGNED_OF[size]).min)
    return np.where(bits < 0, low - bits, bits)


def ulp_distance(a, b):
    ia, ib = ordered(a), ordered(b)
    # no overflow: float32 and float16 fit easily, float64 distances are capped
    with np.errstate(over="ignore"):
        d = np.abs(ia.astype(object) - ib.astype(object)) if a.dtype.itemsize == 8 else \
            np.abs(ia - ib)
    return d


LGAMMA_EPSILONS = 16


def tolerance(slot, target_kind):
    """The ulps a slot's value may differ by: 0 for exact results."""
    if slot.approx is None:
        return 0
    column = 0 if target_kind == "cpu" else 1
    if slot.approx in APPROX_ULPS_WIDE:
        return APPROX_ULPS_WIDE[slot.approx][column]
    return APPROX_ULPS[target_kind if target_kind == "cpu" else "gpu"]


def compare_slot(ref, got, slot, target_kind):
    """A description of where `got` differs from `ref` (one slot's values, a thread each),
    or None."""
    if ref.dtype.kind != "f":
        bad = np.nonzero(ref != got)[0]
    else:
        ref_nan, got_nan = np.isnan(ref), np.isnan(got)
        nan_ok = ref_nan == got_nan
        both = ~ref_nan & ~got_nan
        allowed = tolerance(slot, target_kind)
        if allowed == 0:
            same = (ref.view(_UNSIGNED_OF[ref.dtype.itemsize]) ==
                    got.view(_UNSIGNED_OF[ref.dtype.itemsize]))
            if slot.zero_sign_free:
                same |= (ref == 0) & (got == 0)
            ok = nan_ok & (same | ~both)
        else:
            distance = ulp_distance(ref, got)
            close = np.array([d <= allowed for d in distance]) if distance.dtype == object \
                else distance <= allowed
            if slot.approx == "lgamma":  # near its zeros only an error relative to 1 is bounded
                with np.errstate(invalid="ignore", over="ignore"):
                    close |= np.abs(ref - got) <= LGAMMA_EPSILONS * np.finfo(ref.dtype).eps
            ok = nan_ok & (close | ~both)
        bad = np.nonzero(~ok)[0]
    if not len(bad):
        return None
    thread = int(bad[0])
    return (f"{slot.array}[i * S + {slot.index}] ({slot.t}"
            f"{', ~' + slot.approx if slot.approx else ''}): {len(bad)} thread(s) differ, "
            f"first thread {thread}: interpreter {ref[thread]!r}, target {got[thread]!r}")


def compare_outputs(program, ref, got, target_kind):
    """Every difference between two runs' output arrays, as text lines."""
    problems = []
    counts = {}
    for slot in program.slots:
        counts[slot.array] = counts.get(slot.array, 0) + 1
    for slot in program.slots:
        stride = counts[slot.array]
        r = ref[slot.array][slot.index::stride]
        g = got[slot.array][slot.index::stride]
        problem = compare_slot(r, g, slot, target_kind)
        if problem:
            problems.append(problem)
    return problems


# ---- running ------------------------------------------------------------------------------

@dataclass
class Result:
    seed: int
    kind: str                      # "ok", "mismatch", "compile", "launch", "oracle"
    details: list = field(default_factory=list)

    @property
    def ok(self):
        return self.kind == "ok"


def launch(module, program, args):
    kernel = getattr(module, program.name)
    if program.style == "numba":
        grid, block = program.blocks
        kernel[grid, block](*args)
    else:
        kernel(program.threads)(*args)


def _compile(programs, target):
    module = cp.module(module_source(programs), target=target,
                       sig=module_signatures(programs))
    if target != "python":
        # compiled at the first launch otherwise: here, so that errors come from the compile
        module._program.device_kernel(programs[0].name)
    return module


def _error_text(error):
    return "".join(traceback.format_exception_only(type(error), error)).strip()


def compile_isolating(programs, target, failures):
    """The module of `programs` for `target`, leaving out those that fail to compile (each
    noted in `failures`, seed -> text); returns (module, programs kept)."""
    try:
        return _compile(programs, target), programs
    except Exception as error:  # noqa: BLE001 - any failure is the program's
        if len(programs) == 1:
            failures[programs[0].seed] = _error_text(error)
            return None, []
        if target != "python":
            # translation errors show without compiling: find them first
            kept = []
            for p in programs:
                try:
                    cp.translate(module_source([p]), sig=module_signatures([p]))
                    kept.append(p)
                except Exception as error_one:  # noqa: BLE001
                    failures[p.seed] = _error_text(error_one)
            if len(kept) < len(programs):
                return compile_isolating(kept, target, failures) if kept else (None, [])
        half = len(programs) // 2
        m1, k1 = compile_isolating(programs[:half], target, failures)
        m2, k2 = compile_isolating(programs[half:], target, failures)
        return _Modules([m for m in (m1, m2) if m is not None]), k1 + k2


class _Modules:
    """Several modules read as one."""

    def __init__(self, modules):
        self.modules = modules

    def __getattr__(self, name):
        for m in self.modules:
            try:
                return getattr(m, name)
            except AttributeError:
                pass
        raise AttributeError(name)


def run_programs(programs, target):
    """{seed: outputs dict or Result of a failure} for the programs on `target`."""
    failures = {}
    module, kept = compile_isolating(programs, target, failures)
    results = {seed: Result(seed, "compile" if target != "python" else "oracle",
                            [f"{target}: {text}"]) for seed, text in failures.items()}
    for p in kept:
        args = p.args()
        try:
            launch(module, p, args)
            results[p.seed] = p.outputs(args)
        except Exception as error:  # noqa: BLE001
            results[p.seed] = Result(p.seed, "launch" if target != "python" else "oracle",
                                     [f"{target}: {_error_text(error)}"])
    return results


def check_batch(programs, target, target_kind=None):
    """A Result for each program: its outputs on `target` against the interpreter's."""
    target_kind = target_kind or ("cpu" if target == "cpu" else "gpu")
    ref = run_programs(programs, "python")
    got = run_programs(programs, target)
    results = []
    for p in programs:
        r, g = ref[p.seed], got[p.seed]
        if isinstance(r, Result):
            results.append(r)
        elif isinstance(g, Result):
            results.append(g)
        else:
            problems = compare_outputs(p, r, g, target_kind)
            results.append(Result(p.seed, "mismatch" if problems else "ok", problems))
    return results
