# bitwise_float_same : void (float32* F, float64* D, float32 x, float32 y, float64 u, float64 v)
def bitwise_float_same(F, D, x, y, u, v):
    F[0] = x & y
    F[1] = x | y
    F[2] = x ^ y
    D[0] = u & v
    D[1] = u | v
    D[2] = u ^ v
