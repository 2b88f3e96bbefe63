# zero : void (float* X)
def zero(X):
    X[idx] = 0.0


# clear : void (float* X)
def clear(X):
    zero(X)
