"""ParPy functions as the compiler reads them when they are decorated: parsed with Python's own
parser, checked for what ParPy's language allows, their labels attached to the statements they
name, and the functions they call found. Errors name the user's file and line.

Calls resolve as ParPy resolves them: a jit function or an external by its name (so a function
must be decorated before one that calls it is), ParPy's operators by identity, wherever the
function found them (`parpy.operators.sum`, `from parpy.operators import sum`)."""

import ast
import builtins
import inspect
import itertools
import textwrap
from typing import NamedTuple

from . import operators

# The functions of parpy.operators a kernel may call, by identity.
OPERATORS = {getattr(operators, name): name for name in (
    "abs", "cos", "sin", "tanh", "exp", "log", "sqrt", "atan2", "sum", "prod", "max", "min",
    "float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16",
    "uint32", "uint64")}
OPERATORS.update({builtins.abs: "abs", builtins.max: "max", builtins.min: "min",
                  builtins.float: "float64", builtins.int: "int64"})

class External(NamedTuple):
    """A CUDA C++ function ParPy functions call: the name they call it by, its C++ name, its
    parameter and result types (parpy.types) and the header it needs."""

    name: str
    ext_name: str
    params: tuple
    result: object
    header: object
    target: object


# jit functions and externals (by backend) by name, as calls find them.
functions = {}
externals = {}


def error(kind, node, filename, message):
    """An exception of `kind` whose message begins with the place of `node`."""
    line = getattr(node, "lineno", None)
    where = f"{filename}:{line}: " if line is not None else f"{filename}: "
    return kind(where + message)


class ParsedFunction:
    """A ParPy function: its name, parameters, body (labels attached), source file and the
    namespace its names resolve in."""

    def __init__(self, name, params, annotations, returns, body, filename, namespace, node):
        self.name, self.params, self.annotations = name, params, annotations
        self.returns, self.body, self.filename = returns, body, filename
        self.namespace, self.node = namespace, node


def _source(function):
    """The function's dedented source and the line of the file its first line is."""
    try:
        lines, first_line = inspect.getsourcelines(function)
    except (OSError, TypeError) as exc:
        raise RuntimeError(f"cannot read the source of {getattr(function, '__name__', function)}"
                           f" to compile it: {exc}") from None
    text = textwrap.dedent("".join(lines))
    return text, first_line


def _namespace(function):
    """The names the function sees: its closure's cells, then its module's globals."""
    names = dict(function.__globals__)
    code = function.__code__
    for name, cell in zip(code.co_freevars, function.__closure__ or ()):
        try:
            names[name] = cell.cell_contents
        except ValueError:  # an empty cell: the name is assigned later
            pass
    return names


def resolve_value(node, namespace):
    """The object a Name or Attribute chain names, or None when it names nothing."""
    if isinstance(node, ast.Name):
        if node.id in namespace:
            return namespace[node.id]
        return getattr(builtins, node.id, None)
    if isinstance(node, ast.Attribute):
        base = resolve_value(node.value, namespace)
        return None if base is None else getattr(base, node.attr, None)
    return None


def call_name(node):
    """The name a call's function is written as (`f`, `parpy.operators.sum`)."""
    try:
        return ast.unparse(node)
    except Exception:  # noqa: BLE001 - any node unparse cannot print
        return "<call>"


