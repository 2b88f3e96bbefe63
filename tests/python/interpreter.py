"""The oracle of the semantic tests: cudapy's interpreter mode, which runs a kernel's Python
function thread by thread with NumPy scalars (cudapy.interpreter, whose docstring gives its
rules). `run(functions, args, threads=...)` runs the functions without translating them.

Where cudapy deliberately differs from NumPy, the oracle does not follow it by itself: integer
true division and integers with float literals give float32 in cudapy (float64 in NumPy),
`x ** n` with a negative integer n gives 0 unless x is 1 or -1 (NumPy raises), and bool + bool
is an int (NumPy's is a logical or). Tests of those rules state their own expectations.
"""

import numpy as np

if np.lib.NumpyVersion(np.__version__) < "2.0.0":
    raise ImportError("the interpreter oracle needs NumPy 2, whose promotion rules (NEP 50) "
                      f"are cudapy's; this is NumPy {np.__version__}")

from cudapy.interpreter import (SCALAR_TYPES, WARP_SIZE, Dim3, Signature,  # noqa: E402
                                convert, kernel_globals, kernel_range, parse_signature, run,
                                signature_comment)

__all__ = ["Dim3", "SCALAR_TYPES", "Signature", "WARP_SIZE", "convert", "kernel_globals",
           "kernel_range", "parse_signature", "run", "signature_comment"]
