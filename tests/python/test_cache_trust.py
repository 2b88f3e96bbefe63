"""The compile cache trusts only its user: the folders it makes are private, a folder or entry
that others may write (or that is another user's) is not used even when its checksums match,
and what is not a regular file at an entry's name (a FIFO, a link to /dev/zero, a folder) is a
damaged entry, rebuilt without blocking. Python raises the library's warning as
cudapy.CudapyWarning.

Each scenario runs in fresh interpreters with their own cache folder, so that no in-memory
cache answers for the disk. A forged entry is first shown to be used from a private folder
(its code runs), so that its refusal elsewhere is the trust rule's doing. Oracles: NVRTC's PTX
from a process without a disk cache, NumPy for the CPU target, and marker files that forged
code writes when it runs.
"""

import hashlib
import json
import marshal
import os
import pathlib
import shutil
import stat
import struct
import subprocess
import sys
import textwrap

import pytest

SAXPY = ("# saxpy : void (float a, float* X, float* Y)\ndef saxpy(a, X, Y):\n"
         "    if idx < len(X):\n        Y[idx] = a * X[idx] + Y[idx]\n")

PRELUDE = textwrap.dedent("""
    import json, sys, warnings
    warnings.simplefilter("always")
    import numpy as np
    import cudapy as cp
    SAXPY = %r
    seen = {}

    def saxpy_ptx():
        return cp.ptx(SAXPY)

    def saxpy_on_cpu():
        kernel = cp.compile(SAXPY, target="cpu")
        x = np.arange(64, dtype=np.float32)
        y = np.ones(64, dtype=np.float32)
        kernel(64)(2.0, x, y)
        return bool(np.array_equal(y, 2.0 * np.arange(64, dtype=np.float32) + 1.0))
""") % SAXPY


def run(body, cache, timeout=120, **environment):
    """Runs PRELUDE + body in a fresh interpreter with `cache` as its cache folder; returns
    `seen`, with the cache's counters and the CudapyWarnings raised."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(path for path in sys.path if path)
    env.pop("CUDAPY_NO_DISK_CACHE", None)
    env.pop("CUDAPY_COMPILER", None)
    env["CUDAPY_CACHE_DIR"] = str(cache)
    env.update(environment)
    script = (PRELUDE + "with warnings.catch_warnings(record=True) as caught:\n"
              + textwrap.indent(textwrap.dedent(body), "    ")
              + "\nseen['warnings'] = [str(w.message) for w in caught "
                "if issubclass(w.category, cp.CudapyWarning)]"
              + "\nseen['stats'] = cp.cache_stats()\nprint(json.dumps(seen))\n")
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                            text=True, timeout=timeout)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def entry(folder, suffix):
    [path] = [path for path in pathlib.Path(folder).iterdir() if path.name.endswith(suffix)]
    return path


def forge(path, payload):
    """Replaces the entry's payload by `payload` with every check made to match: the header's
    key stays, the size and SHA-256 are the payload's."""
    key = path.read_bytes()[:40]  # the format's magic and the entry's key
    path.write_bytes(key + struct.pack("<Q", len(payload)) + hashlib.sha256(payload).digest()
                     + payload)


def has_host_compiler():
    return shutil.which(os.environ.get("CXX") or "c++") is not None


needs_host_compiler = pytest.mark.skipif(not has_host_compiler(), reason="no host C++ compiler")


@pytest.fixture(scope="module")
def reference_ptx(tmp_path_factory):
    return run("seen['ptx'] = saxpy_ptx()", tmp_path_factory.mktemp("reference"),
               CUDAPY_NO_DISK_CACHE="1")["ptx"]


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


@needs_host_compiler
def test_the_folders_the_cache_makes_are_private(tmp_path):
    cache = tmp_path / "made" / "by" / "cudapy"
    seen = run("seen['ok'] = saxpy_on_cpu()", cache, )
    assert seen["ok"] and seen["stats"]["disk_writes"] == 1
    for folder in (tmp_path / "made", tmp_path / "made" / "by", cache):
        assert mode(folder) == 0o700, folder
    for path in cache.iterdir():
        assert mode(path) & 0o077 == 0, path
    assert seen["warnings"] == []


