# octal : void (int* X)
def octal(X):
    X[idx] = 017
