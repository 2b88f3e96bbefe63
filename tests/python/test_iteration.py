"""for loops over arrays, enumerate() and zip() in kernels, checked against the same function
run by CPython on NumPy arrays (the loops touch no thread index, so it is their oracle)."""

import re

import numpy as np
import pytest

import cudapy as cp


def each(x, y, out):
    s = x[0] - x[0]  # zero of the arrays' type
    for v in x:
        s += v
    t = y[0] - y[0]
    for i, v in enumerate(y, 10):
        t += i * v
    u = x[0] - x[0]
    for a, b in zip(x, y):
        if a > 2:
            break
        u += a * b
    n = 0
    for k, w in enumerate(x):
        if k % 2 == 0:
            continue
        n += 1
    out[0] = s
    out[1] = t
    out[2] = u
    out[3] = v  # the variable keeps its last value after the loop, as in Python
    out[4] = n


def writes_while_iterating(x, out):
    total = 0
    for i, v in enumerate(x):
        if i + 1 < len(x):
            x[i + 1] = x[i + 1] + v  # the next element is read after this write
        total += v
    out[0] = total


def three_way(a, b, c, out):
    for p, q, r in zip(a, b, c):
        out[0] += p * q - r


@pytest.mark.parametrize("dtype", [np.float64, np.int64])
def test_loops_over_arrays_compute_what_python_does(target, dtype):
    x = np.arange(6).astype(dtype)
    y = (np.arange(4) * 3 - 2).astype(dtype)
    expected, got = np.zeros(5), np.zeros(5)
    each(x.copy(), y.copy(), expected)
    kernel = cp.compile(each, sig=f"void({np.dtype(dtype).name}[:], {np.dtype(dtype).name}[:], "
                                  "float64[:])")
    kernel(1)(x, y, got)
    np.testing.assert_array_equal(got, expected)


def test_a_body_that_writes_the_array_sees_its_writes(target):
    x = np.arange(1, 7, dtype=np.int64)
    expected, got = np.zeros(1, np.int64), np.zeros(1, np.int64)
    host = x.copy()
    writes_while_iterating(host, expected)
    kernel = cp.compile(writes_while_iterating, sig="void(int64[:], int64[:])")
    device = x.copy()
    kernel(1)(device, got)
    np.testing.assert_array_equal(got, expected)
    np.testing.assert_array_equal(device, host)


def test_zip_stops_at_the_shortest_array(target):
    a, b, c = np.arange(5.0), np.arange(3.0) + 1, np.arange(4.0) * 2
    expected, got = np.zeros(1), np.zeros(1)
    three_way(a, b, c, expected)
    cp.compile(three_way, sig="void(float64[:], float64[:], float64[:], float64[:])")(1)(
        a, b, c, got)
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("body, message", [
    ("for v in A2:\n        X[0] = v\n", "index it with 2 indices"),
    ("for v in X[0]:\n        X[0] = v\n", "walks an array, range(), enumerate() or zip(), not"),
    ("for i, v in enumerate(X[0]):\n        X[0] = v\n", "walks an array, range()"),
    ("for i, v in X:\n        X[0] = v\n", "this loop variable takes one value"),
    ("for v in enumerate(X):\n        X[0] = v\n", "enumerate() gives 2 values at a time"),
    ("for a, b in zip(X):\n        X[0] = a\n", "zip() gives 1 value at a time"),
    ("for a in zip():\n        X[0] = a\n", "zip() in a kernel's for loop takes one or more"),
    ("for i, v in enumerate(X, start=1):\n        X[0] = v\n", "by position"),
    ("for i, v in enumerate(X, 1, 2):\n        X[0] = v\n", "enumerate() takes an iterable"),
    ("for (i, j), v in enumerate(X):\n        X[0] = v\n", "this loop variable takes one value"),
    ("for i, (a, b) in enumerate(zip(X, X, X)):\n        X[0] = a\n", "zip() gives 3 values"),
    ("for a, r in zip(X, range(0.5, 3)):\n        X[0] = a\n", "range() takes integers"),
])
def test_loops_the_language_cannot_take_are_errors_at_their_line(body, message):
    source = f"def k(X, A2):\n    {body}"
    with pytest.raises(cp.CompileError, match=re.escape(message)) as caught:
        cp.translate(source, sig="void(float64[:], float64[:, :])")
    assert caught.value.lineno == 2


def test_a_variable_named_enumerate_is_no_builtin():
    source = "def k(X):\n    enumerate = 1\n    for i, v in enumerate(X):\n        X[0] = v\n"
    with pytest.raises(cp.CompileError, match="'enumerate' is a variable of this function"):
        cp.translate(source, sig="void(float64[:])")


def rebinds(x, y, out):
    a = x
    s = x[0] - x[0]
    for v in a:
        s += v
        a = y  # the loop goes on over x, as Python's does
    out[0] = s


