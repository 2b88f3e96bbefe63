# half : int (int v)
def half(v):
    return v // 2


# use_half : void (int* X, float* F)
def use_half(X, F):
    X[idx] = half(F[idx])
