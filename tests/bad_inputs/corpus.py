"""The bad-input corpus: inputs that must each end in one clear error and nothing else.

Four kinds of case:

- Source: kernel source text (str, bytes, or a function that generates it) with an optional
  signature. It is translated through the C ABI (cudapy_program_translate: the status, the
  formatted cudapy_last_error() and the first diagnostic) and, for text, through the Python
  API (cudapy.translate raising CompileError with filename, lineno and offset).
- Call: misuse of the Python API; `code` runs with `cp`, `np` and the kernel compiled from
  `source` bound as `k`, and must raise `raises` with a message matching `message`.
- Abi: misuse of the C ABI through ctypes; `run(h)` returns the status of the call under test.
- Every case is followed by a translation of a good kernel, which must still succeed: the
  library survives the bad input.

`bug` marks a case the core gets wrong today; the runner expects it to fail (strict xfail), so
fixing the core turns the case into an unexpected pass until the mark is removed.
"""

import ctypes
from dataclasses import dataclass
from typing import Callable, Optional, Tuple, Union

BOTH, CAPI, PYTHON = "both", "capi", "python"


def helper_chain(count, last):
    """A kernel calling h0, which calls h1, ... h<count-1>, which returns `last`."""
    helpers = [f"def h{i}(v):\n    return h{i + 1}(v) + 1\n" for i in range(count - 1)]
    helpers.append(f"def h{count - 1}(v):\n    return {last}\n")
    return "# k : void (int* X)\ndef k(X):\n    X[idx] = h0(X[idx])\n" + "".join(helpers)


@dataclass
class Source:
    name: str
    text: Union[str, bytes, Callable[[], Union[str, bytes]]]
    # syntax, unsupported, name or type; alternatives as "name|unsupported" accept the later
    # ones too (a nesting limit, for instance), and then the column is not checked
    kind: str
    at: Optional[Tuple[int, Union[int, str, None]]]  # (line, column or a substring of the line)
    message: str                   # regex searched in the first diagnostic's message
    sig: Optional[str] = None      # given through cudapy_program_set_signature / sig=
    count: Optional[int] = 1       # number of diagnostics; None: any
    via: str = BOTH
    stack_kib: Optional[int] = None  # translate on a thread with this much stack
    timeout: float = 60.0
    bug: Optional[str] = None


@dataclass
class Call:
    name: str
    code: str
    raises: str                    # exception class: a builtin or a cudapy name
    message: str                   # regex searched in str(exception)
    source: Optional[str] = None   # compiled as `k` before `code` runs
    sig: Optional[str] = None
    timeout: float = 60.0
    bug: Optional[str] = None


@dataclass
class Abi:
    name: str
    run: Callable                  # run(h) -> status; h has lib, ffi, program(text), ...
    status: str                    # expected status name, e.g. "INVALID_ARGUMENT"
    message: str                   # regex searched in cudapy_last_error()
    timeout: float = 60.0
    bug: Optional[str] = None


def kernel(*body, sig="void (int* X)", name="k", params="X"):
    """A kernel with a signature comment on line 1, its def on line 2 and `body` from line 3."""
    return f"# {name} : {sig}\ndef {name}({params}):\n" + "".join(f"    {line}\n" for line in body)


def kernel_bytes(*body, sig="void (int* X)"):
    return (f"# k : {sig}\ndef k(X):\n").encode() + b"".join(b"    " + line + b"\n"
                                                            for line in body)


HELPER = "# h : int (int v)\ndef h(v):\n"   # a helper on lines 1-2, its body from line 3


def with_helper(*helper_body):
    """A helper whose body starts on line 3, and a kernel calling it after it."""
    return (HELPER + "".join(f"    {line}\n" for line in helper_body)
            + "\n# k : void (int* X)\ndef k(X):\n    X[idx] = h(X[idx])\n")


# ---- Malformed Python ---------------------------------------------------------------------

MALFORMED = [
    Source("def_missing_colon", "# k : void (int* X)\ndef k(X)\n    X[idx] = 1\n",
           "syntax", (2, 9), r"expected ':'"),
    Source("def_missing_parameters", "# k : void (int* X)\ndef k:\n    X[idx] = 1\n",
           "syntax", (2, None), r"invalid syntax|expected '\('"),
    Source("def_without_body", "# k : void (int* X)\ndef k(X):\n", "syntax", (2, 5),
           r"expected an indented block after the definition of 'k'"),
    # The unindented statement after it is also reported, as a statement at the top level.
    Source("def_body_not_indented", "# k : void (int* X)\ndef k(X):\nX[idx] = 1\n", "syntax",
           (2, 5), r"expected an indented block after the definition of 'k'", count=None),
    Source("for_body_not_indented", kernel("for j in range(3):", "X[idx] = 1"), "syntax",
           (3, 5), r"expected an indented block after 'for' statement on line 3"),
    Source("if_body_not_indented", kernel("if idx > 0:", "X[idx] = 1"), "syntax",
           (3, 5), r"expected an indented block after 'if' statement on line 3"),
    Source("else_body_not_indented",
           kernel("if idx > 0:", "    X[idx] = 1", "else:", "X[idx] = 2"), "syntax",
           (5, 5), r"expected an indented block after 'else' statement on line 5"),
    Source("while_without_body", kernel("X[idx] = 1", "while X[idx] > 5:"), "syntax",
           (4, 5), r"expected an indented block after 'while' statement on line 4"),
    Source("unexpected_indent", kernel("X[idx] = 1", "    X[idx] = 2"), "syntax",
           (4, None), r"unexpected indent"),
    Source("unindent_mismatch", "# k : void (int* X)\ndef k(X):\n    if idx > 0:\n"
           "        X[idx] = 1\n  X[idx] = 2\n", "syntax", (5, None),
           r"unindent does not match|indentation"),
    Source("tabs_and_spaces_mixed", "# k : void (int* X)\ndef k(X):\n    if idx > 0:\n"
           "\tX[idx] = 1\n", "syntax", (4, None), r"inconsistent use of tabs and spaces|tab"),
    Source("unclosed_bracket", kernel("X[idx = 1"), "syntax", (3, 6), r"'\[' was never closed"),
    Source("unclosed_brace", kernel("X[idx] = {1"), "syntax", (3, 14), r"'\{' was never closed"),
    Source("unclosed_call", kernel("X[idx] = abs(1"), "syntax", (3, 17),
           r"'\(' was never closed"),
    Source("unclosed_paren_before_next_statement", kernel("v = (1 + 2", "X[idx] = v"),
           "syntax", (3, 9), r"'\(' was never closed|invalid syntax", count=None),
    Source("extra_closing_paren", kernel("X[idx] = 1)"), "syntax", (3, None),
           r"unmatched '\)'|invalid syntax"),
    Source("mismatched_brackets", kernel("X[idx] = (1]"), "syntax", (3, None),
           r"closing parenthesis '\]' does not match|invalid syntax"),
    Source("unterminated_string", kernel("s = 'abc"), "syntax", (3, 9),
           r"unterminated string literal|invalid syntax"),
    Source("unterminated_triple_quoted_string", kernel("s = '''abc"), "syntax", (3, None),
           r"unterminated triple-quoted string|invalid syntax"),
    Source("dollar_sign", kernel("X[idx] = 1 $ 2"), "syntax", (3, None), r"invalid syntax"),
    Source("question_mark", kernel("X[idx] = idx ? 1 : 2"), "syntax", (3, None),
           r"invalid syntax"),
    Source("backticks", kernel("X[idx] = `idx`"), "syntax", (3, 14), r"invalid syntax"),
    Source("operator_missing_operand", kernel("X[idx] = 1 +"), "syntax", (3, None),
           r"invalid syntax|expected an expression"),
    Source("operator_doubled", kernel("X[idx] = 1 * * 2"), "syntax", (3, None),
           r"invalid syntax"),
    Source("assign_to_literal", kernel("1 = X[idx]"), "syntax", (3, 5),
           r"cannot assign to literal|invalid syntax"),
    Source("assign_to_call", kernel("len(X) = 1"), "syntax", (3, 5),
           r"cannot assign to function call|invalid syntax"),
    Source("augmented_assign_to_literal", kernel("1 += 1"), "syntax", (3, None),
           r"illegal expression for augmented assignment|invalid syntax"),
    Source("assign_twice_in_a_row", kernel("a = = 1"), "syntax", (3, None), r"invalid syntax"),
    Source("keyword_as_variable", kernel("for = 1"), "syntax", (3, None),
           r"invalid syntax|expected"),
    Source("keyword_as_function_name", "# class : void (int* X)\ndef class(X):\n    pass\n",
           "syntax", (2, 5), r"'class' is a keyword and cannot name a function"),
    Source("else_without_if", kernel("else:", "    X[idx] = 1"), "syntax", (3, 5),
           r"invalid syntax"),
    Source("elif_without_if", kernel("elif idx > 0:", "    X[idx] = 1"), "syntax", (3, 5),
           r"invalid syntax"),
    Source("if_without_condition", kernel("if :", "    X[idx] = 1"), "syntax", (3, None),
           r"invalid syntax|expected"),
    Source("while_without_colon", kernel("while idx < 3", "    X[idx] = 1"), "syntax", (3, 18),
           r"expected ':'"),
    Source("for_without_in", kernel("for i range(3):", "    X[i] = 1"), "syntax", (3, None),
           r"invalid syntax|expected 'in'"),
    Source("lone_colon", kernel(":"), "syntax", (3, 5), r"invalid syntax"),
    Source("lone_semicolons", kernel(";;"), "syntax", (3, 5), r"invalid syntax"),
    Source("python2_print_statement", kernel("print 'x'"), "unsupported", (3, 5),
           r"print statements are not supported"),
    Source("python2_exec_statement", kernel("exec 'x'"), "unsupported", (3, 5),
           r"exec statements are not supported"),
    Source("python2_not_equal", kernel("X[idx] = int(1 <> 2)"), "unsupported", (3, 20),
           r"'<>' is not supported"),
    Source("python2_long_suffix", kernel("X[idx] = 10L"), "syntax", (3, 14),
           r"invalid integer literal 10L"),
    Source("python2_octal", kernel("X[idx] = 0777"), "syntax", (3, 14), r"leading zeros"),
    Source("float_with_two_points", kernel("X[idx] = int(1.2.3)"), "syntax", (3, None),
           r"invalid syntax"),
    Source("hex_without_digits", kernel("X[idx] = 0xZZ"), "syntax", (3, 14),
           r"invalid hexadecimal literal|invalid syntax"),
    Source("double_underscore_in_number", kernel("X[idx] = 1__0"), "syntax", (3, 14),
           r"invalid decimal literal|invalid syntax"),
    Source("trailing_underscore_in_number", kernel("X[idx] = 10_"), "syntax", (3, 14),
           r"invalid integer literal 10_"),
    Source("exponent_without_digits", kernel("X[idx] = int(1e)"), "syntax", (3, None),
           r"invalid (decimal|float) literal|invalid syntax"),
    Source("line_continuation_at_end", kernel("X[idx] = 1 + \\"), "syntax", (3, None),
           r"invalid syntax|unexpected EOF"),
    Source("double_star_alone", kernel("X[idx] = **X"), "syntax", (3, None), r"invalid syntax"),
    Source("conditional_without_else", kernel("X[idx] = 1 if idx"), "syntax", (3, None),
           r"expected 'else'|invalid syntax"),
    Source("decorator_without_function", "@decorate\n", "syntax", (1, 1), r"invalid syntax"),
    Source("crlf_line_ends", kernel("X[idx] = (1 +").replace("\n", "\r\n"), "syntax", (3, 14),
           r"'\(' was never closed"),
    Source("cr_line_ends", kernel("X[idx] = y").replace("\n", "\r"), "name", (3, 14),
           r"unknown name 'y'"),
    Source("form_feed_before_statement", kernel("X[idx] = y").replace("    X", "\f    X"),
           "name", (3, 15), r"unknown name 'y'"),
    Source("byte_order_mark", "\ufeff" + kernel("X[idx] = y"), "name", (3, 14),
           r"unknown name 'y'"),
    Source("multiplication_sign", kernel("X[idx] = 1 \u00d7 2"), "syntax", (3, None),
           r"invalid character|invalid syntax"),
    Source("emoji_as_value", kernel("X[idx] = \U0001F600"), "syntax", (3, None),
           r"invalid character|invalid syntax", count=None),
    Source("no_break_space", kernel("X[idx] =\u00a01"), "syntax", (3, 13),
           r"invalid non-printable character U\+00A0"),
    Source("zero_width_space", kernel("X[idx] = 1\u200b"), "syntax", (3, 15),
           r"invalid non-printable character U\+200B"),
    Source("control_characters", kernel("X[idx] = 1\x01\x02"), "syntax", (3, None),
           r"invalid non-printable character|invalid syntax"),
    Source("function_in_class_body",
           "class A:\n    # k : void (int* X)\n    def k(X):\n        X[idx] = 1\n",
           "unsupported", (1, 1), r"only function definitions and constants .* are allowed|class"),
]

