# fill : void (int* X, int val)
def fill(X, value):
    X[idx] = value
