"""Compiles report themselves: CUDAPY_LOG=info logs each with its time and whether a cache had
it, and set_progress()'s callback hears of a compile still running after a while."""

import os
import subprocess
import sys
import textwrap
import uuid

import numpy as np
import pytest

import cudapy as cp
from cudapy import progress

SCRIPT = textwrap.dedent("""
    import numpy as np
    import cudapy as cp

    @cp.cuda.jit("void(float32[:])", target="cpu")
    def fill(x):
        x[0] = 7

    x = np.zeros(1, np.float32)
    fill[1, 1](x)
    assert x[0] == 7
""")


def test_cudapy_log_info_prints_each_compile_and_its_cache(tmp_path):
    script = tmp_path / "fill.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, CUDAPY_LOG="info", CUDAPY_CACHE_DIR=str(tmp_path / "cache"))

    def run():
        result = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                                text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        return result.stderr

    assert "cudapy: fill for the CPU target: compiled in" in run()
    assert "cudapy: fill for the CPU target: found in the cache in" in run()
    env["CUDAPY_LOG"] = "loud"
    assert "CUDAPY_LOG='loud' is not one of" in run()


def test_a_slow_compile_is_reported_while_it_runs_and_when_it_ends(monkeypatch):
    monkeypatch.setattr(progress, "_SLOW_SECONDS", 0.0)  # every compile counts as slow
    heard = []
    previous = cp.set_progress(lambda *event: heard.append(event))
    try:
        # A kernel of its own, so that no cache has it.
        source = f"def mark(x):\n    x[0] = {uuid.uuid4().int % 1000}\n"
        kernel = cp.compile(source, sig="void(int32[:])", target="cpu")
        kernel(1)(np.zeros(1, np.int32))
    finally:
        assert cp.set_progress(previous) is not None
    what = "mark for the CPU target"
    assert heard[0][0] == what and heard[0][2:] == (False, None)
    assert heard[-1][0] == what and heard[-1][2:] == (True, True)
    assert heard[-1][1] >= heard[0][1] >= 0


def test_set_progress_takes_a_callable_or_none():
    with pytest.raises(TypeError, match="callable or None"):
        cp.set_progress(3)
    assert cp.set_progress(None) is None
