import math


# math_mixed : void (float* F, double* D, int n, float x, double u)
def math_mixed(F, D, n, x, u):
    F[0] = math.sqrt(n)
    F[1] = math.sqrt(2.0)
    D[0] = math.sqrt(x * u)
    D[1] = math.atan2(x, u)
    F[2] = math.exp(x * 2)
