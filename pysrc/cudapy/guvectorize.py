"""NumbaPro's and numba's `guvectorize`: a function over the core dimensions of its arguments
(a layout such as '(m,n),(n,p)->(m,p)') made a generalized ufunc, whose loop over the broadcast
outer dimensions is spread over threads, one thread per outer index.

    @cp.guvectorize(["void(float64[:, :], float64[:, :], float64[:, :])"],
                    "(m,n),(n,p)->(m,p)", target="cuda")
    def matmul(a, b, out):
        for i in range(a.shape[0]):
            for j in range(b.shape[1]):
                s = 0.0
                for k in range(a.shape[1]):
                    s += a[i, k] * b[k, j]
                out[i, j] = s

    matmul(A, B)                 # A: (batch, m, n), B: (n, p) broadcast; gives (batch, m, p)

The function is rewritten into a kernel: an argument with core dimensions is indexed from the
thread's outer index on (`a[i, k]` reads `a[o, i, k]`, `a.shape[0]` is `a.shape[1]`, `m, n =
a.shape` takes the core dimensions, `for v in a` runs over a one-dimensional core), a scalar
input is read at it, and a scalar output (`res[0] = ...`, as numba writes it) written there.
"""

import ast
import inspect
import itertools
import linecache
import re
import textwrap

from ._lazy import numpy as np
from .array import CudaArray, as_device_array
from .types import to_dtype
from .vectorize import _SIGNATURE, _TARGETS
_DIMS = re.compile(r"\(\s*([\w\s,]*?)\s*\)")
_GROUP = r"\(\s*(?:[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)?\s*\)"
_SIDE = re.compile(rf"\s*{_GROUP}(?:\s*,\s*{_GROUP})*\s*")
_TYPE = re.compile(r"^\s*(\w+)\s*(?:\[([:,\s1]*)\])?\s*$")
_generated = itertools.count(1)


def parse_layout(layout):
    """([core dims of each input], [core dims of each output]) of '(m,n),(n)->(m)'."""
    if not isinstance(layout, str) or "->" not in layout:
        raise ValueError(f"guvectorize layout {layout!r} is malformed: write it as "
                         "'(m,n),(n)->(m)', the core dimensions of each input, then '->' and "
                         "those of each output")
    sides = layout.split("->")
    parsed = []
    for side in sides if len(sides) == 2 else ():
        if not _SIDE.fullmatch(side):
            parsed = None
            break
        parsed.append([tuple(name.strip() for name in group.split(",") if name.strip())
                       for group in _DIMS.findall(side)])
    if len(sides) != 2 or parsed is None:
        raise ValueError(f"guvectorize layout {layout!r} is malformed: write it as "
                         "'(m,n),(n)->(m)', dimension names in parentheses, one group per argument")
    inputs, outputs = parsed
    known = {name for group in inputs for name in group}
    for group in outputs:
        for name in group:
            if name not in known:
                raise ValueError(f"guvectorize layout {layout!r}: the output dimension {name} is "
                                 "no input's, so no call could say how large it is")
    return inputs, outputs


def _argument_types(signature):
    """[(dtype, dimensions)] of "void(float64[:, :], float64, float64[:])" or of a tuple of
    numba type objects."""
    text = str(signature) if not isinstance(signature, (tuple, list)) else \
        "void(" + ", ".join(map(str, signature)) + ")"
    if text.lstrip().startswith("("):  # numba's "(float64[:], float64[:])": the arguments alone
        text = "void" + text.lstrip()
    match = _SIGNATURE.match(text)
    if not match or match.group(1) != "void":
        raise ValueError(f"guvectorize signature {text!r}: write it as 'void(float64[:, :], "
                         "float64, float64[:])', the arguments' types, outputs last")
    types = []
    for item in re.split(r",(?![^\[]*\])", match.group(2)):
        found = _TYPE.match(item)
        if not found:
            raise ValueError(f"guvectorize signature {text!r}: {item.strip()!r} is no type")
        try:
            dtype = to_dtype(found.group(1))
        except TypeError as error:
            raise TypeError(f"guvectorize signature {text!r}: {error}") from None
        dims = 0 if found.group(2) is None else found.group(2).count(":") - found.group(2).count("::")
        types.append((dtype, dims))
    return types


