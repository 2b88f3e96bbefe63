# broken : void (int* X)
def broken(X):
    if X[idx] > 0
        X[idx] = 0
