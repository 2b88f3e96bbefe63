# fill : void (float* X)
def fill(X):
    X[idx] = 0.0


fill(None)
