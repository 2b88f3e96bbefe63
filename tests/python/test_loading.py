"""Finding and checking the C library when cudapy is imported."""

import os
import shutil
import subprocess
import sys

import pytest

from cudapy import _ffi


def import_cudapy_with(library):
    """Imports cudapy in a fresh interpreter with CUDAPY_LIBRARY=library; returns its stderr."""
    environment = dict(os.environ, CUDAPY_LIBRARY=str(library))
    environment["PYTHONPATH"] = os.pathsep.join(path for path in sys.path if path)
    result = subprocess.run([sys.executable, "-c", "import cudapy"], env=environment,
                            capture_output=True, text=True)
    assert result.returncode != 0, "the import should have failed"
    return result.stderr


def test_missing_library_is_reported(tmp_path):
    missing = tmp_path / "libcudapy.so"
    stderr = import_cudapy_with(missing)
    assert "ImportError" in stderr
    assert str(missing) in stderr
    assert "CUDAPY_LIBRARY" in stderr


def test_library_of_another_abi_is_refused(tmp_path):
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler to build a stand-in library")
    functions = [f"void {name}(void) {{}}" for name, _, _ in _ffi._PROTOTYPES
                 if name != "cudapy_version"]
    source = tmp_path / "stand_in.c"
    source.write_text(
        "typedef struct { int major, minor, patch, abi; } version_info;\n"
        "version_info cudapy_version(void) { version_info v = {0, 9, 0, 99}; return v; }\n"
        + "\n".join(functions) + "\n")
    library = tmp_path / "libstand_in.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(library), str(source)], check=True)
    stderr = import_cudapy_with(library)
    assert "ImportError" in stderr
    assert "ABI version 99" in stderr
    assert f"needs ABI version {_ffi.ABI_VERSION}" in stderr


def test_library_needs_neither_the_driver_nor_nvrtc_at_link_time():
    """libcudapy.so loads on machines without CUDA: the CUDA Runtime is linked in statically
    and NVRTC is opened on first use."""
    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.skip("readelf not found")
    library = _ffi.lib._name
    dynamic = subprocess.run([readelf, "-d", library], capture_output=True, text=True,
                             check=True).stdout
    needed = [line for line in dynamic.splitlines() if "(NEEDED)" in line]
    assert needed, "readelf listed no needed libraries"
    for forbidden in ("libcuda.so", "libnvrtc", "libcudart"):
        assert not any(forbidden in line for line in needed), needed


def test_no_module_of_the_package_imports_one_that_imports_it_back():
    """The package's modules form layers: following their imports (at the top or inside a
    function) from any module never leads back to it."""
    import ast
    import pathlib

    folder = pathlib.Path(__file__).resolve().parents[2] / "pysrc" / "cudapy"
    modules = {path.stem: path for path in folder.glob("*.py")}
    imports = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found |= {node.module.split(".")[0]} if node.module else \
                    {alias.name for alias in node.names}
        imports[name] = (found & set(modules)) - {name}

    def reaches(start, name, seen):
        for imported in imports[name]:
            if imported == start:
                return True
            if imported not in seen:
                seen.add(imported)
                if reaches(start, imported, seen):
                    return True
        return False

    cyclic = sorted(name for name in modules if reaches(name, name, set()))
    assert not cyclic, f"modules on an import cycle: {cyclic}"


# Which folders of the core may include which (README's Layout): each stage only those below it.
CORE_LAYERS = {
    "capi": {"driver", "common", "ast", "cudapy"},
    "driver": {"pipeline", "emit", "jit", "runtime", "host", "common", "ast"},
    "pipeline": {"frontend", "types", "passes", "emit", "syntax", "common", "ast"},
    "frontend": {"syntax", "ast"},
    "syntax": {"ast"},
    "types": {"ast"},
    "passes": {"ast", "common"},
    "emit": {"ast", "common"},
    "jit": {"common", "cudapy"},
    "runtime": {"common"},
    "host": {"common"},
    "common": {"ast", "cudapy"},
    "ast": set(),
}


def test_each_core_stage_includes_only_the_stages_below_it():
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2]
    folders = {"capi": root / "capi"} | {path.name: path for path in (root / "src").iterdir()
                                         if path.is_dir()}
    assert set(folders) == set(CORE_LAYERS)
    wrong = []
    for name, folder in folders.items():
        for path in folder.iterdir():
            text = path.read_text()
            for included in re.findall(r'^#include "(\w+)/', text, re.M):
                if included != name and included not in CORE_LAYERS[name]:
                    wrong.append(f"{name}/{path.name} includes {included}/")
            # The core reads the public header's small parts only: version.h and target.h.
            if name != "capi" and '#include "cudapy/cudapy.h"' in text:
                wrong.append(f"{name}/{path.name} includes cudapy/cudapy.h")
    assert not wrong
