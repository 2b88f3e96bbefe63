"""A kernel's Python source as the translator reads it (the function's own lines, its file,
first line and indentation), and signatures given to a compile."""

import collections
import itertools
import operator
import os
import re
from types import FunctionType
from typing import NamedTuple, Optional

from .cache import read_file
from .closure import nested_codes

_DEF_LINE = re.compile(r"(?:async[ \t]+)?def[ \t]+([^\W\d]\w*)")
_FIRST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+([^\W\d]\w*)", re.MULTILINE)

class _Source(NamedTuple):
    text: str
    filename: str
    first_line: int
    column_offset: int
    name: Optional[str]  # the first function the text defines


def _leading_space(line):
    return line[: len(line) - len(line.lstrip(" \t"))]


def _strip_indent(lines, indent):
    stripped = []
    for line in lines:
        if line.startswith(indent):
            stripped.append(line[len(indent):])
        elif not line.strip():
            stripped.append("\n")
        else:  # a continuation line indented less than the code, inside brackets or a string
            stripped.append(line)
    text = "".join(stripped)
    return text if text.endswith("\n") else text + "\n"


def _last_code_line(code):
    """The last line any instruction of `code` or of a function nested in it spans."""
    positions = itertools.chain.from_iterable(nested.co_positions()
                                              for nested in nested_codes(code))
    return max(filter(None, map(operator.itemgetter(1), positions)), default=0)


def _plain_lines(text):
    """The lines of a source file's text as linecache reads them, or None where it reads them
    otherwise: with a byte-order mark, \\r line ends, characters other than \\n that
    str.splitlines ends lines at, or a PEP 263 encoding declaration."""
    if "\r" in text or text.startswith("\ufeff"):
        return None
    lines = text.splitlines(keepends=True)
    if (not lines or len(lines) != text.count("\n") + (not text.endswith("\n"))
            or "coding" in "".join(lines[:2])):
        return None
    if not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines


def _file_lines(filename, module_globals):
    """The lines of a source file, as linecache.getlines gives them. A file linecache has not
    read yet is read here when it is plain UTF-8 (see _plain_lines), and kept in linecache as
    linecache keeps it: its own reader decodes through tokenize, which costs twice as much.
    Other files, and names that are no file, are left to linecache."""
    import linecache

    if filename not in linecache.cache and not (filename.startswith("<")
                                                and filename.endswith(">")):
        try:
            data, status = read_file(filename)
            lines = _plain_lines(data.decode("utf-8"))
        except (OSError, UnicodeDecodeError):
            lines = None
        if lines is not None:
            linecache.cache[filename] = (status.st_size, status.st_mtime, lines, filename)
    return linecache.getlines(filename, module_globals)


