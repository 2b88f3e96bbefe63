# product : void (float* X, float a)
def product(X, a):
    v = a
    v @= a
    X[idx] = v
