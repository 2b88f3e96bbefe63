# pow_ops : void (int* I, float* F, double* D, int a, int b, float x, float y, double u)
def pow_ops(I, F, D, a, b, x, y, u):
    I[0] = a ** b
    I[1] = a ** 2
    F[0] = x ** y
    F[1] = x ** 2
    F[2] = x ** 0.5
    D[0] = u ** 3
    D[1] = u ** x
    D[2] = pow(u, a)
