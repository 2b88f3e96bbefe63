# failure: mismatch on cpu
# failure: O3[i * S + 1] (uint16): 28 thread(s) differ, first thread 0: interpreter np.uint16(65535), target np.uint16(39583)
# avoid: none
# name: seed20301475
# seed: 20301475
# launch: 28
# args: [("uint8", 0), ("int64", 1125899906842624), ("bool", True), ("uint32[]", [803, 0, 31, 4194303, 0, 127, 0, 536870911, 2428554180, 1073741824, 3770288532, 131072, 1073741823, 17, 1498649768, 65535, 1000, 67108864, 0, 0, 0, 3825315320, 1971859512, 1396742815, 834, 4, 18, 2317579661]), ("float32[]", [5.255453586578369, -3.056008302832239e+20, 3.2769072873698753e+24, -3.875, -0.36460840702056885, -2.5372939109802246, 3.4028234663852886e+38, -3.4028234663852886e+38, -0.5, -2.5, -8540654.0, -5.930208206176758, 100.0, -1.0, -1.75, 3.4028234663852886e+38, -1.0, -44.0, -4.99994421005249, 8.977266311645508, 5.458130836188957e-09, 1.1920928955078125e-07, 44.0, -91577301073920.0, -21.0, -2.9373550415039062, 0.0, 12.25]), ("bool[]", "out", 28), ("uint64[]", "out", 28), ("float32[]", "out", 56), ("uint16[]", "out", 56)]
# ulps: 16

import math
import numpy as np
from cudapy import cuda


# k20301475 : void (uint8 s0, int64 s1, bool s2, uint32* A0, float32* A1, bool* O0, uint64* O1, float32* O2, uint16* O3)
def k20301475(s0, s1, s2, A0, A1, O0, O1, O2, O3):
    i = idx
    O0[i * 1 + 0] = s2 if s2 else s2
    v1 = v2 = int8(8)
    v1 -= operator.floordiv(int8(uint64(8796093022207)), v2 if v2 != 0 else int8(3))
    v3 = v4 = s2
    v5 = float16(127.5) // v1
    for e6, r7 in zip(A1, range(2, -4, -1)):
        O1[i * 1 + 0] = -i ^ int8(2) ** (uint16(3) % 9)
        if 9223372036854775806 <= uint16(4096):
            v2 *= max(-(v1 % (v2 if v2 != 0 else int8(1))), v2)
            if v3:
                break
        elif double(v5 // 70000) > float64(-0.0):
            O2[i * 2 + 0] = math.rnorm3df(float32(v2 / s0) // (e6 + -3.4028234663852886e+38 if s2 or s2 else A1[v2 // (s2 if s2 != 0 else True) % len(A1)]), max(-v5, -float16(3.140625)), float(max(-uint16(7), i + 524287)))
            O2[i * 2 + 1] = math.roundf(math.floorf(float16(s0) // math.inf))
            v8 = uint16(100)
        elif (r7 & r7) // (s0 if s0 != 0 else uint8(3)) < i:
            v1, v3 = operator.mod(1 + v1, v1 + v2 if v1 + v2 != 0 else int8(1)), bool(uint16(1023)) and uint16(511) != uint16(2047) and s2
        else:
            pass
    O3[i * 2 + 0] = uint16(10)
    O3[i * 2 + 1] = abs(max(A0[v1 * uint32(127) % A0.shape[0]], v4, 2048))