def _lines_defining(text, code):
    """The lines of `text` when compiling it gives a code object equal to `code` (the same
    instructions, names, constants and lines: texts that differ only in a name they read,
    cuda.atomic.max and cuda.atomic.min, give the same instructions); None otherwise."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            return None
    try:
        # Under a name that is a file's, so that keep_compiled_strings does not keep it again.
        compiled = compile(text, "cudapy-source-check.py", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    # Code objects compare all of that, though not their file names.
    if not any(nested == code for nested in nested_codes(compiled)):
        return None
    lines = text.splitlines(keepends=True)
    return [line if line.endswith("\n") else line + "\n" for line in lines]


def _command_lines(code):
    """The lines of the `python -c` command that defined `code`, from the process's command
    line, which Python keeps nowhere else."""
    import sys

    if sys.argv[:1] != ["-c"] or code.co_filename != "<string>":
        return None
    try:
        with open("/proc/self/cmdline", "rb") as file:
            arguments = file.read().split(b"\0")
        command = arguments[arguments.index(b"-c") + 1].decode("utf-8")
    except (OSError, ValueError, IndexError):
        return None
    return _lines_defining(command, code)


# Texts compiled under a name that is no file ("<string>": exec, compile), newest last, while
# keep_compiled_strings() has the process record them: a function they define has no other
# source. Only texts with a def are kept, up to a bound.
_COMPILED_STRINGS = collections.deque(maxlen=1024)


def _record_compiled_string(event, arguments):
    if event != "compile":
        return
    text, filename = arguments[0], arguments[1]
    if (isinstance(filename, str) and filename.startswith("<")
            and isinstance(text, (str, bytes)) and len(text) <= 1 << 20
            and ("def" in text if isinstance(text, str) else b"def" in text)):
        _COMPILED_STRINGS.append((filename, text))


_recording = False


def keep_compiled_strings():
    """From now on, the texts the process execs or compiles under names that are no file are
    kept (an audit hook, which Python cannot remove), so that the functions they define may be
    kernels: numba reads those from their bytecode."""
    global _recording
    if not _recording:
        import sys

        sys.addaudithook(_record_compiled_string)
        _recording = True


def _compiled_string_lines(code):
    """The lines of a recorded text (see keep_compiled_strings) that defines `code`."""
    marker = "def " + code.co_name
    for filename, text in reversed(list(_COMPILED_STRINGS)):
        if filename == code.co_filename and marker in (
                text if isinstance(text, str) else text.decode("utf-8", "replace")):
            lines = _lines_defining(text, code)
            if lines is not None:
                return lines
    return None


def _function_block(function):
    """The lines of the file that hold `function` (decorators first) and the 1-based number of
    the first, read from the lines its code object spans: inspect.getsourcelines finds the same
    block by tokenizing, which costs milliseconds in a fresh process."""
    code = function.__code__
    lines = (_file_lines(code.co_filename, function.__globals__) or _command_lines(code)
             or _compiled_string_lines(code))
    first = code.co_firstlineno
    if not lines or first > len(lines) or not hasattr(code, "co_positions"):
        import inspect  # Python before 3.11, or a source linecache cannot read

        block, first = inspect.getsourcelines(function)
        return inspect.findsource(function)[0], block, first
    indent = len(_leading_space(lines[first - 1]))
    end = max(first, _last_code_line(code))
    # Lines after the last instruction still belong to the body while they are blank, comments,
    # or indented deeper than the def (a `pass` the compiler dropped).
    while end < len(lines):
        text = lines[end]
        if text.strip() and len(_leading_space(text)) <= indent:
            break
        end += 1
    return lines, lines[first - 1:end], first


def _function_source(function):
    """The function's text from its `def` line, preceded by the comment block that sits
    directly above it or its decorators; decorator lines are blanked so lines stay in place."""
    if function.__name__ == "<lambda>":
        return _lambda_source(function)
    try:
        file_lines, block, start = _function_block(function)
    except OSError as error:
        if function.__code__.co_filename.startswith("<"):
            raise OSError(
                f"cannot read the source of {function.__qualname__}: it was compiled from a "
                f"string ({function.__code__.co_filename}) before cudapy was imported, and "
                "Python does not keep such text. Import cudapy first, define the function in a "
                "file, or pass the text itself where a string is taken, as cudapy.compile "
                "does") from None
        raise OSError(f"cannot read the source of {function.__qualname__} ({error}); pass its "
                      "source text as a string instead") from None
    indent = _leading_space(block[0])
    def_index = next(index for index, line in enumerate(block)
                     if _leading_space(line) == indent and _DEF_LINE.match(line, len(indent)))
    comments = []
    above = start - 2  # 0-based index of the line above the block
    while (above >= 0 and _leading_space(file_lines[above]) == indent
           and file_lines[above].lstrip().startswith("#")):
        comments.insert(0, file_lines[above])
        above -= 1
    lines = comments + ["\n"] * def_index + block[def_index:]
    name = _DEF_LINE.match(block[def_index], len(indent)).group(1)
    return _Source(_strip_indent(lines, indent), function.__code__.co_filename,
                   start - len(comments), len(indent), name)


def _lambda_source(function):
    """A lambda as a def of its own, `def cudapy_lambda<line>_<column>(args): return (body)`, on the
    lambda's line: its body is the one of the file's lambdas on that line with these
    parameters (where several are, the one the code's positions fall in)."""
    import ast

    code = function.__code__
    if code.co_flags & 0x0C or code.co_kwonlyargcount or function.__defaults__:
        raise TypeError("a lambda with defaults, *args or **kwargs cannot be compiled; "
                        "write a def")
    params = list(code.co_varnames[:code.co_argcount])
    first = code.co_firstlineno
    text = "".join(_file_lines(code.co_filename, function.__globals__))
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        tree = None
    found = [] if tree is None else [
        node for node in ast.walk(tree)
        if isinstance(node, ast.Lambda) and node.lineno == first
        and [arg.arg for arg in node.args.args] == params]
    if len(found) > 1:
        columns = [column for line, _, column, end in code.co_positions()
                   if line == first and column is not None and end != column]
        found = [node for node in found
                 if columns and node.body.col_offset <= min(columns) < (
                     node.body.end_col_offset if node.body.end_lineno == first else 1 << 30)]
    if len(found) != 1:
        raise OSError(f"cannot read the source of the lambda at {code.co_filename}:{first}; "
                      "write a def or pass its source text as a string")
    body = ast.get_source_segment(text, found[0].body)
    name = f"cudapy_lambda{first}_{found[0].col_offset}"
    # One line, so that the body's statement is on the lambda's line.
    return _Source(f"def {name}({', '.join(params)}): return ({body})\n",
                   code.co_filename, first, 0, name)


def _string_source(text):
    lines = text.splitlines(keepends=True)
    indent = os.path.commonprefix([_leading_space(line) for line in lines if line.strip()])
    text = _strip_indent(lines, indent)
    match = _FIRST_DEF.search(text)
    return _Source(text, "<string>", 1, len(indent), match.group(1) if match else None)


def _source(item):
    if isinstance(item, str):
        return _string_source(item)
    if isinstance(item, FunctionType):
        return _function_source(item)
    raise TypeError(f"expected a function or its source text, got {type(item).__name__}")


def signature_items(text):
    """The items of a signature's parameter list (the text between brackets), split at the
    commas outside brackets: `Tuple(int64, float64)` and `float32[:, :]` stay whole."""
    items, depth, start = [], 0, 0
    for position, character in enumerate(text):
        if character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
        elif character == "," and depth == 0:
            items.append(text[start:position])
            start = position + 1
    return items + [text[start:]]


def _signatures(sig, first_name):
    if sig is None:
        return {}
    if isinstance(sig, str):
        if first_name is None:
            raise ValueError("sig= names no function: the first source defines none")
        return {first_name: sig}
    if isinstance(sig, dict):
        for name, signature in sig.items():
            if not isinstance(name, str) or not isinstance(signature, str):
                raise TypeError("sig= as a dict maps function names to signature strings")
        return sig
    raise TypeError(f"sig= must be a signature string or a dict of them, got {type(sig).__name__}")
