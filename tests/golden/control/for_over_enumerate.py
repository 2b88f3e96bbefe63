# each : void (int* X, int n)
def each(X, n):
    for i, v in enumerate(X):
        X[i] = v + 1
