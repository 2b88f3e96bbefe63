"""The bad-input corpus (corpus.py): every case ends in its one expected error, with a message
that names the place and the problem, prints nothing else, and leaves the library usable.

The cases run in a worker process (worker.py), so that a case that crashes the process or
hangs is reported as that case's failure and the others still run.
"""

import json
import os
import pathlib
import re
import resource
import select
import subprocess
import sys
import tempfile
import time

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402

CASES = {case.name: case for case in corpus.all_cases()}
KIND_NAMES = {"syntax": 0, "unsupported": 1, "name": 2, "type": 3}
KIND_TEXT = {"syntax": "syntax error", "unsupported": "unsupported", "name": "name error",
             "type": "type error"}
STARTUP_SECONDS = 60


def no_core_files():
    """Crashing cases are expected; writing their core files would only take time."""
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


class Worker:
    """One worker process running the cases from `names`; reports as it goes."""

    def __init__(self, names, directory):
        self.list_file = pathlib.Path(directory) / "cases.json"
        self.list_file.write_text(json.dumps(names))
        self.capture = pathlib.Path(directory) / "printed.txt"
        self.stderr = pathlib.Path(directory) / "worker_stderr.txt"
        environment = dict(os.environ)
        environment["PYTHONPATH"] = os.pathsep.join(path for path in sys.path if path)
        with open(self.stderr, "wb") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, str(HERE / "worker.py"), str(self.list_file),
                 str(self.capture)], stdout=subprocess.PIPE, stderr=stderr, env=environment,
                preexec_fn=no_core_files)
        self.buffer = b""
        self.timed_out = False

    def next_line(self, timeout):
        """The next report line; None at the end of the output, or after `timeout` (then
        `timed_out` is set)."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            ready = left > 0 and select.select([self.process.stdout], [], [], left)[0]
            if not ready:
                self.timed_out = True
                return None
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def printed(self):
        """What the case printed, and what the worker wrote to its own stderr."""
        text = ""
        for path in (self.capture, self.stderr):
            try:
                text += path.read_text(errors="replace")[-4000:]
            except OSError:
                pass
        return text

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.process.stdout.close()
        return self.process.returncode


def run_cases(names):
    """{name: observed} for every case; a crash or a hang is recorded for the case it hit and
    the worker is restarted with the cases after it."""
    results = {}
    remaining = list(names)
    with tempfile.TemporaryDirectory(prefix="cudapy-bad-inputs-") as directory:
        while remaining:
            worker = Worker(remaining, directory)
            current = None
            timeout = STARTUP_SECONDS
            while True:
                message = worker.next_line(timeout)
                if message is None:
                    break
                if "start" in message:
                    current = message["start"]
                    timeout = CASES[current].timeout
                elif "done" in message:
                    results[message["done"]] = message["observed"]
                    current = None
                    timeout = 30
            hung = worker.timed_out
            code = worker.stop()
            crash = {"crashed": True, "hung": hung, "returncode": code,
                     "printed": worker.printed()}
            missing = [name for name in remaining if name not in results]
            if not missing:
                break
            if current is None:
                # The worker ended without starting a case: it cannot run at all.
                for name in missing:
                    results[name] = crash
                break
            results[current] = crash
            remaining = [name for name in remaining if name not in results]
    return results


@pytest.fixture(scope="session")
def observations():
    return run_cases(list(CASES))


def params():
    found = []
    for name, case in CASES.items():
        marks = [pytest.mark.xfail(strict=True, reason=case.bug)] if case.bug else []
        found.append(pytest.param(name, marks=marks, id=name))
    return found


def check_survival(observed):
    assert not observed.get("crashed"), (
        ("hung (killed after its timeout)" if observed.get("hung") else
         f"crashed the process (exit status {observed.get('returncode')})")
        + f"; it printed:\n{observed.get('printed', '')}")
    assert "runner_error" not in observed, observed["runner_error"]
    assert observed["unusable_after"] is None, (
        f"the library is unusable after the case: {observed['unusable_after']}")
    assert observed["printed"] == "", (
        f"the library printed during the case:\n{observed['printed']}")


def check_source_capi(case, observed, at):
    capi = observed["capi"]
    assert capi["add_status"] == "OK", f"add_source failed: {capi.get('add_error')}"
    if case.sig is not None:
        assert capi["signature_status"] == "OK", (
            f"set_signature failed: {capi.get('signature_error')}")
    assert capi["status"] == "TRANSLATION", (
        f"translate returned {capi['status']}, expected TRANSLATION; "
        f"{capi.get('last_error') or capi.get('output_tail')}")
    assert capi["out_is_null"], "*out must be NULL after a failed translation"
    error = capi["last_error"]
    assert error["utf8"], f"cudapy_last_error() is not valid UTF-8: {error['text']!r}"
    assert capi["count"] >= 1 and capi["diagnostics"], "no diagnostics"
    if case.count is not None:
        assert capi["count"] == case.count, (
            f"{capi['count']} diagnostics, expected {case.count}:\n{error['text']}")
    first = capi["diagnostics"][0]
    kinds = case.kind.split("|")
    assert first["kind"] in [KIND_NAMES[kind] for kind in kinds], (
        f"diagnostic kind {first['kind']}, expected {case.kind}: {first['message']}")
    kind = kinds[[KIND_NAMES[kind] for kind in kinds].index(first["kind"])]
    assert first["file"] == "bad_input.py"
    assert first["message_utf8"], f"the message is not valid UTF-8: {first['message']!r}"
    assert first["source_line_utf8"], (
        f"the source line is not valid UTF-8: {first['source_line']!r}")
    assert "\n" not in first["message"], f"the message is not one line: {first['message']!r}"
    assert re.search(case.message, first["message"]), (
        f"message {first['message']!r} does not match {case.message!r}")
    where = (first["line"], first["column"])
    assert (first["end_line"], first["end_column"]) >= where, "the diagnostic ends before it starts"
    if at is not None:
        line, column = at
        assert first["line"] == line, (
            f"reported at {where}, expected line {line}: {first['message']}")
        if column is not None and kind == kinds[0]:
            assert first["column"] == column, (
                f"reported at {where}, expected column {column}: {first['message']}")
    prefix = f"bad_input.py:{first['line']}:{first['column']}: {KIND_TEXT[kind]}: "
    assert error["text"].startswith(prefix), (
        f"cudapy_last_error() does not start with {prefix!r}: {error['text'][:300]!r}")


def check_source_python(case, observed, at):
    python = observed["python"]
    assert python["exception"] == "CompileError", (
        f"cudapy.translate raised {python['exception']}, expected CompileError: "
        f"{python.get('str') or python.get('output_tail')}")
    assert python["filename"] == "<string>"
    kinds = case.kind.split("|")
    assert python["kind"] in [KIND_NAMES[kind] for kind in kinds], (
        f"kind {python['kind']}, expected {case.kind}: {python['message']}")
    if case.count is not None:
        assert python["count"] == case.count
    assert re.search(case.message, python["message"] or ""), (
        f"message {python['message']!r} does not match {case.message!r}")
    if at is not None:
        line, column = at
        assert python["lineno"] == line, f"lineno {python['lineno']}, expected {line}"
        if column is not None and python["kind"] == KIND_NAMES[kinds[0]]:
            assert python["offset"] == column, f"offset {python['offset']}, expected {column}"
    assert f"<string>:{python['lineno']}:{python['offset']}:" in python["str"]


def exception_names(expected):
    """The qualified class names an expected exception spec ("TypeError|cp.NoDeviceError")
    allows."""
    import cudapy
    names = []
    for item in expected.split("|"):
        if item.startswith("cp."):
            cls = getattr(cudapy, item[3:])
            names.append(f"{cls.__module__}.{cls.__qualname__}")
        elif "." in item:
            names.append(item)
        else:
            names.append(f"builtins.{item}")
    return names


@pytest.mark.parametrize("name", params())
def test_bad_input(name, observations):
    case = CASES[name]
    observed = observations[name]
    check_survival(observed)
    if isinstance(case, corpus.Source):
        at = observed["expected_at"]
        if "capi" in observed:
            check_source_capi(case, observed, at)
        if "python" in observed:
            check_source_python(case, observed, at)
    elif isinstance(case, corpus.Call):
        assert "setup_failed" not in observed, f"compiling the kernel failed: {observed}"
        assert observed["exception"] is not None, "no exception was raised"
        allowed = exception_names(case.raises)
        assert any(name in observed["mro"] for name in allowed), (
            f"raised {observed['exception']}: {observed['str']}; expected {case.raises}")
        assert re.search(case.message, observed["str"]), (
            f"message {observed['str']!r} does not match {case.message!r}")
    else:
        assert "status" in observed, f"the case raised {observed}"
        assert observed["status"] in case.status.split("|"), (
            f"returned {observed['status']}, expected {case.status}: "
            f"{observed['last_error']['text']}")
        error = observed["last_error"]
        assert error["utf8"] and error["text"], f"unclear cudapy_last_error(): {error}"
        assert re.search(case.message, error["text"]), (
            f"cudapy_last_error() {error['text']!r} does not match {case.message!r}")


def test_corpus_size():
    """The issue asks for at least 150 cases."""
    assert len(CASES) >= 150
