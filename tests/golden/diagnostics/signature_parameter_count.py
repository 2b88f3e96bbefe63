# fill : void (int* X)
def fill(X, value):
    X[idx] = value
