# name: f64_to_f16_double_rounding
# fixed: float16(x) of a float64 x converts through float32, rounding twice: 1 + 2**-11 +
# fixed: 2**-40 gives 1.0 where NumPy's one rounding gives 1.0009765625 (0x3c01). Float64 values
# fixed: stored into float16 arrays, float64 arguments of float16 parameters and float literals
# fixed: with float16 operands (half(float(literal))) round the same way.
# launch: 2
# args: [("float64[]", [1.0004882812509095, 3.0]), ("float16[]", "out", 2), ("float16[]", "out", 2)]

# k : void (float64* X, float16* O, float16* P)
def k(X, O, P):
    O[idx] = float16(X[idx])
    P[idx] = X[idx]
