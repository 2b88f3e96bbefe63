"""Checks an installed cudapy from outside the source tree: the package and its library load
from where they were installed, a kernel runs on the CPU target as NumPy computes it, and
translation works. Usage: python smoke_test.py EXPECTED_FOLDER (where cudapy must come from)."""

import os
import sys

import numpy as np

import cudapy as cp
from cudapy import cuda

expected = os.path.realpath(sys.argv[1])
package = os.path.realpath(os.path.dirname(cp.__file__))
library = os.path.realpath(cp._ffi.lib._name)
for what, path in (("the package", package), ("its library", library)):
    if not path.startswith(expected + os.sep):
        sys.exit(f"{what} came from {path}, not from {expected}")


@cuda.jit("void(float32, float32[:], float32[:])", target="cpu")
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = a * x[i] + y[i]


x = np.linspace(-1, 1, 1000, dtype=np.float32)
y = np.ones_like(x)
expected_y = np.float32(3) * x + y
saxpy[4, 256](np.float32(3), x, y)
np.testing.assert_array_equal(y, expected_y)
assert "extern \"C\" __global__" in cp.translate(saxpy.py_func, sig="void(float32, float32[:], float32[:])")
print(f"cudapy {cp.__version__} from {package}, library {library}: a CPU-target kernel ran right")
