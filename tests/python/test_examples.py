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
                                     "block_reduction.py", "histogram.py"])
def test_example(example, target, tmp_path):
    environment = dict(os.environ, CUDAPY_TARGET=target)
    result = subprocess.run([sys.executable, str(EXAMPLES / example)], cwd=tmp_path,
                            env=environment, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK" in result.stdout
