"""The compile cache on disk: a second process reads what the first compiled, damaged entries
are rebuilt, an unwritable folder fails no compile, processes fill one folder at once, and
clear_cache() empties it; nvcc on request, and a clear error when it is missing.

Each scenario runs in fresh interpreters with their own cache folder, so that the in-memory
cache of this process does not answer for the disk. The oracle for PTX is NVRTC's output in a
process without a disk cache; for the CPU target, NumPy.
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import textwrap

import pytest

import cudapy as cp

pytestmark = pytest.mark.nvrtc

SAXPY = ("# saxpy : void (float a, float* X, float* Y)\ndef saxpy(a, X, Y):\n"
         "    if idx < len(X):\n        Y[idx] = a * X[idx] + Y[idx]\n")
ENTRY_NAME = re.compile(r"[0-9a-f]{64}\.(ptx|cubin|so)")

PRELUDE = textwrap.dedent("""
    import json, sys, time
    import numpy as np
    import cudapy as cp
    SAXPY = %r
    seen = {}

    def saxpy_ptx(**options):
        return cp.ptx(SAXPY, **options)

    def saxpy_on_cpu():
        kernel = cp.compile(SAXPY, target="cpu")
        x = np.arange(64, dtype=np.float32)
        y = np.ones(64, dtype=np.float32)
        kernel(64)(2.0, x, y)
        return bool(np.array_equal(y, 2.0 * np.arange(64, dtype=np.float32) + 1.0))
""") % SAXPY


def run(body, cache=None, **environment):
    """Runs PRELUDE + body in a fresh interpreter with `cache` as its cache folder; returns
    `seen` and the cache's counters as it printed them."""
    env = dict(os.environ, **environment)
    env["PYTHONPATH"] = os.pathsep.join(path for path in sys.path if path)
    env.pop("CUDAPY_NO_DISK_CACHE", None)
    env.pop("CUDAPY_COMPILER", None)
    if cache is None:
        env["CUDAPY_NO_DISK_CACHE"] = "1"
    else:
        env["CUDAPY_CACHE_DIR"] = str(cache)
    env.update(environment)
    script = (PRELUDE + textwrap.dedent(body) +
              "\nseen['stats'] = cp.cache_stats()\nprint(json.dumps(seen))\n")
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def entries(folder):
    """The compiled code in the folder (not translations or launch functions' code, see
    below)."""
    return sorted(path.name for path in pathlib.Path(folder).iterdir()
                  if not path.name.endswith((".data", ".translation")))


def translations(folder):
    return sorted(path.name for path in pathlib.Path(folder).iterdir()
                  if path.name.endswith(".translation"))


def launch_codes(folder):
    """The entries the library keeps for the package (cudapy_cache_put): its launch code."""
    return sorted(path.name for path in pathlib.Path(folder).iterdir()
                  if path.name.endswith(".data"))


@pytest.fixture(scope="module")
def reference_ptx():
    return run("seen['ptx'] = saxpy_ptx()")["ptx"]


def has_host_compiler():
    return shutil.which(os.environ.get("CXX") or "c++") is not None


def test_cache_directory_follows_the_environment(tmp_path):
    body = "seen['folder'] = cp.cache_directory()"
    assert run(body, cache=tmp_path / "c")["folder"] == str(tmp_path / "c")
    env = {"CUDAPY_CACHE_DIR": "", "XDG_CACHE_HOME": str(tmp_path / "xdg"),
           "HOME": str(tmp_path / "home")}
    assert run(body, cache="", **env)["folder"] == str(tmp_path / "xdg" / "cudapy")
    env["XDG_CACHE_HOME"] = ""
    assert run(body, cache="", **env)["folder"] == str(tmp_path / "home" / ".cache" / "cudapy")
    assert run(body)["folder"] is None  # CUDAPY_NO_DISK_CACHE=1


