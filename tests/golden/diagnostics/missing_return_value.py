# must : int (int v)
def must(v):
    if v > 0:
        return
    return v


# use_must : void (int* X)
def use_must(X):
    X[idx] = must(X[idx])
