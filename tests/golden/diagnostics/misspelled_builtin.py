# smallest : void (int* X, int a, int b)
def smallest(X, a, b):
    X[idx] = mn(a, b)
