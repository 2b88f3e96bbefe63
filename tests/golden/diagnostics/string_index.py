# named : void (float* X)
def named(X):
    X[idx] = X["first"]
