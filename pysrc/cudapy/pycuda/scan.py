"""PyCUDA's scan kernels: InclusiveScanKernel and ExclusiveScanKernel over cudapy's single-pass
scan. `scan_expr` combines `a` and `b` and must mean the same in C and Python (arithmetic,
bit operations, comparisons, max/min); a call scans its input in place unless given an output
array."""

import numpy as np

from .. import reduction, scans
from .gpuarray import _as_gpuarray


def _neutral(neutral, dtype):
    if neutral is None:
        return None
    text = str(neutral).strip()
    try:
        value = int(text, 0)
    except ValueError:
        value = float(text)
    return dtype.type(value)


class _ScanKernel:
    inclusive = True

    def __init__(self, dtype, scan_expr, neutral=None, name_prefix="scan", options=None,
                 preamble="", devices=None):
        if preamble.strip():
            raise NotImplementedError("scan kernels with a C preamble are not supported by "
                                      "cudapy; write the operation as an expression")
        self.dtype = np.dtype(dtype)
        self._monoid = reduction.binary_monoid(self.dtype, scan_expr)
        self._neutral = _neutral(neutral, self.dtype)
        if not self.inclusive and self._neutral is None:
            raise ValueError("ExclusiveScanKernel needs its neutral element")

    def __call__(self, input_ary, output_ary=None, allocator=None, stream=None):
        if output_ary is None:
            output_ary = input_ary
        flat = input_ary.reshape(-1)
        result = scans._scan_array(self._monoid, flat, None, self.dtype,
                                   inclusive=self.inclusive, init=self._neutral,
                                   stream=stream or 0)
        output_ary.reshape(-1)[...] = result
        return _as_gpuarray(output_ary)


class InclusiveScanKernel(_ScanKernel):
    """Each element becomes the combination of itself and every element before it."""

    inclusive = True


class ExclusiveScanKernel(_ScanKernel):
    """Each element becomes the combination of the neutral element and every element before
    it."""

    inclusive = False


__all__ = ["ExclusiveScanKernel", "InclusiveScanKernel"]
