import math


# roots : void (float* X)
def roots(X):
    X[idx] = math.sqrt(X[idx], 2.0)
