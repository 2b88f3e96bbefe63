# defaulted : void (float* X, float scale)
def defaulted(X, scale=2.0):
    X[idx] = scale