# ---- Unsupported constructs, each in a context the golden corpus does not show --------------

# A helper whose only return is refused (or holds a refused construct) gets that one error, not
# also "'h' can reach its end without returning a value" (hence one diagnostic in those cases).

UNSUPPORTED = [
    Source("class_in_loop", kernel("for i in range(2):", "    class A:", "        pass"),
           "unsupported", (4, 9), r"class definitions are not supported"),
    Source("lambda_in_helper", with_helper("f = lambda a: a", "return v"), "unsupported",
           (3, 9), r"lambda expressions are not supported"),
    Source("lambda_as_call_argument", kernel("X[idx] = h(lambda: 1)"), "unsupported", (3, 16),
           r"lambda expressions are not supported", count=None),
    Source("list_comprehension_in_condition", kernel("if [i for i in range(3)]:",
                                                     "    X[idx] = 1"),
           "unsupported", (3, 8), r"list comprehensions are not supported"),
    Source("set_comprehension_in_helper", with_helper("s = {a for a in range(v)}", "return v"),
           "unsupported", (3, 9), r"set comprehensions are not supported"),
    Source("dict_comprehension_in_while", kernel("while idx < 0:", "    d = {a: a for a in "
                                                 "range(3)}"),
           "unsupported", (4, 13), r"dict comprehensions are not supported"),
    Source("generator_in_min", kernel("X[idx] = min(a for a in range(3))"), "unsupported",
           (3, 17), r"generator expressions are not supported"),
    Source("string_in_comparison", kernel("if idx == 'a':", "    X[idx] = 1"), "unsupported",
           (3, 15), r"strings are not supported"),
    Source("docstring_then_string_value", kernel('"""doc"""', "s = 'text'"), "unsupported",
           (4, 9), r"strings are not supported"),
    Source("bytes_literal", kernel("X[idx] = len(b'abc')"), "unsupported", (3, 18),
           r"strings are not supported", count=None),
    Source("fstring_in_helper", with_helper("s = f'{v}'", "return v"), "unsupported", (3, 9),
           r"strings are not supported"),
    Source("list_in_augmented_assignment", kernel("X[idx] += [1][0]"), "unsupported", (3, 15),
           r"lists are not supported"),
    Source("dict_as_index", kernel("X[{}] = 1"), "unsupported", (3, 7),
           r"dicts are not supported", count=None),
    Source("set_in_return", with_helper("return {v}"), "unsupported", (3, 12),
           r"sets are not supported"),
    Source("tuple_as_value_in_helper", with_helper("t = (v, v)", "return t"), "unsupported",
           (4, 12), r"the tuple 't' can be indexed by a constant .* it cannot be used as a "
                    r"value"),
    Source("tuple_of_two_lengths", with_helper("t = (v, v)", "t = (v,)", "return t[0]"),
           "unsupported", (3, 9), r"tuples are not supported", count=2),
    Source("slice_on_store", kernel("X[1:2] = X[0]"), "unsupported", (3, 5),
           r"assignment to a slice is not supported in kernels"),
    Source("slice_with_zero_step", kernel("X[idx] = X[::0][0]"), "type", (3, 18),
           r"slice step cannot be zero"),
    Source("slice_with_float_step", kernel("X[idx] = X[::0.5][0]"), "type", (3, 18),
           r"slice bounds must be integers, not float"),
    Source("try_in_loop", kernel("for i in range(2):", "    try:", "        X[i] = 1",
                                 "    except Exception:", "        pass"),
           "unsupported", (4, 9), r"try statements are not supported"),
    Source("with_in_helper", with_helper("with v:", "    pass", "return v"), "unsupported",
           (3, 5), r"with statements are not supported"),
    Source("import_in_helper", with_helper("import math", "return v"), "unsupported", (3, 5),
           r"imports are not supported"),
    Source("from_import", kernel("from math import sqrt", "X[idx] = 1"), "unsupported", (3, 5),
           r"imports are not supported"),
    Source("math_module_under_another_name",
           "import math as m\n" + kernel("X[idx] = int(m.floor(1.5))"), "name", (4, 18),
           r"unknown function 'm.floor'; call the math module by its own name"),
    Source("star_args_in_helper", "def h(*v):\n    return 1\n", "unsupported", (1, 7),
           r"'\*v' is not supported: .*\(\*args parameters\)", count=None),
    Source("double_star_call_argument", kernel("X[idx] = abs(**X)"), "unsupported", (3, 18),
           r"not supported", count=None),
    Source("default_in_helper", "# h : int (int v)\ndef h(v=1):\n    return v\n",
           "unsupported", (2, 7), r"default arguments are not supported"),
    Source("nested_function_in_loop", kernel("for i in range(2):", "    def g():",
                                             "        pass"),
           "unsupported", (4, 9), r"nested functions are not supported"),
    Source("decorator_on_helper", "@staticmethod\n" + HELPER + "    return v\n", "unsupported",
           (1, 1), r"decorators other than cudapy's are not supported"),
    Source("global_in_loop", kernel("while idx < 0:", "    global G"), "unsupported", (4, 9),
           r"global declarations are not supported"),
    Source("nonlocal_in_helper", with_helper("nonlocal v", "return v"), "unsupported", (3, 5),
           r"nonlocal declarations are not supported", count=None),
    Source("assert_with_computed_message", kernel("assert X[idx] > 0, 'bad ' + 'value'"),
           "unsupported", (3, 24), r"the message of an assert in a kernel must be a string literal"),
    Source("del_of_element", kernel("del X[idx]"), "unsupported", (3, 5),
           r"del statements are not supported"),
    Source("raise_in_helper", with_helper("raise ValueError", "return v"), "unsupported",
           (3, 5), r"raise statements are not supported"),
    Source("yield_in_helper", with_helper("yield v"), "unsupported", (3, 5),
           r"yield is not supported"),
    Source("await_in_async_helper", "async def h(v):\n    await v\n", "unsupported", (1, 1),
           r"async functions are not supported", count=None),
    Source("async_for", kernel("async for i in range(3):", "    pass"), "unsupported", (3, 5),
           r"async for loops are not supported"),
    Source("async_with", kernel("async with X:", "    pass"), "unsupported", (3, 5),
           r"not supported", count=None),
    Source("match_in_loop", kernel("for i in range(2):", "    match i:", "        case 1:",
                                   "            pass"),
           "unsupported", (4, 9), r"match statements are not supported"),
    Source("walrus_in_condition", kernel("if (n := len(X)) > 0:", "    X[idx] = 1"),
           "unsupported", (3, 9), r"assignment expressions \(:=\) are not supported"),
    Source("print_keyword_in_helper", with_helper("print(v, end='')", "return v"), "unsupported",
           (3, 14), r"print\(\) in kernels takes no keyword arguments"),
    Source("complex_returned_as_int", with_helper("return v + 2j"), "type", (3, 12),
           r"'h' returns int32, not complex128"),
    Source("complex_ordered", with_helper("return 1 if v * 1j < 2j else 0"), "type", (3, 17),
           r"complex numbers are not ordered"),
    Source("complex_floor_division", with_helper("w = 2j // v", "return v"), "type", (3, 9),
           r"no // of complex numbers"),
    Source("complex_to_float", with_helper("return int(v * 1j)"), "type", (3, 12),
           r"int32\(\) cannot take a complex number"),
    Source("math_of_complex", with_helper("return int(math.sqrt(v * 1j))"), "type", (3, 26),
           r"sqrt\(\) takes real numbers, not complex128; cmath has"),
    Source("print_complex", with_helper("print(v * 1j)", "return v"), "unsupported", (3, 11),
           r"print the complex number's .real and .imag"),
    Source("none_return", with_helper("return None"), "unsupported", (3, 12),
           r"None is not supported"),
    Source("ellipsis_as_value", kernel("v = ...", "X[idx] = 1"), "unsupported", (3, 9),
           r"Ellipsis"),
    Source("is_in_condition", kernel("if idx is 0:", "    X[idx] = 1"), "unsupported", (3, 12),
           r"the operator 'is' is not supported"),
    Source("in_in_while", kernel("while idx in X:", "    pass"), "unsupported", (3, 15),
           r"the operator 'in' is not supported"),
    Source("matmul_in_helper", with_helper("return v @ v"), "unsupported", (3, 14),
           r"the operator '@' is not supported"),
    Source("keyword_argument_to_min", kernel("X[idx] = min(1, 2, key=abs)"), "unsupported",
           (3, 24), r"keyword arguments are not supported", count=None),
    Source("starred_target_in_loop", kernel("for i in range(2):", "    a, *b = 1, 2, 3"),
           "unsupported", (4, 12), r"starred", count=None),
    Source("continue_in_for_else", with_helper("for i in range(v):", "    pass", "else:",
                                               "    continue", "return v"),
           "syntax", (6, 9), r"'continue' outside loop"),
    Source("break_in_while_else", kernel("while idx < 0:", "    pass", "else:", "    break"),
           "syntax", (6, 9), r"'break' outside loop"),
    Source("type_alias_statement", kernel("type T = int"), "unsupported", (3, 5),
           r"type aliases are not supported"),
    Source("variable_annotation", kernel("v: int = 1", "X[idx] = v"), "unsupported", (3, 8),
           r"variable annotations are not supported"),
    Source("exception_group", kernel("try:", "    pass", "except* ValueError:", "    pass"),
           "unsupported", (3, 5), r"try statements are not supported"),
    Source("kwargs_in_helper", "# h : int (int v)\ndef h(v, **kw):\n    return v\n",
           "unsupported", (2, 10), r"\*\*kwargs parameters are not supported"),
    Source("yield_from_in_loop", kernel("for i in range(2):", "    yield from range(3)"),
           "unsupported", (4, 9), r"yield is not supported"),
    Source("is_not_in_condition", kernel("if idx is not 0:", "    X[idx] = 1"), "unsupported",
           (3, 12), r"the operator 'is not' is not supported"),
    Source("not_in_in_condition", kernel("if idx not in X:", "    X[idx] = 1"), "unsupported",
           (3, 12), r"the operator 'not in' is not supported"),
    Source("parameter_annotation_in_helper", "# h : int (int v)\ndef h(v: int):\n    return v\n",
           "unsupported", (2, 7), r"parameter annotations are not supported; give the "
           r"signature in a comment"),
    Source("return_annotation_in_helper", "# h : int (int v)\ndef h(v) -> int:\n    return v\n",
           "unsupported", (2, 13), r"return annotations are not supported"),
    Source("positional_only_marker_in_helper",
           "# h : int (int v)\ndef h(v, /):\n    return v\n", "unsupported", (2, 10),
           r"keyword-only and positional-only markers are not supported"),
    Source("keyword_only_marker_in_helper",
           "# h : int (int v, int w)\ndef h(v, *, w):\n    return v\n", "unsupported", (2, 10),
           r"keyword-only and positional-only markers are not supported"),
    Source("or_value_on_ints", kernel("X[idx] = idx or 1"), "unsupported", (3, 14),
           r"the value of 'or' on int32 and int32 operands is one of the operands"),
    Source("three_indices", kernel("X[idx, 0, 1] = 1"), "type", (3, 5),
           r"the array is int32\* with 1 dimension: index it with 1 index"),
    Source("for_with_two_variables", kernel("for i, j in range(3):", "    pass"), "unsupported",
           (3, 9), r"a for loop over range\(\) takes one variable"),
    Source("range_as_helper_argument", with_helper("return v").replace(
        "X[idx] = h(X[idx])", "X[idx] = h(range(3))"), "unsupported", (7, 16),
           r"range\(\) can only be used as the iterable of a for loop"),
    Source("store_to_thread_index", kernel("threadIdx.x = 1"), "unsupported", (3, 5),
           r"assignment to an attribute is not supported"),
    Source("store_to_math_constant", kernel("math.pi = 3"), "unsupported", (3, 5),
           r"assignment to an attribute is not supported"),
    Source("attribute_of_array", kernel("X[idx] = X.dtype"), "unsupported", (3, 14),
           r"the attribute 'X.dtype' is not supported"),
    Source("method_call_on_array", kernel("X.fill(0)"), "name", (3, 5),
           r"unknown function 'X.fill'"),
    Source("conditional_import_name", kernel("X[idx] = np.float32(1.5).nbytes"), "unsupported",
           (3, 14), r"attribute|not supported", count=None),
]

