"""Self-contained differential cases: a kernel's source, its launch and its arguments, run in
the interpreter and on a target and compared array by array. Generated programs become cases
for reduction (reduce.py), and reduced ones are kept as regression files (regressions/*.py).

A regression file is the kernel's source below a header of `# key: value` lines:

    # name: short_name
    # bug: what the translator does wrong (present while it is open: the case is a strict
    #      xfail, so a fix makes it fail as an unexpected pass until the line goes)
    # targets: cpu            (optional: the targets that show the bug; default all)
    # crashes: yes            (optional: it kills the process, so it runs in a subprocess)
    # seed: 1234              (optional: the generated program it was reduced from)
    # launch: 4               (threads, or `grid, block` for kernel[grid, block])
    # sig: {"k": "void(int32[:])"}     (optional: sig= of the compile)
    # args: [("int32", 5), ("float64[]", [0.5, nan]), ("int32[]", "out", 4)]
    # ulps: 0                 (optional: the tolerance of float outputs)

`args` is a Python expression over `nan` and `inf`: scalars as (dtype, value), input arrays
as (dtype[], values), outputs as (dtype[], "out", length), zero-filled.
"""

import ast
import json
import math
import pathlib
import re
import traceback
from dataclasses import dataclass, field

import numpy as np

import generator

_HEADER = re.compile(r"#\s*(\w+)\s*:\s*(.*?)\s*$")


@dataclass
class Case:
    source: str
    args: list                 # [(dtype, value) | (dtype[], list) | (dtype[], "out", n)]
    launch: tuple              # (threads,) or (grid, block)
    sig: dict = field(default_factory=dict)
    name: str = ""
    bug: str = None
    targets: tuple = ()
    crashes: bool = False
    seed: int = None
    ulps: int = 0
    path: str = None

    def arguments(self):
        out = []
        for spec in self.args:
            dtype = spec[0]
            if dtype.endswith("[]"):
                dtype = np.dtype(dtype[:-2])
                if len(spec) == 3 and spec[1] == "out":
                    out.append(np.zeros(spec[2], dtype))
                elif dtype.names is not None:  # records, as tuples of their fields
                    out.append(np.array([tuple(item) for item in spec[1]], dtype))
                else:
                    with np.errstate(over="ignore", invalid="ignore"):
                        out.append(np.array(spec[1]).astype(dtype))
            else:
                out.append(np.asarray(spec[1]).astype(dtype)[()])
        return out

    def text(self):
        lines = [f"# name: {self.name}"]
        if self.bug:
            lines += [f"# bug: {line}" for line in _wrap_words(self.bug, 88)]
        if self.targets:
            lines.append(f"# targets: {', '.join(self.targets)}")
        if self.crashes:
            lines.append("# crashes: yes")
        if self.seed is not None:
            lines.append(f"# seed: {self.seed}")
        lines.append(f"# launch: {', '.join(map(str, self.launch))}")
        if self.sig:
            lines.append(f"# sig: {json.dumps(self.sig)}")
        lines.append(f"# args: {_args_text(self.args)}")
        if self.ulps:
            lines.append(f"# ulps: {self.ulps}")
        return "\n".join(lines) + "\n\n" + self.source.strip() + "\n"


def _wrap_words(text, width):
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def _number_text(value):
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
    return repr(value)


def _args_text(args):
    parts = []
    for spec in args:
        if len(spec) == 3:
            parts.append(f'("{spec[0]}", "out", {spec[2]})')
        elif isinstance(spec[1], list):
            parts.append(f'("{spec[0]}", [{", ".join(_number_text(v) for v in spec[1])}])')
        else:
            parts.append(f'("{spec[0]}", {_number_text(spec[1])})')
    return "[" + ", ".join(parts) + "]"


def parse(text, path=None):
    """The Case of a regression file's text."""
    header = {}
    lines = text.splitlines()
    body = 0
    for body, line in enumerate(lines):
        match = _HEADER.match(line)
        if not line.strip():
            break
        if not match:
            raise ValueError(f"{path}: header line {body + 1} is not `# key: value`")
        key, value = match.groups()
        header[key] = f"{header[key]} {value}" if key in header else value
    source = "\n".join(lines[body:]).strip() + "\n"
    namespace = {"nan": math.nan, "inf": math.inf, "__builtins__": {}}
    args = [list(spec) for spec in eval(header["args"], namespace)]  # noqa: S307 - our corpus
    launch = tuple(int(x) for x in header["launch"].split(","))
    return Case(source=source, args=args, launch=launch,
                sig=json.loads(header["sig"]) if "sig" in header else {},
                name=header.get("name", pathlib.Path(path or "case").stem),
                bug=header.get("bug"),
                targets=tuple(t.strip() for t in header["targets"].split(","))
                if "targets" in header else (),
                crashes=header.get("crashes", "no") == "yes",
                seed=int(header["seed"]) if "seed" in header else None,
                ulps=int(header.get("ulps", 0)), path=path)


