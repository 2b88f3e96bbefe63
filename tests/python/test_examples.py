"""The examples, run as users run them, on the CPU target everywhere and on the GPU where there
is one; each checks its own results against NumPy and exits nonzero on a mismatch."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

TARGETS = ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("example", ["saxpy.py", "mandelbrot.py", "matmul.py", "tiled_matmul.py",
                                     "block_reduction.py", "histogram.py", "elementwise.py",
                                     "monte_carlo_pi.py", "multi_gpu.py", "parpy_loops.py",
                                     "numba_style/charged_particles.py"])
def test_example(example, target, tmp_path):
    environment = dict(os.environ, CUDAPY_TARGET=target)
    result = subprocess.run([sys.executable, str(EXAMPLES / example)], cwd=tmp_path,
                            env=environment, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK" in result.stdout


def test_the_fft_convolution_example_matches_numpy_or_says_it_needs_a_gpu(tmp_path):
    import cudapy as cp

    result = subprocess.run([sys.executable, str(EXAMPLES / "fft_convolution.py")], cwd=tmp_path,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    if cp.device_count() == 0:
        assert "runs on the GPU only" in result.stdout
    else:
        assert "OK" in result.stdout, result.stdout


def test_the_demo_runs_and_says_first_what_it_does_without_a_gpu(tmp_path):
    import cudapy as cp

    result = subprocess.run([sys.executable, str(EXAMPLES / "demo.py"),
                             "--out", str(tmp_path / "mandelbrot.png")], cwd=tmp_path,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    if cp.device_count() == 0:
        assert lines[0].startswith("No CUDA GPU was found")
        assert len(lines) < 80, f"{len(lines)} lines"
    else:
        assert lines[0].startswith("GPU: ")
    assert sum(line.endswith(": OK") for line in lines) == 3


DOCUMENTS = [EXAMPLES.parent / "README.md"] + sorted((EXAMPLES.parent / "docs").glob("*.md"))


def code_blocks(language):
    """The ```language blocks of the README and the documentation, by "file:first line"."""
    blocks = {}
    for document in DOCUMENTS:
        lines = document.read_text().splitlines()
        start = None
        for number, line in enumerate(lines, 1):
            if line.strip() == "```" + language:
                start = number
            elif line.strip() == "```" and start is not None:
                blocks[f"{document.relative_to(EXAMPLES.parent)}:{start}"] = \
                    "\n".join(lines[start:number - 1]) + "\n"
                start = None
    return blocks


PYTHON_BLOCKS = code_blocks("python")
C_BLOCKS = code_blocks("c")


def test_the_documents_have_the_blocks_these_tests_run():
    assert len(PYTHON_BLOCKS) >= 5 and len(C_BLOCKS) == 1


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("place", list(PYTHON_BLOCKS))
def test_documented_python_runs(place, target, tmp_path):
    """Every Python block of the README and the documentation runs as written (each in a
    process of its own); the blocks check their results against NumPy with asserts."""
    script = tmp_path / "block.py"
    script.write_text(PYTHON_BLOCKS[place])
    environment = dict(os.environ, CUDAPY_TARGET=target)
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=environment,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"{place}:\n{result.stdout}{result.stderr}"


@pytest.mark.parametrize("place", list(C_BLOCKS))
def test_documented_c_compiles(place, tmp_path):
    """The C API's fragment compiles against the public header; its free names are the
    caller's: the source text, the arrays and alpha."""
    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        pytest.skip("no C compiler")
    source = tmp_path / "fragment.c"
    source.write_text("#include <stdio.h>\n#include <string.h>\n#include <cudapy/cudapy.h>\n"
                      "void fragment(const char *text, int64_t n, void *device_x,\n"
                      "              void *device_y, float alpha) {\n" + C_BLOCKS[place] + "}\n")
    result = subprocess.run([compiler, "-std=c11", "-Wall", "-Werror", "-fsyntax-only",
                             f"-I{EXAMPLES.parent / 'include'}", str(source)],
                            capture_output=True, text=True)
    assert result.returncode == 0, f"{place}:\n{result.stderr}"