# ---- Type and name errors, in contexts the golden corpus does not show ----------------------

TYPES = [
    Source("assume_aligned_of_a_number", kernel("n = 4", "assume_aligned(n, 16)"), "type",
           (4, 20), r"assume_aligned\(\) takes an array variable, not int32"),
    Source("assume_aligned_of_a_slice", kernel("assume_aligned(X[1:], 16)"), "type", (3, 20),
           r"assume_aligned\(\) takes an array variable, not an expression"),
    Source("assume_aligned_to_three_bytes", kernel("assume_aligned(X, 3)"), "type", (3, 23),
           r"alignment as a literal power of two from 1 to 256 bytes"),
    Source("assume_aligned_to_a_variable", kernel("n = 16", "assume_aligned(X, n)"), "type",
           (4, 23), r"alignment as a literal power of two from 1 to 256 bytes"),
    Source("float_into_int_parameter_in_loop", kernel("for i in range(3):", "    n = 1.5",
                                                      sig="void (int* X, int n)",
                                                      params="X, n"),
           "type", (4, 13), r"parameter 'n' is int32 and cannot hold float32"),
    Source("array_plus_scalar_in_helper_call", with_helper("return v").replace(
        "X[idx] = h(X[idx])", "X[idx] = h(X + 1)"), "type", (7, 16),
           r"unsupported operand type for \+: int32\*", count=None),
    Source("array_passed_to_scalar_helper", with_helper("return v").replace(
        "X[idx] = h(X[idx])", "X[idx] = h(X)"), "type", (7, 16),
           r"argument 'v' of h\(\) is int32, but int32\* was given", count=None),
    Source("index_by_float_expression", kernel("X[idx / 2] = 1"), "type", (3, 7),
           r"array indices must be integers, not float32"),
    Source("index_of_index", kernel("X[idx][0] = 1"), "type", (3, 5),
           r"int32 is not an array and cannot be indexed"),
    Source("len_of_len", kernel("X[idx] = len(len(X))"), "type", (3, 14),
           r"len\(\) takes an array, not int64"),
    Source("shift_of_float", kernel("X[idx] = int(1.5 << 2)"), "type", (3, 18),
           r"unsupported operand types for <<: float32 and int32 \(integers only\)|integers only"),
    Source("invert_float", kernel("X[idx] = int(~1.5)"), "type", (3, 18),
           r"bad operand type for unary ~: float32"),
    Source("range_of_array", kernel("for i in range(X):", "    pass"), "type", (3, 20),
           r"range\(\) takes integers, not int32\*"),
    Source("range_with_four_arguments", kernel("for i in range(1, 2, 3, 4):", "    pass"),
           "type", (3, 14), r"range\(\) takes 1 to 3 arguments|takes at most 3"),
    Source("range_without_arguments", kernel("for i in range():", "    pass"), "type", (3, 14),
           r"range\(\) takes 1 to 3 arguments|expected at least 1"),
    Source("abs_without_arguments", kernel("X[idx] = abs()"), "type", (3, 14),
           r"abs\(\) takes 1 argument, 0 given|takes exactly one argument"),
    Source("min_of_one_argument", kernel("X[idx] = min(1)"), "type", (3, 14),
           r"min\(\) takes at least 2 arguments|min"),
    Source("store_into_length", kernel("len(X)[0] = 1"), "type", (3, 5),
           r"not an array|cannot assign", count=None),
    Source("compare_array_with_scalar_in_while", kernel("while X > 0:", "    pass"), "type",
           (3, 11), r"unsupported operand type for comparison: int32\*"),
    Source("literal_too_big_for_uint8", kernel("X[idx] = 300", sig="void (uint8* X)"), "type",
           (3, 14), r"300 does not fit in uint8|does not fit"),
    Source("negative_literal_into_unsigned", kernel("X[idx] = -1", sig="void (uint32* X)"),
           "type", (3, 14), r"-1 does not fit in uint32|does not fit"),
    Source("variable_retyped_in_branch", kernel("v = 1", "if idx > 0:", "    v = X",
                                                "X[idx] = 0"),
           "type", (5, 13), r"the variable 'v' is assigned int32\* here but int32 at line 3"),
    Source("unknown_name_in_range", kernel("for i in range(n):", "    X[i] = 1"), "name",
           (3, 20), r"unknown name 'n'"),
    Source("unknown_method_of_math", kernel("X[idx] = int(math.sine(1.0))"), "name", (3, 18),
           r"unknown function 'math.sine'; did you mean 'math.sin'"),
    Source("math_module_as_value", kernel("m = math", "X[idx] = 1"), "name", (3, 9),
           r"math", count=None),
    Source("thread_index_called", kernel("X[idx] = idx()"), "type", (3, 14),
           r"'idx' is a number, not a function: write idx"),
    Source("helper_called_with_too_many", with_helper("return v").replace(
        "X[idx] = h(X[idx])", "X[idx] = h(1, 2)"), "type", (7, 14),
           r"h\(\) takes 1 argument but 2 were given"),
    Source("helper_without_signature_recursive", "def f(n):\n    return f(n - 1)\n\n"
           "# k : void (int* X)\ndef k(X):\n    X[idx] = f(3)\n", "type", (2, 12),
           r"'f' calls itself; a recursive function needs a signature comment"),
    Source("kernel_with_return_value_used", kernel("X[idx] = k(X)"), "type", (3, 14),
           r"'k' is a kernel .* a kernel cannot call a kernel", count=None),
    Source("return_value_from_void_in_loop", kernel("for i in range(2):", "    return 1"),
           "type", (4, 16), r"'k' returns void, so it cannot return a value"),
    Source("helper_falls_off_end", "# h : int (int v)\ndef h(v):\n    if v > 0:\n"
           "        return 1\n\n# k : void (int* X)\ndef k(X):\n    X[idx] = h(X[idx])\n",
           "type", (2, 5), r"'h' can reach its end without returning a value"),
    Source("thread_index_component_unknown", kernel("X[idx] = blockDim.w"), "unsupported",
           (3, 14), r"the attribute 'blockDim.w' is not supported"),
    Source("no_signature_and_no_caller", "def k(X):\n    X[idx] = 1\n", "type", (1, 5),
           r"'k' has no signature: add a comment '# k : void \(T X\)'"),
]

