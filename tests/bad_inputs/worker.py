"""Runs bad-input cases in this process and reports what happened, one JSON line per case.

    python worker.py CASES.json STDERR_FILE

CASES.json holds the names of the cases to run, in order. For each case the worker writes
{"start": name} before it and {"done": name, "observed": {...}} after it to its standard
output; anything the library prints to file descriptors 1 or 2 during a case goes to
STDERR_FILE, which is emptied when each case starts, so that a crash leaves the crashing case's
output there. The pytest runner (test_bad_inputs.py) restarts the worker after a crash.
"""

import ctypes
import json
import os
import pathlib
import re
import sys
import threading
import time
import traceback

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import numpy as np  # noqa: E402

import corpus  # noqa: E402
import cudapy as cp  # noqa: E402
from cudapy import _ffi  # noqa: E402

FILE = "bad_input.py"
TEXT_LIMIT = 4000  # characters of each message kept in the report
GOOD = ("# good : void (float a, float* X)\ndef good(a, X):\n"
        "    if idx < len(X):\n        X[idx] = a * X[idx]\n")


def clip(text):
    """The text, or its beginning and end when it is long."""
    if len(text) <= TEXT_LIMIT:
        return text
    half = TEXT_LIMIT // 2
    return f"{text[:half]}... [{len(text)} characters] ...{text[-half:]}"


def decoded(raw):
    """(text, whether the bytes were valid UTF-8, length in bytes); None stays None."""
    if raw is None:
        return None, True, 0
    try:
        return clip(raw.decode("utf-8")), True, len(raw)
    except UnicodeDecodeError:
        return clip(raw.decode("utf-8", "backslashreplace")), False, len(raw)


def last_error():
    text, utf8, length = decoded(_ffi.lib.cudapy_last_error())
    return {"text": text, "utf8": utf8, "bytes": length}


def status_name(status):
    try:
        return _ffi.Status(status).name
    except ValueError:
        return f"UNKNOWN({status})"


def diagnostics(program):
    found = []
    count = _ffi.lib.cudapy_program_diagnostic_count(program)
    for index in range(min(count, 3)):
        record = _ffi.Diagnostic(size=ctypes.sizeof(_ffi.Diagnostic))
        status = _ffi.lib.cudapy_program_diagnostic(program, index, ctypes.byref(record))
        if status != _ffi.Status.OK:
            found.append({"status": status_name(status)})
            continue
        message, message_utf8, _ = decoded(record.message)
        source_line, line_utf8, line_bytes = decoded(record.source_line)
        file, _, _ = decoded(record.file)
        found.append({"kind": record.kind, "file": file, "line": record.line,
                      "column": record.column, "end_line": record.end_line,
                      "end_column": record.end_column, "message": message,
                      "message_utf8": message_utf8, "source_line": source_line,
                      "source_line_utf8": line_utf8, "source_line_bytes": line_bytes})
    return count, found


def expected_at(case, text):
    """The expected (line, column) with a column given as a substring resolved."""
    if case.at is None:
        return None
    line, column = case.at
    if isinstance(column, str):
        lines = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        column = lines.splitlines()[line - 1].index(column) + 1
    return [line, column]


def on_thread(function, stack_kib):
    """Runs function() on a new thread with `stack_kib` KiB of stack, or here when None."""
    if stack_kib is None:
        return function()
    result = {}

    def body():
        try:
            result["value"] = function()
        except BaseException as error:  # reported by the caller
            result["error"] = error

    previous = threading.stack_size(stack_kib * 1024)
    try:
        thread = threading.Thread(target=body)
        thread.start()
    finally:
        threading.stack_size(previous)
    thread.join()
    if "error" in result:
        raise result["error"]
    return result["value"]


def translate_capi(text, sig):
    lib = _ffi.lib
    program = _ffi.program_p()
    assert lib.cudapy_program_new(ctypes.byref(program)) == _ffi.Status.OK
    try:
        observed = {}
        status = lib.cudapy_program_add_source(program, text, len(text), FILE.encode(), 1, 0)
        observed["add_status"] = status_name(status)
        if status != _ffi.Status.OK:
            observed["add_error"] = last_error()
            return observed
        if sig is not None:
            status = lib.cudapy_program_set_signature(program, b"k", sig.encode("utf-8"))
            observed["signature_status"] = status_name(status)
            if status != _ffi.Status.OK:
                observed["signature_error"] = last_error()
                return observed
        out = ctypes.c_void_p()
        status = lib.cudapy_program_translate(program, ctypes.byref(out))
        observed["status"] = status_name(status)
        observed["out_is_null"] = not out.value
        if status == _ffi.Status.OK:
            observed["output_tail"] = clip(_ffi.take_string(out)[-600:])
        else:
            observed["last_error"] = last_error()
        observed["count"], observed["diagnostics"] = diagnostics(program)
        return observed
    finally:
        lib.cudapy_program_delete(program)


def translate_python(text, sig):
    try:
        cuda = cp.translate(text, sig=sig)
    except cp.CompileError as error:
        first = error.diagnostics[0] if error.diagnostics else None
        return {"exception": type(error).__name__, "filename": error.filename,
                "lineno": error.lineno, "offset": error.offset,
                "kind": int(error.kind) if error.kind is not None else None,
                "message": clip(first.message) if first else None,
                "count": len(error.diagnostics), "str": clip(str(error))}
    except Exception as error:
        return {"exception": type(error).__name__, "str": clip(str(error)),
                "traceback": clip(traceback.format_exc())}
    return {"exception": None, "output_tail": clip(cuda[-600:])}


