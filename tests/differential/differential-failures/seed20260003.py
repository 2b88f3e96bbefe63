# failure: oracle on cpu
# failure: python: cudapy.errors.CompileError: <string>:13:12: type error: 'T' is a variable of this function (it is a parameter), not a function: rename the variable
# failure:         return T(math.llrint(double(int8(3)) / 9.0 if -4.611686018427388e+18 < double(int8(3)) / 9.0 < 4.611686018427388e+18 else float64(0.0)))
# failure:                ^
# avoid: none
# name: seed20260003
# seed: 20260003
# launch: 17
# args: [("bool", True), ("float32[]", [-1.0004884004592896, 1.7666383981704712, 4.215349939783582e+24, 100.0, 9226760130396160.0, -7.209754943847656, 7.360495567321777, 256.0, 128.0, 2049.0, -inf, -2.7182817459106445, -1498048384.0, 65520.0, -4.834094524383545, 1.914383888244629, 1.0531617403030396]), ("int8[]", "out", 17), ("int64[]", "out", 17), ("float64[]", "out", 17)]

import math
import numpy as np
from cudapy import cuda


def hk20260003_0(a0, T):
    for j1 in range(a0 % 4, ((a0 if True and True and False else a0) if float16(-math.inf) == float16(255.5) else False + a0) % 4, 3):
        if True:
            break
        v2, v3 = float64(10000000000.0), uint8(100) % (abs(int8(10)) if abs(int8(10)) != 0 else int8(1))
    if -549755813888 != int8(8):
        return int64(uint16(0))
    return T(math.llrint(double(int8(3)) / 9.0 if -4.611686018427388e+18 < double(int8(3)) / 9.0 < 4.611686018427388e+18 else float64(0.0)))


# hk20260003_1 : uint32 (float16 a0, bool a1)
def hk20260003_1(a0, a1):
    v4 = uint64(67108863)
    return -uint32(1048575)


# k20260003 : void (bool s0, float32* A0, int8* O0, int64* O1, float64* O2)
def k20260003(s0, A0, O0, O1, O2):
    i = idx
    O0[i * 1 + 0] = s0 >> int8(10)
    if s0:
        v5 = v6 = float64(uint64(549755813888))
        for e7 in (int32(i), int32(i - 4096), int32(uint16(4095) - int(uint16(100))), int32(operator.xor(i, 31) | i - 27)):
            v6 = v5
            v8 = +(uint64(9223372036854775807) | uint16(1))
        v5 -= uint32(64) * uint32(262144) // (hk20260003_1(float16(-math.inf), s0) if hk20260003_1(float16(-math.inf), s0) != 0 else uint32(1))
    p11 = (uint8(31) | 42, float32(max(int16(7), -int16(-2048), int16(4095))))
    v9 = p11[-2]
    v10 = p11[1]
    v10, v9 = A0[(uint32(268435455) - uint32(256)) % A0.size], uint8(254) if s0 else uint8(2)
    v12 = v13 = float32(-0.5)
    v9 |= max(-(v9 * s0), not v12)
    v14 = v9
    v10 = max(int16(255), A0[i], A0[i]) // 9.261744342386588e+96
    O1[i * 1 + 0] = hk20260003_0(uint32(16) + 44, int64)
    O2[i * 1 + 0] = (float64(-2.718281828459045) + 9223372036854775807) / float64(100.0) % float64(2.220446049250313e-16) if int8(-128) & (True if math.signbit(i) else s0) << int8(3) else float64(-3.1323231055741356)
