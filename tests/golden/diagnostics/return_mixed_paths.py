def maybe(v):
    if v > 0:
        return v
    return


# use_maybe : void (int* X)
def use_maybe(X):
    X[idx] = maybe(X[idx])
