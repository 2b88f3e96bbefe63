"""The README's code runs as written: each Python block in a fresh interpreter, on the CPU
target and on the GPU where there is one (the blocks check their results against NumPy with
asserts), and the C fragment compiles against the public header."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BLOCKS = re.findall(r"```(\w*)\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
PYTHON_BLOCKS = [code for language, code in BLOCKS if language == "python"]
C_BLOCKS = [code for language, code in BLOCKS if language == "c"]
TARGETS = ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])]


def test_the_readme_has_the_blocks_these_tests_run():
    assert len(PYTHON_BLOCKS) >= 4 and len(C_BLOCKS) == 1


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("index", range(len(PYTHON_BLOCKS)))
def test_python_block_runs(index, target, tmp_path):
    script = tmp_path / f"readme_block_{index}.py"
    script.write_text(PYTHON_BLOCKS[index])
    env = dict(os.environ, CUDAPY_TARGET=target)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "pysrc"), env.get("PYTHONPATH")]))
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"README block {index}:\n{PYTHON_BLOCKS[index]}\n{result.stderr}"


def test_c_block_compiles(tmp_path):
    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        pytest.skip("no C compiler")
    # The fragment's free names are the caller's: the source text, its arrays and alpha.
    program = ("#include <stdio.h>\n#include <string.h>\n#include <cudapy/cudapy.h>\n"
               "void example(const char *text, int64_t n, void *device_x, void *device_y,\n"
               "             float alpha) {\n" + C_BLOCKS[0] + "}\n")
    source = tmp_path / "readme.c"
    source.write_text(program)
    result = subprocess.run([compiler, "-std=c11", "-Wall", "-Werror", "-fsyntax-only",
                             f"-I{ROOT / 'include'}", str(source)], capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
