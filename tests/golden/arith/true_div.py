# true_div : void (float* F, double* D, int a, int b, float x, float y, double u)
def true_div(F, D, a, b, x, y, u):
    F[0] = x / y
    F[1] = a / b
    F[2] = a / 2
    D[0] = u / a
    D[1] = x / a
    D[2] = x / u
    D[3] = u / 3
