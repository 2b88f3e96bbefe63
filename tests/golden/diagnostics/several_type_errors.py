# many : void (float* X, int n)
def many(X, n):
    X[idx] = X[idx] & 1.0
    X[0] = len(n)
    X[1] = X[2.5]
    X[2] = n[0]
    X[3] = ~X[4]
