# split : void (int* X)
def split(X):
    a, *rest = X
    X[idx] = a
