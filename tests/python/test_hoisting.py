"""Arithmetic on a kernel's scalar parameters alone is computed once per launch on the host and
passed to the kernel (passes/hoist_invariants): the values must be NumPy's, each operation
rounded in its type, for every special value, on the CPU target and on the GPU; and a
translation read back from the disk cache must launch with the same values.

The oracle is NumPy's (or Python's float64) arithmetic on the same scalars.
"""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import cudapy as cp


# Every test runs its kernels on the CPU target, and on the GPU where there is one.
pytestmark = pytest.mark.usefixtures("target")


HOISTED = """
# hoisted : void (double* D, float* F, float x0, float x1, int width, int64 big, uint64 huge, int8 small, bool flag, double u)
def hoisted(D, F, x0, x1, width, big, huge, small, flag, u):
    if idx == 0:
        D[0] = (x1 - x0) / width
        D[1] = float64(big) / u
        D[2] = float64(huge) * 0.5
        D[3] = float64(int64(small)) - u
        D[4] = -(x0 / small)
        F[0] = float32(big) / float32(3)
        F[1] = (x1 - x0) / width
        F[2] = float32(flag) / 2
        F[3] = x0 / x1
        F[4] = float32(uint8(small)) * x1
"""

F32, F64 = np.float32, np.float64


def expected_values(x0, x1, width, big, huge, small, flag, u):
    """What NumPy computes for HOISTED's expressions, each operation rounded in its type."""
    with np.errstate(all="ignore"):
        dx = F64(F32(x1) - F32(x0)) / F64(width)
        as_f32 = lambda value, dtype: np.array([value], dtype=dtype).astype(F32)[0]
        doubles = [dx, F64(big) / F64(u), F64(np.uint64(huge)) * F64(0.5),
                   F64(small) - F64(u), F64(-(F32(x0) / F32(small)))]  # float32 / int8: float32
        floats = [as_f32(big, np.int64) / F32(3), F32(dx), F32(flag) / F32(2),
                  F32(x0) / F32(x1), F32(np.uint8(small & 0xFF)) * F32(x1)]
    return np.array(doubles, dtype=F64), np.array(floats, dtype=F32)


def assert_same(got, expected):
    """Equal values, NaN where NaN, and zeros of the same sign."""
    np.testing.assert_array_equal(got, expected)
    zeros = expected == 0
    np.testing.assert_array_equal(np.signbit(got[zeros]), np.signbit(expected[zeros]))


SCALARS = [
    (-2.0, 1.0, 4096, 12345, 3, -5, True, 3.0),
    (0.1, 0.7, 3, 2**63 - 1, 2**64 - 1, -128, False, -7.5),
    (-0.0, 0.0, 0, -2**63, 2**63 + 1, 127, True, 0.0),              # 0/0, x/0, -0.0
    (np.inf, -np.inf, 7, 2**53 + 1, 2**53 + 1, 1, False, np.inf),
    (np.nan, 1.0, -1, 1, 0, -1, True, np.nan),
    (1e-45, 3e38, 2**31 - 1, 2**24 + 1, 2**64 - 2**11, 0, False, 5e-324),  # subnormals
]


@pytest.mark.parametrize("scalars", SCALARS, ids=lambda s: f"x0={s[0]},u={s[7]}")
def test_hoisted_values_are_numpys(scalars, target):
    kernel = cp.compile(HOISTED)
    assert "cudapy_hoisted" in kernel.cuda_source
    D = np.full(5, np.nan, dtype=F64)
    F = np.full(5, np.nan, dtype=F32)
    kernel(1)(D, F, *scalars)
    expected_d, expected_f = expected_values(*scalars)
    assert_same(D, expected_d)
    assert_same(F, expected_f)


RAMP = """
# ramp : void (double* out, float x0, float x1, int width)
def ramp(out, x0, x1, width):
    if idx < width:
        out[idx] = x0 + idx * ((x1 - x0) / width)
"""


def test_thread_values_use_the_hoisted_ones(target):
    """The Mandelbrot pattern: the step is hoisted, the product by the thread index is not."""
    kernel = cp.compile(RAMP)
    width = 1000
    out = np.full(width, np.nan)
    kernel(width)(out, np.float32(-2.0), np.float32(1.0), width)
    dx = F64(F32(1.0) - F32(-2.0)) / F64(width)
    # The GPU may fuse the multiply-add, rounding once where NumPy rounds twice.
    np.testing.assert_allclose(out, F64(F32(-2.0)) + np.arange(width) * dx, rtol=1e-15, atol=1e-15)


REASSIGNED = """
# reassigned : void (double* out, float x, int n)
def reassigned(out, x, n):
    if idx < n:
        out[idx] = x / n
        x = x * 3.0
        out[idx + n] = x / n
"""


def test_parameters_the_kernel_assigns_stay_in_the_kernel(target):
    kernel = cp.compile(REASSIGNED)
    # Only n's conversion moves; x / n reads x, which the kernel changes.
    assert "cudapy_hoisted1" not in kernel.cuda_source
    assert "(((double)x) / cudapy_hoisted0)" in kernel.cuda_source
    out = np.zeros(8)
    kernel(4)(out, np.float32(1.5), 4)
    np.testing.assert_array_equal(out, [F64(F32(1.5)) / 4] * 4 + [F64(F32(4.5)) / 4] * 4)


def test_a_cached_translation_launches_with_its_hoisted_values(tmp_path, target):
    """Two fresh processes: the second reads the translation (and the compiled code) from the
    disk cache, and its launches get the same values."""
    script = textwrap.dedent(f"""
        import json, numpy as np, cudapy as cp
        kernel = cp.compile({HOISTED!r})
        D = np.full(5, np.nan); F = np.full(5, np.nan, dtype=np.float32)
        kernel(1)(D, F, *{SCALARS[1]!r})
        print(json.dumps({{"D": D.tolist(), "F": F.astype(float).tolist()}}))
    """)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in sys.path if path),
               CUDAPY_CACHE_DIR=str(tmp_path), CUDAPY_TARGET=target)
    env.pop("CUDAPY_NO_DISK_CACHE", None)
    runs = []
    for _ in range(2):
        result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                                text=True, timeout=600)
        assert result.returncode == 0, result.stderr[-3000:]
        runs.append(json.loads(result.stdout.strip().splitlines()[-1]))
    assert any(name.endswith(".translation") for name in os.listdir(tmp_path))
    expected_d, expected_f = expected_values(*SCALARS[1])
    for run in runs:
        assert_same(np.array(run["D"]), expected_d)
        assert_same(np.array(run["F"], dtype=F32), expected_f)
