def choose(v, x):
    if v > 0:
        return v
    return x


# use_choose : void (int* X, float* F)
def use_choose(X, F):
    F[idx] = choose(X[idx], F[idx])
