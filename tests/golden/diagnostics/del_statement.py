# forget : void (int* X)
def forget(X):
    v = X[idx]
    del v
    X[idx] = 0
