# conditional_expr : void (int* I, float* F, double* D, int a, int b, float x, double u)
def conditional_expr(I, F, D, a, b, x, u):
    I[0] = a if a > b else b
    I[1] = 1 if a else 0
    F[0] = x if x > 0.0 else 0.0
    F[1] = 1.0 if a < b else 2.0
    D[0] = u if a > 0 else x
    D[1] = a if a > 0 else u
