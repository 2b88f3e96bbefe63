# twice : void (int* X)
def twice(X):
    X[idx] = 1


def twice(X):
    X[idx] = 2
