# floordiv : void (int* I, int64* L, float* F, double* D, int a, int b, int64 c, float x, float y, double u)
def floordiv(I, L, F, D, a, b, c, x, y, u):
    I[0] = a // b
    I[1] = a // 4
    I[2] = -7 // 2
    L[0] = c // a
    F[0] = x // y
    F[1] = x // 2
    D[0] = u // x
    D[1] = u // a
