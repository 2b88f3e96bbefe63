# name: interp_tgamma_overflow_sign
# fixed: The interpreter (the oracle, cudapy.interpreter._tgamma) gives +inf for math.gamma and
# fixed: math.tgamma of a tiny negative number, whose result overflows negatively: Python's
# fixed: math.gamma raises OverflowError and the interpreter answers inf whatever the sign.
# fixed: CUDA and the CPU target give -inf for tgamma(-5e-324). Found by seed 5009467.
# seed: 5009467
# launch: 2
# args: [("float64[]", [-5e-324, -1e-310]), ("float64[]", "out", 2)]

# k : void (float64* A0, float64* O1)
def k(A0, O1):
    O1[idx] = math.gamma(A0[idx])
