# pick : void (float* X, int n)
def pick(X, n):
    X[idx] = X[n > 0]