# ---- Signatures that do not parse -------------------------------------------------------

SIG_BODY = "def k(X):\n    X[idx] = 1\n"


def bad_sig(name, sig, message, via_comment=False, bug=None, kind="type"):
    """A signature given through the API (line 1, the function name's column) or as a comment
    above the function (line 1, column 1)."""
    if via_comment:
        return Source(name, f"# k : {sig}\n{SIG_BODY}", kind, (1, 1), message, bug=bug)
    return Source(name, SIG_BODY, kind, (1, 5), message, sig=sig, bug=bug)


SIGNATURES = [
    bad_sig("sig_blank", " ", r"the signature given for 'k' is empty"),
    bad_sig("sig_empty", "", r"the signature given for 'k' is empty"),
    bad_sig("sig_return_type_only", "void", r"expected '\(' before the parameter types"),
    bad_sig("sig_open_paren_only", "void (", r"expected a parameter type"),
    bad_sig("sig_close_paren_only", "void )", r"expected '\(' before the parameter types"),
    bad_sig("sig_no_return_type", "k : (int* X)", r"expected a return type after ':'"),
    bad_sig("sig_no_parentheses", "void int* X", r"expected '\(' before the parameter types"),
    bad_sig("sig_unclosed", "void (int* X", r"expected ',' or '\)' in the parameter list"),
    bad_sig("sig_closed_twice", "void (int* X))", r"unexpected text after the parameter list"),
    bad_sig("sig_double_parentheses", "void ((int* X))", r"expected a parameter type"),
    bad_sig("sig_trailing_comma", "void (int* X,)", r"expected a parameter type"),
    bad_sig("sig_leading_comma", "void (,int* X)", r"expected a parameter type"),
    bad_sig("sig_double_comma", "void (int* X, , int n)", r"expected a parameter type"),
    bad_sig("sig_missing_comma", "void (int* X int n)",
            r"expected ',' or '\)' in the parameter list"),
    bad_sig("sig_unknown_type", "void (flot* X)", r"unknown type 'flot'"),
    bad_sig("sig_empty_brackets", "void (int[] X)", r"expected ':' or '::1' for each dimension"),
    bad_sig("sig_numpy_slice_with_step", "void (int[::2] X)", r"only '::1' marks a contiguous dimension"),
    bad_sig("sig_two_contiguous_dimensions", "void (int[::1, ::1] X)",
            r"'::1' goes on the last dimension \(C order\) or the first"),
    bad_sig("sig_default_value", "void (int* X = 0)", r"expected ',' or '\)'"),
    bad_sig("sig_python_annotation_order", "void (X: int*)", r"unknown type 'X'"),
    bad_sig("sig_arrow", "void (int* X) -> int", r"unexpected text after the parameter list"),
    bad_sig("sig_trailing_words", "void (int* X) extra", r"unexpected text after"),
    bad_sig("sig_unknown_return_type", "foo (int* X)", r"unknown type 'foo'"),
    bad_sig("sig_void_parameter", "void (void X)", r"a parameter cannot be void"),
    bad_sig("sig_void_pointer", "void (void* X)", r"void\* is not a type"),
    bad_sig("sig_three_levels", "void (int*** X)", r"more than two levels"),
    bad_sig("sig_reference", "void (int& X)", r"expected ',' or '\)'"),
    bad_sig("sig_const", "void (const int* X)", r"unknown type 'const'"),
    bad_sig("sig_unsigned_int", "void (unsigned int* X)", r"unknown type 'unsigned'"),
    bad_sig("sig_template_parameter", "void (T* X)", r"unknown type 'T'"),
    bad_sig("sig_parameter_name_is_number", "void (int* 1X)", r"parameter|name", bug=None),
    bad_sig("sig_non_ascii_name", "void (int* \u00e9)", r"expected ',' or '\)'|parameter 1"),
    bad_sig("sig_too_many_parameters", "void (int* X, int n)",
            r"has 2 parameter types but the function takes 1"),
    bad_sig("sig_no_parameters", "void ()", r"has 0 parameter types but the function takes 1"),
    bad_sig("sig_wrong_parameter_name", "void (int* Y)",
            r"names parameter 1 'Y' but the function calls it 'X'"),
    bad_sig("sig_int_return_for_void_body", "int (int* X)",
            r"can reach its end without returning a value", kind="type"),
    bad_sig("sig_thousand_parameters", "void (" + ", ".join(f"int p{i}" for i in range(1000))
            + ")", r"has 1000 parameter types but the function takes 1"),
    bad_sig("sig_long_type_name", "void (" + "int" * 10000 + "* X)", r"unknown type"),
    bad_sig("sig_many_stars", "void (" + "*" * 10000 + ")", r"expected a parameter type"),
    bad_sig("sig_deep_parentheses", "void (" + "(" * 1000 + "int* X" + ")" * 1001,
            r"expected a parameter type"),
    bad_sig("comment_sig_unclosed", "void (int* X", r"expected ',' or '\)'", via_comment=True),
    bad_sig("comment_sig_trailing_comment", "void (int* X) # note",
            r"unexpected text after the parameter list", via_comment=True),
    bad_sig("comment_sig_unknown_type", "void (integer X)", r"unknown type 'integer'",
            via_comment=True),
    bad_sig("comment_sig_return_type_only", "void",
            r"bad signature for 'k': expected '\(' before the parameter types", via_comment=True),
    Source("comment_sig_for_no_function", "# q : void (int* X)\n" + SIG_BODY, "name", (1, 1),
           r"names 'q', but no function of that name is defined", count=None),
    Source("comment_sig_twice", "# k : void (int* X)\n# k : void (int* X)\n" + SIG_BODY,
           "type", (2, 1), r"a second signature comment for 'k'"),
]

# ---- Encodings, NUL bytes, empty and function-less sources ---------------------------------

ENCODING = [
    Source("invalid_utf8_byte_in_code", kernel_bytes(b"X[idx] = 1\xff"), "syntax", (3, 15),
           r"UTF-8|utf-8|invalid (start )?byte", via=CAPI),
    Source("latin1_identifier", kernel_bytes(b"caf\xe9 = 1", b"X[idx] = 1"), "syntax", (3, 8),
           r"UTF-8|utf-8", via=CAPI),
    Source("lone_continuation_byte", kernel_bytes(b"X[idx] = \x80"), "syntax", (3, 14),
           r"UTF-8|utf-8", via=CAPI),
    Source("overlong_encoding", kernel_bytes(b"X[idx] = \xc0\xaf"), "syntax", (3, 14),
           r"UTF-8|utf-8", via=CAPI),
    Source("encoded_surrogate", kernel_bytes(b"X[idx] = \xed\xa0\x80"), "syntax", (3, 14),
           r"UTF-8|utf-8", via=CAPI),
    Source("truncated_sequence_at_end", kernel_bytes(b"X[idx] = 1") + b"\xe2\x82", "syntax",
           (4, 1), r"UTF-8|utf-8", via=CAPI),
    Source("latin1_in_comment", kernel_bytes(b"# caf\xe9", b"X[idx] = 1"), "syntax", (3, 10),
           r"UTF-8|utf-8", via=CAPI),
    Source("utf16_source", kernel("X[idx] = 1").encode("utf-16"), "syntax", (1, 1),
           r"UTF-8|utf-8|UTF-16", via=CAPI, count=None),
    Source("invalid_utf8_in_signature_comment",
           b"# k : void (int\xff* X)\ndef k(X):\n    X[idx] = 1\n", "syntax", (1, 16),
           r"UTF-8|utf-8", via=CAPI, count=None),
    # A NUL byte is shown as \x00 in the message and the source line; in code the diagnostic
    # spans the statement or token that holds it, in a comment it points at the byte.
    Source("nul_in_expression", kernel("X[idx] = 1\x00"), "syntax", (3, 5),
           r"invalid syntax near 'X\[idx\] = 1\\x00'"),
    Source("nul_at_start", "\x00" + kernel("X[idx] = 1"), "syntax", (1, 1),
           r"NUL|null|\\x00|\\0", count=None),
    Source("nul_in_comment", kernel("# a\x00b", "X[idx] = 1"), "syntax", (3, 8),
           r"NUL|null|\\x00|\\0"),
    Source("nul_only", "\x00", "syntax", (1, 1), r"NUL|null|\\x00|\\0"),
    Source("nul_thousand", "\x00" * 1000, "syntax", (1, 1), r"NUL|null|\\x00|\\0"),
    Source("nul_inside_identifier", kernel("a\x00b = 1", "X[idx] = 1"), "syntax", (3, 5),
           r"invalid syntax near 'a\\x00'", count=None),
    Source("nul_in_signature_comment", "# k : void (int\x00* X)\n" + SIG_BODY, "syntax",
           (1, 16), r"NUL|null|\\x00|\\0", count=None),
    # The first bad byte is a NUL at 1:1.
    Source("binary_garbage", bytes(range(256)) * 4, "syntax", (1, 1),
           r"UTF-8|NUL|null|binary|\\x00", via=CAPI, count=None),
    Source("empty_source", "", "syntax", (1, 1), r"no function definition found"),
    Source("whitespace_only", "   \n\n\t\n  ", "syntax", (1, 1), r"no function definition found"),
    Source("comments_only", "# one\n# two\n#\n", "syntax", (1, 1),
           r"no function definition found"),
    Source("signature_comment_only", "# k : void (int* X)\n", "syntax", (1, 1),
           r"no function definition found|no function"),
    Source("newlines_only", "\n" * 1000, "syntax", (1, 1), r"no function definition found"),
    Source("statement_without_function", "x = 1\n", "syntax", (1, 1),
           r"no function definition found"),
    Source("lambda_instead_of_function", "k = lambda X: 0\n", "unsupported", (1, 5),
           r"lambda expressions are not supported in kernels"),
    Source("call_at_top_level", "k(1)\n", "unsupported", (1, 1),
           r"only function definitions and constants .* are allowed at the top level"),
    Source("docstring_only", '"""A module docstring."""\n', "syntax", (1, 1),
           r"no function definition found|only function definitions", count=None),
]

