# failure: oracle on cpu
# failure: python: cudapy.errors.CompileError: <string>:15:12: type error: 'T' is a variable of this function (it is a parameter), not a function: rename the variable
# failure:         return T(~a0 + a0 if min(int64(128), -int16(-8192), -int8(-32), -int64(4611686018427387903)) * int64(8) else a0)
# failure:                ^
# avoid: none
# name: seed20260851
# seed: 20260851
# launch: 30
# args: [("bool", True), ("uint64[]", [13749839912510080857, 15, 0, 12385481986955075614, 4258157513099385170, 18446744073709551614, 0, 16, 8, 144115188075855871, 2199023255551, 131071, 13, 6530466546117253437, 128, 0, 9, 4194303, 512, 34359738368, 0, 2305843009213693951, 0, 4418694141744360587, 9223372036854775807, 8796093022207, 7, 524287, 12, 0]), ("uint8[]", "out", 30), ("int32[]", "out", 60), ("float32[]", "out", 30), ("uint64[]", "out", 30), ("uint16[]", "out", 30), ("bool[]", "out", 30)]

import math
import numpy as np
from cudapy import cuda


# hk20260851_0 : float16 (uint64 a0, uint32 a1)
def hk20260851_0(a0, a1):
    if a0 <= 0:
        return float16(4.25)
    return hk20260851_0(a0 - 1, (a1 < True) * (a1 * a1)) * float16(0.5)


def hk20260851_1(a0, a1, a2, T):
    v1 = a1 != int16(32766) % (int16(float32(10000000000.0) if abs(float32(10000000000.0)) < 32768.0 else 0.0) - -7 if int16(float32(10000000000.0) if abs(float32(10000000000.0)) < 32768.0 else 0.0) - -7 != 0 else int16(7))
    return T(~a0 + a0 if min(int64(128), -int16(-8192), -int8(-32), -int64(4611686018427387903)) * int64(8) else a0)


# k20260851 : void (bool s0, uint64* A0, uint8* O0, int32* O1, float32* O2, uint64* O3, uint16* O4, bool* O5)
def k20260851(s0, A0, O0, O1, O2, O3, O4, O5):
    i = idx
    O0[i * 1 + 0] = 38 // (uint8(32) if uint8(32) != 0 else uint8(1)) // (uint8(10) * False if uint8(10) * False != 0 else uint8(1))
    j2 = int32(67108863)
    for j2 in range(-3, (idx - pow(int16(-32767), i % 6)) % 5):
        O1[i * 2 + 0] = (40 // (int16(128) + idx if int16(128) + idx != 0 else int32(1)) if bool(float64(math.inf)) and s0 > uint16(256) else int32(A0[uint16(float32(1.0) if 0.0 <= float32(1.0) < 65536.0 else 0.0) % A0.size])) - int32(0) * j2
        O2[i * 1 + 0] = float32(3.4028234663852886e+38)
    O3[i * 1 + 0] = uint16(0) | A0[int64(A0[i]) % A0.size]
    if s0:
        for k4, e3 in enumerate((int32(i), int32(-(int32(-33554432) % (i if i != 0 else int32(1)))))):
            v5 = int32(2047)
            v5 //= uint8(16) if uint8(16) != 0 else uint8(1)
        O1[i * 2 + 1] = j2
    elif pow(int16(-32768), int8(1) % 6) % 15 != int16(32) < hk20260851_0(uint64(100) ** (A0[i] & 7) & 7, uint32(1)):
        pass
    elif min(float32(-2147483648.0), -uint8(2)) == math.llround(float16(8.53125) if -16384.0 < float16(8.53125) < 16384.0 else float16(0.0)):
        pass
    else:
        pass
    O4[i * 1 + 0] = hk20260851_1(34 - uint16(16384), max(uint16(65535), j2, int32(268435456)), s0, uint16)
    O5[i * 1 + 0] = s0
