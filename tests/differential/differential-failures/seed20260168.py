# failure: oracle on cpu
# failure: python: cudapy.errors.CompileError: <string>:1:1: name error: a signature was given for 'hk20260168_1', but no function of that name is defined
# failure:     import math
# failure:     ^
# avoid: none
# name: seed20260168
# seed: 20260168
# launch: 2, 15
# sig: {"k20260168": "void(uint8, int64[::1], uint8[::1], float16[::1], int8[::1], int64[::1])", "hk20260168_1": "int8(int8, bool)"}
# args: [("uint8", 186), ("int64[]", [562949953421312, 4096, -4, -2199023255552, 492, 4986622004557138969, -15, 392, 351741264409470262, -20, 7186799730041855337, 8077796109297929958, -288230376151711744, 608, 922, 967, -14, 6847171372711077965, 5, 4096, 1379897114408863147, -9007199254740992, 659219752764355879, 9, 16, 917, 74, -65536, 7775668973650575520, -2005511105087206464]), ("uint8[]", "out", 60), ("float16[]", "out", 30), ("int8[]", "out", 30), ("int64[]", "out", 30)]

import math
import numpy as np
from cudapy import cuda


@cuda.jit("void(uint8, int64[::1], uint8[::1], float16[::1], int8[::1], int64[::1])")
def k20260168(s0, A0, O0, O1, O2, O3):
    i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    if i >= A0.shape[0]:
        return
    O0[i * 2 + 0] = np.uint8(True)
    v2 = complex(np.float64(127.5), np.float64(-0.75)).imag
    v2 += int64(np.uint64(1073741824)) - np.int64(8388607) * A0[i]
    v3 = v4 = np.int64(1125899906842624)
    for e5 in (int64(v3 & A0[i]), int64(math.trunc(np.float16(np.uint32(262144)) if -16384.0 < np.float16(np.uint32(262144)) < 16384.0 else np.float16(0.0)))):
        O0[i * 2 + 1] = np.uint8(4)
    v6 = 64 * i
    v7 = np.uint32(65535) | 10
    O1[i * 1 + 0] = hk20260168_0((np.uint16(1023) == np.uint16(2048), len(A0)))
    O2[i * 1 + 0] = hk20260168_1(int8(v7), False)
    O3[i * 1 + 0] = A0[v7 % len(A0)] + 128


@cuda.jit(device=True)
def hk20260168_0(values):
    a0, a1 = values
    j1 = abs(np.int8(-32))
    for j1 in range(-1, abs(np.int8(-64)) % 6, -1):
        pass
    return np.float16(32768.0)


@cuda.jit("int8(int8, bool)", device=True)
def hk20260168_1(a0, a1):
    if a1:
        return a0 ** 4
    return a0
