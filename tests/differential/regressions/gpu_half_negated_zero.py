# name: gpu_half_negated_zero
# fixed: On the GPU, -float16(a1) in a recursive helper that ptxas turned into a loop gave +0.0
# fixed: for a1 False, where NumPy gives -0.0: ptxas of CUDA 13.0 for sm_90 compiled neg.f16
# fixed: there as an addition to +0. A half is negated by flipping its sign bit now.
# targets: cuda
# seed: 20269318
# launch: 8
# args: [("float16[]", "out", 8)]

# h : float16 (uint32 a0, bool a1)
def h(a0, a1):
    if a0 <= 0:
        return -float16(a1)
    return h(a0 - 1, a0 > 100)


# k : void (float16* O)
def k(O):
    O[idx] = h(idx & 7, not idx)