@pytest.mark.nvrtc
def test_a_forged_ptx_entry_is_used_only_from_a_private_folder(tmp_path, reference_ptx):
    cache = tmp_path / "cache"
    run("saxpy_ptx()", cache)
    forged = b"// forged PTX\n"
    forge(entry(cache, ".ptx"), forged)
    # From the user's private folder the entry passes every check: this is the forgery's proof.
    assert run("seen['ptx'] = saxpy_ptx()", cache)["ptx"] == forged.decode()
    cache.chmod(0o777)
    seen = run("seen['ptx'] = saxpy_ptx()", cache)
    assert seen["ptx"] == reference_ptx
    assert seen["stats"]["disk_hits"] == 0 and seen["stats"]["compiles"] == 1
    [warning] = seen["warnings"]
    assert str(cache) in warning and "others may write it (mode 0777)" in warning
    assert entry(cache, ".ptx").read_bytes().endswith(forged)  # neither used nor replaced
    cache.chmod(0o770)  # group-writable is not trusted either
    assert run("seen['ptx'] = saxpy_ptx()", cache)["ptx"] == reference_ptx


@pytest.mark.nvrtc
@pytest.mark.parametrize("change", ["group-writable", "another user's"])
def test_a_forged_entry_others_may_write_is_not_used(tmp_path, reference_ptx, change):
    cache = tmp_path / "cache"
    run("saxpy_ptx()", cache)
    path = entry(cache, ".ptx")
    forge(path, b"// forged PTX\n")
    if change == "group-writable":
        path.chmod(0o664)
    else:
        if os.geteuid() != 0:
            pytest.skip("giving a file to another user needs root")
        os.chown(path, 65534, 65534)
    seen = run("seen['ptx'] = saxpy_ptx()", cache)
    assert seen["ptx"] == reference_ptx and seen["stats"]["compiles"] == 1
    assert any("not this user's or that others may write" in w for w in seen["warnings"])
    # The entry compiled afresh took its place, and is used from then on.
    assert mode(path) == 0o600 and os.stat(path).st_uid == os.geteuid()
    again = run("seen['ptx'] = saxpy_ptx()", cache)
    assert again["ptx"] == reference_ptx and again["stats"]["disk_hits"] == 1


def forged_library(folder):
    """A shared object whose constructor writes $FORGED_MARKER: code that runs when loaded."""
    source = folder / "forged.c"
    source.write_text('#include <stdio.h>\n#include <stdlib.h>\n'
                      '__attribute__((constructor)) static void forged(void) {\n'
                      '    FILE *f = fopen(getenv("FORGED_MARKER"), "w");\n'
                      '    if (f) { fputs("ran", f); fclose(f); }\n}\n')
    library = folder / "forged.so"
    compiler = (os.environ.get("CXX") or "c++").split()
    subprocess.run([*compiler, "-x", "c", "-shared", "-fPIC", "-o", str(library), str(source)],
                   check=True)
    return library.read_bytes()


@needs_host_compiler
def test_a_forged_shared_object_in_a_world_writable_folder_is_not_loaded(tmp_path):
    cache = tmp_path / "cache"
    run("saxpy_on_cpu()", cache)
    forge(entry(cache, ".so"), forged_library(tmp_path))
    marker = tmp_path / "marker"
    proof = run("""
        try:
            saxpy_on_cpu()
        except cp.CudapyError as error:
            seen['error'] = type(error).__name__
    """, cache, FORGED_MARKER=str(marker))
    assert marker.read_text() == "ran", "the forged entry should load from a private folder"
    assert proof["error"] == "NotFoundError"  # it has no kernel
    marker.unlink()
    cache.chmod(0o777)
    seen = run("seen['ok'] = saxpy_on_cpu()", cache, FORGED_MARKER=str(marker))
    assert seen["ok"] and not marker.exists()
    assert seen["stats"]["disk_hits"] == 0 and seen["stats"]["compiles"] == 1
    assert any("is not used" in w for w in seen["warnings"])


