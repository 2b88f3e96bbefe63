# fill : void (integer* X, int value)
def fill(X, value):
    X[idx] = value
