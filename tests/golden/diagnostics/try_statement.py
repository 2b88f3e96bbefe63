# careful : void (float* X)
def careful(X):
    try:
        X[idx] = 1.0 / X[idx]
    except ZeroDivisionError:
        X[idx] = 0.0
