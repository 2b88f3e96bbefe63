# promote_float_int : void (double* D, float* F, int x, float y, int16 h, int8 c)
def promote_float_int(D, F, x, y, h, c):
    D[0] = y + x
    D[1] = x * y
    F[0] = y + h
    F[1] = y * c
