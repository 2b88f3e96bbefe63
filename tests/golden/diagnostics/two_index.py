# two_d : void (float* X, int n)
def two_d(X, n):
    X[idx, 0] = 0.0
