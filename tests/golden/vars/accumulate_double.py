# total64 : void (double* out, double* X)
def total64(out, X):
    s = 0.0
    i = 0
    while i < len(X):
        s += X[i]
        i += 1
    out[0] = s