class _Checker:
    """Checks one parsed function's statements and attaches its labels."""

    def __init__(self, filename, namespace, name):
        self.filename, self.namespace, self.name = filename, namespace, name

    def fail(self, node, message, kind=RuntimeError):
        raise error(kind, node, self.filename, message)

    def label_of(self, stmt):
        """The label a `parpy.label('L')` statement gives, or None for another statement."""
        if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
            return None
        call = stmt.value
        if resolve_value(call.func, self.namespace) is not operators.label:
            return None
        if len(call.args) != 1 or call.keywords:
            self.fail(stmt, "Label statement expects one argument")
        arg = call.args[0]
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            self.fail(stmt, "The label of parpy.label must be a string literal")
        return arg.value

    def statements(self, stmts):
        """The statements with their labels attached (`_parpy_labels`), checked."""
        result = []
        pending = []
        for stmt in stmts:
            label = self.label_of(stmt)
            if label is not None:
                pending.append(label)
                continue
            if pending:
                if not isinstance(stmt, (ast.For, ast.Assign, ast.AugAssign)):
                    self.fail(stmt, "Cannot associate label with non-parallelizable statement")
                stmt._parpy_labels = pending
                pending = []
            self.statement(stmt)
            result.append(stmt)
        if pending:
            self.fail(stmts[-1] if stmts else None,
                      "Found labels not associated with any statement")
        return result

    def statement(self, stmt):
        if isinstance(stmt, ast.For):
            self.for_loop(stmt)
        elif isinstance(stmt, ast.While):
            if stmt.orelse:
                self.fail(stmt, "While-loops with an else-clause are not supported")
            self.expression(stmt.test)
            stmt.body = self.statements(stmt.body)
        elif isinstance(stmt, ast.If):
            self.expression(stmt.test)
            stmt.body = self.statements(stmt.body)
            stmt.orelse = self.statements(stmt.orelse)
        elif isinstance(stmt, ast.With):
            self.with_gpu(stmt)
        elif isinstance(stmt, ast.Assign):
            if len(stmt.targets) != 1:
                self.fail(stmt, "Cannot have more than one target of assignment")
            if not isinstance(stmt.targets[0], (ast.Name, ast.Subscript)):
                self.fail(stmt, "Unsupported form of assignment: the target must be a variable "
                                "or an element or slice of an array")
            self.expression(stmt.targets[0])
            self.expression(stmt.value)
        elif isinstance(stmt, ast.AugAssign):
            if not isinstance(stmt.target, (ast.Name, ast.Subscript)):
                self.fail(stmt, "Unsupported form of assignment")
            self.expression(stmt.target)
            self.expression(stmt.value)
        elif isinstance(stmt, ast.Expr):
            if not isinstance(stmt.value, ast.Call):
                self.fail(stmt, "Unsupported expression statement")
            self.expression(stmt.value)
            stmt._parpy_call = self.callee(stmt.value)
        elif isinstance(stmt, ast.Return):
            if stmt.value is None:
                self.fail(stmt, "Empty return statements are not supported")
            self.expression(stmt.value)
        elif isinstance(stmt, ast.Pass):
            pass
        else:
            self.fail(stmt, f"Unsupported statement: {type(stmt).__name__.lower()} is not part "
                            "of ParPy's language")

    def for_loop(self, stmt):
        if stmt.orelse:
            self.fail(stmt, "For-loops with an else-clause are not supported")
        if not isinstance(stmt.target, ast.Name):
            self.fail(stmt, "For-loops must assign to a single variable")
        loop = stmt.iter
        if not (isinstance(loop, ast.Call)
                and resolve_value(loop.func, self.namespace) is builtins.range):
            self.fail(stmt, "For-loop must iterate using the range builtin")
        if not 1 <= len(loop.args) <= 3 or loop.keywords:
            self.fail(stmt, "Invalid number of arguments passed to range")
        for arg in loop.args:
            self.expression(arg)
        if len(loop.args) == 3:
            step = constant_int(loop.args[2])
            if step is None:
                self.fail(stmt, "Range step size must be an integer literal")
            if step == 0:
                self.fail(stmt, "Range step size must be non-zero")
        stmt.body = self.statements(stmt.body)

    def with_gpu(self, stmt):
        if len(stmt.items) != 1:
            self.fail(stmt, "With statements using multiple items is not supported")
        item = stmt.items[0]
        if item.optional_vars is not None:
            self.fail(stmt, "With statements using the 'as' keyword are not supported")
        if resolve_value(item.context_expr, self.namespace) is not operators.gpu:
            self.fail(stmt, "With statements are only supported for 'parpy.gpu'")
        stmt._parpy_gpu = True
        stmt.body = self.statements(stmt.body)

    def callee(self, call):
        """What a call calls: ("operator", name), ("function", ParsedFunction) or
        ("external", declaration)."""
        func = call.func
        if isinstance(func, ast.Name) and func.id in functions:
            return ("function", func.id)
        if isinstance(func, ast.Name) and func.id in externals:
            return ("external", func.id)
        value = resolve_value(func, self.namespace)
        try:
            name = OPERATORS.get(value)
        except TypeError:  # an unhashable value is no operator
            name = None
        if name is not None:
            return ("operator", name)
        self.fail(call, f"Call to unknown function {call_name(func)}: a ParPy function calls "
                        "functions decorated with @parpy.jit before it, externals and "
                        "parpy.operators")

    def expression(self, node):
        for child in ast.walk(node):
            if isinstance(child, ast.Call):
                if resolve_value(child.func, self.namespace) is builtins.range:
                    self.fail(child, "range() is only allowed as the iterator of a for-loop")
                child._parpy_call = self.callee(child)
                for keyword in child.keywords:
                    if keyword.arg != "axis":
                        self.fail(child, f"Unsupported keyword argument in call: {keyword.arg}")
            elif isinstance(child, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
                                    ast.GeneratorExp, ast.Await, ast.Yield, ast.YieldFrom,
                                    ast.NamedExpr, ast.List, ast.Set, ast.Dict, ast.Starred,
                                    ast.JoinedStr)):
                self.fail(child, f"Unsupported expression: {call_name(child)}")


def constant_int(node):
    """The int a literal (possibly negated) is, else None."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int):
        return -node.operand.value
    return None


def parse(function):
    """The ParsedFunction of a Python function, checked; RuntimeError at the user's line for
    what ParPy's language does not allow."""
    text, first_line = _source(function)
    filename = inspect.getsourcefile(function) or inspect.getfile(function)
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:
        raise RuntimeError(f"{filename}:{first_line + (exc.lineno or 1) - 1}: {exc.msg}") from None
    ast.increment_lineno(tree, first_line - 1)
    node = next((item for item in tree.body
                 if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    if node is None or isinstance(node, ast.AsyncFunctionDef):
        raise RuntimeError(f"{filename}:{first_line}: parpy.jit takes a def function")
    namespace = _namespace(function)
    args = node.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs or args.defaults:
        raise error(RuntimeError, node, filename, "ParPy functions take positional parameters "
                    "without defaults")
    params = [arg.arg for arg in args.args]
    annotations = {}
    for arg in args.args:
        if arg.annotation is not None:
            annotations[arg.arg] = resolve_value(arg.annotation, namespace)
    checker = _Checker(filename, namespace, node.name)
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]  # the docstring
    body = checker.statements(body)
    returns = any(isinstance(stmt, ast.Return) for stmt in _walk_statements(body))
    return ParsedFunction(node.name, params, annotations, returns, body, filename, namespace,
                          node)


def _walk_statements(stmts):
    for stmt in stmts:
        yield stmt
        for field in ("body", "orelse"):
            yield from _walk_statements(getattr(stmt, field, []) or [])


def unique_names(prefix):
    """Fresh names prefix0, prefix1, ..."""
    return (f"{prefix}{index}" for index in itertools.count())
