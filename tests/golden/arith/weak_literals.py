# weak_literals : void (float* F, double* D, int8* S, float x, double u, int8 s)
def weak_literals(F, D, S, x, u, s):
    F[0] = x * 2.0
    F[1] = 2.0 * x + 1
    F[2] = x - 0.1
    D[0] = u * 2
    D[1] = 3 + u
    S[0] = s + 1
    S[1] = s * 3
