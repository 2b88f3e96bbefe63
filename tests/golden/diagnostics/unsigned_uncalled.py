# scale : void (float* X, float a)
def scale(X, a):
    X[idx] = X[idx] * a


def offset(X, b):
    X[idx] = X[idx] + b
