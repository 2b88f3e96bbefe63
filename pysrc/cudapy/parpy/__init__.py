"""ParPy's front door: ordinary Python functions with for-loops, parallelized by labels at the
call. A ParPy program runs after `import cudapy.parpy as parpy`.

    @parpy.jit
    def sum_rows(x, y, N, M):
        parpy.label('N')
        for i in range(N):
            parpy.label('M')
            for j in range(M):
                y[i] += x[i, j]

    sum_rows(x, y, N, M, opts=parpy.par({'N': parpy.threads(N),
                                         'M': parpy.threads(128).reduce()}))

The function is parsed when decorated (errors name the line); each call specializes it for
its arguments' types and shapes and the values of its scalars, writes its parallel regions as
cudapy kernels, which cudapy's translator turns into CUDA C++ (or C++ for the CPU target),
and runs them. Specializations are kept in memory, compiled code on disk by cudapy's cache.
"""

import ast
import copy
import functools
import time

from .._devices import resident_threads
from .. import kernel as _kernel
from . import _arguments, _externals, _frontend, _lower, _raw, _run, backend, buffer, operators, types
from .buffer import sync
from .operators import gpu, label
from .options import (CompileBackend, CompileOptions, LoopPar, Target, par, reduce,
                      threads)
from .types import ElemSize

__all__ = ["jit", "label", "gpu", "threads", "reduce", "par", "CompileOptions",
           "CompileBackend", "Target", "ElemSize", "LoopPar", "print_compiled",
           "compile_string", "clear_cache", "external", "sync", "operators", "types",
           "backend", "buffer"]

_parsed = {}  # jit wrapper -> ParsedFunction
_specializations = {}


def _key_of(form):
    if isinstance(form, _lower.ArrayArg):
        return ("array", form.dtype.str, form.shape, form.contiguous)
    if isinstance(form, dict):
        return ("dict", tuple(sorted((key, _key_of(item)) for key, item in form.items())))
    value, ty = form
    return ("scalar", type(value).__name__, value, None if ty is None else ty.dtype.str)


class _Compiled:
    """A specialization, its kernels, and its plan's steps ready to run."""

    def __init__(self, specialization, module):
        self.specialization, self.module = specialization, module
        kernels = module.kernels if module is not None else {}
        self.steps = _run.runnable(specialization.plan,
                                   lambda name: _run.ModuleKernel(kernels[name]),
                                   _raw._bounds_code)


def _specialize(parsed, bound, opts, target):
    """The _Compiled of a call's bound arguments, made once per key."""
    # The parsed function itself, not its id: an id is reused once its object is collected.
    key = (parsed, tuple((param, _key_of(form)) for param, form in bound.items()),
           opts.key(), target)
    compiled = _specializations.get(key)
    if compiled is None:
        compiled = _compile(parsed, bound, opts, target)
        _specializations[key] = compiled
    elif opts.debug_print:
        print(f"{parsed.name}: the specialization for these arguments is compiled already")
    return compiled


def _compile(parsed, bound, opts, target):
    started = time.perf_counter()

    def stage(name, text):
        """Prints the program after a stage, with the time so far (`text` makes it)."""
        if opts.debug_print:
            elapsed = (time.perf_counter() - started) * 1000
            print(f"=== {parsed.name}: {name} ({elapsed:.3f} ms) ===\n{text()}")

    lowering = _lower.Lowering(parsed, bound, opts)
    lowering.resident_threads = resident_threads(target)
    body = lowering.inline(copy.deepcopy(parsed.body))
    body = lowering.bind(body)
    stage("calls inlined, arguments bound", lambda: _unparse(body))
    body = lowering.lower(body)
    stage("slices as loops, typed", lambda: _unparse(body))
    plan = lowering.plan(body)
    source = "\n\n".join(kernel.source() for kernel in lowering.kernels)
    signatures = {kernel.name: kernel.signature() for kernel in lowering.kernels}
    stage("kernels", lambda: source + "\n" + _describe_plan(plan))
    link = _externals.declarations(lowering.externals, opts)
    module = _kernel.Module(source, sig=signatures, target=target, link=link) \
        if source else None
    if module is not None:
        stage("CUDA C++", lambda: module.cuda_source)
    specialization = _lower.Specialization(source, signatures, plan, dict(lowering.arrays),
                                           frozenset(lowering.written))
    return _Compiled(specialization, module)


def _unparse(body):
    return ast.unparse(_lower._plain(ast.Module(body=body, type_ignores=[])))


def _describe_plan(plan, indent=0):
    lines = []
    for step in plan:
        if isinstance(step, _lower.HostLoop):
            lines.append("    " * indent + f"# host: for {step.var} in range(...):")
            lines.append(_describe_plan(step.body, indent + 1))
        else:
            lines.append("    " * indent + f"# host: {step.kernel}[{step.grid}, {step.block}]"
                         f"({', '.join(step.params)})")
    return "\n".join(lines)


def _options_of(kwargs, name):
    if "opts" not in kwargs or kwargs["opts"] is None:
        raise RuntimeError(f"Missing required keyword argument opts in call to {name}")
    opts = kwargs.pop("opts")
    if not isinstance(opts, CompileOptions):
        raise RuntimeError(f"The keyword argument opts should be of type CompileOptions, got "
                           f"{type(opts).__name__}")
    if kwargs:
        raise RuntimeError(f"Received unsupported keyword arguments: {kwargs}")
    return opts


