# mod : void (int* I, float* F, double* D, int a, int b, uint32 n, float x, float y, double u)
def mod(I, F, D, a, b, n, x, y, u):
    I[0] = a % b
    I[1] = a % 10
    I[2] = n % 8
    F[0] = x % y
    F[1] = x % 1.0
    D[0] = u % a
