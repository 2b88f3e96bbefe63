# narrow : void (int* X, int n, float x)
def narrow(X, n, x):
    n = x
    X[idx] = n
