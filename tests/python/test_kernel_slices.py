"""Slices of 1-d arrays in kernels, a[start:stop] and a[start:stop:step], against NumPy's: views
of the array (writes through them reach it), with Python's rules for negative, missing and
out-of-range bounds and negative steps. On the CPU target, on the GPU where there is one, and
in the interpreter."""

import itertools

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda

N = 11


def copy_view(x, bounds, out, length):
    view = x[bounds[0]:bounds[1]:bounds[2]]
    length[0] = len(view)
    for i in range(len(view)):
        out[i] = view[i]


BOUNDS = [(start, stop, step)
          for start, stop, step in itertools.product([0, 3, -2, -20, 15], [N, 7, -1, -30, 40],
                                                     [1, 2, 3, -1, -4])]


@pytest.mark.parametrize("layout", ["contiguous", "strided"])
def test_stepped_slices_select_what_numpy_selects(target, layout):
    x = np.arange(N, dtype=np.float64) * 1.5
    if layout == "strided":  # every third element of a longer array: a strided parameter
        x = (np.arange(3 * N, dtype=np.float64) * 0.5)[::3]
    kernel = cuda.jit(copy_view)
    for start, stop, step in BOUNDS + [(start, stop, 1) for start, stop, _ in BOUNDS[::5]]:
        expected = x[start:stop:step]
        out, length = np.full(N, -1.0), np.zeros(1, np.int64)
        kernel[1, 1](x, np.array([start, stop, step]), out, length)
        assert length[0] == len(expected), (start, stop, step)
        np.testing.assert_array_equal(out[:len(expected)], expected)


def plain_slice_of_strided(x, out):
    view = x[2:-1]
    for i in range(len(view)):
        out[i] = view[i]


def test_a_slice_without_a_step_of_a_strided_array(target):
    x = (np.arange(3 * N, dtype=np.float64) * 0.5)[::3]
    expected, got = np.zeros(N), np.zeros(N)
    plain_slice_of_strided(x, expected)
    cuda.jit(plain_slice_of_strided)[1, 1](x, got)
    np.testing.assert_array_equal(got, expected)


def missing_bounds(x, out):
    forward, backward, tail, reversed_tail = x[::3], x[::-2], x[4::2], x[:4:-1]
    out[0] = len(forward) * 100 + forward[1]
    out[1] = len(backward) * 100 + backward[1]
    out[2] = len(tail) * 100 + tail[0]
    out[3] = len(reversed_tail) * 100 + reversed_tail[0]


def test_missing_bounds_are_the_steps_ends(target):
    x = np.arange(N, dtype=np.int64)
    expected, got = np.zeros(4, np.int64), np.zeros(4, np.int64)
    missing_bounds(x, expected)
    cuda.jit(missing_bounds)[1, 1](x, got)
    np.testing.assert_array_equal(got, expected)


def write_through(x):
    evens = x[::2]
    backwards = x[-1::-3]
    for i in range(len(evens)):
        evens[i] = 100 + i
    backwards[0] = -1
    backwards[1] = -2


def test_writes_through_a_stepped_view_reach_the_array(target):
    x, expected = np.zeros(N, np.int32), np.zeros(N, np.int32)
    write_through(expected)
    cuda.jit(write_through)[1, 1](x)
    np.testing.assert_array_equal(x, expected)


def test_the_interpreter_takes_the_same_views():
    x = np.arange(N, dtype=np.float64) * 1.5
    for start, stop, step in BOUNDS[::7]:
        out, length = np.full(N, -1.0), np.zeros(1, np.int64)
        cuda.jit(copy_view, target="python")[1, 1](x, np.array([start, stop, step]), out, length)
        np.testing.assert_array_equal(out[:length[0]], x[start:stop:step])


def zero_step(x, step):
    view = x[::step]
    x[0] = len(view)


def test_a_zero_step_raises_value_error(target):
    kernel = cuda.jit(zero_step)
    with pytest.raises(cp.KernelValueError, match="slice step cannot be zero"):
        kernel[1, 1](np.zeros(4, np.int64), 0)
        cp.synchronize()
    with pytest.raises(cp.CompileError, match="slice step cannot be zero"):
        cp.translate("def k(X):\n    X[0] = X[::0][0]\n", sig="void(float64[:])")
