"""A ParPy function specialized for one call: its calls inlined, its arguments bound (scalars
and 0-d arrays as constants, dicts flattened), its slice statements turned into loops, every
expression typed, and its parallel regions written as cudapy kernels with the host's plan
that launches them.

Types follow NumPy, as the function run by CPython does: arrays and 0-d arrays have their
dtypes, Python numbers are weak (NEP 50), `/` is true division, `//` and `%` take Python's
signs. ParPy's own rules that make a program wrong stay errors: `//` and `%` take integers,
`**` float32 or float64, bitwise operators integers.

Mapping to the GPU, as ParPy documents it: each parallel statement outside parallel loops is
a kernel; sequential loops around kernels run on the host. Within a kernel, the innermost
parallel level is the threads of a block and the outer levels are blocks (gridDim.x, then
gridDim.y); a kernel of one parallel loop that is no reduction spreads its threads over as many
blocks as it needs. Statements between parallel loops run in every thread of the block, and
their stores in thread 0 alone, followed by a barrier. A reduction loop combines each thread's
partial result with warp shuffles and shared memory (its threads round up to a multiple of
32)."""

import ast
import copy
import math
from typing import NamedTuple

from .._lazy import numpy as np
from . import _frontend
from .options import DEFAULT_THREADS_PER_BLOCK
from ._frontend import error

# Names the generated code uses: the kernel language's, and those of the generated variables.
_RESERVED = {"cuda", "math", "range", "min", "max", "abs", "len", "float", "int", "bool",
             "True", "False", "None", "print", "float16", "float32", "float64", "int8", "int16",
             "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool_", "complex",
             "complex64", "complex128", "np", "numpy", "void"}
_GENERATED = "parpy_"
# The threads of a block of a kernel of one plain parallel loop, unless .tpb() gives them.
_FLAT_BLOCK = 256
# The consecutive iterations a thread of such a kernel runs together (see batched_loop), in
# loops of at least _BATCHED_TRIPS iterations.
_LANES = 4
_BATCHED_TRIPS = 1 << 20

_REDUCE_OPS = {"sum": ast.Add, "prod": ast.Mult, "max": "max", "min": "min"}
_MATH = {"cos", "sin", "tanh", "exp", "log", "sqrt"}
_CONVERSIONS = {"float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
                "uint16", "uint32", "uint64"}
_INTEGER_OPS = (ast.FloorDiv, ast.Mod)
_BITWISE_OPS = (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift)


class Ty(NamedTuple):
    """A scalar type: a NumPy dtype, weak for a Python number (NEP 50)."""

    dtype: object
    weak: bool = False


INT64 = Ty(np.dtype("int64"))
BOOL = Ty(np.dtype("bool"))


class ArrayArg(NamedTuple):
    """An array parameter of the specialization: its kernel name, dtype, shape, and whether it
    is C-contiguous (else the kernel takes its strides)."""

    name: str
    dtype: object
    shape: tuple
    contiguous: bool


class Launch(NamedTuple):
    kernel: str
    grid: tuple
    block: int
    params: tuple  # names: arrays' kernel names and host loop variables


class HostLoop(NamedTuple):
    var: str
    bounds: str  # Python source of (start, stop, step), of constants and the host variables
    body: list


class Specialization(NamedTuple):
    """What a call runs: the kernels' source, their signatures, the host plan, the array
    parameters and which of them the kernels write."""

    source: str
    signatures: dict
    plan: list
    arrays: dict  # kernel name -> ArrayArg
    written: frozenset


def type_name(dtype):
    name = np.dtype(dtype).name
    return "bool" if name == "bool" else name


def _describe(ty):
    return type_name(ty.dtype).replace("float", "F").replace("uint", "U").replace(
        "int", "I").replace("bool", "Bool")


def promote(left, right):
    """The type of a binary operation's operands under NumPy's rules with weak numbers."""
    if left.weak and right.weak:
        kinds = {left.dtype.kind, right.dtype.kind}
        if "f" in kinds:
            return Ty(np.dtype("float64"), True)
        if kinds == {"b"}:
            return Ty(np.dtype("bool"), True)
        return Ty(np.dtype("int64"), True)
    if left.weak or right.weak:
        strong, weak = (right, left) if left.weak else (left, right)
        if weak.dtype.kind == "f" and strong.dtype.kind in "biu":
            return Ty(np.dtype("float64"))
        if weak.dtype.kind in "iu" and strong.dtype.kind == "b":
            return Ty(np.dtype("int64"))
        return strong
    return Ty(np.promote_types(left.dtype, right.dtype))


def accumulation_type(ty, op):
    """The type a reduction accumulates `ty` in: NumPy's for sums and products (integers in 64
    bits), at least 32 bits for all, as warp shuffles move them."""
    kind = ty.dtype.kind
    if kind == "b":
        return Ty(np.dtype("int64"))
    if kind == "i":
        return Ty(np.dtype("int64")) if op in ("sum", "prod") or ty.dtype.itemsize < 4 \
            else Ty(ty.dtype)
    if kind == "u":
        return Ty(np.dtype("uint64")) if op in ("sum", "prod") or ty.dtype.itemsize < 4 \
            else Ty(ty.dtype)
    if ty.dtype == np.float16:
        return Ty(np.dtype("float32"))
    return Ty(ty.dtype)


def literal(value, ty):
    """Kernel source of a constant of type `ty`."""
    dtype = ty.dtype
    if dtype.kind == "b":
        text = "True" if value else "False"
        return text
    if dtype.kind == "f":
        value = float(value)
        if math.isnan(value):
            text = "math.nan"
        elif math.isinf(value):
            text = "math.inf" if value > 0 else "-math.inf"
        else:
            text = repr(value)
    else:
        text = str(int(value))
    if ty.weak:
        return f"({text})" if text.startswith("-") else text
    return f"{type_name(dtype)}({text})"


def neutral(op, ty):
    """The identity of a reduction `op` in type `ty`, as kernel source."""
    if op == "sum":
        return literal(0, ty)
    if op == "prod":
        return literal(1, ty)
    dtype = ty.dtype
    if dtype.kind == "f":
        value = -math.inf if op == "max" else math.inf
    else:
        info = np.iinfo(dtype)
        value = info.min if op == "max" else info.max
    return literal(value, ty)


def _group(stmts, origin):
    """The statements one source statement became, kept together (a kernel at the host's
    level)."""
    node = ast.If(test=ast.Constant(True), body=stmts, orelse=[])
    ast.copy_location(node, origin)
    node._parpy_group = True
    return node


class _Neutral(ast.expr):
    """The identity of a reduction, typed by what it reduces."""

    _fields = ()

    def __init__(self, op=None, ty=None, **fields):
        super().__init__(**fields)
        self.op, self._ty = op, ty


