def store(X, i, v):
    X[i] = v


# use_store : void (float* X)
def use_store(X):
    store(X, idx, 1.0)