def run_source(case):
    text = case.text() if callable(case.text) else case.text
    observed = {"expected_at": expected_at(case, text)}
    if case.via in (corpus.BOTH, corpus.CAPI):
        raw = text if isinstance(text, bytes) else text.encode("utf-8")
        start = time.monotonic()
        observed["capi"] = on_thread(lambda: translate_capi(raw, case.sig), case.stack_kib)
        observed["capi_seconds"] = round(time.monotonic() - start, 3)
    if case.via in (corpus.BOTH, corpus.PYTHON):
        start = time.monotonic()
        observed["python"] = on_thread(lambda: translate_python(text, case.sig), case.stack_kib)
        observed["python_seconds"] = round(time.monotonic() - start, 3)
    return observed


def exception_record(error):
    return {"exception": type(error).__name__,
            "mro": [f"{cls.__module__}.{cls.__qualname__}" for cls in type(error).__mro__],
            "str": clip(str(error))}


def run_call(case):
    namespace = {"cp": cp, "np": np, "ctypes": ctypes}
    if case.source is not None:
        try:
            namespace["k"] = cp.compile(case.source, sig=case.sig)
        except Exception as error:
            return {"setup_failed": exception_record(error)}
    try:
        exec(compile(case.code, f"<case {case.name}>", "exec"), namespace)
    except Exception as error:
        return exception_record(error)
    return {"exception": None}


class Harness:
    """What an Abi case works with; everything it creates is freed after the case."""

    def __init__(self):
        self.lib = _ffi.lib
        self.ffi = _ffi
        self.programs = []
        self.buffers = []
        self.last_program = None

    def program(self, text=None):
        program = _ffi.program_p()
        assert self.lib.cudapy_program_new(ctypes.byref(program)) == _ffi.Status.OK
        self.programs.append(program)
        self.last_program = program
        if text is not None:
            raw = text.encode("utf-8") if isinstance(text, str) else text
            status = self.lib.cudapy_program_add_source(program, raw, len(raw), b"abi.py", 1, 0)
            assert status == _ffi.Status.OK, self.last_error()
        return program

    def cpu_buffer(self, size):
        buffer = _ffi.buffer_p()
        status = self.lib.cudapy_buffer_new_on(_ffi.Target.CPU, size, ctypes.byref(buffer))
        assert status == _ffi.Status.OK, self.last_error()
        self.buffers.append(buffer)
        return buffer

    def last_error(self):
        return _ffi.last_error()

    def close(self):
        for program in self.programs:
            self.lib.cudapy_program_delete(program)
        for buffer in self.buffers:
            self.lib.cudapy_buffer_delete(buffer)


def run_abi(case):
    harness = Harness()
    try:
        status = case.run(harness)
        return {"status": status_name(status), "last_error": last_error()}
    except Exception as error:
        return exception_record(error)
    finally:
        harness.close()


def still_usable():
    """A good kernel still translates: the library survived the case."""
    lib = _ffi.lib
    program = _ffi.program_p()
    if lib.cudapy_program_new(ctypes.byref(program)) != _ffi.Status.OK:
        return f"cudapy_program_new failed: {_ffi.last_error()}"
    try:
        text = GOOD.encode()
        status = lib.cudapy_program_add_source(program, text, len(text), b"good.py", 1, 0)
        if status == _ffi.Status.OK:
            out = ctypes.c_void_p()
            status = lib.cudapy_program_translate(program, ctypes.byref(out))
            if status == _ffi.Status.OK:
                cuda = _ffi.take_string(out)
                return None if re.search(r"void (CUDAPY_LAUNCH_BOUNDS )?good\(", cuda) else "the good kernel translated wrongly"
        return f"a good kernel failed with {status_name(status)}: {_ffi.last_error()}"
    finally:
        lib.cudapy_program_delete(program)


RUNNERS = {corpus.Source: run_source, corpus.Call: run_call, corpus.Abi: run_abi}


def main():
    names = json.loads(pathlib.Path(sys.argv[1]).read_text())
    capture = os.open(sys.argv[2], os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    report = os.fdopen(os.dup(1), "w", buffering=1)
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(capture, 1)
    os.dup2(capture, 2)
    cases = {case.name: case for case in corpus.all_cases()}
    for name in names:
        case = cases[name]
        os.ftruncate(capture, 0)
        os.lseek(capture, 0, os.SEEK_SET)
        report.write(json.dumps({"start": name}) + "\n")
        start = time.monotonic()
        try:
            observed = RUNNERS[type(case)](case)
        except Exception:
            observed = {"runner_error": clip(traceback.format_exc())}
        observed["seconds"] = round(time.monotonic() - start, 3)
        observed["unusable_after"] = still_usable()
        sys.stdout.flush()
        sys.stderr.flush()
        os.lseek(capture, 0, os.SEEK_SET)
        observed["printed"] = clip(os.read(capture, 1 << 16).decode("utf-8", "replace"))
        report.write(json.dumps({"done": name, "observed": observed}) + "\n")
    report.close()


if __name__ == "__main__":
    main()
