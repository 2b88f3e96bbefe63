# bitwise_float_mixed : void (float64* D, float32* F, float32 x, int32 n, bool p, int8 c, float64 u)
def bitwise_float_mixed(D, F, x, n, p, c, u):
    D[0] = x & n
    F[0] = p | x
    D[1] = c ^ u
    D[2] = x & u
