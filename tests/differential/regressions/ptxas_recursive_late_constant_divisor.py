# name: ptxas_recursive_late_constant_divisor
# fixed: ptxas (CUDA 13.0, sm_90) died with SIGSEGV, and the process with it, on a 64-bit %
# fixed: in a helper inlined into a recursive one, by a divisor that only ptxas finds constant
# fixed: (through the asm of a min of int16s, which NVVM does not fold). A 64-bit divisor in a
# fixed: helper of a program with recursion is now read back from a volatile local.
# targets: cuda
# seed: 20276919
# launch: 2
# args: [("int8[]", [0, 3]), ("int64[]", "out", 2)]

# h0 : int64 (uint32 a0, int16 a1)
def h0(a0, a1):
    if True:
        return abs(uint8(31)) % ((a0 if a1 < a1 else a0) * min(int16(1), 39) if (a0 if a1 < a1 else a0) * min(int16(1), 39) != 0 else int64(1))
    return int64(0)

# h1 : int64 (int8 a0, bool a1, bool a2)
def h1(a0, a1, a2):
    if a0 <= 0:
        return max(-int64(-16), h0(uint32(2048), int16(1024)))
    return h1(a0 - 1, True, a2) + int64(16383)

# k : void (int8* A, int64* O)
def k(A, O):
    i = idx
    O[i] = h1(A[i], False, False)
