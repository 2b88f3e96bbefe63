N = 256


# fill : void (int* X)
def fill(X):
    X[idx] = 0
