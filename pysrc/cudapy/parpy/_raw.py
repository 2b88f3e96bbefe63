"""The code print_compiled prints, and compile_string, which runs it again after the user has
edited it: the kernels' CUDA C++ as cudapy's translator wrote it, then one comment line,
`// parpy-plan {...}`, holding in JSON what the host does (the function's parameters, the
values of the scalars it was specialized for, the launches and the loops around them).

compile_string compiles the CUDA C++ with NVRTC through cudapy's cache and launches each
kernel as its parameter list in the code declares it: arrays as cudapy's array structs
(`cudapy::array<T>`, `cudapy::ndarray<T, N, layout>`), host loop variables as `long long`, the
launch's extent last. A parameter of another kind is refused, never guessed."""

import json
import re

from .. import array as _array
from .._lazy import numpy as np
from . import _arguments, _lower, _run

_PLAN_MARK = "// parpy-plan "
_KERNEL = re.compile(r'extern\s+"C"\s+__global__\s+void\s+(?:CUDAPY_LAUNCH_BOUNDS\s+)?'
                     r'(\w+)\s*\(([^)]*)\)')
_ARRAY = re.compile(r"cudapy::array<\s*([\w: ]+?)\s*>")
_NDARRAY = re.compile(r"cudapy::ndarray<\s*([\w: ]+?)\s*,\s*(\d+)\s*,\s*(\d)\s*>")
_BOUND_NODES = ("Expression", "Tuple", "Constant", "Name", "Load", "BinOp", "UnaryOp", "Add",
                "Sub", "Mult", "FloorDiv", "Mod", "USub", "UAdd")


def _plan_json(plan):
    steps = []
    for step in plan:
        if isinstance(step, _lower.HostLoop):
            steps.append({"for": step.var, "range": step.bounds, "body": _plan_json(step.body)})
        else:
            steps.append({"launch": step.kernel, "grid": list(step.grid), "block": step.block,
                          "params": list(step.params)})
    return steps


def _binding(form):
    if isinstance(form, _lower.ArrayArg):
        return {"array": form.name, "dtype": form.dtype.str, "shape": list(form.shape)}
    if isinstance(form, dict):
        return {"dict": {key: _binding(item) for key, item in form.items()}}
    value, _ = form
    return {"scalar": value}


def plan_comment(parsed, bound, specialization):
    """The comment print_compiled ends its code with."""
    plan = {"function": parsed.name,
            "params": [[param, _binding(bound[param])] for param in parsed.params],
            "steps": _plan_json(specialization.plan)}
    return ("\n// The host's part, which compile_string reads: the function's parameters, the "
            "scalars it was compiled for, and its launches.\n" + _PLAN_MARK
            + json.dumps(plan) + "\n")


def _read_plan(code):
    for line in reversed(code.splitlines()):
        if line.startswith(_PLAN_MARK):
            try:
                return json.loads(line[len(_PLAN_MARK):])
            except json.JSONDecodeError as exc:
                raise RuntimeError(f"compile_string: the parpy-plan line is not valid JSON: "
                                   f"{exc}") from None
    raise RuntimeError("compile_string takes code that parpy.print_compiled gave: its last "
                       "line, `// parpy-plan {...}`, is missing")


def _bounds_code(text):
    """The compiled (start, stop, step) of a host loop, checked to be arithmetic of constants
    and loop variables only."""
    import ast
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        raise RuntimeError(f"compile_string: the loop bounds {text!r} do not parse") from None
    for node in ast.walk(tree):
        if type(node).__name__ not in _BOUND_NODES or (
                isinstance(node, ast.Constant) and type(node.value) is not int):
            raise RuntimeError(f"compile_string: the loop bounds {text!r} are not integer "
                               "arithmetic of constants and loop variables")
    return compile(tree, "<parpy-plan loop bounds>", "eval")


def _split_params(text):
    params, depth, current = [], 0, ""
    for ch in text:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        if ch == "," and depth == 0:
            params.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        params.append(current.strip())
    return params


