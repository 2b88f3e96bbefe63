# unary : void (int* I, float* F, double* D, int a, float x, double u, bool p)
def unary(I, F, D, a, x, u, p):
    I[0] = -a
    I[1] = +a
    I[2] = ~a
    I[3] = -p
    I[4] = ~p
    F[0] = -x
    F[1] = +x
    D[0] = -u
    D[1] = -(-u)
