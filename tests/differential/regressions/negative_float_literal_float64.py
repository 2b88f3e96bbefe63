# name: negative_float_literal_float64
# fixed: A negative float literal is a float32 where it becomes a float64: float64(-0.1), a
# fixed: float64 store of -0.1 and x * -0.1 with a float64 x give -0.10000000149011612 instead
# fixed: of -0.1; float64(-1e300) is emitted as -inff and does not compile.
# launch: 1
# args: [("float64", 1.0), ("float64[]", "out", 3)]

# k : void (float64 x, float64* O)
def k(x, O):
    O[0] = float64(-0.1)
    O[1] = x * -0.1
    O[2] = -0.1
