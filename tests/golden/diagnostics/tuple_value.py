# pair : void (int* X)
def pair(X):
    t = (1, 2)
    X[idx] = t
