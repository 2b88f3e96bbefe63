import math


# math_double : void (double* D, double u, double v)
def math_double(D, u, v):
    D[0] = math.sqrt(u)
    D[1] = math.sin(u)
    D[2] = math.exp(u)
    D[3] = math.atan2(u, v)
    D[4] = math.pow(u, v)
    D[5] = math.hypot(u, v)
