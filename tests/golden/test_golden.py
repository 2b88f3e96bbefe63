"""The golden corpus: each <group>/<name>.py translates to exactly <name>.cu (the CUDA C++ after
the prelude) or fails with exactly the diagnostics of <name>.err.

CUDAPY_UPDATE_GOLDEN=1 rewrites the expected files from the translator's output. Every file
it writes must be reviewed against Python's semantics before it is kept (see README.md).
"""

import ctypes
import difflib
import functools
import os
import pathlib
import re

import pytest

from cudapy import _ffi

GOLDEN = pathlib.Path(__file__).resolve().parent
PRELUDE_END = "}  // namespace cudapy\n"
UPDATE = os.environ.get("CUDAPY_UPDATE_GOLDEN", "") not in ("", "0")
KERNEL_RE = re.compile(r'^extern "C" __global__ void (?:CUDAPY_LAUNCH_BOUNDS )?(\w+)\(', re.MULTILINE)


def cases():
    found = []
    for source in sorted(GOLDEN.glob("*/*.py")):
        found.append(source.relative_to(GOLDEN).as_posix())
    return found


class Result:
    def __init__(self, ok, status, text, kernels):
        self.ok = ok
        self.status = status
        self.text = text        # the CUDA C++ after the prelude, or the formatted diagnostics
        self.kernels = kernels  # Python names of the kernels, in source order


class Program:
    """A cudapy_program holding one golden source."""

    def __init__(self, case):
        self.handle = _ffi.program_p()
        _ffi.check(_ffi.lib.cudapy_program_new(ctypes.byref(self.handle)))
        text = (GOLDEN / case).read_bytes()
        status = _ffi.lib.cudapy_program_add_source(self.handle, text, len(text),
                                                    case.encode("utf-8"), 1, 0)
        if status != _ffi.Status.OK:
            error = _ffi.error(status, self.handle)
            _ffi.lib.cudapy_program_delete(self.handle)
            raise error

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        _ffi.lib.cudapy_program_delete(self.handle)
        self.handle = None

    def translate(self):
        out = ctypes.c_void_p()
        status = _ffi.lib.cudapy_program_translate(self.handle, ctypes.byref(out))
        if status == _ffi.Status.OK:
            source = _ffi.take_string(out)
            assert PRELUDE_END in source, "the emitted source has no prelude end marker"
            body = source.rsplit(PRELUDE_END, 1)[1]
            kernels = [_ffi.lib.cudapy_program_kernel_name(self.handle, i).decode("utf-8")
                       for i in range(_ffi.lib.cudapy_program_kernel_count(self.handle))]
            return Result(True, status, body, kernels)
        return Result(False, status, _ffi.last_error(), [])

    def ptx(self):
        options = _ffi.CompileOptions(size=ctypes.sizeof(_ffi.CompileOptions))
        out = ctypes.c_void_p()
        status = _ffi.lib.cudapy_program_ptx(self.handle, ctypes.byref(options), ctypes.byref(out))
        if status == _ffi.Status.OK:
            return status, _ffi.take_string(out)
        return status, _ffi.last_error()


def expected_files(case):
    stem = GOLDEN / case[:-len(".py")]
    return stem.with_suffix(".cu"), stem.with_suffix(".err")


def diff(expected, actual, expected_name):
    lines = difflib.unified_diff(expected.splitlines(keepends=True),
                                 actual.splitlines(keepends=True),
                                 fromfile=expected_name, tofile="translator output")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)


def update(case, result):
    cu, err = expected_files(case)
    keep, drop = (cu, err) if result.ok else (err, cu)
    keep.write_text(result.text, encoding="utf-8")
    if drop.exists():
        drop.unlink()
    print(f"wrote {keep.relative_to(GOLDEN)}: review it before keeping it")


@pytest.mark.parametrize("case", cases())
def test_golden(case):
    cu, err = expected_files(case)
    with Program(case) as program:
        result = program.translate()
    if UPDATE:
        update(case, result)
        return
    if cu.exists() == err.exists():
        pytest.fail(f"{case} needs exactly one of {cu.name} and {err.name}; "
                    "run with CUDAPY_UPDATE_GOLDEN=1 to write one, then review it")
    expected_path = cu if cu.exists() else err
    expected = expected_path.read_text(encoding="utf-8")
    name = expected_path.relative_to(GOLDEN).as_posix()
    if cu.exists() and not result.ok:
        pytest.fail(f"{case} should translate but failed with "
                    f"{_ffi.Status(result.status).name}:\n{result.text}")
    if err.exists():
        if result.ok:
            pytest.fail(f"{case} should fail to translate but translated to:\n{result.text}")
        assert result.status == _ffi.Status.TRANSLATION, (
            f"{case} failed with {_ffi.Status(result.status).name}, not TRANSLATION:\n"
            f"{result.text}")
    if result.text != expected:
        pytest.fail(f"{case} differs from {name}:\n" + diff(expected, result.text, name),
                    pytrace=False)
    if result.ok:
        emitted = KERNEL_RE.findall(result.text)
        assert len(emitted) == len(result.kernels) and all(
            c_name in (kernel, kernel + "_py")
            for kernel, c_name in zip(result.kernels, emitted)), (
            f"the library lists kernels {result.kernels} but the source defines {emitted}")


def test_no_orphan_expected_files():
    """Every .cu and .err file belongs to a case."""
    orphans = [path.relative_to(GOLDEN).as_posix()
               for pattern in ("*/*.cu", "*/*.err")
               for path in sorted(GOLDEN.glob(pattern))
               if not path.with_suffix(".py").exists()]
    assert not orphans, f"expected files without a .py case: {orphans}"


@functools.lru_cache(maxsize=None)
def nvrtc_missing_reason():
    probe = "golden_probe.py"
    handle = _ffi.program_p()
    _ffi.check(_ffi.lib.cudapy_program_new(ctypes.byref(handle)))
    try:
        text = b"# probe : void (int* X)\ndef probe(X):\n    X[idx] = 1\n"
        _ffi.check(_ffi.lib.cudapy_program_add_source(handle, text, len(text), probe.encode(),
                                                      1, 0))
        out = ctypes.c_void_p()
        status = _ffi.lib.cudapy_program_ptx(handle, None, ctypes.byref(out))
        if status == _ffi.Status.OK:
            _ffi.take_string(out)
            return None
        if status == _ffi.Status.NVRTC_UNAVAILABLE:
            message = _ffi.last_error().splitlines()
            return "NVRTC not available: " + (message[0] if message else "no message")
        return None  # NVRTC loaded; the cases report what else went wrong
    finally:
        _ffi.lib.cudapy_program_delete(handle)


@pytest.mark.parametrize("case", [c for c in cases() if expected_files(c)[0].exists()])
def test_golden_ptx(case):
    """Every .cu case compiles with NVRTC, and each kernel is an entry of the PTX."""
    reason = nvrtc_missing_reason()
    if reason:
        print(f"skipping the PTX check of {case}: {reason}")
        pytest.skip(reason)
    with Program(case) as program:
        result = program.translate()
        assert result.ok, f"{case} does not translate:\n{result.text}"
        status, text = program.ptx()
    assert status == _ffi.Status.OK, (
        f"NVRTC rejected {case} ({_ffi.Status(status).name}):\n{text}")
    for kernel in KERNEL_RE.findall(result.text):
        assert re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*\(", text), (
            f"the PTX of {case} has no .entry {kernel}")
    assert len(re.findall(r"\.entry\s+\w+", text)) == len(result.kernels), (
        f"the PTX of {case} has other entries than the kernels {result.kernels}")
