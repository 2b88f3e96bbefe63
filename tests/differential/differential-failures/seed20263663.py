# failure: oracle on cpu
# failure: python: cudapy.errors.CompileError: <string>:25:17: type error: the variable 'j9' is assigned int32 here but uint16 at line 24; a variable keeps one type, so convert one of them, e.g. uint16(...)
# failure:                 for j9 in range(1, -4):
# failure:                     ^~
# avoid: none
# name: seed20263663
# seed: 20263663
# launch: 15
# args: [("uint8", 15), ("uint64", 2133186340651343177), ("uint64", 576460752303423487), ("int32[]", [958, 8191, -16, 8388608, -17, -13, 9, 8, 1, 4096, 1, -8388608, -2110596871, 1, 201315174]), ("uint16[]", "out", 15), ("uint8[]", "out", 15), ("int16[]", "out", 15), ("int32[]", "out", 15)]

import math
import numpy as np
from cudapy import cuda


def hk20263663_0(a0):
    v1 = int32(4095) ^ int32(8388607)
    return +min(4, -uint8(31), -46, int16(-4096) + int16(32767))


# k20263663 : void (uint8 s0, uint64 s1, uint64 s2, int32* A0, uint16* O0, uint8* O1, int16* O2, int32* O3)
def k20263663(s0, s1, s2, A0, O0, O1, O2, O3):
    i = idx
    v2 = v3 = s2
    if not int64(524288) - len(A0):
        v4 = uint16(32767)
        v5, v6 = int64(uint64(140737488355328)), float16(s1 / A0.shape[0])
        v3 |= max(s0 + 16, abs(s0), s0 + s0)
    elif True:
        for e7, r8 in zip(A0, range(-4, -10, -3)):
            O0[i * 1 + 0] = int64(4611686018427387904)
            if False:
                break
            j9 = r8 >> uint16(2)
            for j9 in range(1, -4):
                v3 |= -uint16(4095)
            else:
                O1[i * 1 + 0] = uint8(63) + s0
    else:
        v10 = int16(-32)
        v10, v2 = uint8(255) - int8(127), -v3 if True else v2
    O2[i * 1 + 0] = hk20263663_0(uint16(2047))
    O3[i * 1 + 0] = ~i
