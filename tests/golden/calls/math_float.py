import math


# math_float : void (float* F, float x, float y)
def math_float(F, x, y):
    F[0] = math.sqrt(x)
    F[1] = math.sin(x)
    F[2] = math.exp(x)
    F[3] = math.atan2(y, x)
    F[4] = math.pow(x, y)
    F[5] = math.log(x)
    F[6] = math.cos(x) + math.tan(y)
