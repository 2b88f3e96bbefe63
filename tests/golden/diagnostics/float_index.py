# midpoint : void (float* X, int n)
def midpoint(X, n):
    X[0] = X[n / 2]
