"""Translation to CUDA C++ and the errors it reports; no GPU or NVRTC needed."""

import linecache
import re

import pytest

import cudapy as cp
import paper_kernels
from paper_kernels import mandel, mandelbrot, matrixMultiply, saxpy

THIS_FILE = __file__
PAPER_FILE = paper_kernels.__file__


def saxpy_unsigned(alpha, X, Y):
    if idx < len(X):
        Y[idx] = alpha * X[idx] + Y[idx]


def scale_unsigned(factor, X):
    if idx < len(X):
        X[idx] = twice(factor) * X[idx]


def twice(value):
    return 2.0 * value


def _passthrough(function):
    return function


# decorated : void (float* X)
@_passthrough
def decorated(X):
    X[idx] = missing_name_below_a_decorator


def line_of(function, text):
    """The file line (1-based) of the first line of `function` containing `text`, and the
    1-based column where `text` starts."""
    first = function.__code__.co_firstlineno
    for lineno in range(first, first + 100):
        line = linecache.getline(function.__code__.co_filename, lineno)
        if text in line:
            return lineno, line.index(text) + 1
    raise AssertionError(f"{text!r} is not in {function.__name__}")


def line_directives(source):
    """{python line: file} of the #line directives of emitted CUDA C++."""
    return {int(line): file for line, file in re.findall(r'#line (\d+) "([^"]*)"', source)}


def test_saxpy_becomes_a_global_function_with_python_lines():
    source = cp.translate(saxpy)
    assert "__global__" in source
    assert "saxpy" in source
    assert 'extern "C"' in source
    directives = line_directives(source)
    assert directives, "no #line directives"
    body_line, _ = line_of(saxpy, "Y[idx] = alpha")
    assert directives.get(body_line) == PAPER_FILE


def test_mandelbrot_with_helper():
    source = cp.translate([mandelbrot, mandel])
    assert "__global__" in source
    assert "__device__" in source
    assert re.search(r"\bmandel\b", source)
    directives = line_directives(source)
    for function, text in [(mandelbrot, "result[idy * width + idx]"), (mandel, "break"),
                           (mandel, "return i"), (mandel, "new_im = 2.0")]:
        lineno, _ = line_of(function, text)
        assert directives.get(lineno) == PAPER_FILE, text


def test_matmul():
    source = cp.translate(matrixMultiply)
    assert "__global__" in source
    lineno, _ = line_of(matrixMultiply, "total += A[row * n + k]")
    assert line_directives(source).get(lineno) == PAPER_FILE


def test_kernel_attributes():
    kernel = cp.compile(saxpy)
    assert kernel.name == "saxpy"
    assert kernel.params == [("alpha", "float"), ("X", "float*"), ("Y", "float*")]
    assert "__global__" in kernel.cuda_source
    mandelbrot_kernel = cp.compile([mandelbrot, mandel])
    assert mandelbrot_kernel.name == "mandelbrot"
    assert [name for name, _ in mandelbrot_kernel.params] == [
        "result", "x0", "y0", "x1", "y1", "width", "height", "maxIters"]
    assert mandelbrot_kernel.params[0] == ("result", "int*")
    assert mandelbrot_kernel.params[-1] == ("maxIters", "int")


def test_signature_as_string():
    kernel = cp.compile(saxpy_unsigned, sig="void (float alpha, float* X, float* Y)")
    assert kernel.params == [("alpha", "float"), ("X", "float*"), ("Y", "float*")]
    assert "__global__" in cp.translate(saxpy_unsigned,
                                        sig="void (double alpha, double* X, double* Y)")


def test_signature_overrides_comment():
    kernel = cp.compile(saxpy, sig="void (double alpha, double* X, double* Y)")
    assert kernel.params == [("alpha", "double"), ("X", "double*"), ("Y", "double*")]


def test_signatures_as_dict():
    kernel = cp.compile([scale_unsigned, twice],
                        sig={"scale_unsigned": "void (float factor, float* X)",
                             "twice": "float (float value)"})
    assert kernel.params == [("factor", "float"), ("X", "float*")]
    assert "__device__" in kernel.cuda_source


def test_numpy_type_names_in_signature():
    kernel = cp.compile(saxpy_unsigned, sig="void (float64 alpha, float64* X, float64* Y)")
    assert kernel.params == [("alpha", "double"), ("X", "double*"), ("Y", "double*")]


def test_source_string():
    text = """
        # fill : void (int* X, int value)
        def fill(X, value):
            if idx < len(X):
                X[idx] = value
    """
    kernel = cp.compile(text)
    assert kernel.name == "fill"
    assert kernel.params == [("X", "int*"), ("value", "int")]
    assert line_directives(kernel.cuda_source).get(5) == "<string>"


def test_source_strings_with_signature_dict():
    kernel = cp.compile(["def negate(X):\n    X[idx] = -X[idx]\n"],
                        sig={"negate": "void (int* X)"})
    assert kernel.params == [("X", "int*")]


def test_helper_first_is_not_a_kernel():
    with pytest.raises(TypeError, match="mandel"):
        cp.compile([mandel, mandelbrot])


def test_syntax_error():
    text = ("# broken : void (int* X)\n"
            "def broken(X):\n"
            "    if X[idx] > 0\n"
            "        X[idx] = 0\n")
    with pytest.raises(cp.CompileError) as caught:
        cp.translate(text)
    error = caught.value
    assert error.kind == cp.DiagnosticKind.SYNTAX
    assert error.filename == "<string>"
    assert error.lineno == 3
    assert 1 <= error.offset <= len("    if X[idx] > 0") + 1
    assert error.diagnostics and error.diagnostics[0].lineno == 3
    assert "<string>:3:" in str(error)


