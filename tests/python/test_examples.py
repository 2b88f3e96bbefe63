"""The examples, run as users run them, on the CPU target everywhere and on the GPU where there
is one; each checks its own results against NumPy and exits nonzero on a mismatch."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

TARGETS = ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("example", ["saxpy.py", "mandelbrot.py", "matmul.py", "tiled_matmul.py",
                                     "block_reduction.py", "histogram.py", "elementwise.py",
                                     "monte_carlo_pi.py"])
def test_example(example, target, tmp_path):
    environment = dict(os.environ, CUDAPY_TARGET=target)
    result = subprocess.run([sys.executable, str(EXAMPLES / example)], cwd=tmp_path,
                            env=environment, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK" in result.stdout


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


def readme_python_blocks():
    """The README's ```python blocks, by their first line in the README."""
    lines = (EXAMPLES.parent / "README.md").read_text().splitlines()
    blocks, start = {}, None
    for number, line in enumerate(lines, 1):
        if line.strip() == "```python":
            start = number
        elif line.strip() == "```" and start is not None:
            blocks[start] = "\n".join(lines[start:number - 1]) + "\n"
            start = None
    return blocks


README_BLOCKS = readme_python_blocks()


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("line", list(README_BLOCKS))
def test_readme_block_runs(line, target, tmp_path):
    """Every Python block of the README runs as written (each in a process of its own)."""
    script = tmp_path / f"readme_{line}.py"
    script.write_text(README_BLOCKS[line])
    environment = dict(os.environ, CUDAPY_TARGET=target)
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=environment,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"README line {line}:\n{result.stdout}{result.stderr}"
