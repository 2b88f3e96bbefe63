# nothing : void (int* X)
def nothing(X):
    v = None
    X[idx] = 0
