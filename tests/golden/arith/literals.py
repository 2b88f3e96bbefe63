# literals : void (int* I, int64* L, float* F, double* D)
def literals(I, L, F, D):
    I[0] = 0xFF
    I[1] = 0o17
    I[2] = 0b1010
    I[3] = 1_000_000
    L[0] = 10_000_000_000
    F[0] = 1e-3
    F[1] = .5
    F[2] = 2.
    D[0] = 1.5e300
    D[1] = 0.1