class _Rewriter(ast.NodeTransformer):
    """The core function's body as a kernel's: each argument read at the thread's outer index."""

    def __init__(self, dims, scalar_inputs, scalar_outputs, index, filename, first_line):
        self.dims = dims  # name -> core dimensions, of the array arguments
        self.scalar_inputs = scalar_inputs
        self.scalar_outputs = scalar_outputs
        self.index = index
        self.filename, self.first_line = filename, first_line
        self.loops = 0

    def _place(self, node):
        """`file:line` of a node of the function, in the user's file."""
        return f"{self.filename}:{self.first_line + node.lineno - 1}"

    def _refuse(self, node, name):
        raise TypeError(f"{self._place(node)}: guvectorize: {name} is used as a whole; "
                        "the function may index its arguments, read their shape and len(), "
                        "and nothing else")

    def _outer(self):
        return ast.Name(self.index, ast.Load())

    def visit_Subscript(self, node):
        target = node.value
        if isinstance(target, ast.Name) and target.id in self.scalar_outputs:
            return ast.copy_location(ast.Subscript(ast.Name(target.id, ast.Load()), self._outer(),
                                                   node.ctx), node)
        if isinstance(target, ast.Name) and target.id in self.dims:
            keys = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            keys = [self.visit(key) for key in keys]
            return ast.copy_location(ast.Subscript(
                ast.Name(target.id, ast.Load()),
                ast.Tuple([self._outer()] + keys, ast.Load()), node.ctx), node)
        if (isinstance(target, ast.Attribute) and target.attr == "shape"
                and isinstance(target.value, ast.Name) and target.value.id in self.dims):
            try:
                axis = ast.literal_eval(node.slice)
            except ValueError:
                axis = None
            if isinstance(axis, int) and not isinstance(axis, bool):
                if axis < 0:
                    axis += self.dims[target.value.id]
                return ast.copy_location(ast.Subscript(target, ast.Constant(axis + 1), node.ctx),
                                         node)
            raise TypeError(f"{self._place(node)}: guvectorize: {target.value.id}.shape is read at an "
                            "index that is not a number")
        return self.generic_visit(node)

    def visit_Attribute(self, node):
        # `m, n = a.shape`: the core dimensions, after the outer one.
        if (node.attr == "shape" and isinstance(node.value, ast.Name)
                and node.value.id in self.dims and isinstance(node.ctx, ast.Load)):
            return ast.copy_location(ast.Tuple(
                [ast.Subscript(ast.Attribute(ast.Name(node.value.id, ast.Load()), "shape",
                                             ast.Load()), ast.Constant(axis + 1), ast.Load())
                 for axis in range(self.dims[node.value.id])], ast.Load()), node)
        return self.generic_visit(node)

    def visit_For(self, node):
        # `for v in a` over a one-dimensional core: a loop over its indices.
        if isinstance(node.iter, ast.Name) and node.iter.id in self.dims:
            name = node.iter.id
            if self.dims[name] != 1:
                raise TypeError(f"{self._place(node)}: guvectorize: a loop runs over an argument "
                                f"of one core dimension, and {name} has {self.dims[name]}")
            self.loops += 1
            counter = f"guvectorize_k{self.loops}"
            element = ast.Assign([node.target], ast.Subscript(
                ast.Name(name, ast.Load()),
                ast.Tuple([self._outer(), ast.Name(counter, ast.Load())], ast.Load()), ast.Load()))
            length = ast.Subscript(ast.Attribute(ast.Name(name, ast.Load()), "shape", ast.Load()),
                                   ast.Constant(1), ast.Load())
            loop = ast.For(ast.Name(counter, ast.Store()),
                           ast.Call(ast.Name("range", ast.Load()), [length], []),
                           [element] + [self.visit(statement) for statement in node.body],
                           [self.visit(statement) for statement in node.orelse])
            return ast.copy_location(loop, node)
        return self.generic_visit(node)

    def visit_Call(self, node):
        if (isinstance(node.func, ast.Name) and node.func.id == "len" and len(node.args) == 1
                and isinstance(node.args[0], ast.Name) and node.args[0].id in self.dims):
            shape = ast.Attribute(ast.Name(node.args[0].id, ast.Load()), "shape", ast.Load())
            return ast.copy_location(ast.Subscript(shape, ast.Constant(1), ast.Load()), node)
        return self.generic_visit(node)

    def visit_Name(self, node):
        if node.id in self.scalar_inputs:
            if not isinstance(node.ctx, ast.Load):
                raise TypeError(f"{self._place(node)}: guvectorize: the input {node.id} is assigned")
            return ast.copy_location(ast.Subscript(ast.Name(node.id, ast.Load()), self._outer(),
                                                   ast.Load()), node)
        if node.id in self.dims or node.id in self.scalar_outputs:
            self._refuse(node, node.id)
        return node