def test_a_second_process_reads_the_ptx_from_disk(tmp_path, reference_ptx):
    first = run("seen['ptx'] = saxpy_ptx()", cache=tmp_path)
    assert first["ptx"] == reference_ptx
    assert first["stats"]["compiles"] == 1 and first["stats"]["disk_writes"] == 1
    assert len(entries(tmp_path)) == 1 and ENTRY_NAME.fullmatch(entries(tmp_path)[0])
    second = run("seen['ptx'] = saxpy_ptx()", cache=tmp_path)
    assert second["ptx"] == reference_ptx
    assert second["stats"]["disk_hits"] == 1 and second["stats"]["compiles"] == 0


def test_other_options_and_architectures_miss(tmp_path):
    run("saxpy_ptx()", cache=tmp_path)
    seen = run("""
        saxpy_ptx(fast_math=True)
        saxpy_ptx(arch="compute_80")
        saxpy_ptx(launch_bounds=128)
        saxpy_ptx()
    """, cache=tmp_path)
    assert seen["stats"]["compiles"] == 3 and seen["stats"]["disk_hits"] == 1
    assert len(entries(tmp_path)) == 4


def test_in_memory_hits_do_not_touch_the_disk(tmp_path):
    seen = run("saxpy_ptx(); saxpy_ptx()", cache=tmp_path)
    assert seen["stats"]["memory_hits"] == 1 and seen["stats"]["compiles"] == 1


@pytest.mark.skipif(not has_host_compiler(), reason="no host C++ compiler")
def test_the_cpu_target_loads_its_shared_object_from_disk(tmp_path):
    first = run("seen['ok'] = saxpy_on_cpu()", cache=tmp_path)
    assert first["ok"] and first["stats"]["compiles"] == 1
    assert [name.rsplit(".", 1)[1] for name in entries(tmp_path)] == ["so"]
    second = run("seen['ok'] = saxpy_on_cpu()", cache=tmp_path)
    assert second["ok"]
    assert second["stats"]["disk_hits"] == 1 and second["stats"]["compiles"] == 0


