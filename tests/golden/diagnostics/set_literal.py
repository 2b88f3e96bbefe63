# members : void (int* X)
def members(X):
    seen = {1, 2, 3}
    X[idx] = 0