# ---- Generated: huge, long and deep ---------------------------------------------------------


def hundred_thousand_lines():
    return kernel(*(f"X[idx] = {i}" for i in range(100000)), "X[idx] = missing_name")


def hundred_thousand_lines_of_functions():
    parts = [f"# k{i} : void (int* X)\ndef k{i}(X):\n    X[idx] = {i}\n" for i in range(33333)]
    return "".join(parts) + "def z(X):\n    X[idx] = q\n"


def hundred_thousand_comment_lines():
    return "#\n" * 100000 + kernel("X[idx] = y")


def hundred_thousand_blank_lines():
    return "\n" * 100000 + kernel("X[idx] = y")


def lines_of_statements(count):
    """A kernel of `count` lines, each ending in a newline; the last uses an unknown name."""
    return kernel(*(f"X[idx] = {i}" for i in range(count - 3)), "X[idx] = missing_name")


def lines_of_comments(count):
    return "#\n" * (count - 3) + kernel("X[idx] = y")


def nested(depth, indent="    "):
    """`depth` nested ifs; the innermost body uses an unknown name."""
    lines = [indent * (level + 1) + f"if idx > {level}:" for level in range(depth)]
    lines.append(indent * (depth + 1) + "X[idx] = y")
    return "# k : void (int* X)\ndef k(X):\n" + "\n".join(lines) + "\n"


def expression(depth, open_, close, inner="y"):
    return kernel("X[idx] = " + open_ * depth + inner + close * depth)


D = 1000
LIMIT = 200  # expressions nest at most this deep, as in CPython's parser
TOO_DEEP = r"the expression is nested too deeply \(more than 200 levels\)"
COLUMN = len("    X[idx] = ") + 1
DEEP = "name|unsupported|syntax"  # the error inside, or a limit on nesting
# A source of more lines than the parser takes is refused as a whole, at its first line.
TOO_MANY_LINES = r"the source has \d+ lines; at most 65000 are supported"

GENERATED = [
    Source("hundred_thousand_lines", hundred_thousand_lines, "unsupported", (1, 1),
           TOO_MANY_LINES),
    Source("hundred_thousand_lines_of_functions", hundred_thousand_lines_of_functions,
           "unsupported", (1, 1), TOO_MANY_LINES),
    Source("hundred_thousand_blank_lines", hundred_thousand_blank_lines, "unsupported", (1, 1),
           TOO_MANY_LINES),
    Source("hundred_thousand_comment_lines", hundred_thousand_comment_lines, "unsupported",
           (1, 1), TOO_MANY_LINES, timeout=120),
    # Under the limit, a long source is translated and its error found where it is.
    Source("lines_64999", lambda: lines_of_statements(64999), "name", (64999, 14),
           r"unknown name 'missing_name'", via=CAPI),
    Source("comment_lines_64999", lambda: lines_of_comments(64999), "name", (64999, 14),
           r"unknown name 'y'", via=CAPI),
    Source("lines_65000", lambda: lines_of_statements(65000), "name", (65000, 14),
           r"unknown name 'missing_name'", via=CAPI),
    Source("nesting_1000_parentheses", lambda: expression(D, "(", ")"), DEEP,
           (3, COLUMN + D), r"unknown name 'y'|nest", count=None),
    Source("nesting_1000_calls", lambda: expression(D, "abs(", ")"), DEEP,
           (3, COLUMN + 4 * D), r"unknown name 'y'|nest", count=None),
    Source("nesting_1000_subscripts", lambda: expression(D, "X[", "]"), DEEP,
           (3, COLUMN + 2 * D), r"unknown name 'y'|nest", count=None),
    Source("nesting_1000_unary_minus", lambda: expression(D, "-", ""), DEEP,
           (3, COLUMN + D), r"unknown name 'y'|nest", count=None),
    Source("nesting_1000_not", lambda: expression(D, "not ", "", "y"), DEEP,
           (3, COLUMN + 4 * D), r"unknown name 'y'|nest", count=None),
    Source("nesting_1000_lists", lambda: expression(D, "[", "]", "1"), "unsupported",
           (3, COLUMN), r"lists are not supported"),
    Source("chain_1000_additions", lambda: kernel("X[idx] = " + "1 + " * D + "y"), DEEP,
           (3, COLUMN + 4 * D), r"unknown name 'y'|nest", count=None),
    Source("chain_1000_powers", lambda: kernel("X[idx] = " + "1 ** " * D + "y"), DEEP,
           (3, COLUMN + 5 * D), r"unknown name 'y'|nest", count=None),
    Source("chain_1000_comparisons", lambda: kernel("X[idx] = int(" + "1 < " * D + "y)"),
           DEEP, (3, COLUMN + 4 + 4 * D), r"unknown name 'y'|nest", count=None),
    Source("chain_1000_and", lambda: kernel("X[idx] = int(" + "idx and " * D + "y)"), DEEP,
           (3, COLUMN + 4 + 8 * D), r"unknown name 'y'|nest", count=None),
    Source("chain_1000_conditionals",
           lambda: kernel("X[idx] = " + "1 if idx else " * D + "y"), DEEP,
           (3, COLUMN + 14 * D), r"unknown name 'y'|nest", count=None),
    Source("chain_1000_elifs", lambda: kernel("if idx == 0:", "    X[idx] = 0",
                                              *[f"elif idx == {i}:\n        X[idx] = {i}"
                                                for i in range(1, D)],
                                              "else:", "    X[idx] = y"),
           "name", (3 + 2 * D + 1, 18), r"unknown name 'y'"),
    # Python stops at 100 levels; the parser's indentation stops at 255 columns (64 levels of
    # four spaces), which must be said at the line that goes past it.
    Source("nesting_1000_ifs", lambda: nested(D), "syntax|unsupported", (2 + 64, 1),
           r"too many levels of indentation|indentation of 256 columns is more than"),
    Source("nesting_1000_ifs_one_space", lambda: nested(D, " "), "syntax|unsupported",
           (2 + 101, 1), r"too many levels of indentation"),
    Source("nesting_101_ifs_two_spaces", lambda: nested(101, "  "), "syntax|unsupported",
           (2 + 101, 1), r"too many levels of indentation"),
    Source("indentation_of_300_columns", kernel("if idx > 0:", " " * 296 + "X[idx] = y"),
           "syntax|unsupported", (4, 1), r"indentation of 300 columns is more than"),
    # Depths under the nesting limit must fit the stack of a secondary thread.
    Source("nesting_199_parentheses_small_stack", lambda: expression(LIMIT - 1, "(", ")"),
           "name", (3, COLUMN + LIMIT - 1), r"unknown name 'y'", stack_kib=512),
    Source("nesting_199_calls_small_stack", lambda: expression(LIMIT - 1, "abs(", ")"),
           "name", (3, COLUMN + 4 * (LIMIT - 1)), r"unknown name 'y'", stack_kib=512),
    Source("chain_199_additions_small_stack",
           lambda: kernel("v = " + "1 + " * (LIMIT - 2) + "idx", "X[idx] = X"), "type", (4, 14),
           r"cannot store int32\* into an element of int32\*", stack_kib=512),
    # Helpers without signatures are typed from their calls, one within the other: 99 deep
    # fits a small stack, and past 100 one error names the call where typing stops.
    Source("chain_99_untyped_helpers_small_stack", lambda: helper_chain(99, "y"), "type",
           (2 * 98 + 3, 12), r"'h98' returns nothing", count=None, stack_kib=512),
    Source("chain_3000_untyped_helpers", lambda: helper_chain(3000, "v"), "unsupported",
           (2 * 99 + 3, 12), r"more than 100 deep here; give 'h99' .* a signature comment",
           timeout=60),
    # Past the limit: one error at the first level past it (the 201st parenthesis; in a
    # chain, which nests to the left, the start of the chain), then the errors outside it.
    Source("nesting_100000_parentheses", lambda: expression(100000, "(", ")"), "unsupported",
           (3, COLUMN + LIMIT), TOO_DEEP, timeout=120),
    Source("chain_100000_additions", lambda: kernel("X[idx] = " + "1 + " * 100000 + "y"),
           "unsupported", (3, COLUMN), TOO_DEEP, count=None, timeout=120),
    Source("line_of_a_million_characters", kernel("X[idx] = 1" + " " * 1000000 + "+ y"),
           "name", (3, COLUMN + 1 + 1000000 + 2), r"unknown name 'y'"),
    Source("identifier_of_a_million_characters",
           kernel("a" * 1000000 + " = 1", "X[idx] = " + "a" * 1000000 + " + y"), "name",
           (4, COLUMN + 1000000 + 3), r"unknown name 'y'"),
    Source("unknown_identifier_of_a_million_characters",
           kernel("X[idx] = " + "b" * 1000000), "name", (3, COLUMN), r"unknown name 'b+",
           timeout=30),
    Source("integer_literal_of_100000_digits", kernel("X[idx] = 1" + "0" * 100000), "type",
           (3, COLUMN), r"does not fit in 64 bits"),
    Source("integer_literal_2_to_64", kernel("X[idx] = 18446744073709551616"), "type",
           (3, COLUMN), r"18446744073709551616 does not fit in 64 bits"),
    Source("int64_minimum_minus_one",
           kernel("X[idx] = -9223372036854775809", sig="void (int64* X)"), "type", (3, COLUMN),
           r"does not fit"),
    Source("uint64_maximum_plus_one",
           kernel("X[idx] = 18446744073709551616", sig="void (uint64* X)"), "type",
           (3, COLUMN), r"does not fit in 64 bits"),
    Source("hex_literal_of_100_digits", kernel("X[idx] = 0x" + "f" * 100), "type",
           (3, COLUMN), r"does not fit in 64 bits"),
    Source("binary_literal_of_65_digits", kernel("X[idx] = 0b" + "1" * 65), "type",
           (3, COLUMN), r"does not fit in 64 bits"),
    Source("int32_literal_overflow_in_int_array", kernel("X[idx] = 2147483648"), "type",
           (3, COLUMN), r"2147483648 does not fit in int32"),
    Source("huge_literal_as_range_bound",
           kernel("for i in range(100000000000000000000000):", "    pass"), "type", (3, 20),
           r"does not fit", count=None),
    Source("huge_literal_index", kernel("X[99999999999999999999] = 1"), "type", (3, 7),
           r"does not fit in 64 bits"),
]

