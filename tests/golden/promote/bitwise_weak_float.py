# bitwise_weak_float : void (float32* F, int32 n, float32 x)
def bitwise_weak_float(F, n, x):
    F[0] = n & 1.0
    F[1] = 2.0 | n
    F[2] = n << 1.0
    F[3] = 1.5 >> n
    F[4] = x ^ 1
    F[5] = x << 2
