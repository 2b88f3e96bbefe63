# fill : void (int* X)
# fill : void (float* X)
def fill(X):
    X[idx] = 0
