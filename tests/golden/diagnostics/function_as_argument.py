# twice : int (int v)
def twice(v):
    return 2 * v


# apply : int (int v, int f)
def apply(v, f):
    return v + f


# use_apply : void (int* X)
def use_apply(X):
    X[idx] = apply(X[idx], twice)
