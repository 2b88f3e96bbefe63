# failure: oracle on cpu
# failure: python: cudapy.errors.CompileError: <string>:11:12: type error: 'T' is a variable of this function (it is a parameter), not a function: rename the variable
# failure:         return T(~a0 * ((np.uint16(8) + v5) % (-a0 if -a0 != 0 else np.uint16(3))))
# failure:                ^
# avoid: none
# name: seed20260973
# seed: 20260973
# launch: 1, 30
# sig: {"k20260973": "void(bool, bool[::1], float16[:], uint64[::1], float32[::1], uint16[::1], uint8[::1], int8[::1])", "hk20260973_1": "uint16(int64, float16, int8)", "hk20260973_2": "void(uint8[::1], int32, uint8)"}
# args: [("bool", False), ("bool[]", [True, False, False, True, False, False, True, True, False, True, False, False, True, False, True, False, True, False, False, False, True, True, False, True, False, True, False, True, True, False]), ("float16[]", [-8.828125, inf, 256.0, 6.29296875, -14.0, 2.9453125, -7.27734375, -0.00457000732421875, -550.0, -2.71875, nan, -1.1920928955078125e-07, 6.103515625e-05, -0.0, 0.0653076171875, 34.0, -20.5, -9.0, -3.25, -2.980232238769531e-07, -0.07049560546875, 0.04840087890625, 46.0, 6.3671875, -5.960464477539063e-08, -5.40625, -6.96875, 5.960464477539063e-08, -1108.0, -4.112720489501953e-06]), ("uint64[]", [576460752303423487, 0, 14, 4194303, 14, 32768, 0, 5, 0, 4053233861294205101, 497, 833, 8553866641198031620, 16, 16070534870822082852, 67108864, 0, 268435455, 274877906943, 0, 0, 9007199254740991, 8, 15, 14321254362379012612, 549755813888, 15, 2, 0, 1048576]), ("float32[]", "out", 30), ("uint16[]", "out", 60), ("uint8[]", "out", 30), ("int8[]", "out", 30)]
# ulps: 16

import math
import numpy as np
from cudapy import cuda


@cuda.jit(device=True)
def hk20260973_0(a0, a1, a2, T):
    v1, v2 = math.modf(70000 - np.float32(-2.5))
    v3 = np.float32(0.0010000000474974513)
    v4 = v5 = True
    return T(~a0 * ((np.uint16(8) + v5) % (-a0 if -a0 != 0 else np.uint16(3))))


@cuda.jit("uint16(int64, float16, int8)", device=True)
def hk20260973_1(a0, a1, a2):
    return (np.uint16(511) if np.int32(-67108864) >= np.int32(-2147483648) else np.uint16(16383)) // (np.uint16(15) if np.uint16(15) != 0 else np.uint16(1)) | abs(np.uint16(511) ^ np.uint16(32767))


@cuda.jit("void(uint8[::1], int32, uint8)", device=True)
def hk20260973_2(Q, at, x):
    Q[at] = x


@cuda.jit("void(bool, bool[::1], float16[:], uint64[::1], float32[::1], uint16[::1], uint8[::1], int8[::1])")
def k20260973(s0, A0, A1, A2, O0, O1, O2, O3):
    i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    if i >= A0.shape[0]:
        return
    if A0[np.uint32(524288) % A0.shape[0]]:
        if np.uint16(15) < abs(np.uint16(65534)):
            v6 = len(A2)
        if (np.uint32(268435456) - np.uint32(2)) // (np.uint32(4095) & np.uint32(16777216) if np.uint32(4095) & np.uint32(16777216) != 0 else np.uint32(3)) == np.uint8(32):
            v7 = A0[(A2[i] << 2251799813685248) % 30] - np.int8(-32) - -127
            v7 = -(v7 & 50) * np.int8(-16)
            v7 = -128 + (8 + v7) + A0[i]
        elif np.bool(np.float32(1.0)):
            pass
        elif math.isinf(np.float64(7.656049888108489e+137)):
            v8 = np.float32(127.5)
        else:
            O0[i * 1 + 0] = math.cos(operator.sub(np.uint32(67108863), np.uint32(15)))
    elif s0:
        pass
    elif -np.uint32(4294967294) * (np.uint32(3) << np.uint32(65535)) and np.int8(63):
        pass
    O1[i * 2 + 0] = hk20260973_0(np.uint16(31), A2[i] - 65535, A1[(np.uint8(3) - 0) % 30] // A1[np.uint8(4) % 30], uint16)
    O1[i * 2 + 1] = hk20260973_1(int64(np.int8(-2)), A1[np.int16(-2048) % len(A1)], np.int8(-16))
    hk20260973_2(O2, i * 1 + 0, np.uint8(16))
    O3[i * 1 + 0] = min(min(s0 and False, -np.int8(1)), (s0 and s0) % (np.int8(0) // (A0[i] if A0[i] != 0 else True) if np.int8(0) // (A0[i] if A0[i] != 0 else True) != 0 else np.int8(3)), np.int8(-127) - (s0 - np.int8(-8))) * abs(np.int8(-127) ** 0)
