# failure: oracle on cpu
# failure: python: cudapy.errors.CompileError: <string>:17:12: type error: 'T' is a variable of this function (it is a parameter), not a function: rename the variable
# failure:         return T(min(-(a1 * 15 & a1), -(a1 + 12 - 8388608)))
# failure:                ^
# avoid: none
# name: seed20260835
# seed: 20260835
# launch: 1, 9
# sig: {"k20260835": "void(bool, int16[::1], int8[::1], int32[::1], uint8[::1], uint32[::1], int64[::1], uint16[::1])", "hk20260835_1": "int32(uint8)", "hk20260835_2": "uint32(int32, uint32)"}
# args: [("bool", True), ("int16[]", [-641, 17, -5342, 14422, -12, -327, 2047, 511, 5]), ("int8[]", "out", 9), ("int32[]", "out", 27), ("uint8[]", "out", 9), ("uint32[]", "out", 9), ("int64[]", "out", 9), ("uint16[]", "out", 9)]

import math
import numpy as np
from cudapy import cuda


Ck20260835_0 = 517577618225.8396


@cuda.jit(device=True)
def hk20260835_0(a0, a1, a2, T):
    p3 = (math.nearbyint(np.float64(-1.5060820514589484)), np.float16(1.5) - (0 & np.uint8(255)))
    v1 = p3[0]
    v2 = p3[-1]
    v2 = +min(abs(v2), np.float16(math.nan))
    if a1 / (v1 // v1):
        return a1 % (a1 // (a1 if a1 != 0 else np.int32(3)) if a1 // (a1 if a1 != 0 else np.int32(3)) != 0 else np.int32(7)) << a1
    return T(min(-(a1 * 15 & a1), -(a1 + 12 - 8388608)))


@cuda.jit("int32(uint8)", device=True)
def hk20260835_1(a0):
    v4 = np.uint64(134217728)
    v5 = v4
    return np.int32(32767) + np.int32(4095)


@cuda.jit("uint32(int32, uint32)", device=True)
def hk20260835_2(a0, a1):
    v6 = np.uint64(262143)
    if np.float16(-0.5):
        return a1 - uint32(np.float16(0.0010004043579101562) if 0.0 <= np.float16(0.0010004043579101562) < 32768.0 else 0.0)
    return min(-(a1 % 4), --np.uint32(31), np.uint8(4))


@cuda.jit("void(bool, int16[::1], int8[::1], int32[::1], uint8[::1], uint32[::1], int64[::1], uint16[::1])")
def k20260835(s0, A0, O0, O1, O2, O3, O4, O5):
    i = cuda.grid(1)
    if i >= A0.shape[0]:
        return
    O0[i * 1 + 0] = np.int8(-1) - np.int8(-100)
    if False:
        if math.isinf(math.fdim(np.float64(0.0), np.float64(math.nan) * Ck20260835_0)):
            O1[i * 3 + 0] = max(-np.int32(np.float16(math.inf) if abs(np.float16(math.inf)) < 32768.0 else np.float16(0.0)), i, -i) + 134217727
            O2[i * 1 + 0] = np.uint8(100)
            v7 = np.bool(np.uint64(4503599627370495))
        elif s0:
            pass
    O1[i * 3 + 1] = hk20260835_0(float(i), i, s0, int32)
    O1[i * 3 + 2] = hk20260835_1(-np.uint8(15))
    O3[i * 1 + 0] = hk20260835_2(np.int8(100), np.uint32(33554432) * 32767)
    O4[i * 1 + 0] = (np.uint32(np.int8(16)) + (len(A0[-1:10:-1]) & np.int64(18014398509481984)) + np.int64(2097151)) * +np.uint8(100)
    O5[i * 1 + 0] = 511 - np.uint16(+(np.float64(-0.5) - np.float64(10000000000.0)) if +(np.float64(-0.5) - np.float64(10000000000.0)) >= 0.0 and +(np.float64(-0.5) - np.float64(10000000000.0)) < 65536.0 else 0.0)
