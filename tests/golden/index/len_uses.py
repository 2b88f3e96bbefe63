# lengths : void (int64* out, float* X, double* Y)
def lengths(out, X, Y):
    n = len(X)
    out[0] = n + len(Y)
    if idx < len(X) - 1:
        X[idx] = X[idx + 1]
    last = X[len(X) - 1]
    Y[0] = last
