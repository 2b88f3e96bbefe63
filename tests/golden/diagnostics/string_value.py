# labels : void (int* X)
def labels(X):
    name = "kernel"
    X[idx] = 1
