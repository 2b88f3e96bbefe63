# fixed: On the GPU, min(-(x | -8), False, x * (int16(255) * int16(16384)), 24) with int16 x = 2
# fixed: gave 0 where the interpreter and the CPU give -32768: LLVM shrinks the 16-bit product
# fixed: x * -16384 to -(x << 14) in 16 bits, and ptxas (CUDA 13.0, sm_90) sign-extends a
# fixed: 16-bit negation's result without wrapping it (-(-32768) became 32768). Narrow sums,
# fixed: differences and products now pass an opaque 32-bit move before they are narrowed.
# targets: cuda
# name: gpu_min_negated_product
# seed: 20269345
# launch: 1, 19
# sig: {"k20269345": "void(int8, int16[:], int16[::1], uint16[::1], bool[::1], uint8[::1])", "hk20269345_0": "void(bool[::1], int32, bool)", "hk20269345_1": "int32(int16, bool)", "hk20269345_2": "uint16(int32)"}
# args: [("int8", 2), ("int16[]", [2, 31924, 16635, 19, 512, -799, 351, 8191, 286, -19, -3, 1, 32420, 4096, 0, -20, -2048, 16, 16383]), ("int16[]", "out", 19), ("uint16[]", "out", 38), ("bool[]", "out", 19), ("uint8[]", "out", 19)]

import math
import numpy as np
from cudapy import cuda


Ck20269345_0 = 4096


@cuda.jit("void(int8, int16[:], int16[::1], uint16[::1], bool[::1], uint8[::1])")
def k20269345(s0, A0, O0, O1, O2, O3):
    i = cuda.grid(1)
    if i >= A0.shape[0]:
        return
    for j3 in range(hk20269345_1(A0[i] & 7, np.uint32(131072) != np.uint16(4095)) % 5, abs(i) % 3 - 1, -1):
        O0[i * 1 + 0] = min(-(A0[i] | -8), False, A0[i] * (np.int16(255) * np.int16(16384)), 24)
        w4 = np.int32(0)
        while w4 < 2:
            w4 += 1
            if math.isinf(~w4):
                v5 = -(11 + min(-np.uint32(1), np.uint32(512), np.uint32(1024)) - np.uint32(16777216))
                O1[i * 2 + 0] = False * np.uint16(511)
            else:
                v6 = (abs(s0 | s0) + -20) % -64
    v7 = np.float64(1.0)
    hk20269345_0(O2, i * 1 + 0, False)
    O1[i * 2 + 1] = hk20269345_2(cuda.popc(np.int16(16383)))
    O3[i * 1 + 0] = (np.uint8(8) + np.uint8(64)) * (np.uint16(511) <= 32)


@cuda.jit("void(bool[::1], int32, bool)", device=True)
def hk20269345_0(Q, at, x):
    Q[at] = x


@cuda.jit("int32(int16, bool)", device=True)
def hk20269345_1(a0, a1):
    if a0 <= 0:
        return 3 // (np.int32(3) if np.int32(3) != 0 else np.int32(3)) & (a0 ^ np.uint16(15))
    v1 = np.uint8(10)
    return hk20269345_1(a0 - 1, bool(a0 ^ 1)) | np.int32(127) * -np.int32(32768)


@cuda.jit("uint16(int32)", device=True)
def hk20269345_2(a0):
    v2 = np.int32(524287) * a0
    if np.int8(127) % np.float16(6.5) or True:
        return np.uint16(2047) // ((np.int16(512) if np.int16(32) else np.int16(8)) >= -np.float16(1.0) if ((np.int16(512) if np.int16(32) else np.int16(8)) >= -np.float16(1.0)) != 0 else True)
    return max(-np.uint16(3), 63, -(False % (np.uint16(16383) * np.uint16(63) if np.uint16(16383) * np.uint16(63) != 0 else np.uint16(1))), np.uint16(4095) + np.uint16(2048) << Ck20269345_0)
