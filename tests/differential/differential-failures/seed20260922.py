# failure: oracle on cpu
# failure: python: cudapy.errors.CompileError: <string>:1:1: name error: a signature was given for 'hk20260922_2', but no function of that name is defined
# failure:     import math
# failure:     ^
# avoid: none
# name: seed20260922
# seed: 20260922
# launch: 2, 14
# sig: {"k20260922": "void(int16, float64, int16[::1], uint16[:], float32[:], float16[::1], int32[::1], float32[::1], int64[::1], uint32[::1])", "hk20260922_0": "void(float32[::1], int32, float32)", "hk20260922_2": "uint32(float32, int64, bool)"}
# args: [("int16", -993), ("float64", -0.1), ("int16[]", [808, 20, -24021, 18, 250, 0, -16, 15328, -64, -4, 15, -13517, 9, -692, 3, -17655, -9, 7, 4, -14, -5, 128, -15, 511, 17823, -16, 19057, 10]), ("uint16[]", [2, 4, 0, 16, 54160, 0, 0, 25296, 8, 0, 64805, 0, 512, 1023, 0, 1, 2119, 63, 10, 33113, 0, 0, 0, 35388, 19461, 256, 64559, 0]), ("float32[]", [0.10000000149011612, -5.574748012535281e+23, 2.5, 3.738153057266329e+19, 16777216.0, 32767.5, -4.027532577514648, 8.643961906433105, 0.7389051914215088, 8237062029312.0, 8.75, -19.0, 23.0, -5.190948650124483e-05, -7.600983142852783, -7.0, 48581.40625, -270.7842712402344, 10000000000.0, 1.3561378809526486e+23, -2147483648.0, 1.1754943508222875e-38, 7.4213128089904785, -21.0, 1.1754943508222875e-38, -1.0, inf, -698422848.0]), ("float16[]", "out", 56), ("int32[]", "out", 28), ("float32[]", "out", 28), ("int64[]", "out", 28), ("uint32[]", "out", 28)]

import math
import numpy as np
from cudapy import cuda


Ck20260922_0 = 0


@cuda.jit("void(float32[::1], int32, float32)", device=True)
def hk20260922_0(Q, at, x):
    Q[at] = x


@cuda.jit(device=True)
def hk20260922_1(a0, a1):
    v1 = abs(np.float64(1.3582372966345346e+57) / np.float64(25571230843.310566)) + np.float64(0.5)
    return (np.int64(35184372088832) - -4) % (np.int64(4) if np.int64(4) != 0 else np.int64(1))


@cuda.jit("uint32(float32, int64, bool)", device=True)
def hk20260922_2(a0, a1, a2):
    v2 = a1
    v2 *= np.uint16(16384) >> np.uint16(512)
    if a2:
        return np.uint32(65535) & ~uint32(a1)
    return np.uint32(hk20260922_1(a0, np.uint16(8192)))


@cuda.jit("void(int16, float64, int16[::1], uint16[:], float32[:], float16[::1], int32[::1], float32[::1], int64[::1], uint32[::1])")
def k20260922(s0, s1, A0, A1, A2, O0, O1, O2, O3, O4):
    i = cuda.grid(1)
    if i >= A0.shape[0]:
        return
    v3 = np.uint8(8)
    w4 = np.int32(0)
    while w4 < 6:
        w4 += 1
        O0[i * 2 + 0] = float16(np.uint32(1023))
        v3 += Ck20260922_0 & 22 // (np.uint8(127) if np.uint8(127) != 0 else np.uint8(3))
        O1[i * 1 + 0] = i
        v3 -= v3
    v5, v6 = np.float16(6.103515625e-05) // np.float16(9.3359375), A0[::-1][i]
    v5 *= v5
    v7 = A0[A1[i] % 28]
    hk20260922_0(O2, i * 1 + 0, np.float32((A1[i] if False else np.uint16(1)) / A0[np.uint16(10) % 28]))
    O3[i * 1 + 0] = hk20260922_1(+A2[i], A1[np.uint32(4194303) % len(A1)])
    O4[i * 1 + 0] = hk20260922_2(complex(np.float32(1.1920928955078125e-07), A2[i % A2.size]).imag, max(-len(A0), np.int64(70368744177663), -np.int64(131072)), True)
    O0[i * 2 + 1] = np.float16(-math.inf)
