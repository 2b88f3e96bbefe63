# k : void (float* X)
def k(X):
    X[2] = max(X[0], X[1])


# max : float (float a, float b)
def max(a, b):
    return a + b