class _RawKernel:
    """A kernel of the code and how each of its parameters is packed."""

    def __init__(self, function, name, params):
        self.function, self.name, self.params = function, name, params

    def launch(self, step, values):
        grid, block = step.grid, step.block
        args = []
        for kind, detail, param in self.params:
            if kind == "extent":
                threads = (grid[0] * block, grid[1], 1)
                args.append(np.array([tuple(min(n, 2 ** 32 - 1) for n in threads)],
                                     dtype="u4,u4,u4")[0])
                continue
            if param not in values:
                raise RuntimeError(f"compile_string: the parameter {param} of {self.name} is "
                                   "neither an array of the function nor a loop variable")
            value = values[param]
            if kind == "scalar":
                args.append(np.int64(value))
                continue
            ndim, layout = detail
            shape = tuple(value.shape)
            if len(shape) != ndim:
                raise RuntimeError(f"compile_string: {self.name} takes {param} with {ndim} "
                                   f"dimensions but it has {len(shape)}")
            pointer = _pointer(value)
            fields = [pointer] + ([int(np.prod(shape))] if kind == "array" else list(shape))
            if layout == 2:
                itemsize = np.dtype(value.dtype).itemsize
                fields += [stride // itemsize for stride in _strides(value)]
            dtype = ",".join(["u8"] + ["i8"] * (len(fields) - 1))
            args.append(np.array([tuple(fields)], dtype=dtype)[0])
        self.function((grid[0], grid[1], 1), (block, 1, 1), tuple(args))


def _pointer(value):
    if isinstance(value, _array.CudaArray):
        return value.pointer
    return value.__cuda_array_interface__["data"][0]


def _strides(value):
    if isinstance(value, _array.CudaArray):
        return value.strides
    interface = value.__cuda_array_interface__
    if interface.get("strides") is not None:
        return interface["strides"]
    itemsize = np.dtype(interface["typestr"]).itemsize
    strides, step = [], itemsize
    for extent in reversed(interface["shape"]):
        strides.insert(0, step)
        step *= extent
    return strides


def _kernels(code):
    found = {}
    for match in _KERNEL.finditer(code):
        params = []
        for param in _split_params(match.group(2)):
            name = param.split()[-1]
            if param.startswith("cudapy::extent"):
                params.append(("extent", None, name))
            elif (m := _NDARRAY.match(param)) is not None:
                params.append(("ndarray", (int(m.group(2)), int(m.group(3))), name))
            elif _ARRAY.match(param):
                params.append(("array", (1, 0), name))
            elif param.split()[:-1] == ["long", "long"]:
                params.append(("scalar", None, name))
            else:
                raise RuntimeError(f"compile_string: cannot pass the parameter '{param}' of "
                                   f"{match.group(1)}: the kernels take cudapy's arrays and "
                                   "long long loop variables")
        found[match.group(1)] = params
    return found


def compile_string(fun_name, code, opts):
    """The callable of compile_string (see the module's docstring)."""
    from .. import targets
    from ..cuda_source import RawModule
    if targets.resolve() != "cuda":
        raise RuntimeError("compile_string compiles CUDA C++, which runs on the GPU only "
                           f"(CUDAPY_TARGET is {targets.resolve()})")
    plan = _read_plan(code)
    if plan.get("function") != fun_name:
        raise RuntimeError(f"compile_string: the code is that of {plan.get('function')}, not "
                           f"{fun_name}")
    module = RawModule(code=code, options=tuple(opts.extra_flags))
    kernels = {name: _RawKernel(module.get_function(name), name, params)
               for name, params in _kernels(code).items()}
    steps = _steps(plan["steps"], kernels)
    params = plan["params"]

    def call(*args):
        if len(args) != len(params):
            raise TypeError(f"{fun_name}() takes {len(params)} arguments but {len(args)} were "
                            "given")
        arguments = {}
        for (name, binding), value in zip(params, args):
            _bind(name, binding, value, arguments)
        _run.run_steps(steps, arguments, "cuda")

    call.__name__ = fun_name
    return call


def _bind(name, binding, value, arguments):
    if "scalar" in binding:
        if isinstance(value, (dict,)) or value != binding["scalar"]:
            raise ValueError(f"the code was compiled for {name} = {binding['scalar']!r}; "
                             f"got {value!r}")
        return
    if "dict" in binding:
        if not isinstance(value, dict):
            raise TypeError(f"{name} must be a dict, as when the code was printed")
        for key, item in binding["dict"].items():
            if key not in value:
                raise KeyError(f"{name} has no key {key!r}")
            _bind(f"{name}[{key!r}]", item, value[key], arguments)
        return
    form = _arguments.classify(value, name)
    if not isinstance(form, _arguments.Bound) or np.dtype(form.dtype).str != binding["dtype"] or \
            list(form.shape) != binding["shape"]:
        raise TypeError(f"the code was compiled for {name} of dtype "
                        f"{np.dtype(binding['dtype'])} and shape {tuple(binding['shape'])}")
    arguments[binding["array"]] = form.argument


def _steps(steps, kernels):
    result = []
    for step in steps:
        if "for" in step:
            result.append(_lower.HostLoop(step["for"], _bounds_code(step["range"]),
                                          _steps(step["body"], kernels)))
        else:
            kernel = kernels.get(step["launch"])
            if kernel is None:
                raise RuntimeError(f"compile_string: the code has no kernel {step['launch']}")
            result.append(_lower.Launch(kernel, tuple(step["grid"]), int(step["block"]),
                                        tuple(step["params"])))
    return result
