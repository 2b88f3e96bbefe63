# weak_literals : void (float* F, double* D, int64* L, float x, double u, int64 c)
def weak_literals(F, D, L, x, u, c):
    F[0] = x * 2.0
    F[1] = 2.0 * x + 1
    F[2] = x - 0.1
    D[0] = u * 2
    D[1] = 3 + u
    L[0] = c + 1
    L[1] = 2 * c
