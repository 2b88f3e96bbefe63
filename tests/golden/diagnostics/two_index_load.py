# corner : void (float* X, float* Y)
def corner(X, Y):
    Y[idx] = X[idx, 0]
