# guarded : void (float* X, int n)
def guarded(X, n):
    if idx >= n:
        return
    X[idx] = 2.0 * X[idx]
    return
