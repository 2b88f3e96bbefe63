# counter : void (int* X)
def counter(X):
    nonlocal total
    X[idx] = 1
