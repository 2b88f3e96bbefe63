# zero : void (float* X)
def zero(X):
    X[idx] = 0.0


# reset : void (float* X)
def reset(X):
    zero(X)
