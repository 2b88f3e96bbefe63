"""Markers for tests that need a GPU (`gpu`) or NVRTC (`nvrtc`); both skip with the reason
when the machine lacks it. The test run's compiled code goes to a temporary cache folder, never
the user's."""

import atexit
import functools
import os
import shutil
import tempfile

import pytest

import cudapy as cp

_cache_folder = tempfile.mkdtemp(prefix="cudapy-test-cache-")
os.environ["CUDAPY_CACHE_DIR"] = _cache_folder
atexit.register(shutil.rmtree, _cache_folder, True)


@functools.lru_cache(maxsize=None)
def gpu_missing_reason():
    return None if cp.device_count() > 0 else "no CUDA GPU found"


@functools.lru_cache(maxsize=None)
def nvrtc_missing_reason():
    try:
        cp.ptx("# probe : void (int* X)\ndef probe(X):\n    X[idx] = 1\n")
    except cp.NvrtcUnavailableError as error:
        return f"NVRTC not available: {str(error).splitlines()[0]}"
    except cp.CudapyError:
        pass  # NVRTC loaded; the tests that use it report what else went wrong
    return None


def pytest_configure(config):
    config.addinivalue_line("markers", "gpu: the test runs kernels on a CUDA GPU")
    config.addinivalue_line("markers", "nvrtc: the test compiles CUDA C++ with NVRTC")


def pytest_report_header(config):
    gpu = gpu_missing_reason() or f"GPU 0: {cp.device_info(0).name}"
    nvrtc = nvrtc_missing_reason() or "NVRTC available"
    return f"cudapy {cp.__version__}: {gpu}; {nvrtc}"


def pytest_runtest_setup(item):
    if item.get_closest_marker("gpu") and gpu_missing_reason():
        pytest.skip(gpu_missing_reason())
    if item.get_closest_marker("nvrtc") and nvrtc_missing_reason():
        pytest.skip(nvrtc_missing_reason())


@pytest.fixture
def gpu():
    """For tests that need a GPU: skips them without one."""
    if gpu_missing_reason():
        pytest.skip(gpu_missing_reason())


@pytest.fixture(params=["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])])
def target(request, monkeypatch):
    """Runs the test's kernels on the CPU target, and on the GPU where there is one (through
    $CUDAPY_TARGET); the target's name."""
    monkeypatch.setenv("CUDAPY_TARGET", request.param)
    return request.param

