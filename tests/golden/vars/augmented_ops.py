# augmented_ops : void (int* I, float* F, int a, float x)
def augmented_ops(I, F, a, x):
    n = a
    n += 1
    n -= 2
    n *= 3
    n //= 4
    n %= 5
    n **= 2
    n <<= 1
    n >>= 1
    n &= 255
    n |= 16
    n ^= 3
    I[0] = n
    f = x
    f += 1.0
    f -= 0.5
    f *= 2.0
    f /= 3.0
    f //= 2.0
    f %= 7.0
    f **= 2.0
    F[0] = f
    I[1] += a
    F[1] *= x
    F[idx] /= 2