def damage_truncate(data):
    return data[:len(data) // 2]


def damage_flip_payload(data):
    return data[:-10] + bytes([data[-10] ^ 0x01]) + data[-9:]


def damage_flip_header(data):
    return data[:20] + bytes([data[20] ^ 0x80]) + data[21:]


def damage_empty(data):
    return b""


@pytest.mark.parametrize("damage", [damage_truncate, damage_flip_payload, damage_flip_header,
                                    damage_empty])
def test_a_damaged_entry_is_rebuilt_not_trusted(tmp_path, reference_ptx, damage):
    run("saxpy_ptx()", cache=tmp_path)
    [name] = entries(tmp_path)
    path = tmp_path / name
    good = path.read_bytes()
    path.write_bytes(damage(good))
    seen = run("seen['ptx'] = saxpy_ptx()", cache=tmp_path)
    assert seen["ptx"] == reference_ptx
    assert seen["stats"]["bad_entries"] == 1 and seen["stats"]["compiles"] == 1
    assert entries(tmp_path) == [name]
    assert path.read_bytes() == good  # replaced by a whole entry
    again = run("seen['ptx'] = saxpy_ptx()", cache=tmp_path)
    assert again["ptx"] == reference_ptx and again["stats"]["disk_hits"] == 1


@pytest.mark.skipif(not has_host_compiler(), reason="no host C++ compiler")
@pytest.mark.parametrize("damage", [damage_truncate, damage_flip_payload])
def test_a_damaged_shared_object_is_rebuilt(tmp_path, damage):
    run("saxpy_on_cpu()", cache=tmp_path)
    [name] = entries(tmp_path)
    (tmp_path / name).write_bytes(damage((tmp_path / name).read_bytes()))
    seen = run("seen['ok'] = saxpy_on_cpu()", cache=tmp_path)
    assert seen["ok"] and seen["stats"]["bad_entries"] == 1 and seen["stats"]["compiles"] == 1
    assert run("seen['ok'] = saxpy_on_cpu()", cache=tmp_path)["stats"]["disk_hits"] == 1


def test_an_unwritable_cache_folder_fails_no_compile(tmp_path, reference_ptx):
    folder = tmp_path / "readonly"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as root: a folder of mode 0500 is writable")
        body = "seen['ptx'] = saxpy_ptx()"
        if has_host_compiler():
            body += "\nseen['cpu'] = saxpy_on_cpu()"
        seen = run(body, cache=folder)
        assert seen["ptx"] == reference_ptx and seen.get("cpu", True)
        assert seen["stats"]["disk_errors"] >= 1 and seen["stats"]["disk_writes"] == 0
        assert entries(folder) == []
    finally:
        folder.chmod(0o700)


def test_a_cache_folder_that_cannot_be_made_fails_no_compile(tmp_path, reference_ptx):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder's parent should be")
    body = "seen['ptx'] = saxpy_ptx()"
    if has_host_compiler():
        body += "\nseen['cpu'] = saxpy_on_cpu()"
    seen = run(body, cache=blocker / "cache")
    assert seen["ptx"] == reference_ptx and seen.get("cpu", True)
    assert seen["stats"]["disk_errors"] >= 1


def test_eight_processes_fill_one_cache_at_once(tmp_path):
    # Each compiles the shared SAXPY and a kernel of its own; half the processes also compile
    # another process's kernel.
    body = textwrap.dedent("""
        import os
        me = int(os.environ["WORKER"])
        def own(n):
            return ("# scale%d : void (float* X)\\ndef scale%d(X):\\n    if idx < len(X):\\n"
                    "        X[idx] = X[idx] * %d.0\\n") % (n, n, n + 2)
        seen['saxpy'] = saxpy_ptx()
        seen['own'] = cp.ptx(own(me))
        seen['other'] = cp.ptx(own((me + 1) % 8)) if me % 2 else None
    """)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in sys.path if path),
               CUDAPY_CACHE_DIR=str(tmp_path))
    env.pop("CUDAPY_NO_DISK_CACHE", None)
    env.pop("CUDAPY_COMPILER", None)
    script = PRELUDE + body + "\nprint(json.dumps(seen))\n"
    workers = [subprocess.Popen([sys.executable, "-c", script], env=dict(env, WORKER=str(n)),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for n in range(8)]
    results = []
    for worker in workers:
        out, err = worker.communicate(timeout=600)
        assert worker.returncode == 0, err[-3000:]
        results.append(json.loads(out.strip().splitlines()[-1]))
    names = entries(tmp_path)
    assert len(names) == 9 and all(ENTRY_NAME.fullmatch(name) for name in names)  # no temp files
    reference = run("""
        import os
        seen['saxpy'] = saxpy_ptx()
        seen['own'] = [cp.ptx(("# scale%d : void (float* X)\\ndef scale%d(X):\\n"
                               "    if idx < len(X):\\n        X[idx] = X[idx] * %d.0\\n")
                              % (n, n, n + 2)) for n in range(8)]
    """)
    for n, result in enumerate(results):
        assert result["saxpy"] == reference["saxpy"]
        assert result["own"] == reference["own"][n]
        if n % 2:
            assert result["other"] == reference["own"][(n + 1) % 8]
    # Every entry is whole: a later process reads them all from disk.
    again = run("""
        for n in range(8):
            cp.ptx(("# scale%d : void (float* X)\\ndef scale%d(X):\\n    if idx < len(X):\\n"
                    "        X[idx] = X[idx] * %d.0\\n") % (n, n, n + 2))
        saxpy_ptx()
    """, cache=tmp_path)
    assert again["stats"]["disk_hits"] == 9 and again["stats"]["compiles"] == 0


def test_clear_cache_removes_cudapy_entries_only(tmp_path, reference_ptx):
    (tmp_path / "notes.txt").write_text("not cudapy's")
    seen = run("""
        saxpy_ptx()
        import os
        seen['before'] = sorted(os.listdir(cp.cache_directory()))
        cp.clear_cache()
        seen['after'] = sorted(os.listdir(cp.cache_directory()))
        seen['ptx'] = saxpy_ptx()  # compiled again: the memory cache is empty too
    """, cache=tmp_path)
    before = seen["before"]
    assert len(before) == 3 and "notes.txt" in before and seen["after"] == ["notes.txt"]
    assert sum(name.endswith(".ptx") for name in before) == 1
    assert sum(name.endswith(".translation") for name in before) == 1
    assert seen["ptx"] == reference_ptx
    assert seen["stats"]["compiles"] == 2 and seen["stats"]["memory_hits"] == 0
    assert len(entries(tmp_path)) == 2


def test_clear_cache_without_a_folder_succeeds(tmp_path):
    seen = run("cp.clear_cache(); seen['ok'] = True", cache=tmp_path / "never made")
    assert seen["ok"]
    assert run("cp.clear_cache(); seen['ok'] = True")["ok"]  # disk cache off


def test_a_disk_hit_is_fast(tmp_path):
    # Translation, key and entry read of SAXPY in a process that has loaded NVRTC already.
    body = """
        cp.ptx("# probe : void (int* X)\\ndef probe(X):\\n    X[idx] = 1\\n")
        start = time.perf_counter()
        saxpy_ptx()
        seen['seconds'] = time.perf_counter() - start
    """
    run(body, cache=tmp_path)
    seen = run(body, cache=tmp_path)
    assert seen["stats"]["disk_hits"] == 2 and seen["stats"]["compiles"] == 0
    assert seen["seconds"] < 0.05  # a compile takes hundreds of milliseconds


# ---- a disk hit without NVRTC -------------------------------------------------------------

# The NVRTC libraries (not its builtins) that the process has mapped.
MAPPED_NVRTC = textwrap.dedent("""
    import re
    seen['nvrtc'] = sorted({line.split()[-1] for line in open('/proc/self/maps')
                            if re.search(r'/libnvrtc\\.so[^/]*$', line)})
""")


@pytest.fixture(scope="module")
def nvrtc_file():
    """The file of the NVRTC that compiles, as the process that loaded it maps it."""
    if not os.path.exists("/proc/self/maps"):
        pytest.skip("no /proc/self/maps to see which libraries a process loaded")
    seen = run("saxpy_ptx()" + MAPPED_NVRTC)
    assert len(seen["nvrtc"]) == 1, seen["nvrtc"]
    return pathlib.Path(seen["nvrtc"][0])


def hit_without_nvrtc(cache, nvrtc):
    """PTX of SAXPY twice (sm_80's PTX is compute_80's) in a fresh process using `nvrtc`."""
    body = textwrap.dedent("""
        seen['ptx'] = saxpy_ptx(arch="compute_80")
        seen['again'] = saxpy_ptx(arch="sm_80")
    """)
    return run(body + MAPPED_NVRTC, cache=cache, CUDAPY_NVRTC=str(nvrtc))


def test_a_disk_hit_does_not_load_nvrtc(tmp_path, nvrtc_file):
    # Loading NVRTC (about 100 MB) takes milliseconds: a disk hit needs neither its version for
    # the key nor its list of architectures.
    first = hit_without_nvrtc(tmp_path, nvrtc_file)
    assert first["stats"]["compiles"] == 1 and first["nvrtc"]
    second = hit_without_nvrtc(tmp_path, nvrtc_file)
    assert second["ptx"] == second["again"] == first["ptx"]
    assert second["stats"]["disk_hits"] == 1 and second["stats"]["memory_hits"] == 1
    assert second["stats"]["compiles"] == 0
    assert second["nvrtc"] == [], "a disk hit loaded NVRTC"
    # A link names the same file: the key follows it to its target.
    link = tmp_path / "link" / "libnvrtc.so"
    link.parent.mkdir()
    link.symlink_to(nvrtc_file)
    by_link = hit_without_nvrtc(tmp_path, link)
    assert by_link["stats"]["disk_hits"] == 1 and by_link["nvrtc"] == []


def test_another_nvrtc_file_misses_and_its_entry_is_found_next_time(tmp_path, nvrtc_file):
    hit_without_nvrtc(tmp_path / "cache", nvrtc_file)
    # A copy of the library with another modification time stands for an updated NVRTC.
    copy = tmp_path / "nvrtc" / nvrtc_file.name
    copy.parent.mkdir()
    shutil.copyfile(nvrtc_file, copy)
    stat = nvrtc_file.stat()
    os.utime(copy, ns=(stat.st_atime_ns, stat.st_mtime_ns - 10**9))
    updated = hit_without_nvrtc(tmp_path / "cache", copy)
    assert updated["stats"]["compiles"] == 1 and updated["stats"]["disk_hits"] == 0
    assert updated["nvrtc"] == [os.path.realpath(copy)]
    assert len(entries(tmp_path / "cache")) == 2
    # The key written after that compile is the key a later process reads without NVRTC.
    again = hit_without_nvrtc(tmp_path / "cache", copy)
    assert again["stats"]["disk_hits"] == 1 and again["stats"]["compiles"] == 0
    assert again["nvrtc"] == []


def test_an_unknown_architecture_is_still_refused_with_a_warm_cache(tmp_path):
    run("saxpy_ptx(arch='compute_80')", cache=tmp_path)
    seen = run("""
        try:
            saxpy_ptx(arch="sm_nonsense")
        except cp.InvalidArgumentError as error:
            seen['message'] = str(error)
    """, cache=tmp_path)
    assert "unknown GPU architecture 'sm_nonsense'" in seen["message"]


# ---- nvcc --------------------------------------------------------------------------------

def nvcc_missing_reason():
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root and os.access(os.path.join(root, "bin", "nvcc"), os.X_OK):
            return None
    return None if shutil.which("nvcc") else "nvcc not found"


needs_nvcc = pytest.mark.skipif(nvcc_missing_reason() is not None, reason="nvcc not found")


@needs_nvcc
def test_nvcc_compiles_ptx_on_request(tmp_path):
    seen = run("""
        seen['keyword'] = saxpy_ptx(compiler="nvcc")
        seen['bounded'] = saxpy_ptx(compiler="nvcc", launch_bounds=(128, 2), debug=True,
                                    max_registers=32, fast_math=True)
    """, cache=tmp_path)
    for ptx in (seen["keyword"], seen["bounded"]):
        assert ".entry saxpy" in ptx and ".version" in ptx
    assert ".maxntid 128" in seen["bounded"]
    assert seen["stats"]["compiles"] == 2
    by_environment = run("seen['ptx'] = saxpy_ptx()", cache=tmp_path, CUDAPY_COMPILER="nvcc")
    assert by_environment["ptx"] == seen["keyword"]
    assert by_environment["stats"]["disk_hits"] == 1
    by_nvrtc = run("seen['ptx'] = saxpy_ptx(compiler='nvrtc')", cache=tmp_path,
                   CUDAPY_COMPILER="nvcc")
    assert by_nvrtc["stats"]["compiles"] == 1  # the compiler is part of the key


@needs_nvcc
def test_nvcc_errors_point_at_the_python_line():
    seen = run("""
        try:
            cp.ptx("# bad : void (float* X)\\ndef bad(X):\\n    X[idx] = undefined_helper(1)\\n",
                   compiler="nvcc")
        except cp.CompileError as error:
            seen['error'] = type(error).__name__
    """)
    assert seen["error"] in ("CompileError", "CudaCompilationError")


def test_missing_nvcc_is_a_clear_error_and_nvrtc_still_works(tmp_path, reference_ptx):
    seen = run("""
        try:
            saxpy_ptx(compiler="nvcc")
        except cp.NvrtcUnavailableError as error:
            seen['message'] = str(error)
        seen['ptx'] = saxpy_ptx()
    """, cache=tmp_path, CUDAPY_NVCC=str(tmp_path / "no-nvcc"))
    assert "nvcc" in seen["message"] and str(tmp_path / "no-nvcc") in seen["message"]
    assert seen["ptx"] == reference_ptx


def test_a_bad_compiler_name_is_refused(tmp_path):
    with pytest.raises(ValueError, match="compiler"):
        cp.ptx(SAXPY, compiler="gcc")
    seen = run("""
        try:
            saxpy_ptx()
        except cp.InvalidArgumentError as error:
            seen['message'] = str(error)
    """, cache=tmp_path, CUDAPY_COMPILER="clang")
    assert "CUDAPY_COMPILER" in seen["message"] and "clang" in seen["message"]


COUNT_LAUNCH_COMPILES = """
import builtins
seen['launch_compiles'] = 0
_compile = builtins.compile
def counting(source, filename, *args, **kwargs):
    if filename == "<cudapy launch>":
        seen['launch_compiles'] += 1
    return _compile(source, filename, *args, **kwargs)
builtins.compile = counting
"""


def test_launch_functions_code_is_kept_in_the_folder(tmp_path):
    """A kernel's generated launch function is compiled once: later processes read its code
    from the cache folder; a damaged file is compiled again and replaced; clear_cache()
    removes it."""
    body = COUNT_LAUNCH_COMPILES + """
x = np.arange(16, dtype=np.float32); y = np.ones(16, np.float32)
cp.compile(SAXPY, target="cpu")(16)(2.0, x, y)
seen['ok'] = bool(np.array_equal(y, 2 * np.arange(16, dtype=np.float32) + 1))
"""
    first = run(body, cache=tmp_path)
    assert first["ok"] and first["launch_compiles"] == 1
    [name] = launch_codes(tmp_path)
    second = run(body, cache=tmp_path)
    assert second["ok"] and second["launch_compiles"] == 0
    (tmp_path / name).write_bytes((tmp_path / name).read_bytes()[:40])
    damaged = run(body, cache=tmp_path)
    assert damaged["ok"] and damaged["launch_compiles"] == 1
    assert run(body, cache=tmp_path)["launch_compiles"] == 0
    run("cp.clear_cache()", cache=tmp_path)
    assert launch_codes(tmp_path) == []
    assert run(body)["launch_compiles"] == 1 and launch_codes(tmp_path) == []  # cache off


def test_translations_are_kept_in_the_folder(tmp_path):
    """A second process reads the translation instead of running the pipeline (which prints
    its stages with CUDAPY_DUMP_PASSES); a damaged entry is translated again; translations
    with errors are not kept; the compile counters count compiled code only."""
    body = """
cp.translate(SAXPY)
try:
    cp.translate("# bad : void (float* X)\\ndef bad(X):\\n    X[idx] = nope\\n")
except cp.CompileError as error:
    seen['error'] = str(error).splitlines()[0]
"""
    def translated_in_fresh_process():
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in sys.path if path),
                   CUDAPY_CACHE_DIR=str(tmp_path), CUDAPY_DUMP_PASSES="1")
        env.pop("CUDAPY_NO_DISK_CACHE", None)
        script = PRELUDE + body + "\nseen['stats'] = cp.cache_stats()\nprint(json.dumps(seen))\n"
        result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                                text=True, timeout=600)
        assert result.returncode == 0, result.stderr[-3000:]
        seen = json.loads(result.stdout.strip().splitlines()[-1])
        return seen, result.stderr.count("=== after parse")

    first, parses = translated_in_fresh_process()
    assert parses == 2 and "unknown name 'nope'" in first["error"]
    [name] = translations(tmp_path)
    second, parses = translated_in_fresh_process()
    assert parses == 1 and second["error"] == first["error"]  # only the failing one again
    assert second["stats"]["disk_writes"] == 0 and second["stats"]["bad_entries"] == 0
    entry = tmp_path / name
    entry.write_bytes(entry.read_bytes()[:100] + b"garbage" + entry.read_bytes()[107:])
    third, parses = translated_in_fresh_process()
    assert parses == 2 and third["stats"]["bad_entries"] == 0
    assert translations(tmp_path) == [name]
    assert translated_in_fresh_process()[1] == 1
