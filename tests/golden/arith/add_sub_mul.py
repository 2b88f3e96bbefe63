# add_sub_mul : void (int* I, float* F, double* D, int a, int b, float x, float y, double u, double v)
def add_sub_mul(I, F, D, a, b, x, y, u, v):
    I[0] = a + b
    I[1] = a - b
    I[2] = a * b
    F[0] = x + y
    F[1] = x - y
    F[2] = x * y
    D[0] = u + v
    D[1] = u - v
    D[2] = u * v
    D[3] = x * u
    D[4] = a - u
