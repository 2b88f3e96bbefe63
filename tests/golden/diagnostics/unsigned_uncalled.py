# scale : void (float* X, float a)
def scale(X, a):
    X[idx] = X[idx] * a


def offset(X):
    X[idx] = X[idx] + 1.0
