# augmented_widening : void (float32* F, int8* R, float32 x, int32 n, int8 c)
def augmented_widening(F, R, x, n, c):
    f = x
    f += n
    F[0] = f
    v = c
    v *= n
    R[0] = v
    w = n
    w /= 2
    R[1] = w
