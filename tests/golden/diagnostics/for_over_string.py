# each : void (int* X)
def each(X):
    for c in "abc":
        X[0] = 1