SOURCES = MALFORMED + UNSUPPORTED + TYPES + SIGNATURES + ENCODING + GENERATED

# ---- Python API misuse ----------------------------------------------------------------------

SAXPY = ("# saxpy : void (float alpha, float* X, float* Y)\ndef saxpy(alpha, X, Y):\n"
         "    if idx < len(X):\n        Y[idx] = alpha * X[idx] + Y[idx]\n")
TYPED = ("# typed : void (bool b, int8 s, uint16 u, int64 w, float f, double d, double* D)\n"
         "def typed(b, s, u, w, f, d, D):\n    D[idx] = f + d\n")
ROWS = ("# rows : void (float** M, float* out)\ndef rows(M, out):\n"
        "    out[idx] = M[idx][0]\n")
GOOD_TYPED = "True, 1, 2, 3, 0.5, 0.25, np.zeros(4)"
F32 = "np.zeros(4, np.float32)"


def saxpy_call(name, call, raises, message, bug=None):
    return Call(name, call, raises, message, source=SAXPY, bug=bug)


def typed_call(name, position, value, raises, message, bug=None):
    args = GOOD_TYPED.split(", ")
    args[position] = value
    return Call(name, f"k(4)({', '.join(args)})", raises, message, source=TYPED, bug=bug)


CALLS = [
    # what is compiled
    Call("compile_an_integer", "cp.compile(42)", "TypeError", r"expected a function or its "
         r"source text, got int"),
    Call("compile_none", "cp.compile(None)", "TypeError", r"got NoneType"),
    Call("compile_bytes", "cp.compile(b'def k(X): pass')", "TypeError", r"got bytes"),
    Call("compile_a_lambda_without_source", "cp.compile(lambda X: None)", "OSError",
         r"cannot read the source of the lambda"),
    Call("compile_a_builtin", "cp.compile(len)", "TypeError", r"expected a function"),
    Call("compile_empty_list", "cp.compile([])", "ValueError", r"nothing to compile"),
    Call("compile_list_with_a_number", f"cp.compile([{SAXPY!r}, 3])", "TypeError",
         r"got int"),
    Call("compile_text_without_function", "cp.compile('# nothing here\\n')",
         "ValueError", r"the first source defines no function"),
    Call("compile_sig_of_wrong_type", f"cp.compile({SAXPY!r}, sig=3)", "TypeError",
         r"sig= must be a signature string or a dict"),
    Call("compile_sig_dict_of_numbers", f"cp.compile({SAXPY!r}, sig={{'saxpy': 1}})",
         "TypeError", r"maps function names to signature strings"),
    Call("compile_sig_dict_unknown_function",
         f"cp.compile({SAXPY!r}, sig={{'nope': 'void (int* X)'}})", "cp.CompileError",
         r"'nope'"),
    Call("compile_sig_for_source_without_function", "cp.compile('x = 1\\n', sig='void ()')",
         "ValueError", r"sig= names no function"),
    Call("compile_unknown_target", f"cp.compile({SAXPY!r}, target='tpu')", "ValueError",
         r"target must be one of"),
    Call("translate_bad_signature_string", f"cp.translate({SAXPY!r}, sig='void (float')",
         "cp.CompileError", r"bad signature for 'saxpy'"),
    Call("ptx_unknown_architecture", f"cp.ptx({SAXPY!r}, arch='sm_nonsense')",
         "cp.InvalidArgumentError", r"sm_nonsense"),
    Call("module_attribute_that_is_no_kernel", f"cp.module({SAXPY!r}).nope", "AttributeError",
         r"the module has no kernel 'nope'; its kernels: saxpy"),
    Call("helper_first_in_list",
         "cp.compile(['# h : int (int v)\\ndef h(v):\\n    return v\\n', " + repr(SAXPY) + "])",
         "TypeError", r"'h' is not a kernel"),
    # argument counts
    saxpy_call("too_few_arguments", f"k(4)(2.0, {F32})", "TypeError",
               r"saxpy\(\) takes 3 arguments \(alpha, X, Y\) but 2 were given"),
    saxpy_call("too_many_arguments", f"k(4)(2.0, {F32}, {F32}, {F32})", "TypeError",
               r"takes 3 arguments .* but 4 were given"),
    saxpy_call("no_arguments", "k[1, 32]()", "TypeError", r"but 0 were given"),
    saxpy_call("keyword_arguments", f"k(4)(alpha=2.0, X={F32}, Y={F32})", "TypeError",
               r"unexpected keyword argument|keyword"),
    # argument types
    saxpy_call("string_for_float", f"k(4)('2.0', {F32}, {F32})", "TypeError",
               r"argument 'alpha' must be float .*got str"),
    saxpy_call("complex_for_float", f"k(4)(2j, {F32}, {F32})", "TypeError",
               r"argument 'alpha'.*got complex"),
    saxpy_call("none_for_float", f"k(4)(None, {F32}, {F32})", "TypeError",
               r"argument 'alpha'.*got NoneType"),
    saxpy_call("array_for_float", f"k(4)({F32}, {F32}, {F32})", "TypeError",
               r"argument 'alpha'.*got ndarray"),
    saxpy_call("float_for_array", f"k(4)(2.0, 1.0, {F32})", "TypeError",
               r"argument 'X' must be float\*.*got float"),
    saxpy_call("string_for_array", f"k(4)(2.0, 'text', {F32})", "TypeError",
               r"argument 'X' must be float\*.*got str"),
    saxpy_call("dict_for_array", f"k(4)(2.0, {{}}, {F32})", "TypeError",
               r"argument 'X'.*got dict"),
    saxpy_call("bytes_for_array", f"k(4)(2.0, b'1234', {F32})", "TypeError",
               r"argument 'X'.*got bytes"),
    saxpy_call("memoryview_for_array", f"k(4)(2.0, memoryview(b'1234'), {F32})", "TypeError",
               r"argument 'X'.*got memoryview"),
    # dtypes and shapes
    saxpy_call("float64_array_for_float32", f"k(4)(2.0, np.zeros(4), {F32})", "TypeError",
               r"argument 'X'.*float32.*float64"),
    saxpy_call("int32_array_for_float32", f"k(4)(2.0, np.zeros(4, np.int32), {F32})",
               "TypeError", r"argument 'X'.*float32.*int32"),
    saxpy_call("complex_array", f"k(4)(2.0, np.zeros(4, np.complex64), {F32})", "TypeError",
               r"argument 'X'.*complex64"),
    saxpy_call("object_array", f"k(4)(2.0, np.array([1, None]), {F32})", "TypeError",
               r"argument 'X'.*object"),
    saxpy_call("two_dimensional_array", f"k(4)(2.0, np.zeros((2, 2), np.float32), {F32})",
               "ValueError", r"argument 'X' must be a 1-d array, got shape \(2, 2\)"),
    saxpy_call("zero_dimensional_array", f"k(4)(2.0, np.zeros((), np.float32), {F32})",
               "ValueError", r"argument 'X' must be a 1-d array, got shape \(\)"),
    saxpy_call("read_only_output", "y = np.zeros(4, np.float32)\ny.flags.writeable = False\n"
               f"k(4)(2.0, {F32}, y)", "ValueError", r"argument 'Y' is a read-only array"),
    saxpy_call("nested_list", f"k(4)(2.0, [[1.0], [2.0]], {F32})", "ValueError",
               r"argument 'X'.*flat"),
    saxpy_call("ragged_list", f"k(4)(2.0, [1.0, [2.0]], {F32})", "ValueError",
               r"argument 'X'.*flat"),
    saxpy_call("list_of_strings", f"k(4)(2.0, ['a', 'b'], {F32})", "TypeError",
               r"argument 'X'.*str"),
    saxpy_call("list_with_none", f"k(4)(2.0, [1.0, None], {F32})", "TypeError",
               r"argument 'X'"),
    saxpy_call("list_with_huge_float", f"k(4)(2.0, [1e300], {F32})", "OverflowError",
               r"argument 'X'.*too large for float32"),
    Call("list_with_float_for_int_array",
         "k(4)([1.5, 2.0])", "TypeError", r"argument 'X'.*float.*int32",
         source=kernel("X[idx] = 1")),
    Call("list_with_huge_integer", "k(4)([1, 2**70])", "OverflowError",
         r"argument 'X'.*too large", source=kernel("X[idx] = 1")),
    Call("list_with_int32_overflow", "k(4)([1, 2**31])", "OverflowError",
         r"argument 'X'.*2147483648 does not fit in int32", source=kernel("X[idx] = 1")),
    Call("rows_of_three_dimensions", "k(2)(np.zeros((2, 2, 2), np.float32), np.zeros(2, "
         "np.float32))", "ValueError", r"argument 'M' must be a 2-d array", source=ROWS),
    Call("rows_of_wrong_dtype", "k(2)([np.zeros(2)], np.zeros(2, np.float32))", "TypeError",
         r"argument 'M'.*float32.*float64", source=ROWS),
    Call("rows_as_a_number", "k(2)(3.0, np.zeros(2, np.float32))", "TypeError",
         r"argument 'M' must be float\*\*", source=ROWS),
    # overflow and scalar types
    typed_call("bool_from_string", 0, "'yes'", "TypeError", r"argument 'b' must be bool"),
    typed_call("bool_from_float", 0, "1.0", "TypeError", r"argument 'b'"),
    typed_call("int8_overflow", 1, "128", "OverflowError",
               r"argument 's' = 128 does not fit in int8 \(-128\.\.127\)"),
    typed_call("int8_underflow", 1, "-129", "OverflowError", r"argument 's' = -129"),
    typed_call("uint16_negative", 2, "-1", "OverflowError", r"argument 'u' = -1 does not fit"),
    typed_call("uint16_overflow", 2, "65536", "OverflowError", r"argument 'u' = 65536"),
    typed_call("int64_overflow", 3, "2**63", "OverflowError",
               r"argument 'w' = 9223372036854775808"),
    typed_call("int64_huge", 3, "10**100", "OverflowError", r"argument 'w'"),
    typed_call("int_from_float", 3, "1.0", "TypeError", r"argument 'w' must be int64.*got float"),
    typed_call("int_from_numpy_float", 3, "np.float64(1)", "TypeError",
               r"argument 'w'.*got float64"),
    typed_call("int_from_string", 3, "'3'", "TypeError", r"argument 'w'.*got str"),
    typed_call("float32_overflow", 4, "1e39", "OverflowError",
               r"argument 'f' = 1e\+39 does not fit in float"),
    typed_call("float32_huge_integer", 4, "10**400", "OverflowError", r"argument 'f'"),
    typed_call("float64_huge_integer", 5, "10**400", "OverflowError", r"argument 'd'"),
    typed_call("float_from_string", 5, "'0.5'", "TypeError", r"argument 'd'.*got str"),
    typed_call("float_from_decimal", 5, "__import__('decimal').Decimal('0.5')", "TypeError",
               r"argument 'd'.*got Decimal"),
    # launch shapes
    saxpy_call("zero_threads", "k(0)", "ValueError", r"nx must be positive, got 0"),
    saxpy_call("negative_threads", "k(-1)", "ValueError", r"nx must be positive, got -1"),
    saxpy_call("zero_threads_in_y", "k(4, 0)", "ValueError", r"ny must be positive"),
    saxpy_call("zero_threads_in_z", "k(4, 1, 0)", "ValueError", r"nz must be positive"),
    saxpy_call("too_many_threads", "k(2**32)", "ValueError", r"nx must be at most 4294967295"),
    saxpy_call("huge_thread_count", "k(10**100)", "ValueError", r"nx must be at most"),
    saxpy_call("float_thread_count", "k(1.5)", "TypeError", r"nx must be an integer, got float"),
    saxpy_call("string_thread_count", "k('4')", "TypeError", r"nx must be an integer, got str"),
    saxpy_call("bool_thread_count", "k(True)", "TypeError", r"nx must be an integer, got bool"),
    saxpy_call("none_thread_count", "k(None)", "TypeError", r"nx must be an integer, got NoneType"),
    saxpy_call("four_thread_counts", "k(1, 1, 1, 1)", "TypeError", r"positional argument"),
    saxpy_call("grid_zero", "k[0, 32]", "ValueError", r"grid must be positive"),
    saxpy_call("block_zero_in_y", "k[1, (32, 0)]", "ValueError", r"block\[1\] must be positive"),
    saxpy_call("grid_of_four_dimensions", "k[(1, 1, 1, 1), 32]", "ValueError",
               r"grid must be an integer or a tuple of 1 to 3"),
    saxpy_call("block_empty_tuple", "k[1, ()]", "ValueError",
               r"block must be an integer or a tuple of 1 to 3 integers, got a tuple of 0"),
    saxpy_call("grid_as_float", "k[1.0, 32]", "TypeError", r"grid must be an integer, got float"),
    saxpy_call("grid_as_list", "k[[1, 1], 32]", "TypeError", r"grid must be an integer, got list"),
    saxpy_call("block_too_large", "k[1, 2**32]", "ValueError", r"block must be at most"),
    saxpy_call("negative_stream", "k[1, 32, -1]", "ValueError", r"stream must not be negative"),
    saxpy_call("stream_as_string", "k[1, 32, 's']", "TypeError", r"stream must be an integer"),
    saxpy_call("negative_shared_bytes", "k[1, 32, 0, -4]", "ValueError",
               r"shared_bytes must not be negative"),
    saxpy_call("five_launch_items", "k[1, 32, 0, 0, 0]", "TypeError",
               r"takes grid, block and optionally stream and shared_bytes"),
    saxpy_call("single_launch_item", "k[4]", "TypeError", r"takes grid, block"),
    saxpy_call("launch_without_shape", f"k(2.0, {F32}, {F32})", "TypeError",
               r"nx must be an integer, got float|positional argument"),
    # device arrays (refused before any GPU is needed)
    Call("cuda_array_of_a_string", "cp.CudaArray('abc')", "TypeError",
         r"CudaArray\(\) takes a list or a NumPy array, got str"),
    Call("cuda_array_of_nested_list", "cp.CudaArray([[1.0], [2.0]])", "ValueError",
         r"the list must be flat"),
    Call("cuda_array_of_strings", "cp.CudaArray(['a'])", "TypeError", r"a list of str"),
    Call("cuda_array_negative_length", "cp.CudaArray.allocate(-1, cp.Float)", "ValueError",
         r"the shape must not be negative, got -1"),
    Call("cuda_array_length_bool", "cp.CudaArray.allocate(True, cp.Float)", "TypeError",
         r"the shape must hold integers, got bool"),
    Call("cuda_array_length_float", "cp.CudaArray.allocate(2.5, cp.Float)", "TypeError",
         r"integer|index"),
    Call("cuda_array_unknown_dtype", "cp.CudaArray.allocate(4, 'quaternion')", "TypeError",
         r"quaternion|data type|dtype"),
    Call("cuda_array_unknown_target", "cp.CudaArray([1.0], target='tpu')", "ValueError",
         r"target must be one of"),
    Call("python_device_info_negative_ordinal", "cp.device_info(-1)", "ValueError",
         r"device_info\(\): there is no GPU -1"),
    Call("device_info_huge_ordinal", "cp.device_info(10**6)",
         "cp.NotFoundError|cp.NoDeviceError|cp.InvalidArgumentError", r"1000000|device|GPU"),
    Call("device_info_ordinal_overflow", "cp.device_info(2**40)", "ValueError",
         r"device_info\(\): there is no GPU 1099511627776"),
]

