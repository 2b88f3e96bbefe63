# fil : void (int* X)
def fill(X):
    X[idx] = 1