def jit(fun):
    """Parses `fun` now and compiles it at each call for the call's arguments: call it as
    `fun(*args, opts=parpy.par({...}))`; `seq=True` runs it in CPython instead, `debug=True`
    prints the program after each stage with the time spent so far."""
    parsed = _frontend.parse(fun)
    _frontend.functions[fun.__name__] = parsed

    @functools.wraps(fun)
    def call(*args, **kwargs):
        if kwargs.pop("seq", False):
            kwargs.pop("opts", None)
            kwargs.pop("debug", None)
            if kwargs:
                raise RuntimeError(f"Received unsupported keyword arguments: {kwargs}")
            return fun(*args)
        debug = kwargs.pop("debug", False)
        opts = backend.resolve(_options_of(kwargs, fun.__name__), True)
        if debug:
            opts = _copy_options(opts)
            opts.debug_print = True
        target = backend.target()
        bound, arguments = _arguments.bind(parsed, args)
        compiled = _specialize(parsed, bound, opts, target)
        _run.run_steps(compiled.steps, {name: argument for name, argument in arguments.items()
                                        if name in compiled.specialization.arrays},
                       target, compiled.specialization.written)

    _parsed[call] = parsed
    return call


def _copy_options(opts):
    return copy.copy(opts)


def _parsed_of(fun):
    """The ParsedFunction of a jit wrapper or a plain function, parsed once."""
    parsed = _parsed.get(fun)
    if parsed is None:
        parsed = _parsed[fun] = _frontend.parse(fun)
    return parsed


def print_compiled(fun, args, opts=None):
    """The code a call of `fun` (jit or not) with `args` and `opts` runs, compiled for cudapy's
    target: its CUDA C++ (C++ for the CPU target) and, in comments, the host's plan."""
    opts = backend.resolve(CompileOptions() if opts is None else opts, False)
    parsed = _parsed_of(fun)
    bound, _ = _arguments.bind(parsed, list(args))
    compiled = _specialize(parsed, bound, opts, backend.target())
    text = compiled.module.cuda_source if compiled.module is not None else ""
    return text + _raw.plan_comment(parsed, bound, compiled.specialization)


def clear_cache():
    """Forgets the compiled specializations (cudapy's disk cache keeps the compiled code, keyed
    by its source)."""
    _specializations.clear()


def external(ext_name, backend, target, header=None, parallelize=None):
    """Declares the CUDA C++ function `ext_name` (a device function: Target.Device) that jit
    functions call by the decorated function's name; its parameters and result are annotated
    with parpy.types. `header` is included before it (`"<math_constants.h>"`, or a file in a
    folder of CompileOptions.includes). Called by CPython, the decorated function runs."""
    if not isinstance(ext_name, str) or not _EXTERNAL_NAME.fullmatch(ext_name):
        raise RuntimeError(f"The external name {ext_name!r} is not a C++ function name")
    if header is not None and (not isinstance(header, str) or not _HEADER.fullmatch(header)):
        raise RuntimeError(f"The header {header!r} must be written <name.h> or \"name.h\"")
    if not isinstance(backend, CompileBackend) or backend == CompileBackend.Auto:
        raise RuntimeError(f"Unsupported external backend: {backend}")
    if not isinstance(target, Target):
        raise RuntimeError(f"The target of an external must be parpy.Target.Device or Host, "
                           f"got {target!r}")
    parallel = parallelize is not None and parallelize.is_parallel()
    if backend == CompileBackend.Cuda and target == Target.Host:
        raise RuntimeError("Host externals are not supported in the CUDA backend")
    if target == Target.Host and parallel:
        raise RuntimeError("Host externals cannot be parallel")

    def declare(fn):
        annotations = _annotations(fn)
        params = []
        for name in fn.__code__.co_varnames[:fn.__code__.co_argcount]:
            annotation = annotations.get(name)
            if not isinstance(annotation, (ElemSize, types.Pointer)):
                raise RuntimeError(f"Unsupported parameter type annotation on parameter {name} "
                                   f"of the external {fn.__name__}: use parpy.types")
            params.append(annotation)
        result = annotations.get("return")
        if not isinstance(result, ElemSize):
            raise RuntimeError(f"Unsupported return type annotation on external function "
                               f"{fn.__name__}: use parpy.types")
        declaration = _frontend.External(fn.__name__, ext_name, tuple(params), result, header,
                                         target)
        _frontend.externals.setdefault(fn.__name__, {})[backend] = declaration

        @functools.wraps(fn)
        def call(*args):
            return fn(*args)
        return call
    return declare


_EXTERNAL_NAME = __import__("re").compile(r"[A-Za-z_]\w*(::[A-Za-z_]\w*)*")
_HEADER = __import__("re").compile(r'<[\w./+-]+>|"[\w./+-]+"')


def _annotations(fn):
    """The function's annotations as objects (evaluated where they are strings)."""
    annotations = dict(getattr(fn, "__annotations__", {}))
    for name, value in annotations.items():
        if isinstance(value, str):
            try:
                annotations[name] = eval(value, fn.__globals__)  # the user's own annotation
            except Exception:  # noqa: BLE001 - an annotation that names nothing is unsupported
                annotations[name] = None
    return annotations


def compile_string(fun_name, code, opts=None):
    """Compiles code that print_compiled gave, edited or not (the kernels' CUDA C++ and the
    plan in its `// parpy-plan` line), into a callable taking the function's arguments, as
    they were when it was printed. The GPU only: the code is CUDA C++."""
    opts = backend.resolve(CompileOptions() if opts is None else opts, True)
    return _raw.compile_string(fun_name, code, opts)
