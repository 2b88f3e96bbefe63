# lookup : void (int* X)
def lookup(X):
    table = {1: 2, 3: 4}
    X[idx] = 0