# ---- C ABI misuse through ctypes ------------------------------------------------------------


def _out():
    return ctypes.c_void_p()


def _diag(h, program, index=0, size=None):
    record = h.ffi.Diagnostic(size=ctypes.sizeof(h.ffi.Diagnostic) if size is None else size)
    return h.lib.cudapy_program_diagnostic(program, index, ctypes.byref(record))


def _param(h, program, kernel, index, size=None):
    info = h.ffi.ParamInfo(size=ctypes.sizeof(h.ffi.ParamInfo) if size is None else size)
    return h.lib.cudapy_program_param(program, kernel, index, ctypes.byref(info))


def _translated(h, text=SAXPY):
    program = h.program(text)
    status = h.lib.cudapy_program_translate(program, None)
    assert status == 0, h.last_error()
    return program


def _ptx_options(h, size=None, arch=None):
    options = h.ffi.CompileOptions(size=ctypes.sizeof(h.ffi.CompileOptions) if size is None
                                   else size)
    options.arch = arch
    return options


def _add(h, program, text, length=None, file=b"f.py", first_line=1, column_offset=0):
    return h.lib.cudapy_program_add_source(program, text, len(text or b"") if length is None
                                           else length, file, first_line, column_offset)


def _null_out_new(h):
    return h.lib.cudapy_program_new(None)


