# outer : void (float* X)
def outer(X):
    def inner(v):
        return v + 1.0
    X[idx] = inner(1.0)
