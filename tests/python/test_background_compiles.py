"""The library compiles on threads of its own: NVRTC warms up with the first GPU array, and
once the process uses the GPU a kernel's compile starts as the kernel is made, to be taken by
its first launch. A process that exits, forks or launches while they run does so cleanly, and
what a background compile raises is raised by the launch. Each scenario runs in a fresh
interpreter without a disk cache, so that NVRTC really compiles; the oracle is NumPy."""

import json
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
    assert _ffi.lib.cudapy_compiler_wait() == _ffi.Status.OK


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


SAXPY_AND_FILL = """
    import json
    import numpy as np, cudapy as cp
    from cudapy import _ffi

    # saxpy : void (float a, float* X, float* Y)
    def saxpy(a, X, Y):
        if idx < len(X):
            Y[idx] = a * X[idx] + Y[idx]

    # fill : void (float* X, float value)
    def fill(X, value):
        if idx < len(X):
            X[idx] = value
"""


@pytest.mark.gpu
@pytest.mark.nvrtc
def test_kernels_compile_as_they_are_made_once_the_gpu_is_used(tmp_path):
    out = run_fresh(SAXPY_AND_FILL + """
    before_gpu = cp.compile(saxpy)  # no GPU array yet: compiled at its first launch
    _ffi.lib.cudapy_compiler_wait()
    idle = cp.cache_stats()["compiles"]
    x = cp.to_device(np.arange(1000, dtype=np.float32))
    y = cp.empty(1000, np.float32)
    after_gpu = cp.compile(fill)  # compiled in the background from here
    _ffi.lib.cudapy_compiler_wait()
    started = cp.cache_stats()["compiles"]
    after_gpu(1000)(y, 1.0)
    taken = cp.cache_stats()["compiles"]
    before_gpu(1000)(2.0, x, y)
    expected = 2.0 * np.arange(1000, dtype=np.float32) + 1.0
    print(json.dumps([idle, started, taken, cp.cache_stats()["compiles"],
                      bool(np.array_equal(y.copy_to_host(), expected))]))
    """, tmp_path)
    assert json.loads(out) == [0, 1, 1, 2, True]


@pytest.mark.gpu
@pytest.mark.nvrtc
def test_exit_while_a_kernel_compiles_is_clean(tmp_path):
    out = run_fresh(SAXPY_AND_FILL + """
    x = cp.to_device(np.ones(4, np.float32))
    cp.compile(saxpy)
    print("made")
    """, tmp_path, CUDAPY_NO_WARM_UP="1")
    assert out.strip() == "made"


@pytest.mark.gpu
@pytest.mark.nvrtc
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_child_forked_while_a_kernel_compiles_compiles(tmp_path):
    out = run_fresh(SAXPY_AND_FILL + """
    import os, warnings
    x = cp.to_device(np.ones(4, np.float32))
    cp.compile(saxpy)
    warnings.simplefilter("ignore")  # Python warns of fork() in a process with threads
    child = os.fork()
    if child == 0:
        ptx = cp.ptx(fill)
        os._exit(0 if ".entry fill" in ptx else 1)
    _, status = os.waitpid(child, 0)
    print(os.waitstatus_to_exitcode(status))
    """, tmp_path, CUDAPY_NO_WARM_UP="1")
    assert out.strip() == "0"


@pytest.mark.gpu
def test_what_a_background_compile_raises_the_first_launch_raises(tmp_path):
    missing = tmp_path / "no-nvcc"
    out = run_fresh(SAXPY_AND_FILL + """
    x = cp.to_device(np.ones(4, np.float32))
    kernel = cp.compile(fill, compiler="nvcc")
    raised = []
    for attempt in range(2):  # the second launch compiles then, and fails the same way
        try:
            kernel(4)(x, 2.0)
        except cp.NvrtcUnavailableError as error:
            raised.append(str(error))
    print(json.dumps(raised))
    """, tmp_path, CUDAPY_NVCC=str(missing))
    raised = json.loads(out)
    assert len(raised) == 2 and raised[0] == raised[1]
    assert "nvcc (the CUDA compiler driver) was not found" in raised[0]
    assert f"{missing}: not an executable file" in raised[0]
