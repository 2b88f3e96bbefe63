# failure: oracle on cpu
# failure: python: cudapy.errors.CompileError: <string>:29:11: unsupported: tuple assignment in kernels takes a tuple of values, as in a, b = b, a
# failure:         a0, = values
# failure:               ^~~~~~
# failure: <string>:31:12: type error: 'T' is a variable of this function (it is a parameter), not a function: rename the variable
# failure:         return T(np.uint64(8796093022208) * (np.uint16(31) // (-np.uint16(7) if -np.uint16(7) != 0 else np.uint16(1))))
# failure:                ^
# avoid: none
# name: seed20260487
# seed: 20260487
# launch: 1, 14
# sig: {"k20260487": "void(uint8, bool, int32[:], uint64[:], uint16[::1], uint64[::1], uint32[::1])"}
# args: [("uint8", 10), ("bool", True), ("int32[]", [6, 262144, -134217728, 1024, 486414314, -5, -16, 986, -492128622, 31, 14, -1788332767, 1, 15]), ("uint64[]", [70368744177664, 0, 772, 4714632066548034903, 0, 8796093022208, 2097152, 16, 262143, 34, 980, 17, 4611686018427387903, 3]), ("uint16[]", "out", 14), ("uint64[]", "out", 42), ("uint32[]", "out", 14)]

import math
import numpy as np
from cudapy import cuda


@cuda.jit("void(uint8, bool, int32[:], uint64[:], uint16[::1], uint64[::1], uint32[::1])")
def k20260487(s0, s1, A0, A1, O0, O1, O2):
    i = cuda.grid(1)
    if i >= A0.shape[0]:
        return
    if False:
        v2 = v3 = i
        v2 *= np.int16(15)
        v2 += 1023
    elif s1:
        O0[i * 1 + 0] = np.uint16(1024) % 12
    elif operator.rshift(-np.int8(-1), -s0) | np.int16(-4):
        if math.signbit((float64(np.float16(65504.0) > s1) if float64(np.float16(65504.0) > s1) == float64(np.float16(65504.0) > s1) else 0.0)):
            v4 = np.float32(6.560957431793213) / abs(np.float32(2049.0))
        v5 = v6 = np.int32(-256)
    O1[i * 3 + 0] = 1125899906842624 << max(A1[np.int16(255) % len(A1)], A1[min(-np.int16(1024), s1, -s0) % 14])
    O1[i * 3 + 1] = hk20260487_0((i | i,), uint64)
    O2[i * 1 + 0] = np.uint16(np.uint32(A1[i] - A1[operator.sub(4, i) % len(A1)] - A1[i] // (np.uint64(17179869184) if np.uint64(17179869184) != 0 else np.uint64(1))))
    O1[i * 3 + 2] = s0


@cuda.jit(device=True)
def hk20260487_0(values, T):
    a0, = values
    v1 = a0
    return T(np.uint64(8796093022208) * (np.uint16(31) // (-np.uint16(7) if -np.uint16(7) != 0 else np.uint16(1))))
