# bools : void (bool p, float x, int8 s, float* F, int* I)
def bools(p, x, s, F, I):
    F[0] = p * x
    I[0] = p + s
    I[1] = p + p
    I[2] = True + 1