ABI = [
    Abi("program_new_null_out", _null_out_new, "INVALID_ARGUMENT", r"out is NULL"),
    Abi("add_source_null_program", lambda h: _add(h, None, b"x"), "INVALID_ARGUMENT",
        r"program"),
    Abi("add_source_null_text_with_length",
        lambda h: _add(h, h.program(), None, length=10), "INVALID_ARGUMENT", r"text"),
    Abi("add_source_first_line_zero", lambda h: _add(h, h.program(), b"x", first_line=0),
        "INVALID_ARGUMENT", r"first_line"),
    Abi("add_source_first_line_negative",
        lambda h: _add(h, h.program(), b"x", first_line=-5), "INVALID_ARGUMENT",
        r"first_line"),
    Abi("add_source_first_line_near_int_max",
        lambda h: _add(h, h.program(), SAXPY.encode(), first_line=2 ** 31 - 2) or
        h.lib.cudapy_program_translate(h.last_program, None),
        "INVALID_ARGUMENT", r"first_line must be between 1 and 1073741824"),
    Abi("add_source_column_offset_near_int_max",
        lambda h: _add(h, h.program(), SAXPY.encode(), column_offset=2 ** 31 - 1) or
        h.lib.cudapy_program_translate(h.last_program, None),
        "INVALID_ARGUMENT", r"column_offset must be between 0 and 1073741824"),
    Abi("add_source_column_offset_negative",
        lambda h: _add(h, h.program(), b"x", column_offset=-1), "INVALID_ARGUMENT",
        r"column_offset"),
    Abi("set_signature_null_program",
        lambda h: h.lib.cudapy_program_set_signature(None, b"k", b"void (int* X)"),
        "INVALID_ARGUMENT", r"program"),
    Abi("set_signature_null_name",
        lambda h: h.lib.cudapy_program_set_signature(h.program(SIG_BODY), None,
                                                     b"void (int* X)"),
        "INVALID_ARGUMENT", r"name"),
    Abi("set_signature_null_signature",
        lambda h: h.lib.cudapy_program_set_signature(h.program(SIG_BODY), b"k", None),
        "INVALID_ARGUMENT", r"signature"),
    Abi("set_signature_for_unknown_function",
        lambda h: h.lib.cudapy_program_set_signature(h.program(SIG_BODY), b"nope",
                                                     b"void (int* X)") or
        h.lib.cudapy_program_translate(h.last_program, None),
        "TRANSLATION", r"'nope'"),
    Abi("set_signature_empty_name",
        lambda h: h.lib.cudapy_program_set_signature(h.program(SIG_BODY), b"",
                                                     b"void (int* X)") or
        h.lib.cudapy_program_translate(h.last_program, None),
        "INVALID_ARGUMENT|TRANSLATION", r"name|''"),
    Abi("translate_null_program", lambda h: h.lib.cudapy_program_translate(None, None),
        "INVALID_ARGUMENT", r"program"),
    Abi("translate_program_without_source",
        lambda h: h.lib.cudapy_program_translate(h.program(), None), "TRANSLATION",
        r"no function definition found|no source"),
    Abi("diagnostic_null_program", lambda h: _diag(h, None), "INVALID_ARGUMENT", r"program"),
    Abi("diagnostic_null_out",
        lambda h: h.lib.cudapy_program_diagnostic(h.program(), 0, None), "INVALID_ARGUMENT",
        r"out"),
    Abi("diagnostic_index_past_end", lambda h: _diag(h, h.program(), 5), "NOT_FOUND",
        r"5|index|diagnostic"),
    Abi("diagnostic_index_huge", lambda h: _diag(h, h.program(), 2 ** 63), "NOT_FOUND",
        r"index|diagnostic"),
    Abi("diagnostic_size_zero",
        lambda h: h.lib.cudapy_program_translate(h.program("def k(X):\n    X[idx] = y\n"),
                                                 None) and _diag(h, h.last_program, 0, size=0),
        "INVALID_ARGUMENT", r"size"),
    Abi("param_kernel_index_past_end", lambda h: _param(h, _translated(h), 7, 0), "NOT_FOUND",
        r"kernel|7"),
    Abi("param_index_past_end", lambda h: _param(h, _translated(h), 0, 3), "NOT_FOUND",
        r"param|3"),
    Abi("param_before_translation", lambda h: _param(h, h.program(SAXPY), 0, 0),
        "NOT_FOUND|INVALID_ARGUMENT", r"translat|kernel"),
    Abi("param_size_too_small", lambda h: _param(h, _translated(h), 0, 0, size=4),
        "INVALID_ARGUMENT", r"size"),
    Abi("param_null_out", lambda h: h.lib.cudapy_program_param(_translated(h), 0, 0, None),
        "INVALID_ARGUMENT", r"out"),
    Abi("ptx_null_program", lambda h: h.lib.cudapy_program_ptx(None, None, ctypes.byref(_out())),
        "INVALID_ARGUMENT", r"program"),
    Abi("ptx_null_out", lambda h: h.lib.cudapy_program_ptx(_translated(h), None, None),
        "INVALID_ARGUMENT", r"out"),
    Abi("ptx_options_size_zero",
        lambda h: h.lib.cudapy_program_ptx(_translated(h), ctypes.byref(_ptx_options(h, 0)),
                                           ctypes.byref(_out())),
        "INVALID_ARGUMENT", r"size"),
    Abi("ptx_options_unknown_architecture",
        lambda h: h.lib.cudapy_program_ptx(_translated(h),
                                           ctypes.byref(_ptx_options(h, arch=b"sm_nonsense")),
                                           ctypes.byref(_out())),
        "INVALID_ARGUMENT", r"sm_nonsense"),
    Abi("compile_options_unknown_architecture",
        lambda h: h.lib.cudapy_program_compile(_translated(h),
                                               ctypes.byref(_ptx_options(h, arch=b"sm_nonsense")),
                                               ctypes.byref(h.ffi.module_p())),
        "INVALID_ARGUMENT", r"unknown GPU architecture 'sm_nonsense'"),
    Abi("ptx_of_untranslatable_program",
        lambda h: h.lib.cudapy_program_ptx(h.program("def k(X):\n    X[idx] = y\n"), None,
                                           ctypes.byref(_out())),
        "TRANSLATION|NVRTC_UNAVAILABLE", r"unknown name 'y'|NVRTC"),
    Abi("compile_null_program",
        lambda h: h.lib.cudapy_program_compile(None, None, ctypes.byref(h.ffi.module_p())),
        "INVALID_ARGUMENT", r"program"),
    Abi("compile_null_out", lambda h: h.lib.cudapy_program_compile(_translated(h), None, None),
        "INVALID_ARGUMENT", r"out"),
    Abi("module_kernel_null_module",
        lambda h: h.lib.cudapy_module_kernel(None, b"k", ctypes.byref(h.ffi.kernel_p())),
        "INVALID_ARGUMENT", r"module"),
    Abi("kernel_launch_null_kernel",
        lambda h: h.lib.cudapy_kernel_launch(None, None, None), "INVALID_ARGUMENT", r"kernel"),
    Abi("kernel_launch_packed_null_kernel",
        lambda h: h.lib.cudapy_kernel_launch_packed(None, None, None, 0), "INVALID_ARGUMENT",
        r"kernel"),
    Abi("launch_new_null_kernel",
        lambda h: h.lib.cudapy_launch_new(None, None, ctypes.byref(h.ffi.launch_p())),
        "INVALID_ARGUMENT", r"kernel"),
    Abi("launch_new_null_out", lambda h: h.lib.cudapy_launch_new(None, None, None),
        "INVALID_ARGUMENT", r"kernel|out"),
    Abi("launch_run_null_launch", lambda h: h.lib.cudapy_launch_run(None, None),
        "INVALID_ARGUMENT", r"launch"),
    Abi("auto_block_size_null_kernel",
        lambda h: h.lib.cudapy_kernel_auto_block_size(None, ctypes.byref(ctypes.c_int())),
        "INVALID_ARGUMENT", r"kernel"),
    Abi("device_count_null_out", lambda h: h.lib.cudapy_device_count(None), "INVALID_ARGUMENT",
        r"out"),
    Abi("device_info_null_out", lambda h: h.lib.cudapy_device_info_get(0, None),
        "INVALID_ARGUMENT", r"out"),
    Abi("device_info_size_zero",
        lambda h: h.lib.cudapy_device_info_get(0, ctypes.byref(h.ffi.DeviceInfo(size=0))),
        "INVALID_ARGUMENT|NO_DEVICE", r"size|GPU|device"),
    Abi("device_info_negative_ordinal",
        lambda h: h.lib.cudapy_device_info_get(
            -1, ctypes.byref(h.ffi.DeviceInfo(size=ctypes.sizeof(h.ffi.DeviceInfo)))),
        "NOT_FOUND|NO_DEVICE|INVALID_ARGUMENT", r"-1|device|GPU"),
    Abi("buffer_new_null_out", lambda h: h.lib.cudapy_buffer_new(16, None), "INVALID_ARGUMENT",
        r"out"),
    Abi("buffer_new_on_unknown_target",
        lambda h: h.lib.cudapy_buffer_new_on(7, 16, ctypes.byref(h.ffi.buffer_p())),
        "INVALID_ARGUMENT", r"target"),
    Abi("cpu_buffer_of_an_exabyte",
        lambda h: h.lib.cudapy_buffer_new_on(1, 1 << 60, ctypes.byref(h.ffi.buffer_p())),
        "HOST_OUT_OF_MEMORY|INVALID_ARGUMENT", r"memory|bytes|alloc"),
    Abi("buffer_upload_null_buffer",
        lambda h: h.lib.cudapy_buffer_upload(None, 0, None, 0), "INVALID_ARGUMENT", r"buffer"),
    Abi("buffer_download_null_buffer",
        lambda h: h.lib.cudapy_buffer_download(None, 0, None, 0), "INVALID_ARGUMENT",
        r"buffer"),
    Abi("cpu_buffer_upload_past_end",
        lambda h: h.lib.cudapy_buffer_upload(h.cpu_buffer(16), 8, ctypes.create_string_buffer(16),
                                             16), "INVALID_ARGUMENT", r"offset|bytes|size|end"),
    Abi("cpu_buffer_download_offset_overflow",
        lambda h: h.lib.cudapy_buffer_download(h.cpu_buffer(16), 2 ** 64 - 8,
                                               ctypes.create_string_buffer(16), 16),
        "INVALID_ARGUMENT", r"offset|bytes|size|end"),
    Abi("cpu_buffer_upload_null_host",
        lambda h: h.lib.cudapy_buffer_upload(h.cpu_buffer(16), 0, None, 16), "INVALID_ARGUMENT",
        r"host"),
]


def all_cases():
    cases = SOURCES + CALLS + ABI
    names = [case.name for case in cases]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    assert not duplicates, f"duplicate case names: {duplicates}"
    return cases
