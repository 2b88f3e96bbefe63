# k : void (float32[:, :] X)
def k(X):
    s = X.shape
    X[0] = 1
    X[0, 0, 0] = 1
    X[0, 0] = X.shape[2]