class Lowering:
    """One specialization under way."""

    def __init__(self, parsed, bound, opts):
        self.parsed, self.bound, self.opts = parsed, bound, opts
        self.filename = parsed.filename
        self.spec = opts.parallelize
        self.arrays = {}
        self.fresh = _frontend.unique_names(_GENERATED + "v")
        self.locals = {}
        self.kernels = []
        self.kernel_index = 0
        self.written = set()
        self.host_vars = set()
        self.externals = {}
        # Threads the GPU holds at once (None: no cap), for kernels of one plain loop.
        self.resident_threads = None

    def fail(self, node, message, kind=RuntimeError):
        raise error(kind, node, self.filename, message)

    # ---- inlining ---------------------------------------------------------------------------

    def inline(self, stmts, depth=0):
        result = []
        for stmt in stmts:
            call = getattr(stmt, "_parpy_call", None)
            if isinstance(stmt, ast.Expr) and call is not None:
                if call[0] != "function":
                    self.fail(stmt, f"Unsupported expression statement: a call of "
                                    f"{_frontend.call_name(stmt.value.func)} computes a value "
                                    "that is not used")
                callee = _frontend.functions[call[1]]
                if callee.returns:
                    self.fail(stmt, f"The called function {callee.name} cannot return a value "
                                    "when it is called as a statement")
                body = self.instantiate(callee, stmt.value, depth)
                if getattr(stmt, "_parpy_labels", None):
                    self.fail(stmt, "Cannot associate label with non-parallelizable statement")
                result.extend(self.inline(body, depth + 1))
                continue
            self.inline_expressions(stmt, depth)
            for field in ("body", "orelse"):
                if hasattr(stmt, field):
                    setattr(stmt, field, self.inline(getattr(stmt, field), depth))
            result.append(stmt)
        return result

    def inline_expressions(self, stmt, depth):
        lowering = self

        class Calls(ast.NodeTransformer):
            def visit_Call(self, node):
                self.generic_visit(node)
                call = getattr(node, "_parpy_call", None)
                if call is None or call[0] != "function":
                    return node
                callee = _frontend.functions[call[1]]
                body = callee.body
                if len(body) != 1 or not isinstance(body[0], ast.Return):
                    lowering.fail(node, f"The function {callee.name} is called in an "
                                        "expression, so its body must be one return statement")
                value = lowering.instantiate(callee, node, depth, [body[0]])[0].value
                return lowering.inline_expressions_of(value, depth + 1)

        for field in ("targets", "target", "value", "test", "iter"):
            item = getattr(stmt, field, None)
            if isinstance(item, list):
                setattr(stmt, field, [Calls().visit(part) for part in item])
            elif isinstance(item, ast.AST):
                setattr(stmt, field, Calls().visit(item))
        for item in getattr(stmt, "items", []):
            item.context_expr = Calls().visit(item.context_expr)

    def inline_expressions_of(self, expr, depth):
        holder = ast.Expr(value=expr)
        self.inline_expressions(holder, depth)
        return holder.value

    def instantiate(self, callee, call, depth, body=None):
        """The callee's statements with its parameters replaced by the call's arguments and its
        locals renamed apart."""
        if depth > 32:
            self.fail(call, f"Calls nest too deeply in {callee.name} (recursion is not "
                            "supported)")
        if call.keywords or len(call.args) != len(callee.params):
            self.fail(call, f"{callee.name} takes {len(callee.params)} arguments but "
                            f"{len(call.args)} were given")
        arguments = dict(zip(callee.params, call.args))
        body = copy.deepcopy(callee.body if body is None else body)
        assigned = set()
        for node in ast.walk(ast.Module(body=body, type_ignores=[])):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                assigned.add(node.id)
        renamed = {name: next(self.fresh) + "_" + name for name in assigned
                   if name not in arguments}
        lowering = self

        class Substitute(ast.NodeTransformer):
            def visit_Name(self, node):
                if node.id in arguments:
                    if isinstance(node.ctx, ast.Store):
                        lowering.fail(node, f"Assigning to the parameter {node.id} of "
                                            f"{callee.name} is not allowed")
                    return copy.deepcopy(arguments[node.id])
                if node.id in renamed:
                    node.id = renamed[node.id]
                    return node
                if not hasattr(node, "_parpy_value"):
                    value = _frontend.resolve_value(node, callee.namespace)
                    if _is_number(value):
                        node._parpy_value = value
                return node

            def visit_Subscript(self, node):
                base = node.value
                if isinstance(base, ast.Name) and base.id in arguments:
                    argument = arguments[base.id]
                    node.slice = self.visit(node.slice)
                    if isinstance(argument, ast.Subscript) and not _has_slice(argument.slice):
                        prefix = _indices(argument.slice)
                        combined = copy.deepcopy(argument)
                        combined.slice = _index_tuple(prefix + _indices(node.slice))
                        combined.ctx = node.ctx
                        return ast.copy_location(combined, node)
                    node.value = copy.deepcopy(argument)
                    return node
                return self.generic_visit(node)

        return [Substitute().visit(stmt) for stmt in body]

    # ---- binding ----------------------------------------------------------------------------

    def bind(self, stmts):
        """Replaces the parameters: arrays by their kernel names, scalars by constants, a dict's
        entries by those of its values; other names are locals, or numbers of the module."""
        lowering = self

        class Bind(ast.NodeTransformer):
            def visit_Subscript(self, node):
                base = node.value
                if isinstance(base, ast.Name) and isinstance(lowering.bound.get(base.id), dict):
                    key = node.slice
                    if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                        lowering.fail(node, f"The dictionary {base.id} is indexed by string "
                                            "literals")
                    entries = lowering.bound[base.id]
                    if key.value not in entries:
                        lowering.fail(node, f"The dictionary {base.id} has no key "
                                            f"{key.value!r}", KeyError)
                    return ast.copy_location(lowering.bound_value(entries[key.value], node),
                                             node)
                return self.generic_visit(node)

            def visit_Name(self, node):
                if node.id in lowering.bound:
                    value = lowering.bound[node.id]
                    if isinstance(value, dict):
                        lowering.fail(node, f"The dictionary {node.id} is only used through "
                                            "its entries (d['key'])")
                    if isinstance(node.ctx, ast.Store):
                        if not isinstance(value, ArrayArg):
                            lowering.fail(node, "Assigning to a scalar parameter is not allowed")
                    return ast.copy_location(lowering.bound_value(value, node), node)
                if hasattr(node, "_parpy_value"):
                    return ast.copy_location(lowering.constant(node._parpy_value, None), node)
                return node

        module = ast.Module(body=stmts, type_ignores=[])
        return Bind().visit(module).body

    def bound_value(self, value, node):
        if isinstance(value, ArrayArg):
            self.arrays[value.name] = value
            name = ast.Name(id=value.name, ctx=getattr(node, "ctx", ast.Load()))
            name._parpy_array = value
            return name
        if isinstance(value, dict):
            self.fail(node, "Dictionary arguments may not contain a nested dictionary")
        constant_value, ty = value
        return self.constant(constant_value, ty)

    def constant(self, value, ty):
        node = ast.Constant(value=value)
        if ty is None:
            ty = self.number_type(value)
        node._ty = ty
        return node

    def number_type(self, value):
        """The type of a Python number: weak, unless the options force a size."""
        if isinstance(value, (bool, np.bool_)):
            return Ty(np.dtype("bool"), True)
        if isinstance(value, np.generic):
            return Ty(value.dtype)
        if isinstance(value, int):
            forced = self.opts.force_int_size
            return Ty(forced.dtype()) if forced is not None else Ty(np.dtype("int64"), True)
        forced = self.opts.force_float_size
        return Ty(forced.dtype()) if forced is not None else Ty(np.dtype("float64"), True)

    # ---- slices -----------------------------------------------------------------------------

    def fixed_int(self, node, what):
        """The int value of a bound made of constants, else the error ParPy gives."""
        try:
            value = _evaluate(node)
        except _NotConstant:
            self.fail(node, f"{what} of slice must be fixed.", TypeError)
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
            self.fail(node, f"{what} of slice must be an integer.", TypeError)
        return int(value)

    def array_of(self, node):
        if isinstance(node, ast.Name) and hasattr(node, "_parpy_array"):
            return node._parpy_array
        if isinstance(node, ast.Name):
            self.fail(node, f"{node.id} is not an array: only arrays are indexed", TypeError)
        self.fail(node, "Target of slice must be a variable.")

    def subscript_dims(self, node):
        """[(start, extent)] of each slice of the subscript `node`, checking its indices."""
        array = self.array_of(node.value)
        indices = _indices(node.slice)
        if len(indices) != len(array.shape):
            shape = ", ".join(str(n) for n in array.shape)
            self.fail(node, f"Indexing with {len(indices)} dimensions on tensor of shape "
                            f"[{shape}]", TypeError)
        dims = []
        for index, extent in zip(indices, array.shape):
            if isinstance(index, ast.Slice):
                if index.step is not None:
                    self.fail(node, "Slices with a step size are not supported")
                start = 0 if index.lower is None else self.fixed_int(index.lower, "Lower bound")
                stop = extent if index.upper is None else self.fixed_int(index.upper,
                                                                          "Upper bound")
                start = max(0, start + extent) if start < 0 else min(start, extent)
                stop = max(0, stop + extent) if stop < 0 else min(stop, extent)
                dims.append((start, max(0, stop - start)))
        return dims

    def shape_of(self, node):
        """The slice shape of an expression (() for a scalar one)."""
        if isinstance(node, ast.Subscript):
            if _has_slice(node.slice):
                return tuple(extent for _, extent in self.subscript_dims(node))
            if not isinstance(node.value, ast.Name):
                if self.contains_slice(node.value):
                    self.fail(node, "Target of slice must be a variable.")
            return ()
        if isinstance(node, ast.BinOp):
            return self.broadcast(self.shape_of(node.left), self.shape_of(node.right), node)
        if isinstance(node, ast.UnaryOp):
            return self.shape_of(node.operand)
        if isinstance(node, ast.Compare):
            shape = self.shape_of(node.left)
            for item in node.comparators:
                shape = self.broadcast(shape, self.shape_of(item), node)
            return shape
        if isinstance(node, ast.Call):
            kind = getattr(node, "_parpy_call", (None, None))
            if kind[0] == "operator" and kind[1] in _REDUCE_OPS and self.is_reduction(node):
                inner = self.shape_of(node.args[0])
                axis = self.axis_of(node, inner)
                if axis is None:
                    return ()
                return inner[:axis] + inner[axis + 1:]
            shape = ()
            for arg in node.args:
                shape = self.broadcast(shape, self.shape_of(arg), node)
            return shape
        if isinstance(node, ast.IfExp):
            shape = self.broadcast(self.shape_of(node.body), self.shape_of(node.orelse), node)
            if self.shape_of(node.test):
                self.fail(node, "Slice expressions are only allowed in assignment statements")
            return shape
        if isinstance(node, ast.BoolOp):
            shape = ()
            for value in node.values:
                shape = self.broadcast(shape, self.shape_of(value), node)
            return shape
        return ()

    def is_reduction(self, node):
        """Whether a call of sum/prod/max/min reduces a slice expression (max and min of two
        values choose one)."""
        name = node._parpy_call[1]
        if name in ("max", "min") and len(node.args) == 2:
            return False
        if len(node.args) != 1:
            self.fail(node, f"Invalid number of arguments of builtin {name}")
        return True

    def axis_of(self, node, shape):
        for keyword in node.keywords:
            if keyword.arg == "axis":
                axis = _frontend.constant_int(keyword.value)
                if axis is None:
                    self.fail(node, "Expected integer literal value of axis", TypeError)
                if not -len(shape) <= axis < len(shape):
                    self.fail(node, f"Invalid axis value {axis} for a slice expression of "
                                    f"{len(shape)} dimensions", TypeError)
                return axis % len(shape)
        if not shape:
            self.fail(node, "Cannot apply reduction on empty dimension")
        return None

    def broadcast(self, left, right, node):
        """NumPy's broadcast of two slice shapes, aligned on their last dimensions."""
        length = max(len(left), len(right))
        left = (1,) * (length - len(left)) + left
        right = (1,) * (length - len(right)) + right
        result = []
        for a, b in zip(left, right):
            if a != b and a != 1 and b != 1:
                self.fail(node, f"Found incompatible shapes {list(left)} and {list(right)}",
                          TypeError)
            result.append(b if a == 1 else a)
        return tuple(result)

    def contains_slice(self, node):
        return any(isinstance(child, ast.Slice) for child in ast.walk(node))

    def contains_reduction(self, node):
        return any(isinstance(child, ast.Call)
                   and getattr(child, "_parpy_call", (None, None))[0] == "operator"
                   and child._parpy_call[1] in _REDUCE_OPS and self.is_reduction(child)
                   for child in ast.walk(node))

    def lower_slice_statement(self, stmt):
        """A slice statement (or one with a reduction) as loops: one per slice dimension of the
        target, left to right, then the loops of each reduction; the statement's labels go to
        those loops in that order, and a reduction's loops are reductions."""
        target = _target(stmt)
        labels = list(getattr(stmt, "_parpy_labels", []))
        if isinstance(target, ast.Subscript):
            if not isinstance(target.value, ast.Name):
                self.fail(stmt, "Target of slice must be a variable.")
            target_dims = self.subscript_dims(target) if _has_slice(target.slice) else []
        else:
            target_dims = []
        target_shape = tuple(extent for _, extent in target_dims)
        full_reduction = any(
            isinstance(child, ast.Call) and getattr(child, "_parpy_call", (None, None))[0]
            == "operator" and child._parpy_call[1] in _REDUCE_OPS and self.is_reduction(child)
            and not any(k.arg == "axis" for k in child.keywords)
            for child in ast.walk(stmt.value))
        if full_reduction and target_shape:
            self.fail(stmt, "When reducing along all dimensions, the target of the statement "
                            "must be a scalar (an element, not a slice)")
        value_shape = self.shape_of(stmt.value)
        if len(value_shape) > len(target_shape) and not isinstance(target, ast.Subscript):
            self.fail(stmt, "Slice statements cannot have more slice dimensions on the "
                            "right-hand side than on the left-hand side")
        if self.broadcast(value_shape, target_shape, stmt) != target_shape:
            self.fail(stmt, f"Found incompatible shapes {list(value_shape)} and "
                            f"{list(target_shape)}", TypeError)
        loop_vars = [next(self.fresh) for _ in target_dims]
        frame = list(zip([ast.Name(id=v, ctx=ast.Load()) for v in loop_vars], target_shape))
        prologue = []
        target_labels, labels = labels[:len(target_dims)], labels[len(target_dims):]
        value = self.index_expression(stmt.value, frame, prologue, labels, stmt)
        new_target = self.index_expression(target, frame, prologue, [], stmt) \
            if target_dims else target
        if isinstance(stmt, ast.Assign):
            inner = ast.Assign(targets=[new_target], value=value)
        else:
            inner = ast.AugAssign(target=new_target, op=stmt.op, value=value)
        ast.copy_location(inner, stmt)
        body = prologue + [inner]
        for var, (start, extent) in reversed(list(zip(loop_vars, target_dims))):
            loop = _range_loop(var, extent, body, stmt)
            body = [loop]
        loops = []
        node = body[0] if target_dims else None
        while isinstance(node, ast.For) and len(loops) < len(target_dims):
            loops.append(node)
            node = node.body[0] if node.body and isinstance(node.body[0], ast.For) \
                and len(loops) < len(target_dims) else None
        for loop, label in zip(loops, target_labels):
            loop._parpy_labels = [label]
        if labels:
            remaining = ", ".join(labels)
            self.fail(stmt, f"The labels {remaining} name no loop of this statement (it has "
                            f"{len(target_dims)} slice dimensions)")
        return _group(body, stmt)

    def index_expression(self, node, frame, prologue, labels, stmt):
        """`node` with its slices indexed by the loop variables of `frame` ((index expression,
        extent) per dimension, aligned on the last) and its reductions computed into
        accumulators by loops added to `prologue`."""
        lowering = self

        class Index(ast.NodeTransformer):
            def visit_Call(self, call):
                kind = getattr(call, "_parpy_call", (None, None))
                if kind[0] == "operator" and kind[1] in _REDUCE_OPS and \
                        lowering.is_reduction(call):
                    return lowering.lower_reduction(call, frame, prologue, labels, stmt)
                return self.generic_visit(call)

            def visit_Subscript(self, sub):
                if not _has_slice(sub.slice):
                    return self.generic_visit(sub)
                dims = lowering.subscript_dims(sub)
                offset = len(frame) - len(dims)
                indices = []
                position = 0
                for index in _indices(sub.slice):
                    if isinstance(index, ast.Slice):
                        start, extent = dims[position]
                        var, frame_extent = frame[offset + position]
                        position += 1
                        if extent == 1 and frame_extent != 1:
                            expr = ast.Constant(start)
                        elif start == 0:
                            expr = copy.deepcopy(var)
                        else:
                            expr = ast.BinOp(left=copy.deepcopy(var), op=ast.Add(),
                                             right=ast.Constant(start))
                        indices.append(expr)
                    else:
                        indices.append(self.visit(index))
                result = ast.Subscript(value=sub.value, slice=_index_tuple(indices),
                                       ctx=sub.ctx)
                return ast.copy_location(result, sub)

        return Index().visit(copy.deepcopy(node))

    def lower_reduction(self, call, frame, prologue, labels, stmt):
        """An accumulator of the reduction `call`, computed by loops in `prologue`."""
        op = call._parpy_call[1]
        inner_shape = self.shape_of(call.args[0])
        axis = self.axis_of(call, inner_shape)
        reduced = range(len(inner_shape)) if axis is None else [axis]
        kept = [d for d in range(len(inner_shape)) if d not in reduced]
        loop_vars = {d: next(self.fresh) for d in reduced}
        for var in loop_vars.values():  # typed before their loops, by the accumulator's type
            self.locals[var] = INT64
        inner_frame = []
        kept_frame = frame[len(frame) - len(kept):] if kept else []
        for d, extent in enumerate(inner_shape):
            if d in loop_vars:
                inner_frame.append((ast.Name(id=loop_vars[d], ctx=ast.Load()), extent))
            else:
                var, frame_extent = kept_frame[kept.index(d)]
                inner_frame.append((var, frame_extent if extent != 1 else 1))
        element = self.index_expression(call.args[0], inner_frame, prologue, [], stmt)
        accumulator = next(self.fresh)
        init = ast.Assign(targets=[ast.Name(id=accumulator, ctx=ast.Store())],
                          value=_Neutral(op, None))
        init.value._parpy_of = element
        ast.copy_location(init, stmt)
        update = _reduction_update(op, accumulator, element)
        ast.copy_location(update, stmt)
        body = [update]
        for d in reversed(list(reduced)):
            body = [_range_loop(loop_vars[d], inner_shape[d], body, stmt)]
        first = body[0]
        if labels:
            first._parpy_labels = [labels.pop(0)]
        first._parpy_reduction = True
        prologue.extend([init, first])
        return ast.Name(id=accumulator, ctx=ast.Load())

    # ---- typing -----------------------------------------------------------------------------

    def lower(self, stmts):
        """Slice statements lowered, every expression typed; locals get the type of all their
        assignments together (NumPy's promotion), so the statements are typed until that
        settles."""
        stmts = self.lower_slices(stmts)
        for _ in range(8):
            before = dict(self.locals)
            self.type_statements(stmts)
            if before == self.locals:
                return stmts
        return stmts

    def lower_slices(self, stmts):
        result = []
        for stmt in stmts:
            if isinstance(stmt, (ast.Assign, ast.AugAssign)):
                target = _target(stmt)
                if (self.contains_slice(target) or self.contains_slice(stmt.value)
                        or self.contains_reduction(stmt.value)):
                    result.append(self.lower_slice_statement(stmt))
                    continue
            elif isinstance(stmt, ast.For):
                for arg in stmt.iter.args:
                    if self.contains_slice(arg):
                        self.fail(stmt, "Slice expressions are only allowed in assignment "
                                        "statements")
            elif isinstance(stmt, (ast.If, ast.While)):
                if self.contains_slice(stmt.test):
                    self.fail(stmt, "Slice expressions are only allowed in assignment "
                                    "statements")
            for field in ("body", "orelse"):
                if hasattr(stmt, field):
                    setattr(stmt, field, self.lower_slices(getattr(stmt, field)))
            result.append(stmt)
        return result

    def type_statements(self, stmts):
        for stmt in stmts:
            if isinstance(stmt, ast.For):
                for arg in stmt.iter.args:
                    ty = self.type_of(arg)
                    if ty.dtype.kind not in "iu":
                        self.fail(arg, f"The bounds of range must be integers, got "
                                       f"{type_name(ty.dtype)}", TypeError)
                self.set_local(stmt.target, INT64)
                self.type_statements(stmt.body)
            elif isinstance(stmt, (ast.If, ast.While)):
                self.type_of(stmt.test)
                self.type_statements(stmt.body)
                self.type_statements(stmt.orelse)
            elif isinstance(stmt, ast.With):
                self.type_statements(stmt.body)
            elif isinstance(stmt, ast.Assign):
                value = self.type_of(stmt.value)
                target = stmt.targets[0]
                if isinstance(target, ast.Name):
                    self.set_local(target, value)
                else:
                    self.type_store(target)
            elif isinstance(stmt, ast.AugAssign):
                if isinstance(stmt.target, ast.Name) and stmt.target.id not in self.locals:
                    self.fail(stmt, f"Found reference to unknown variable {stmt.target.id}",
                              NameError)
                target = self.type_of(stmt.target)
                value = self.type_of(stmt.value)
                result = self.binop_type(stmt.op, target, value, stmt)
                if isinstance(stmt.target, ast.Name):
                    self.set_local(stmt.target, result)
                else:
                    self.type_store(stmt.target)
            elif isinstance(stmt, ast.Return):
                self.fail(stmt, "A ParPy function run by a call cannot return a value (a "
                                "function that returns is called from another one)")

    def set_local(self, name, ty):
        if name.id in self.arrays:
            self.fail(name, f"Cannot assign to the array {name.id}")
        ty = Ty(ty.dtype)  # a variable is strong, as a NumPy scalar is
        known = self.locals.get(name.id)
        self.locals[name.id] = ty if known is None else Ty(np.promote_types(known.dtype,
                                                                             ty.dtype))
        name._ty = self.locals[name.id]

    def type_store(self, target):
        array = self.array_of(target.value)
        self.written.add(array.name)
        self.type_of(target)

    def type_of(self, node):
        ty = self._type_of(node)
        node._ty = ty
        return ty

    def _type_of(self, node):
        if isinstance(node, _Neutral):
            if node._ty is None:
                node._ty = accumulation_type(self.type_of(node._parpy_of), node.op)
            return node._ty
        if isinstance(node, ast.Constant):
            if hasattr(node, "_ty"):
                return node._ty
            if isinstance(node.value, str):
                self.fail(node, "String literal may only be used in dict lookups")
            if isinstance(node.value, (bool, int, float)):
                return self.number_type(node.value)
            self.fail(node, f"Unsupported literal value {node.value!r}")
        if isinstance(node, ast.Name):
            if hasattr(node, "_parpy_array"):
                self.fail(node, f"The array {node.id} is used as a value: index it",
                          TypeError)
            if node.id in self.locals:
                return self.locals[node.id]
            self.fail(node, f"Found reference to unknown variable {node.id}", NameError)
        if isinstance(node, ast.Subscript):
            array = self.array_of(node.value)
            indices = _indices(node.slice)
            if len(indices) != len(array.shape):
                shape = ", ".join(str(n) for n in array.shape)
                self.fail(node, f"Indexing with {len(indices)} dimensions on tensor of shape "
                                f"[{shape}]", TypeError)
            for index, extent in zip(indices, array.shape):
                ty = self.type_of(index)
                if ty.dtype.kind not in "iu":
                    self.fail(node, f"Unsupported index of type {type_name(ty.dtype)} in "
                                    "subscript operation", TypeError)
                value = _frontend.constant_int(index)
                if value is not None and not -extent <= value < extent:
                    self.fail(node, f"Index {value} out of range for shape {extent}",
                              TypeError)
            return Ty(array.dtype)
        if isinstance(node, ast.BinOp):
            return self.binop_type(node.op, self.type_of(node.left), self.type_of(node.right),
                                   node)
        if isinstance(node, ast.UnaryOp):
            ty = self.type_of(node.operand)
            if isinstance(node.op, ast.Not):
                return BOOL
            if isinstance(node.op, ast.Invert) and ty.dtype.kind not in "biu":
                self.fail(node, f"Invalid type {_describe(ty)} of bitwise negation", TypeError)
            if isinstance(node.op, ast.USub) and ty.dtype.kind == "b":
                self.fail(node, f"Invalid type {_describe(ty)} of unary minus", TypeError)
            return ty
        if isinstance(node, ast.Compare):
            types = [self.type_of(node.left)] + [self.type_of(c) for c in node.comparators]
            for ty in types:
                if ty.dtype.kind not in "biuf":
                    self.fail(node, "Invalid type of comparison operation", TypeError)
            return BOOL
        if isinstance(node, ast.BoolOp):
            types = [self.type_of(value) for value in node.values]
            result = types[0]
            for ty in types[1:]:
                result = promote(result, ty)
            return result
        if isinstance(node, ast.IfExp):
            self.type_of(node.test)
            return promote(self.type_of(node.body), self.type_of(node.orelse))
        if isinstance(node, ast.Call):
            return self.call_type(node)
        self.fail(node, f"Unsupported expression: {_frontend.call_name(node)}")

    def binop_type(self, op, left, right, node):
        ty = promote(left, right)
        if isinstance(op, ast.Div):
            if ty.dtype.kind in "biu":
                return Ty(np.dtype("float64"), ty.weak)
            return ty
        if isinstance(op, _INTEGER_OPS) and ty.dtype.kind not in "iu":
            self.fail(node, f"Invalid type {_describe(ty)} of integer arithmetic operation",
                      TypeError)
        if isinstance(op, ast.Pow) and ty.dtype not in (np.float32, np.float64):
            self.fail(node, f"Invalid type {_describe(ty)} of floating-point arithmetic "
                            "operation", TypeError)
        if isinstance(op, _BITWISE_OPS) and ty.dtype.kind not in "iu":
            self.fail(node, f"Invalid type {_describe(ty)} of bitwise operation", TypeError)
        if isinstance(op, ast.MatMult):
            self.fail(node, "Unsupported binary operation: @")
        return ty

    def call_type(self, node):
        kind, name = node._parpy_call
        if kind == "external":
            return self.external_type(node, name)
        if kind != "operator":
            self.fail(node, f"Call to unknown function {name}")
        types = [self.type_of(arg) for arg in node.args]
        if name in _REDUCE_OPS and (name not in ("max", "min") or len(node.args) != 2):
            self.fail(node, f"The reduction {name} applies to slice expressions in assignment "
                            "statements")
        if name in ("max", "min"):
            return promote(types[0], types[1])
        if name in _CONVERSIONS:
            if len(types) != 1:
                self.fail(node, f"Builtin {name} does not expect {len(types)} arguments")
            return Ty(np.dtype(name))
        if name == "abs":
            if len(types) != 1:
                self.fail(node, f"Builtin abs does not expect {len(types)} arguments")
            return types[0]
        if name in _MATH or name == "atan2":
            expected = 2 if name == "atan2" else 1
            if len(types) != expected:
                self.fail(node, f"Builtin {name} does not expect {len(types)} arguments")
            ty = types[0] if expected == 1 else promote(types[0], types[1])
            if ty.dtype.kind in "biu":
                return Ty(np.dtype("float64"), ty.weak)
            return ty
        self.fail(node, f"Unsupported use of builtin {name}")

    def external_type(self, node, name):
        declaration = self.external(node, name)
        params = declaration.params
        if len(node.args) != len(params):
            self.fail(node, f"{name} takes {len(params)} arguments but {len(node.args)} were "
                            "given")
        for arg, param in zip(node.args, params):
            self.type_of(arg)
            if not hasattr(param, "dtype"):
                self.fail(node, f"The external {name} takes a pointer, which cudapy cannot "
                                "pass to CUDA C++ from a ParPy function")
        self.externals[name] = declaration
        return Ty(declaration.result.dtype())

    def external(self, node, name):
        from .options import CompileBackend
        declaration = _frontend.externals.get(name, {}).get(CompileBackend.Cuda)
        if declaration is None:
            self.fail(node, f"Call to unknown function {name}: it is declared as an external "
                            "of another backend")
        return declaration

    # ---- kernels ----------------------------------------------------------------------------

    def loop_par(self, stmt):
        """The LoopPar of a for-loop whose labels the specification names, else None."""
        found = None
        for label in getattr(stmt, "_parpy_labels", []):
            par = self.spec.get(label)
            if par is not None and par.nthreads > 0:
                if found is not None and found.key() != par.key():
                    self.fail(stmt, f"Found inconsistent requests on the number of threads for "
                                    f"the labels of this loop ({found} and {par})")
                found = par
        return found

    def is_parallel(self, stmt):
        return isinstance(stmt, ast.For) and self.loop_par(stmt) is not None

    def contains_parallel(self, stmt):
        if self.is_parallel(stmt) or getattr(stmt, "_parpy_gpu", False):
            return True
        return any(self.contains_parallel(child) for field in ("body", "orelse")
                   for child in getattr(stmt, field, []) or [])

    def plan(self, stmts):
        """The host's plan of the top-level statements."""
        if not any(self.contains_parallel(stmt) for stmt in stmts):
            self.fail(self.parsed.node,
                      f"The function {self.parsed.name} does not contain any parallelism, "
                      "which is not allowed. Try adding a label ('parpy.label') in front of a "
                      "parallelizable statement, and specify its parallelism using the "
                      "'parallelize' keyword argument. Alternatively, if you want to run "
                      "sequential code on the GPU, wrap the code in a GPU context as "
                      "'with parpy.gpu: ...'.")
        return self.host_statements(stmts)

    def host_statements(self, stmts):
        steps = []
        for stmt in stmts:
            if isinstance(stmt, ast.Pass):
                continue
            if self.is_parallel(stmt) or getattr(stmt, "_parpy_gpu", False) or (
                    getattr(stmt, "_parpy_group", False) and self.contains_parallel(stmt)):
                steps.append(self.kernel([stmt]))
            elif isinstance(stmt, ast.For) and self.contains_parallel(stmt):
                var = stmt.target.id
                bounds = self.host_bounds(stmt)
                self.host_vars.add(var)
                steps.append(HostLoop(var, bounds, self.host_statements(stmt.body)))
            elif isinstance(stmt, ast.If) and not getattr(stmt, "_parpy_group", False) and \
                    self.contains_parallel(stmt):
                try:
                    taken = _evaluate(stmt.test)
                except _NotConstant:
                    self.fail(stmt, "A condition outside parallel code must depend only on "
                                    "scalar arguments")
                steps.extend(self.host_statements(stmt.body if taken else stmt.orelse))
            elif isinstance(stmt, ast.While) and self.contains_parallel(stmt):
                self.fail(stmt, "While-loops outside parallel code are not supported: their "
                                "condition would read GPU memory on the host")
            else:
                self.fail(stmt, "Assignments are not allowed outside parallel code. Label a "
                                "parallel loop around the statement, or run it on the GPU "
                                "sequentially in a 'with parpy.gpu:' block.")
        return steps

    def host_bounds(self, stmt):
        start, stop, step = _range_parts(stmt)
        start, step = start or ast.Constant(0), ast.Constant(step)
        for node in (start, stop, step):
            for child in ast.walk(node):
                if isinstance(child, ast.Name) and child.id not in self.host_vars:
                    self.fail(stmt, "The bounds of a loop outside parallel code must depend "
                                    "only on scalar arguments and outer loops outside parallel "
                                    "code")
                if isinstance(child, (ast.Subscript, ast.Call)):
                    self.fail(stmt, "The bounds of a loop outside parallel code must depend "
                                    "only on scalar arguments and outer loops outside parallel "
                                    "code")
        bounds = ast.Tuple(elts=[_plain(start), _plain(stop), _plain(step)], ctx=ast.Load())
        return ast.unparse(bounds)

    def kernel(self, stmts):
        name = f"{_identifier(self.parsed.name)}_{self.kernel_index}"
        self.kernel_index += 1
        emitter = KernelEmitter(self, name, stmts)
        self.kernels.append(emitter)
        return Launch(name, emitter.grid, emitter.block, tuple(emitter.params))


