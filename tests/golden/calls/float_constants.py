import math


# float_constants : void (float* F, double* D, float x, double u)
def float_constants(F, D, x, u):
    F[0] = float('inf')
    F[1] = float("-inf")
    F[2] = float('nan')
    F[3] = math.pi * x
    D[0] = math.pi * u
    D[1] = math.e
    D[2] = u if u < math.inf else 0.0
    F[4] = x * math.tau
