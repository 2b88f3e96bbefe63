# options : void (int* X)
def options(X, **flags):
    X[idx] = 0