def load_all(folder):
    return [parse(p.read_text(), str(p)) for p in sorted(pathlib.Path(folder).glob("*.py"))]


def of_program(program):
    """The Case of a generated program: its source in a module of its own."""
    args = []
    for p in program.params:
        if not p.is_array:
            args.append((p.t, p.values))
        elif p.role == "out":
            args.append((f"{p.t}[]", "out", len(p.values)))
        else:
            args.append((f"{p.t}[]", [v.item() for v in p.values]))
    launch = tuple(program.blocks) if program.style == "numba" else (program.threads,)
    ulps = max((generator_tolerance(s) for s in program.slots), default=0)
    return Case(source=generator.module_source([program]), args=args, launch=launch,
                sig=program.sig_entries(), name=f"seed{program.seed}", seed=program.seed,
                ulps=ulps)


def generator_tolerance(slot):
    return 0 if slot.approx is None else 16


# ---- running a case -----------------------------------------------------------------------

def _error_line(error):
    text = "".join(traceback.format_exception_only(type(error), error)).strip()
    return text


def _normalized(text):
    """An error message without its positions and the echoed source line, so that a reduced
    program's error compares equal to the original's."""
    first = text.splitlines()[0]
    first = re.sub(r"<string>:\d+:\d+: ", "", first)
    first = re.sub(r"line \d+", "line N", first)
    return first


def kernels(module):
    return list(module.kernels)


def run(case, target):
    """('ok', arrays) or (kind, message): runs every kernel of the case's module on fresh
    arguments, in the order the module lists them."""
    import cudapy as cp

    try:
        module = cp.module(case.source, target=target, sig=case.sig or None)
        if target != "python":
            module._program.device_kernel(kernels(module)[0])
    except Exception as error:  # noqa: BLE001
        return ("compile", _normalized(_error_line(error)))
    args = case.arguments()
    try:
        for name in kernels(module):
            kernel = getattr(module, name)
            if len(case.launch) == 1:
                kernel(case.launch[0])(*args)
            else:
                kernel[case.launch[0], case.launch[1]](*args)
    except Exception as error:  # noqa: BLE001
        return ("launch", _normalized(_error_line(error)))
    return ("ok", [a for a in args if isinstance(a, np.ndarray)])


def differences(ref, got, ulps=0):
    """Indices of the arrays (and first element) where `got` differs from `ref`."""
    from harness import ulp_distance

    found = []
    for k, (r, g) in enumerate(zip(ref, got)):
        if r.dtype.kind == "f":
            rn, gn = np.isnan(r), np.isnan(g)
            both = ~rn & ~gn
            if ulps:
                close = np.array([d <= ulps for d in ulp_distance(r, g)], dtype=bool)
            else:
                close = r.view(f"u{r.itemsize}") == g.view(f"u{r.itemsize}")
            bad = ~((rn == gn) & (close | ~both))
        else:
            bad = r != g
        where = np.nonzero(bad)[0]
        if len(where):
            found.append((k, int(where[0])))
    return found


def outcome(case, target):
    """What happens to the case on `target` against the interpreter: ("invalid", why) when
    the interpreter refuses or fails it (not a test of the target), ("ok",), ("mismatch",
    array indices), or ("compile"/"launch", message)."""
    ref = run(case, "python")
    if ref[0] != "ok":
        return ("invalid", ref[1])
    got = run(case, target)
    if got[0] != "ok":
        return got
    diff = differences(ref[1], got[1], case.ulps)
    if diff:
        return ("mismatch", tuple(sorted({(str(ref[1][k].dtype), value_class(ref[1][k][i]),
                                           value_class(got[1][k][i])) for k, i in diff})))
    return ("ok",)


def value_class(value):
    """A coarse class of a value, which a reduction keeps while it changes the values."""
    if isinstance(value, (np.floating, float)):
        if np.isnan(value):
            return "nan"
        if np.isinf(value):
            return "inf" if value > 0 else "-inf"
        if value == 0:
            return "-0" if np.signbit(value) else "0"
        return "finite"
    return "int"


def describe(case, target):
    """Text showing what the interpreter and the target give where they differ."""
    ref = run(case, "python")
    got = run(case, target)
    if ref[0] != "ok":
        return f"interpreter: {ref[1]}"
    if got[0] != "ok":
        return f"{target}: {got[0]}: {got[1]}"
    lines = []
    for k, first in differences(ref[1], got[1], case.ulps):
        r, g = ref[1][k], got[1][k]
        count = len(differences([r[j:j + 1] for j in range(len(r))],
                                [g[j:j + 1] for j in range(len(g))], case.ulps))
        lines.append(f"array argument {k} ({r.dtype}): {count} element(s) differ, first "
                     f"element {first}: interpreter {r[first]!r}, {target} {g[first]!r}")
    return "\n".join(lines) or "no difference"
