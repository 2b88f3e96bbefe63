# swap : void (int* X)
def swap(X):
    a, b = X[0], X[1]
    X[0] = b
