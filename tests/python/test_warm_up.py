"""NVRTC warms up on a thread of the library's with the first GPU array: a process that exits,
forks or compiles while it runs does so cleanly. Each scenario runs in a fresh interpreter
without a disk cache, so that NVRTC really compiles; the oracle is NumPy."""

import os
import subprocess
import sys
import textwrap

import pytest

import cudapy as cp
from cudapy import _ffi


def run_fresh(code, tmp_path, **environment):
    """Runs `code` from a file (kernels are read from their source) in a fresh interpreter."""
    script = tmp_path / "scenario.py"
    script.write_text(textwrap.dedent(code))
    env = dict(os.environ, CUDAPY_NO_DISK_CACHE="1", **environment)
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                            env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_warm_up_without_a_gpu_does_nothing_and_waiting_returns():
    if cp.device_count() > 0:
        pytest.skip("this machine has a GPU: the warm-up starts there")
    assert _ffi.lib.cudapy_compiler_warm_up() == _ffi.Status.OK
    assert _ffi.lib.cudapy_compiler_warm_up_wait() == _ffi.Status.OK


@pytest.mark.gpu
@pytest.mark.nvrtc
@pytest.mark.parametrize("setting", ["", "1"], ids=["warm-up", "no-warm-up"])
def test_exit_right_after_the_first_array_is_clean(setting, tmp_path):
    out = run_fresh("""
        import numpy as np, cudapy as cp
        cp.to_device(np.ones(4, np.float32))
        print("allocated")
    """, tmp_path, CUDAPY_NO_WARM_UP=setting)
    assert out.strip() == "allocated"


@pytest.mark.gpu
@pytest.mark.nvrtc
def test_first_kernel_compiles_while_nvrtc_warms_up(tmp_path):
    out = run_fresh("""
        import numpy as np, cudapy as cp
        x = cp.to_device(np.arange(1000, dtype=np.float32))
        y = cp.to_device(np.ones(1000, np.float32))

        # saxpy : void (float a, float* X, float* Y)
        def saxpy(a, X, Y):
            if idx < len(X):
                Y[idx] = a * X[idx] + Y[idx]

        cp.compile(saxpy)(1000)(2.0, x, y)
        expected = 2.0 * np.arange(1000, dtype=np.float32) + 1.0
        print(bool(np.array_equal(y.copy_to_host(), expected)))
    """, tmp_path)
    assert out.strip() == "True"


@pytest.mark.gpu
@pytest.mark.nvrtc
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_child_forked_during_the_warm_up_compiles(tmp_path):
    out = run_fresh("""
        import os, warnings
        import numpy as np, cudapy as cp
        cp.to_device(np.ones(4, np.float32))
        warnings.simplefilter("ignore")  # Python warns of fork() in a process with threads
        child = os.fork()
        if child == 0:
            ptx = cp.ptx("# k : void (float* X)\\ndef k(X):\\n    X[idx] = 1.0\\n")
            os._exit(0 if ".entry k" in ptx else 1)
        _, status = os.waitpid(child, 0)
        print(os.waitstatus_to_exitcode(status))
    """, tmp_path)
    assert out.strip() == "0"
