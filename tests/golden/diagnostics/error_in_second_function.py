# first : void (float* X)
def first(X):
    X[idx] = X[idx] * 2.0


# second : void (float* X, int n)
def second(X, n):
    if n > 0:
        X[idx] = X[idx] + offest
