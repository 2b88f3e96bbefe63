# twice : void (float* X, float* X)
def twice(X, X):
    X[idx] = 0.0
