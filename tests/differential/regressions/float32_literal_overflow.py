# name: float32_literal_overflow
# fixed: A float literal beyond float32's range that meets a float32 operand is emitted as
# fixed: `inff`, which does not compile ("'inff' was not declared in this scope"); NumPy gives
# fixed: inf (x * 1e300 with a float32 x).
# launch: 2
# args: [("float32[]", [1.0, -2.0]), ("float32[]", "out", 2)]

# k : void (float32* X, float32* O)
def k(X, O):
    O[idx] = X[idx] * 1e300
