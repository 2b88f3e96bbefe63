# check : void (float* X)
def check(X):
    if X[idx] < 0.0:
        raise ValueError("negative")
    X[idx] = X[idx] * 2.0
