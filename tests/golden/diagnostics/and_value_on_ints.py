# pick : void (int* X, int a, int b)
def pick(X, a, b):
    X[idx] = a and b
