# checked : void (float* X, int n)
def checked(X, n):
    assert n > 0, "n must be positive"
    X[idx] = 1.0