def assert_error_at(error, function, text, kind):
    lineno, column = line_of(function, text)
    assert error.filename == THIS_FILE
    assert error.lineno == lineno
    assert error.offset == column
    assert error.end_lineno >= lineno
    assert error.kind == kind
    assert error.diagnostics[0].lineno == lineno
    assert f"{THIS_FILE}:{lineno}:{column}" in str(error)


def test_lambda_is_unsupported():
    # uses_lambda : void (float* X)
    def uses_lambda(X):
        increment = lambda v: v + 1
        X[idx] = increment(X[idx])

    with pytest.raises(cp.CompileError) as caught:
        cp.translate(uses_lambda)
    assert_error_at(caught.value, uses_lambda, "lambda v", cp.DiagnosticKind.UNSUPPORTED)


def test_list_comprehension_is_unsupported():
    # uses_comprehension : void (float* X)
    def uses_comprehension(X):
        squares = [v * v for v in range(4)]
        X[idx] = squares[0]

    with pytest.raises(cp.CompileError) as caught:
        cp.translate(uses_comprehension)
    assert_error_at(caught.value, uses_comprehension, "[v * v", cp.DiagnosticKind.UNSUPPORTED)


def test_unknown_name():
    # uses_unknown : void (float* X)
    def uses_unknown(X):
        if idx < len(X):
            X[idx] = undefined_value * 2.0

    with pytest.raises(cp.CompileError) as caught:
        cp.compile(uses_unknown)
    assert_error_at(caught.value, uses_unknown, "undefined_value", cp.DiagnosticKind.NAME)


def test_unknown_name_below_decorator():
    with pytest.raises(cp.CompileError) as caught:
        cp.translate(decorated)
    assert_error_at(caught.value, decorated, "missing_name_below_a_decorator",
                    cp.DiagnosticKind.NAME)


def test_variable_with_two_incompatible_types():
    # retyped : void (float* X)
    def retyped(X):
        value = 1.5
        value = X
        X[idx] = value

    with pytest.raises(cp.CompileError) as caught:
        cp.translate(retyped)
    error = caught.value
    lineno, _ = line_of(retyped, "value = X")
    assert error.filename == THIS_FILE
    assert error.lineno == lineno
    assert error.kind == cp.DiagnosticKind.TYPE


def test_signature_for_unknown_parameter_count():
    with pytest.raises(cp.CompileError):
        cp.translate(saxpy_unsigned, sig="void (float alpha, float* X)")


def test_bad_inputs_to_compile():
    with pytest.raises(TypeError):
        cp.compile(42)
    with pytest.raises(ValueError):
        cp.compile([])
    with pytest.raises(TypeError):
        cp.compile(saxpy, sig=3)


def test_a_lambda_translates_as_a_def_on_its_line():
    twice = lambda value: value * 2  # noqa: E731

    text = cp.translate(twice, sig="float32(float32)")
    line = twice.__code__.co_firstlineno
    assert f"cudapy_lambda{line}_12_py(float value)" in text
    assert f'#line {line} "{__file__}"\n    return (value * 2.0f);' in text
    with pytest.raises(TypeError, match="defaults"):
        cp.translate(lambda value=1: value)


MODULE_SOURCE = """
# fill : void (int* X, int value)
def fill(X, value):
    if idx < len(X):
        X[idx] = twice(value)

# negate : void (int* X)
def negate(X):
    if idx < len(X):
        X[idx] = -X[idx]

# twice : int (int v)
def twice(v):
    return 2 * v
"""


def test_a_module_exposes_every_kernel_of_one_compile():
    module = cp.module(MODULE_SOURCE)
    assert sorted(module.kernels) == ["fill", "negate"]
    assert module.fill.name == "fill"
    assert module.negate.params == [("X", "int*")]
    assert "twice" not in module.kernels
    assert module.fill.cuda_source == module.cuda_source
    with pytest.raises(AttributeError, match="no kernel 'twice'; its kernels: fill, negate"):
        module.twice


C_TYPES = {"bool": "bool", "int8": "signed char", "int16": "short", "int32": "int",
           "int64": "long long", "uint8": "unsigned char", "uint16": "unsigned short",
           "uint32": "unsigned int", "uint64": "unsigned long long", "float16": "cudapy::half",
           "float32": "float", "float64": "double"}


def declared_types(source):
    """The C++ type of each local the kernel declares, by name."""
    return {name: c for c, name in re.findall(r"^    ([\w: ]+?) (\w+)\{\};$", source, re.M)}


def test_min_max_and_math_type_their_arguments_as_numpy_does():
    """min, max and the math functions type their typed arguments together as
    np.result_type does (not pairwise: int8, uint16 and float16 are float32 together); the
    math functions compute in that type if it is float32 or float64, else in float32."""
    import numpy as np

    rng = np.random.default_rng(16)
    names = list(C_TYPES)
    for _ in range(60):
        types = [str(rng.choice(names)) for _ in range(rng.integers(2, 5))]
        params = ", ".join(f"{t} a{k}" for k, t in enumerate(types))
        args = ", ".join(f"a{k}" for k in range(len(types)))
        source = cp.translate(
            f"# k : void ({params}, float64* O)\n"
            f"def k({args}, O):\n"
            f"    m = max({args})\n"
            f"    f = math.atan2({args.split(', ')[-1]}, a0)\n"
            f"    O[0] = float64(m) + f\n")
        numpy_type = np.result_type(*[np.dtype(t) for t in types])
        declared = declared_types(source)
        assert declared["m"] == C_TYPES[numpy_type.name], types
        pair = np.result_type(np.dtype(types[0]), np.dtype(types[-1]))
        math_type = pair.name if pair.name in ("float32", "float64") else "float32"
        assert declared["f"] == C_TYPES[math_type], types
