# name: ptxas_recursive_shifted_divisor
# bug: ptxas (CUDA 13.0, sm_90) dies with SIGSEGV, and the process with it, compiling a
# bug: recursive helper whose recursive call takes a 64-bit // or % of a constant by a shift
# bug: of its parameter (33 // (8 >> a) with the zero guard); the PTX NVRTC gives is valid,
# bug: and the same division by the parameter itself, or in 32 bits, compiles. The emitted C++
# bug: is right: the interpreter and the CPU target agree. A strict xfail on the GPU while
# bug: ptxas crashes.
# targets: cuda
# crashes: yes
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
