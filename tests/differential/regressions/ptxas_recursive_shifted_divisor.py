# name: ptxas_recursive_shifted_divisor
# fixed: ptxas (CUDA 13.0, sm_90) died with SIGSEGV, and the process with it, compiling a
# fixed: recursive helper whose recursive call takes a 64-bit // or % of a constant by a shift
# fixed: of its parameter (33 // (8 >> a) with the zero guard); the PTX NVRTC gave was valid,
# fixed: and the emitted C++ right. A 64-bit divisor in a helper of a program with recursion is
# fixed: now read back from a volatile local (cudapy::opaque), which ptxas does not fold.
# targets: cuda
# seed: 20268051
# launch: 4
# args: [("uint8", 5), ("uint64[]", [0, 1, 3, 70]), ("int32[]", "out", 4)]

# hk : int32 (uint8 a0, uint64 a2)
def hk(a0, a2):
    if a0 <= 0:
        return int32(511)
    return hk(a0 - 1, 33 // (8 >> a2 if 8 >> a2 != 0 else uint64(3))) - -int32(1024)

# k : void (uint8 s0, uint64* A0, int32* O1)
def k(s0, A0, O1):
    i = idx
    O1[i] = hk(s0 & 7, A0[i])
