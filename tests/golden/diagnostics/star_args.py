# variadic : void (int* X)
def variadic(X, *rest):
    X[idx] = 0
