def guard(v):
    if v < 0:
        return
    return v * 2


# use_guard : void (int* X)
def use_guard(X):
    X[idx] = guard(X[idx])
