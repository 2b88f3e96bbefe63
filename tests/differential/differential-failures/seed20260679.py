# failure: oracle on cpu
# failure: python: cudapy.errors.CompileError: <string>:38:11: unsupported: tuple assignment in kernels takes a tuple of values, as in a, b = b, a
# failure:         a0, = values
# failure:               ^~~~~~
# avoid: none
# name: seed20260679
# seed: 20260679
# launch: 1, 11
# sig: {"k20260679": "void(bool, uint16, int8, float32[::1], int16[:], int32[::1], uint8[::1], bool[::1], int32[::1])"}
# args: [("bool", False), ("uint16", 5), ("int8", -128), ("float32[]", [5.3761677742004395, 2.5, -2.5, 8.74948787689209, 12.5, -2147483648.0, 65504.0, -4.344800903069561e+22, 0.10000000149011612, 0.875, 0.10000000149011612]), ("int16[]", [-28134, -4, -59, 4, 17535, -19, -19, -11, -14, 7, 1023]), ("int32[]", [1520027876, -1609297168, 134217727, 2, -3, 1378418481, -1024, 6, 1073741823, -1453399989, 16]), ("uint8[]", "out", 11), ("bool[]", "out", 33), ("int32[]", "out", 11)]

import math
import numpy as np
from cudapy import cuda


@cuda.jit("void(bool, uint16, int8, float32[::1], int16[:], int32[::1], uint8[::1], bool[::1], int32[::1])")
def k20260679(s0, s1, s2, A0, A1, A2, O0, O1, O2):
    i = cuda.grid(1)
    if i >= A0.shape[0]:
        return
    v4 = np.int64(256)
    O0[i * 1 + 0] = np.uint8(128) % 127
    v4 = len(A0[:-9:1])
    v5 = (np.float16(0.0999755859375) // abs(np.float16(0.25)) == -np.uint32(10) % (np.uint16(65534) if np.uint16(65534) != 0 else np.uint16(7)) != max(-s2, -np.float64(128.0), v4) // np.float64(5e-324)) << s2
    j6 = min(-v5, v5, s2)
    for j6 in range((np.int8(len(A2[::-2])) ^ -39 & s2) % 3, v5 % 3, -1):
        v4 = v4 >> 32
        if s0:
            v7 = s1
            v8 = np.uint32(100)
            if A2[i] - -7 <= bool(np.float16(-0.175537109375)):
                continue
        else:
            w9 = np.int32(0)
            while w9 < 5:
                w9 += 1
                if s0:
                    break
                O1[i * 3 + 0] = np.uint8(w9) - np.uint16(2048) != s1 > A0[i] >= float64(uint64(s1))
                v10 = A1[~A1[j6 % A1.size] % 11] ^ np.int16(-2048)
    O2[i * 1 + 0] = hk20260679_0((s0,))
    O1[i * 3 + 1] = s0 <= (not np.uint32(32767)) or v5 + np.int8(3) > 255 or +np.uint8(15) < 536870911
    O1[i * 3 + 2] = (v5 < np.float16(2050.0) + np.float16(0.0)) & (not +np.float64(-5e-324))


@cuda.jit(device=True)
def hk20260679_0(values):
    a0, = values
    for j1 in range((np.int32(32768) + np.uint16(32767)) % 5 - 2, np.int32(-8) % 6, -1):
        v2 = 2048 & abs(np.int64(274877906944))
        v2 -= np.uint16(512) * np.uint16(4) - 31
    v3 = np.int8(1)
    if a0:
        return np.int32(-128 & np.int8(a0))
    return np.uint16(0) - (True + v3) ^ 33554431
