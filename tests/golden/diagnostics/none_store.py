# clear : void (float* X)
def clear(X):
    X[idx] = None
