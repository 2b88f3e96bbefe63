# choose : void (float* X, float* Y, bool p)
def choose(X, Y, p):
    Y[idx] = (X if p else 0.0)
