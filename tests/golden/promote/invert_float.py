# invert_float : void (float32* F, float64* D, float32 x, float64 u)
def invert_float(F, D, x, u):
    F[0] = ~x
    D[0] = ~u
    F[1] = ~1.5
