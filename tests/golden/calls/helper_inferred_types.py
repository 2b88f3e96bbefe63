def both_positive(a, b):
    return a > 0 and b > 0


def scaled(v, k):
    return v * k


def halved(n):
    return n / 2


# use_inferred : void (int* I, double* D, float* F)
def use_inferred(I, D, F):
    if both_positive(I[0], I[1]):
        D[0] = scaled(D[1], 3)
    F[0] = halved(I[2])