class GUFunc:
    """A generalized ufunc: called with arrays whose last dimensions are the layout's core
    dimensions, it broadcasts their other (outer) dimensions and runs the function once per
    outer index, in parallel; outputs are allocated unless given (after the inputs, or out=)."""

    def __init__(self, function, signatures, layout, target):
        if target not in _TARGETS:
            raise ValueError(f"guvectorize target must be one of "
                             f"{', '.join(map(repr, _TARGETS))}, got {target!r}")
        self.py_func = function
        self.target = target
        self.__name__ = function.__name__
        self.__doc__ = function.__doc__
        self.layout = layout
        self._inputs, self._outputs = parse_layout(layout)
        self.nin, self.nout = len(self._inputs), len(self._outputs)
        parameters = list(inspect.signature(function).parameters)
        if len(parameters) != self.nin + self.nout:
            raise TypeError(f"{self.__name__}() takes {len(parameters)} arguments, but the layout "
                            f"{layout!r} has {self.nin + self.nout}")
        self._parameters = parameters
        if isinstance(signatures, (str, tuple)):
            signatures = [signatures]
        self._signatures = []
        for signature in signatures:
            types = _argument_types(signature)
            if len(types) != len(parameters):
                raise TypeError(f"guvectorize signature {signature!s} has {len(types)} "
                                f"arguments; the layout has {len(parameters)}")
            for (dtype, dims), core, name in zip(types, self._inputs + self._outputs,
                                                 parameters):
                expected = len(core) or (1 if name in parameters[self.nin:] else 0)
                if dims != expected:
                    raise TypeError(f"guvectorize signature {signature!s}: {name} has {dims} "
                                    f"dimensions, but its layout ({', '.join(core)}) gives it "
                                    f"{expected}")
            self._signatures.append(types)
        if not self._signatures:
            raise TypeError("guvectorize needs at least one signature")
        self._kernels = {}

    def __repr__(self):
        return f"<cudapy gufunc {self.__name__} {self.layout}, target={self.target!r}>"

    def __call__(self, *args, out=None):
        if out is not None:
            args = args + (tuple(out) if isinstance(out, (tuple, list)) else (out,))
        # Other libraries' GPU arrays are computed on where they are, as device arrays.
        args = tuple(as_device_array(arg) for arg in args)
        if len(args) not in (self.nin, self.nin + self.nout):
            raise TypeError(f"{self.__name__}() takes {self.nin} inputs (and optionally "
                            f"{self.nout} outputs), got {len(args)} arguments")
        where = _TARGETS[self.target]
        device = any(isinstance(arg, CudaArray) for arg in args)
        inputs = [arg if isinstance(arg, CudaArray) else np.asarray(arg)
                  for arg in args[:self.nin]]
        # Python numbers are weak, as in NumPy's choice of a loop: 2.0 fits a float32 loop.
        weak = [isinstance(arg, (bool, int, float)) for arg in args[:self.nin]]
        types = self._loop(inputs, weak)
        sizes, outer = {}, []
        for given_input, core, name in zip(inputs, self._inputs, self._parameters):
            ndim, shape = given_input.ndim, tuple(given_input.shape)
            if ndim < len(core):
                raise ValueError(f"{self.__name__}(): {name} has {ndim} dimensions, fewer "
                                 f"than its core dimensions ({', '.join(core)})")
            for symbol, size in zip(core, shape[ndim - len(core):]):
                if sizes.setdefault(symbol, size) != size:
                    raise ValueError(f"{self.__name__}(): dimension {symbol} is {sizes[symbol]} "
                                     f"in one argument and {size} in {name}")
            outer.append(shape[:ndim - len(core)])
        try:
            outer_shape = np.broadcast_shapes(*outer)
        except ValueError:
            raise ValueError(f"{self.__name__}(): the outer dimensions {outer} do not "
                             "broadcast together") from None
        count = int(np.prod(outer_shape, dtype=np.int64))
        arrays = []
        for given_input, core, (dtype, _) in zip(inputs, self._inputs, types):
            core_shape = tuple(given_input.shape[given_input.ndim - len(core):])
            if (isinstance(given_input, CudaArray) and given_input.dtype == dtype
                    and given_input.target == where and given_input.is_c_contiguous()
                    and tuple(given_input.shape) == outer_shape + core_shape):
                arrays.append(given_input.reshape((count,) + core_shape))  # stays where it is
                continue
            host = (given_input.copy_to_host() if isinstance(given_input, CudaArray)
                    else given_input)
            full = np.broadcast_to(host.astype(dtype, copy=False), outer_shape + core_shape)
            arrays.append(CudaArray(np.ascontiguousarray(full).reshape((count,) + core_shape),
                                    target=where))
        given = args[self.nin:]
        results, copied_back = [], []
        for index, (core, (dtype, _)) in enumerate(zip(self._outputs, types[self.nin:])):
            core_shape = tuple(sizes[symbol] for symbol in core)
            flat = (count,) + core_shape
            if not given:
                results.append(CudaArray.allocate(flat, dtype, target=where))
                continue
            # A given output is written where it is, holding its values before the call (a
            # function may leave elements alone, or accumulate).
            target = given[index]
            if tuple(target.shape) != outer_shape + core_shape:
                raise ValueError(f"{self.__name__}(): output {index} has shape "
                                 f"{tuple(target.shape)}, the call gives {outer_shape + core_shape}")
            if np.dtype(target.dtype) != dtype:
                raise TypeError(f"{self.__name__}(): output {index} holds {target.dtype}, "
                                f"the loop writes {dtype}")
            if (isinstance(target, CudaArray) and target.target == where
                    and target.is_c_contiguous()):
                results.append(target.reshape(flat))
                continue
            host = target.copy_to_host() if isinstance(target, CudaArray) else target
            staged = CudaArray(np.ascontiguousarray(host).reshape(flat), target=where)
            results.append(staged)
            copied_back.append((target, staged))
        if count:
            self._kernel(types, where)(count)(*arrays, *results)
        if given:
            for target, staged in copied_back:
                values = staged.copy_to_host().reshape(target.shape)
                if isinstance(target, CudaArray):
                    target.copy_to_device(values)
                else:
                    target[...] = values
            finished = list(given)
        else:
            finished = [result.reshape(outer_shape + tuple(sizes[symbol] for symbol in core))
                        for result, core in zip(results, self._outputs)]
            if not device:
                finished = [result.copy_to_host() for result in finished]
        return finished[0] if len(finished) == 1 else tuple(finished)

    def _loop(self, inputs, weak):
        """The first signature whose input types the arguments cast to safely, as NumPy
        chooses a ufunc's loop; a Python number fits any loop of its kind or a wider kind."""
        def fits(given, is_weak, dtype):
            if not is_weak:
                return np.can_cast(given.dtype, dtype, "safe")
            order = "biuf"
            return given.dtype.kind in order and dtype.kind in order and \
                order.index(dtype.kind) >= min(order.index(given.dtype.kind), 2)

        for types in self._signatures:
            if all(fits(given, is_weak, dtype)
                   for given, is_weak, (dtype, _) in zip(inputs, weak, types)):
                return types
        given = ", ".join(str(given.dtype) for given in inputs)
        raise TypeError(f"{self.__name__}(): no loop takes ({given}); the signatures take "
                        + "; ".join("(" + ", ".join(str(dtype) for dtype, _ in types[:self.nin])
                                    + ")" for types in self._signatures))

    def _kernel(self, types, where):
        key = (tuple(dtype for dtype, _ in types), where)
        found = self._kernels.get(key)
        if found is None:
            from .kernel import compile

            function = self._kernel_function()
            params = []
            for (dtype, _), core in zip(types, self._inputs + self._outputs):
                params.append(f"{dtype.name}[{', '.join([':'] * (1 + len(core)))}]")
            found = self._kernels[key] = compile(function, sig=f"void({', '.join(params)})",
                                                 target=where)
        return found

    def _kernel_function(self):
        """The function rewritten into a kernel: a Python function of its own, whose source
        linecache holds and whose globals are a copy of the function's."""
        source = textwrap.dedent(inspect.getsource(self.py_func))
        tree = ast.parse(source)
        definition = tree.body[0]
        if not isinstance(definition, ast.FunctionDef):
            raise TypeError(f"guvectorize takes a function defined with def, got "
                            f"{type(self.py_func).__name__}")
        definition.decorator_list = []
        dims, scalar_inputs, scalar_outputs = {}, set(), set()
        for index, (name, core) in enumerate(zip(self._parameters, self._inputs + self._outputs)):
            if core:
                dims[name] = len(core)
            elif index < self.nin:
                scalar_inputs.add(name)
            else:
                scalar_outputs.add(name)
        index = "guvectorize_outer"
        _, first_line = inspect.getsourcelines(self.py_func)
        rewriter = _Rewriter(dims, scalar_inputs, scalar_outputs, index,
                             inspect.getsourcefile(self.py_func) or "<unknown>", first_line)
        body = [rewriter.visit(statement) for statement in definition.body]
        first = self._parameters[0]
        guard = ast.parse(f"{index} = cuda.grid(1)\n"
                          f"if {index} >= {first}.shape[0]:\n    return\n").body
        definition.body = guard + body
        ast.fix_missing_locations(tree)
        text = ast.unparse(tree) + "\n"
        filename = f"<guvectorize {self.__name__} {next(_generated)}>"
        linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
        namespace = dict(self.py_func.__globals__)
        namespace.update(inspect.getclosurevars(self.py_func).nonlocals)
        exec(compile(text, filename, "exec"), namespace)  # noqa: S102 - the user's own function
        return namespace[definition.name]


def guvectorize(signatures, layout, target="cpu", **options):
    """numba's `@guvectorize(signatures, layout, target=...)`: see GUFunc. `target` is "cuda"
    (or "gpu"), "cpu" or "parallel"; numba's other options (nopython, cache, ...) change
    nothing."""
    for option in options:
        if option not in ("nopython", "cache", "fastmath", "identity", "writable_args"):
            raise TypeError(f"guvectorize(): the option {option}= is not supported")

    def decorate(function):
        if not inspect.isfunction(function):
            raise TypeError(f"guvectorize() takes a function, got {type(function).__name__}")
        return GUFunc(function, signatures, layout, target)

    return decorate
