# fixed: Arithmetic inside an index (A1[A0[i] * A0[i] % len(A1)]) was emitted with C's
# fixed: operators, whose signed overflow C++ leaves undefined, where NumPy wraps the int32
# fixed: product: on the GPU thread 18 read another element than the interpreter. Only the sums,
# fixed: differences and products at the top of an index are C's now; below a % they wrap.
# targets: cuda
# name: index_arithmetic_overflow
# seed: 20268181
# launch: 1, 27
# sig: {"k20268181": "void(float32, int32[::1], bool[:], uint16[::1], uint64[::1], float32[::1], bool[::1], float64[::1], float16[::1])", "hk20268181_0": "void(uint64[::1], int32, uint64)", "hk20268181_1": "float32(uint32)"}
# args: [("float32", -0.0), ("int32[]", [-8, -974775886, 2, 2097152, 15, -17, -14, -2147483648, 16, 10, 524288, -15, -233650665, 4, 7, -4194304, -64, -465, -1061120695, -32, 15, 131071, 8388608, -986001191, -4, 18, -65536]), ("bool[]", [True, False, False, False, False, False, True, False, True, True, False, True, False, True, True, True, False, False, False, True, True, False, True, False, True, False, False]), ("uint16[]", "out", 27), ("uint64[]", "out", 27), ("float32[]", "out", 27), ("bool[]", "out", 27), ("float64[]", "out", 27), ("float16[]", "out", 27)]

import math
import numpy as np
from cudapy import cuda


@cuda.jit("void(float32, int32[::1], bool[:], uint16[::1], uint64[::1], float32[::1], bool[::1], float64[::1], float16[::1])")
def k20268181(s0, A0, A1, O0, O1, O2, O3, O4, O5):
    i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    if i >= A0.shape[0]:
        return
    v2 = (True | np.uint8(127)) - np.uint8(63)
    v2 = uint8(s0 if s0 >= 0.0 and s0 < 256.0 else np.float32(0.0)) + (np.uint8(15) >> v2) // 39
    O0[i * 1 + 0] = np.uint16(2)
    if np.int64(np.float16(65504.0) if abs(np.float16(65504.0)) < 32768.0 else np.float16(0.0)) == max(np.int64(17592186044415), np.uint16(0)) % (int64(i) if int64(i) != 0 else np.int64(7)):
        j3 = i
        for j3 in range(i % 4):
            v2 <<= (100 + np.uint8(100)) * 15
            if np.int16(32766) and np.uint64(4503599627370495):
                v4 = uint32(np.int16(127)) // (np.uint32(31) if np.uint32(31) != 0 else np.uint32(3))
            elif float32(np.uint32(268435456) // 9) == s0:
                v2 |= v2
                if float(np.float64(9.223372036854776e+18)) > np.float32(9.223372036854776e+18):
                    continue
            else:
                pass
    elif A1[i] and True and A1[i]:
        pass
    else:
        pass
    hk20268181_0(O1, i * 1 + 0, np.uint64(262143))
    O2[i * 1 + 0] = hk20268181_1(np.uint32(2147483648) - np.uint32(100))
    O3[i * 1 + 0] = hk20268181_2(i, 128 + v2)
    O4[i * 1 + 0] = (np.float16(3.75390625) > 70000 or A1[A0[i] * A0[i] % len(A1)]) & (float16(np.int8(-1)) != -np.float16(-0.5))
    O5[i * 1 + 0] = -float16(len(A0)) * float16(A1[i] > A1[i] >= np.float16(3.0) != np.int8(64))


@cuda.jit("void(uint64[::1], int32, uint64)", device=True)
def hk20268181_0(Q, at, x):
    Q[at] = x


@cuda.jit("float32(uint32)", device=True)
def hk20268181_1(a0):
    if False:
        v1 = np.float16(-0.5) * np.int8(64)
        v1 = v1
        v1 = v1
    elif pow(-np.uint64(2251799813685248), (np.uint64(100) ^ False) % 9) and np.uint64(8388607):
        pass
    else:
        pass
    if min(np.uint16(100), True, -np.uint16(16384)) > 18014398509481983:
        return math.fdim(np.float32(3.1415927410125732), np.float32(-1.0004884004592896))
    return math.fma(np.uint16(1023), 9.282011190987325e+19, np.float32(0.10000000149011612))


@cuda.jit(device=True)
def hk20268181_2(a0, a1):
    return True