def test_the_loop_iterates_the_array_it_began_with(target):
    x, y = np.arange(4, dtype=np.int64), np.arange(2, dtype=np.int64) + 100
    expected, got = np.zeros(1, np.int64), np.zeros(1, np.int64)
    rebinds(x, y, expected)
    cp.compile(rebinds, sig="void(int64[:], int64[:], int64[:])")(1)(x, y, got)
    np.testing.assert_array_equal(got, expected)


def test_enumerate_takes_an_integer_start():
    with pytest.raises(cp.CompileError, match="enumerate..'s start takes integers") as caught:
        cp.translate("def k(X):\n    for i, v in enumerate(X, 0.5):\n        X[0] = v\n",
                     sig="void(float64[:])")
    assert caught.value.lineno == 2
    assert len(caught.value.diagnostics) == 1


def nested(x, y, out):
    total = 0.0
    for i, (a, b) in enumerate(zip(x, y), 3):
        total += i * a - b
    for (i, a), b in zip(enumerate(y), x):
        if i == 2:
            continue
        total += i + a * b
    for a, r, s in zip(x, range(5, -4, -2), range(1, 100, 7)):
        total += a * r + s
    for i, r in enumerate(range(2, 9, 3)):
        if r > 6:
            break
        total -= i * r
    else:
        total = -1.0
    out[0] = total


def test_nested_enumerate_zip_and_ranges_compute_what_python_does(target):
    """enumerate() and zip() of arrays and ranges, nested, with unpacking as Python's."""
    x, y = np.arange(1.0, 7.0), np.arange(5.0) * 3 - 4
    expected, got = np.zeros(1), np.zeros(1)
    nested(x, y, expected)
    cp.compile(nested, sig="void(float64[:], float64[:], float64[:])")(1)(x, y, got)
    np.testing.assert_array_equal(got, expected)


def zero_step(x, step, out):
    for a, r in zip(x, range(0, 10, step)):
        out[0] += a * r


def test_a_range_walked_by_zip_refuses_a_zero_step_as_range_does(target):
    cp.compile(zero_step, sig="void(float64[:], int64, float64[:])")(1)(
        np.ones(3), 2, out := np.zeros(1))
    assert out[0] == 0 + 2 + 4
    with pytest.raises(cp.KernelValueError, match="range.. arg 3 must not be zero"):
        cp.compile(zero_step, sig="void(float64[:], int64, float64[:])")(1)(
            np.ones(3), 0, np.zeros(1))
        cp.synchronize()


WEIGHTS = (0.5, 2.0, -1.25)  # a module's tuple of numbers: loops walk it, constants index it
SHAPE = (2, 3)


def tuples(x, out):
    total = x[0] - x[0]
    for w in WEIGHTS:
        total += w * x[0]
    for k, extent in enumerate(SHAPE):
        total += k * extent
    pair = (x[1], x[2] * 2)
    for i, (v, w) in enumerate(zip(pair, (10, 20.5))):
        if v > 100:
            break
        total += i + v * w
    for item in (x[3], 1, 2.5):
        if item == 1:
            continue
        total -= item
    out[0] = total + WEIGHTS[2]
    out[1] = item  # the loop variable keeps the last item


def test_for_loops_walk_tuples_as_python_does(target):
    """Tuple displays, tuple locals and a module's tuples, walked, enumerated and zipped: the
    items, evaluated once before the loop, at their promoted type."""
    x = np.array([1.5, -2.0, 3.25, 4.0])
    expected, got = np.zeros(2), np.zeros(2)
    tuples(x, expected)
    cp.compile(tuples, sig="void(float64[:], float64[:])")(1)(x, got)
    np.testing.assert_array_equal(got, expected)


def empty_tuple(out):
    for v in ():
        out[0] = v


def test_an_empty_tuple_is_refused():
    with pytest.raises(cp.CompileError, match="not an empty or unpacked tuple"):
        cp.compile(empty_tuple, sig="void(float64[:])", target="cpu")


def tuple_as_value(out):
    out[0] = len(WEIGHTS)


def test_a_module_tuple_of_numbers_is_no_value():
    with pytest.raises(cp.CompileError, match=r"the tuple 'WEIGHTS' can be indexed by a constant "
                                              r"\(WEIGHTS\[0\]\) or walked by a for loop"):
        cp.compile(tuple_as_value, sig="void(float64[:])", target="cpu")


def tuple_positions(out):
    for k, v in enumerate((3, 4)):
        out[k] = (k + 1) * 2 ** 40 + v  # enumerate's counts are int64, as over arrays


def test_enumerate_of_a_tuple_counts_in_int64(target):
    out = np.zeros(2, np.int64)
    cp.compile(tuple_positions, sig="void(int64[:])")(1)(out)
    np.testing.assert_array_equal(out, [2 ** 40 + 3, 2 ** 41 + 4])