@needs_host_compiler
def test_forged_launch_code_in_a_world_writable_folder_is_not_run(tmp_path):
    """The Python package keeps its generated launch functions' code in the folder (entries
    of the caller's): unmarshalled and run, so they are code too."""
    cache = tmp_path / "cache"
    run("saxpy_on_cpu()", cache)
    marker = tmp_path / "marker"
    code = compile(f"open({str(marker)!r}, 'w').write('ran')\n"
                   "def make(kernel, config):\n    return Launch(kernel, config)\n",
                   "<forged>", "exec")
    forge(entry(cache, ".data"), marshal.dumps(code))
    assert run("seen['ok'] = saxpy_on_cpu()", cache)["ok"]
    assert marker.read_text() == "ran", "the forged entry should run from a private folder"
    marker.unlink()
    cache.chmod(0o757)
    seen = run("seen['ok'] = saxpy_on_cpu()", cache)
    assert seen["ok"] and not marker.exists() and seen["warnings"]


def plant_fifo(path):
    path.unlink()
    os.mkfifo(path)


def plant_link_to_dev_zero(path):
    path.unlink()
    path.symlink_to("/dev/zero")


def plant_folder(path):
    path.unlink()
    path.mkdir()
    (path / "inside").write_text("a folder where an entry should be")


@pytest.mark.nvrtc
@pytest.mark.parametrize("plant", [plant_fifo, plant_link_to_dev_zero, plant_folder])
def test_what_is_not_a_regular_file_is_a_damaged_entry(tmp_path, reference_ptx, plant):
    cache = tmp_path / "cache"
    run("saxpy_ptx()", cache)
    path = entry(cache, ".ptx")
    plant(path)
    # A FIFO opened for reading would wait for a writer, /dev/zero never ends: the timeout
    # fails the test should either be read.
    seen = run("seen['ptx'] = saxpy_ptx()", cache, timeout=60)
    assert seen["ptx"] == reference_ptx and seen["stats"]["compiles"] == 1
    assert seen["warnings"] == []
    if plant is plant_folder:
        # Not removed (it is not empty) nor replaced, so it is met again at each look-up.
        assert seen["stats"]["bad_entries"] >= 1 and path.is_dir()
        return
    assert seen["stats"]["bad_entries"] == 1
    assert path.is_file() and not path.is_symlink()  # deleted, and the compiled entry written
    assert run("seen['ptx'] = saxpy_ptx()", cache)["stats"]["disk_hits"] == 1


@needs_host_compiler
def test_a_fifo_in_place_of_a_shared_object_does_not_hang(tmp_path):
    cache = tmp_path / "cache"
    run("saxpy_on_cpu()", cache)
    plant_fifo(entry(cache, ".so"))
    seen = run("seen['ok'] = saxpy_on_cpu()", cache, timeout=60)
    assert seen["ok"] and seen["stats"]["bad_entries"] == 1
    assert stat.S_ISREG(os.lstat(entry(cache, ".so")).st_mode)


def test_an_oversized_entry_is_not_read(tmp_path):
    """Entries over 1 GiB are damaged without being read: a sparse file costs no disk."""
    cache = tmp_path / "cache"
    run("cp.cache.launch_code('k', lambda: 'x = 1')", cache)
    path = entry(cache, ".data")
    with open(path, "r+b") as file:
        file.truncate((1 << 30) + 1)
    seen = run("seen['x'] = cp.cache.launch_code('k', lambda: 'x = 2') is not None", cache,
               timeout=60)
    assert seen["x"] and path.stat().st_size < 1 << 20  # rebuilt
