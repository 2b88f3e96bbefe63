# k : void (float* X)
def k(X):
    X[idx] = f(X[idx])


def f(x):
    if x < 1.0:
        return 1.0
    return f(x - 1.0) * x
