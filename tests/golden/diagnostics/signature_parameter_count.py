# fill : void (int* X, int value, int extra)
def fill(X, value):
    X[idx] = value
