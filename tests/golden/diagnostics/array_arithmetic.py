# shifted : void (float* X)
def shifted(X):
    X[idx] = X + 1.0