class KernelEmitter:
    """The cudapy kernel of one parallel region: its configuration and source."""

    def __init__(self, lowering, name, stmts):
        self.lowering, self.name, self.stmts = lowering, name, stmts
        self.lines = []
        self.reductions = 0
        depth = self.depth(stmts)
        if depth > 3:
            lowering.fail(stmts[0], "At most three levels of parallel loops nest in one "
                                    "kernel")
        self.depth_count = depth
        counts = [0] * depth
        reduce_innermost = False
        for loop, level in self.parallel_loops(stmts, 0):
            par = lowering.loop_par(loop)
            counts[level] = max(counts[level], par.nthreads)
            if level == depth - 1 and (par.reduction or getattr(loop, "_parpy_reduction", False)):
                reduce_innermost = True
        given = [lowering.loop_par(loop).tpb_count
                 for loop, level in self.parallel_loops(stmts, 0)
                 if level == depth - 1 and lowering.loop_par(loop).tpb_count is not None]
        tpb = min(given) if given else None
        top = stmts[0]
        if getattr(top, "_parpy_group", False) and len(top.body) == 1:
            top = top.body[0]
        self.flat = (depth == 1 and lowering.is_parallel(top)
                     and not self.is_reduction(top) and self.depth(top.body) == 0)
        if depth == 0:
            self.block, self.grid = 1, (1, 1)
        elif self.flat:
            # The loop's iterations are independent, so fewer threads than asked for, each
            # taking several, compute the same; as many as the GPU holds at once suffice.
            trips = _trip_count(top)
            # Batching pays where each thread has many iterations; it doubles the code NVRTC
            # compiles, which a small loop's first call would notice.
            self.batched = (self.positive_bounds(top) is not None and self.batchable(top)
                            and (trips is None or trips >= _BATCHED_TRIPS))
            physical = counts[0]
            if lowering.resident_threads:
                physical = min(physical, lowering.resident_threads // (2 if self.batched else 1))
            if trips is not None:
                physical = max(1, min(physical, -(-trips // _LANES) if self.batched else trips))
            self.physical = physical
            self.block = min(-(-physical // 32) * 32, tpb or _FLAT_BLOCK)
            self.grid = (min(-(-self.physical // self.block), 2 ** 31 - 1), 1)
        else:
            threads = counts[-1]
            if reduce_innermost:
                threads = -(-threads // 32) * 32
            self.block = min(threads, tpb or DEFAULT_THREADS_PER_BLOCK)
            grid = counts[:-1]
            if len(grid) == 2:
                self.grid = (grid[1], min(grid[0], 65535))
            elif len(grid) == 1:
                self.grid = (min(grid[0], 2 ** 31 - 1), 1)
            else:
                self.grid = (1, 1)
        self.axes = {0: "y", 1: "x"} if depth == 3 else {0: "x"}
        if depth >= 2:
            self.check_block_levels(stmts, depth)
        self.params = []
        self.emit()

    # ---- structure ----

    def check_block_levels(self, stmts, depth):
        """Refuses what the blocks of a kernel would have to wait for each other to run: at the
        kernel's top, and in the body of a loop whose body's loops are blocks too, anything but
        one parallel loop. (Statements between a block's thread loops are the block's own.)"""
        levels = [(stmts, 0)]
        while levels:
            body, level = levels.pop()
            flat = _flattened(body)
            parallel = [stmt for stmt in flat if self.lowering.is_parallel(stmt)]
            if len(flat) != 1 or len(parallel) != 1:
                stray = next((stmt for stmt in flat if not self.lowering.is_parallel(stmt)),
                             flat[1] if len(flat) > 1 else stmts[0])
                self.lowering.fail(
                    stray, "This statement runs beside a parallel loop whose iterations are "
                           "spread over blocks, which cannot wait for each other: write it as a "
                           "statement of its own outside that loop (each parallel statement is "
                           "a kernel), or parallelize one level less")
            if level + 2 < depth:
                levels.append((parallel[0].body, level + 1))

    def depth(self, stmts):
        best = 0
        for stmt in stmts:
            inner = self.depth(_children(stmt))
            best = max(best, inner + 1 if self.lowering.is_parallel(stmt) else inner)
        return best

    def parallel_loops(self, stmts, level):
        for stmt in stmts:
            if self.lowering.is_parallel(stmt):
                yield stmt, level
                yield from self.parallel_loops(stmt.body, level + 1)
            else:
                yield from self.parallel_loops(_children(stmt), level)

    def is_reduction(self, loop):
        par = self.lowering.loop_par(loop)
        return par is not None and (par.reduction or getattr(loop, "_parpy_reduction", False))

    # ---- source ----

    def line(self, indent, text):
        self.lines.append("    " * indent + text)

    def emit(self):
        used_arrays, used_vars = [], []
        for node in ast.walk(ast.Module(body=self.stmts, type_ignores=[])):
            if isinstance(node, ast.Name):
                if hasattr(node, "_parpy_array"):
                    if node.id not in used_arrays:
                        used_arrays.append(node.id)
                elif node.id in self.lowering.host_vars and node.id not in used_vars:
                    used_vars.append(node.id)
        self.params = used_arrays + used_vars
        self.body_lines = []
        self.lines = self.body_lines
        indent = 1
        if self.depth_count == 0:
            self.thread_statements(self.stmts, indent)
        elif self.flat:
            self.line(indent, f"{_GENERATED}t = int64(cuda.blockIdx.x) * {self.block} + "
                              "int64(cuda.threadIdx.x)")
            top = self.stmts[0]
            if getattr(top, "_parpy_group", False):
                top = top.body[0]
            n = self.physical
            self.line(indent, f"if {_GENERATED}t < {n}:")
            if self.batched:
                self.batched_loop(top, self.positive_bounds(top), f"{_GENERATED}t", n,
                                  indent + 1)
            else:
                self.strided_loop(top, f"{_GENERATED}t", n, indent + 1)
                self.thread_statements(top.body, indent + 2)
        else:
            self.line(indent, f"{_GENERATED}tid = int64(cuda.threadIdx.x)")
            if self.depth_count >= 2:
                self.line(indent, f"{_GENERATED}bx = int64(cuda.blockIdx.x)")
            if self.depth_count == 3:
                self.line(indent, f"{_GENERATED}by = int64(cuda.blockIdx.y)")
            self.block_statements(self.stmts, indent, 0)
        if len(self.body_lines) == 0:
            self.line(indent, "pass")

    def source(self):
        header = f"def {self.name}({', '.join(_name(p) for p in self.params)}):"
        return "\n".join([header] + self.body_lines) + "\n"

    def signature(self):
        types = []
        for param in self.params:
            array = self.lowering.arrays.get(param)
            if array is None:
                types.append("int64")
                continue
            name = type_name(array.dtype)
            name = "bool_" if name == "bool" else name
            dims = len(array.shape)
            layout = [":"] * dims
            if array.contiguous:
                layout[-1] = "::1"
            types.append(f"{name}[{', '.join(layout)}]")
        return f"void({', '.join(types)})"

    def strided_loop(self, loop, index, count, indent):
        """`for v in range(start + index*step, stop, count*step):` of a parallel loop."""
        start, stop, step_value = _range_parts(loop)
        first = index if step_value == 1 else f"{index} * {step_value}"
        if start is not None:
            first = f"{expr(start)} + {first}"
        self.line(indent, f"for {_name(loop.target.id)} in range({first}, {expr(stop)}, "
                          f"{count * step_value}):")

    def effective(self, loop, level):
        """The threads (or blocks) a parallel loop uses at `level`."""
        n = self.lowering.loop_par(loop).nthreads
        if level == self.depth_count - 1:
            if self.is_reduction(loop):
                n = -(-n // 32) * 32
            return min(n, self.block)
        return min(n, self.grid[0] if self.axes.get(level) == "x" else self.grid[1])

    def block_statements(self, stmts, indent, level):
        """Statements every thread of the block runs alike; stores go through thread 0."""
        for stmt in stmts:
            if self.lowering.is_parallel(stmt):
                if level == self.depth_count - 1:
                    self.thread_loop(stmt, indent, level)
                else:
                    axis = self.axes[level]
                    count = self.effective(stmt, level)
                    index = f"{_GENERATED}b{axis}"
                    self.line(indent, f"if {index} < {count}:")
                    self.strided_loop(stmt, index, count, indent + 1)
                    self.block_statements(stmt.body, indent + 2, level + 1)
            elif isinstance(stmt, ast.For):
                self.line(indent, f"for {_name(stmt.target.id)} in {expr(stmt.iter)}:")
                self.block_statements(stmt.body, indent + 1, level)
                self.pass_if_empty(stmt.body, indent + 1)
            elif isinstance(stmt, ast.If) and getattr(stmt, "_parpy_group", False):
                self.block_statements(stmt.body, indent, level)
            elif isinstance(stmt, ast.If):
                self.line(indent, f"if {expr(stmt.test)}:")
                self.block_statements(stmt.body, indent + 1, level)
                self.pass_if_empty(stmt.body, indent + 1)
                if stmt.orelse:
                    self.line(indent, "else:")
                    self.block_statements(stmt.orelse, indent + 1, level)
            elif isinstance(stmt, ast.While):
                self.line(indent, f"while {expr(stmt.test)}:")
                self.block_statements(stmt.body, indent + 1, level)
                self.pass_if_empty(stmt.body, indent + 1)
            elif isinstance(stmt, ast.With):
                self.block_statements(stmt.body, indent, level)
            elif isinstance(stmt, (ast.Assign, ast.AugAssign)):
                target = _target(stmt)
                if isinstance(target, ast.Name):
                    self.assignment(stmt, indent)
                else:
                    self.line(indent, f"if {_GENERATED}tid == 0:")
                    self.assignment(stmt, indent + 1)
                    self.line(indent, "cuda.syncthreads()")

    def pass_if_empty(self, stmts, indent):
        if not stmts:
            self.line(indent, "pass")

    def thread_loop(self, loop, indent, level):
        count = self.effective(loop, level)
        index = f"{_GENERATED}tid"
        if not self.is_reduction(loop):
            self.line(indent, f"if {index} < {count}:")
            self.strided_loop(loop, index, count, indent + 1)
            self.thread_statements(loop.body, indent + 2)
            self.line(indent, "cuda.syncthreads()")
            return
        nest, update = self.reduction_nest(loop)
        op, target, element = update
        number = self.reductions
        self.reductions += 1
        acc = f"{_GENERATED}acc{number}"
        reduction = _REDUCTION_OF[op]
        acc_ty = accumulation_type(promote(target._ty, element._ty), reduction)
        acc_type = type_name(acc_ty.dtype)
        identity = neutral(reduction, acc_ty)
        value = expr(element) if element._ty.dtype == acc_ty.dtype else \
            f"{acc_type}({expr(element)})"
        bounds = self.positive_bounds(loop)
        if nest or bounds is None:
            self.line(indent, f"{acc} = {identity}")
            self.line(indent, f"if {index} < {count}:")
            self.strided_loop(loop, index, count, indent + 1)
            inner = indent + 2
            for seq in nest:
                self.line(inner, f"for {_name(seq.target.id)} in {expr(seq.iter)}:")
                inner += 1
            self.line(inner, f"{acc} = {_combine(op, acc, value)}")
        else:
            self.unrolled_reduction(loop, bounds, index, count, op, acc, identity, value, indent)
        self.block_reduce(acc, op, acc_ty, indent, number)
        result = _combine(op, expr(target), acc)
        target_ty = target._ty
        value = f"{type_name(target_ty.dtype)}({result})" if target_ty.dtype != acc_ty.dtype \
            else result
        if isinstance(target, ast.Name):
            self.line(indent, f"{_name(target.id)} = {value}")
        else:
            self.line(indent, f"if {index} == 0:")
            self.line(indent + 1, f"{expr(_store(target))} = {value}")
            self.line(indent, "cuda.syncthreads()")

    def positive_bounds(self, loop):
        """(start, stop, step) of a loop over range() with a positive constant step, as kernel
        source, else None."""
        start, stop, step_value = _range_parts(loop)
        if step_value <= 0:
            return None
        return ("0" if start is None else expr(start)), expr(stop), step_value

    def unrolled_reduction(self, loop, bounds, index, count, op, acc, identity, value, indent):
        """A thread's part of a reduction loop, four elements an iteration into four
        accumulators, so that four loads are in flight at once."""
        start, stop, step = bounds
        var = _name(loop.target.id)
        position = f"{acc}_at"
        stride = count * step
        parts = [f"{acc}_{part}" for part in range(4)]
        for part in parts:
            self.line(indent, f"{part} = {identity}")
        self.line(indent, f"{position} = {start} + {index} * {step}")
        self.line(indent, f"if {index} < {count}:")
        self.line(indent + 1, f"while {position} + {3 * stride} < {stop}:")
        for number, part in enumerate(parts):
            offset = f" + {number * stride}" if number else ""
            self.line(indent + 2, f"{var} = {position}{offset}")
            self.line(indent + 2, f"{part} = {_combine(op, part, value)}")
        self.line(indent + 2, f"{position} += {4 * stride}")
        self.line(indent + 1, f"while {position} < {stop}:")
        self.line(indent + 2, f"{var} = {position}")
        self.line(indent + 2, f"{parts[0]} = {_combine(op, parts[0], value)}")
        self.line(indent + 2, f"{position} += {stride}")
        self.line(indent, f"{acc} = {_combine(op, _combine(op, parts[0], parts[1]), _combine(op, parts[2], parts[3]))}")

    def reduction_nest(self, loop):
        """The sequential loops inside a reduction loop and its one update statement as
        (op, target, element)."""
        nest = []
        body = loop.body
        while len(body) == 1 and isinstance(body[0], ast.For) and \
                not self.lowering.is_parallel(body[0]):
            nest.append(body[0])
            body = body[0].body
        if len(body) != 1 or not isinstance(body[0], (ast.Assign, ast.AugAssign)):
            self.lowering.fail(loop, "Reduction for-loop must contain a single statement that "
                                     "updates the reduced value (x += e, x = max(x, e), ...)")
        stmt = body[0]
        if isinstance(stmt, ast.AugAssign):
            op = {ast.Add: "add", ast.Mult: "mul"}.get(type(stmt.op))
            if op is None:
                self.lowering.fail(stmt, f"Parallel reductions not supported for operator "
                                         f"{type(stmt.op).__name__}")
            return nest, (op, _load(stmt.target), stmt.value)
        target, value = stmt.targets[0], stmt.value
        same = ast.dump(_plain(_load(target)))
        if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Mult)):
            op = "add" if isinstance(value.op, ast.Add) else "mul"
            if ast.dump(_plain(value.left)) == same:
                return nest, (op, _load(target), value.right)
            if ast.dump(_plain(value.right)) == same:
                return nest, (op, _load(target), value.left)
        if isinstance(value, ast.Call) and getattr(value, "_parpy_call", (None, None))[1] in (
                "max", "min") and len(value.args) == 2:
            op = value._parpy_call[1]
            if ast.dump(_plain(value.args[0])) == same:
                return nest, (op, _load(target), value.args[1])
            if ast.dump(_plain(value.args[1])) == same:
                return nest, (op, _load(target), value.args[0])
        self.lowering.fail(stmt, "RHS of reduction statement should be a binary operation "
                                 "(+, *, max or min) of the reduced value and another value")

    def block_reduce(self, acc, op, ty, indent, number):
        """Combines `acc` over the block: shuffles within each warp, then the warps' results
        through shared memory, every warp computing the total, which lane 0 hands out."""
        type_text = type_name(ty.dtype)
        mask = "0xffffffff"

        def warp(indent_level):
            for offset in (16, 8, 4, 2, 1):
                other = f"cuda.shfl_down_sync({mask}, {acc}, {offset})"
                self.line(indent_level, f"{acc} = {_combine(op, acc, other)}")

        warp(indent)
        warps = self.block // 32
        if warps > 1:
            shared = f"{_GENERATED}partial{number}"
            self.line(indent, f"{shared} = cuda.shared.array(32, {type_text})")
            self.line(indent, f"if {_GENERATED}tid % 32 == 0:")
            self.line(indent + 1, f"{shared}[{_GENERATED}tid // 32] = {acc}")
            self.line(indent, "cuda.syncthreads()")
            identity = neutral(_REDUCTION_OF[op], ty)
            self.line(indent, f"{acc} = {shared}[{_GENERATED}tid % 32] if {_GENERATED}tid % 32 "
                              f"< {warps} else {identity}")
            warp(indent)
            self.line(indent, "cuda.syncthreads()")
        self.line(indent, f"{acc} = cuda.shfl_sync({mask}, {acc}, 0)")

    def thread_statements(self, stmts, indent):
        for stmt in stmts:
            if isinstance(stmt, ast.For):
                self.line(indent, f"for {_name(stmt.target.id)} in {expr(stmt.iter)}:")
                self.thread_statements(stmt.body, indent + 1)
                self.pass_if_empty(stmt.body, indent + 1)
            elif isinstance(stmt, ast.If) and getattr(stmt, "_parpy_group", False):
                self.thread_statements(stmt.body, indent)
            elif isinstance(stmt, ast.If):
                self.line(indent, f"if {expr(stmt.test)}:")
                self.thread_statements(stmt.body, indent + 1)
                self.pass_if_empty(stmt.body, indent + 1)
                if stmt.orelse:
                    self.line(indent, "else:")
                    self.thread_statements(stmt.orelse, indent + 1)
            elif isinstance(stmt, ast.While):
                self.line(indent, f"while {expr(stmt.test)}:")
                self.thread_statements(stmt.body, indent + 1)
                self.pass_if_empty(stmt.body, indent + 1)
            elif isinstance(stmt, ast.With):
                self.thread_statements(stmt.body, indent)
            elif isinstance(stmt, (ast.Assign, ast.AugAssign)):
                self.assignment(stmt, indent)

    def assignment(self, stmt, indent):
        """An assignment with the conversion to its target's type written out."""
        target, text = self.assignment_parts(stmt)
        self.line(indent, f"{target} = {text}")

    def assignment_parts(self, stmt, renames=None):
        """The target and the value (converted to the target's type) of an assignment, as
        kernel source, its names renamed by `renames`."""
        if isinstance(stmt, ast.Assign):
            target, value = stmt.targets[0], stmt.value
        else:
            target = stmt.target
            value = ast.BinOp(left=_load(target), op=stmt.op, right=stmt.value)
            value._ty = self.lowering.binop_type(stmt.op, target._ty if hasattr(target, "_ty")
                                                 else self.lowering.type_of(_load(target)),
                                                 stmt.value._ty, stmt)
        target_ty = self.target_type(target)
        if renames:
            target, value = _renamed(target, renames), _renamed(value, renames)
        text = expr(value)
        if value._ty != target_ty:
            text = f"{type_name(target_ty.dtype)}({text})"
        return expr(_store(target)), text

    def batchable(self, loop):
        """Whether a parallel loop's body is assignments alone, each local it reads before
        assigning it being one it never assigns (a value from outside the loop)."""
        assigned = set()
        for stmt in loop.body:
            if not isinstance(stmt, (ast.Assign, ast.AugAssign)):
                return False
        local = self.assigned_in(loop)
        for stmt in loop.body:
            target = _target(stmt)
            reads = [stmt.value] + ([target] if isinstance(stmt, ast.AugAssign) else []) + \
                ([target.slice] if isinstance(target, ast.Subscript) else [])
            for node in reads:
                for child in ast.walk(node):
                    if isinstance(child, ast.Name) and child.id in local and \
                            child.id not in assigned:
                        return False
            if isinstance(target, ast.Name):
                assigned.add(target.id)
        return bool(loop.body)

    def assigned_in(self, loop):
        """The locals a loop's body assigns."""
        return {_target(stmt).id for stmt in loop.body if isinstance(_target(stmt), ast.Name)}

    def batched_loop(self, loop, bounds, index, count, indent):
        """A thread's iterations of a parallel loop of assignments, four consecutive ones at a
        time in lockstep: each statement's values for the four are computed before any of
        them is stored, as four threads may run them, so that their loads are in flight
        together. The iterations' own variables are renamed per lane."""
        start, stop, step = bounds
        var = loop.target.id
        position = f"{_GENERATED}at"
        trips = f"{_GENERATED}trips"
        local = self.assigned_in(loop) | {var}
        lanes = [{name: f"{name}_{_GENERATED}l{lane}" for name in local}
                 for lane in range(_LANES)]
        first = f"{start} + " if start != "0" else ""
        scaled = f" * {step}" if step != 1 else ""
        self.line(indent, f"{trips} = ({stop} - ({start}) + {step - 1}) // {step}" if step != 1
                  else f"{trips} = {stop} - ({start})")
        self.line(indent, f"{position} = {index} * {_LANES}")
        self.line(indent, f"while {position} + {_LANES - 1} < {trips}:")
        for lane, renames in enumerate(lanes):
            offset = f" + {lane}" if lane else ""
            self.line(indent + 1, f"{_name(renames[var])} = {first}({position}{offset}){scaled}")
        for number, stmt in enumerate(loop.body):
            target = _target(stmt)
            parts = [self.assignment_parts(stmt, renames) for renames in lanes]
            if isinstance(target, ast.Name):
                for target_text, text in parts:
                    self.line(indent + 1, f"{target_text} = {text}")
                continue
            values = [f"{_GENERATED}s{number}_{lane}" for lane in range(_LANES)]
            for value, (_, text) in zip(values, parts):
                self.line(indent + 1, f"{value} = {text}")
            for value, (target_text, _) in zip(values, parts):
                self.line(indent + 1, f"{target_text} = {value}")
        self.line(indent + 1, f"{position} += {_LANES * count}")
        self.line(indent, f"while {position} < {trips}:")
        self.line(indent + 1, f"{_name(var)} = {first}{position}{scaled}")
        self.thread_statements(loop.body, indent + 1)
        self.line(indent + 1, f"{position} += 1")

    def target_type(self, target):
        if isinstance(target, ast.Name):
            return self.lowering.locals[target.id]
        return Ty(self.lowering.array_of(target.value).dtype)


# ---- printing expressions -------------------------------------------------------------------

_BINARY = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
           ast.Mod: "%", ast.Pow: "**", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
           ast.LShift: "<<", ast.RShift: ">>"}
_COMPARE = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
            ast.GtE: ">="}
_UNARY = {ast.USub: "-", ast.UAdd: "+", ast.Not: "not ", ast.Invert: "~"}


# The reduction each update operator of a reduction loop makes.
_REDUCTION_OF = {"add": "sum", "mul": "prod", "max": "max", "min": "min"}


def _combine(op, left, right):
    if op == "add":
        return f"({left} + {right})"
    if op == "mul":
        return f"({left} * {right})"
    return f"{op}({left}, {right})"


def expr(node):
    """Kernel source of a typed expression."""
    if isinstance(node, _Neutral):
        return neutral(node.op, node._ty)
    if isinstance(node, ast.Constant):
        ty = getattr(node, "_ty", None)
        if ty is None:
            return repr(node.value)
        return literal(node.value, ty)
    if isinstance(node, ast.Name):
        return _name(node.id)
    if isinstance(node, ast.Subscript):
        indices = ", ".join(expr(index) for index in _indices(node.slice))
        return f"{expr(node.value)}[{indices}]"
    if isinstance(node, ast.BinOp):
        return f"({expr(node.left)} {_BINARY[type(node.op)]} {expr(node.right)})"
    if isinstance(node, ast.UnaryOp):
        return f"({_UNARY[type(node.op)]}{expr(node.operand)})"
    if isinstance(node, ast.Compare):
        parts = [expr(node.left)]
        for op, item in zip(node.ops, node.comparators):
            parts += [_COMPARE[type(op)], expr(item)]
        return f"({' '.join(parts)})"
    if isinstance(node, ast.BoolOp):
        joiner = " and " if isinstance(node.op, ast.And) else " or "
        return f"({joiner.join(expr(value) for value in node.values)})"
    if isinstance(node, ast.IfExp):
        return f"({expr(node.body)} if {expr(node.test)} else {expr(node.orelse)})"
    if isinstance(node, ast.Call):
        kind = getattr(node, "_parpy_call", None)
        args = ", ".join(expr(arg) for arg in node.args)
        if kind is None:  # range() of a sequential loop
            return f"range({args})"
        if kind[0] == "external":
            params = _frontend.externals[kind[1]]
            from .options import CompileBackend
            declared = params[CompileBackend.Cuda].params
            args = ", ".join(f"{type_name(param.dtype())}({expr(arg)})"
                             for arg, param in zip(node.args, declared))
            return f"{_GENERATED}ext_{kind[1]}({args})"
        name = kind[1]
        if name in _MATH or name == "atan2":
            return f"math.{name}({args})"
        return f"{name}({args})"
    raise TypeError(f"cannot print {ast.dump(node)}")


# ---- helpers ----------------------------------------------------------------------------------

class _NotConstant(Exception):
    pass


def _evaluate(node):
    """The value of an expression of constants, else _NotConstant."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, bool)):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd, ast.Not)):
        value = _evaluate(node.operand)
        return -value if isinstance(node.op, ast.USub) else (
            not value if isinstance(node.op, ast.Not) else value)
    if isinstance(node, ast.BinOp) and type(node.op) in (ast.Add, ast.Sub, ast.Mult,
                                                          ast.FloorDiv, ast.Mod):
        left, right = _evaluate(node.left), _evaluate(node.right)
        operation = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
                     ast.Mult: lambda a, b: a * b, ast.FloorDiv: lambda a, b: a // b,
                     ast.Mod: lambda a, b: a % b}[type(node.op)]
        try:
            return operation(left, right)
        except ZeroDivisionError:
            raise _NotConstant() from None
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        left, right = _evaluate(node.left), _evaluate(node.comparators[0])
        return {ast.Eq: left == right, ast.NotEq: left != right, ast.Lt: left < right,
                ast.LtE: left <= right, ast.Gt: left > right,
                ast.GtE: left >= right}[type(node.ops[0])]
    raise _NotConstant()


def _is_number(value):
    return isinstance(value, (bool, int, float, np.bool_, np.integer, np.floating))


def _has_slice(index):
    return any(isinstance(item, ast.Slice) for item in _indices(index))


def _indices(index):
    return list(index.elts) if isinstance(index, ast.Tuple) else [index]


def _index_tuple(indices):
    return indices[0] if len(indices) == 1 else ast.Tuple(elts=indices, ctx=ast.Load())


def _range_loop(var, extent, body, origin):
    loop = ast.For(target=ast.Name(id=var, ctx=ast.Store()),
                   iter=ast.Call(func=ast.Name(id="range", ctx=ast.Load()),
                                 args=[ast.Constant(extent)], keywords=[]),
                   body=body, orelse=[])
    ast.copy_location(loop, origin)
    return loop


def _reduction_update(op, accumulator, element):
    load = ast.Name(id=accumulator, ctx=ast.Load())
    store = ast.Name(id=accumulator, ctx=ast.Store())
    if op in ("sum", "prod"):
        return ast.AugAssign(target=store, op=_REDUCE_OPS[op](), value=element)
    call = ast.Call(func=ast.Name(id=op, ctx=ast.Load()), args=[load, element], keywords=[])
    call._parpy_call = ("operator", op)
    return ast.Assign(targets=[store], value=call)


def _flattened(stmts):
    """The statements with the groups and `with parpy.gpu` blocks among them opened, and
    without `pass`."""
    result = []
    for stmt in stmts:
        if getattr(stmt, "_parpy_group", False) or getattr(stmt, "_parpy_gpu", False):
            result.extend(_flattened(stmt.body))
        elif not isinstance(stmt, ast.Pass):
            result.append(stmt)
    return result


def _range_parts(loop):
    """A range() loop's start (None where the call gives none), stop, and step, an int (the
    frontend lets only a literal through)."""
    args = loop.iter.args
    if len(args) == 1:
        return None, args[0], 1
    if len(args) == 2:
        return args[0], args[1], 1
    return args[0], args[1], _frontend.constant_int(args[2])


def _target(stmt):
    """The target of an assignment or augmented assignment."""
    return stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target


def _children(stmt):
    return [child for field in ("body", "orelse") for child in getattr(stmt, field, []) or []]


def _load(node):
    result = copy.copy(node)
    result.ctx = ast.Load()
    return result


def _store(node):
    result = copy.copy(node)
    result.ctx = ast.Store()
    return result


def _plain(node):
    """A copy of an expression that ast.unparse and compile() take (constants as values)."""
    class Plain(ast.NodeTransformer):
        def visit_Name(self, name):
            if hasattr(name, "_parpy_array"):
                del name._parpy_array
            return name

        def visit__Neutral(self, identity):
            return ast.Name(id=f"{identity.op}_identity", ctx=ast.Load())

    return ast.fix_missing_locations(Plain().visit(copy.deepcopy(node)))


def _trip_count(loop):
    """The iterations of a loop over range() of constant bounds, else None."""
    args = loop.iter.args
    try:
        values = [_evaluate(arg) for arg in args]
    except _NotConstant:
        return None
    return len(range(*values))


def _renamed(node, renames):
    """A copy of an expression with the names of `renames` renamed (types kept)."""
    class Rename(ast.NodeTransformer):
        def visit_Name(self, name):
            if name.id in renames:
                name.id = renames[name.id]
            return name

    return Rename().visit(copy.deepcopy(node))


def _identifier(name):
    return "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in name) or "parpy"


def _name(name):
    """A user's name as the kernel writes it: kept unless the kernel language uses it."""
    if name in _RESERVED or (name.startswith("u_") and name[2:] in _RESERVED):
        return "u_" + name
    return name
