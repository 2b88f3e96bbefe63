# noop : void (int* X)
def noop(X):
    pass


# mostly_noop : void (int* X, int n)
def mostly_noop(X, n):
    if n > 0:
        pass
    else:
        X[0] = 0
    while n > 100:
        pass
