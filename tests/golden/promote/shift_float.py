# shift_float : void (float64* D, float32* F, float32 x, int32 n, float64 u, bool p)
def shift_float(D, F, x, n, u, p):
    D[0] = x << n
    D[1] = n >> x
    D[2] = u << u
    F[0] = x >> x
    F[1] = p << x
