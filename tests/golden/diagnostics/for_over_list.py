# each : void (int* X)
def each(X):
    for v in [1, 2, 3]:
        X[v] = v
