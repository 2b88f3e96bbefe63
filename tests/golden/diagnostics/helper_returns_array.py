# k : void (float* X, float* Y)
def k(X, Y):
    Y[idx] = pick(X, Y)[0]


def pick(A, B):
    return A
