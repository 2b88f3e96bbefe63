import math


# wave : void (double* X)
def wave(X):
    X[idx] = math.coss(X[idx]) + math.sin(X[idx])
