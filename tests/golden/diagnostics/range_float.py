# frange : void (float* X, float n)
def frange(X, n):
    for i in range(n):
        X[i] = 0.0
