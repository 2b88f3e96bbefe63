# each : void (float* X)
def each(X):
    for v in X:
        X[0] = v
