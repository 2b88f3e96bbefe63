# failure: oracle on cpu
# failure: python: cudapy.errors.CompileError: <string>:7:18: unsupported: tuple assignment in kernels takes a tuple of values, as in a, b = b, a
# failure:         a0, a1, a2 = values
# failure:                      ^~~~~~
# avoid: none
# name: seed20260727
# seed: 20260727
# launch: 11
# args: [("bool", True), ("int8", 127), ("uint16[]", [3, 0, 8, 269, 10, 1024, 127, 0, 0, 0, 106]), ("uint16[]", [31150, 0, 13, 0, 30746, 9317, 21243, 2047, 245, 32768, 0]), ("uint8[]", [4, 19, 159, 0, 0, 0, 0, 10, 10, 0, 9]), ("uint64[]", "out", 11), ("uint32[]", "out", 22), ("int64[]", "out", 11)]

import math
import numpy as np
from cudapy import cuda


def hk20260727_0(values):
    a0, a1, a2 = values
    v1 = abs(int8(10))
    v1 = pow(~v1 >> v1, float32(7.360106945037842) > float32(-0.10000000149011612))
    if math.ceil(a1 if abs(a1) < 4.611686018427388e+18 else float64(0.0)) > uint32(67108863) << uint32(32767):
        return int64(288230376151711743)
    return int64(4294967295)


# k20260727 : void (bool s0, int8 s1, uint16* A0, uint16* A1, uint8* A2, uint64* O0, uint32* O1, int64* O2)
def k20260727(s0, s1, A0, A1, A2, O0, O1, O2):
    i = idx
    v2 = v3 = A2[i]
    v4 = math.logb((float32(65520.0) if not float16(math.inf) else float32(-8.497759819030762) * 100.0) + 10.0)
    v2 = 18 >> v2
    v3 %= 3
    v5 = s0 | len(A1[3::1]) >= uint32(2147483648) ^ uint32(3) ^ 2097151
    v2 %= uint8(float64(v3) if 0.0 <= float64(v3) < 256.0 else 0.0) if uint8(float64(v3) if 0.0 <= float64(v3) < 256.0 else 0.0) != 0 else uint8(7)
    O0[i * 1 + 0] = uint64(18014398509481984)
    for j6 in range(i % 6 - 3, -1, -2):
        if s0:
            break
        w7 = int32(0)
        while w7 < 5 and uint64(2305843009213693951) & uint64(2305843009213693951) < max(-float32(-1.0004884004592896), v5) > A1[uint16(s1) % len(A1)] <= int16(31):
            w7 += 1
            v8 = v5
        v2 <<= (uint8(32) if bool(v2) else v2) - A2[i]
    v9 = (uint64(4398046511103) + s1) * float64(-3.375)
    O1[i * 2 + 0] = operator.floordiv((A2[int64(uint64(4194304)) % A2.shape[0]] | uint32(33554431)) ** (uint32(v9 if 0.0 <= v9 < 4294967296.0 else float64(0.0)) % 9), uint32(16383) if uint32(16383) != 0 else uint32(7))
    O2[i * 1 + 0] = hk20260727_0((max(2, A2[i], v5), v9, int32(-512) * int32(536870912)))
    O1[i * 2 + 1] = uint32(8192) % (-A0[i] if -A0[i] != 0 else uint16(3))
