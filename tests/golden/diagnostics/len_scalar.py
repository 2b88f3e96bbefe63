# scalar_len : void (int* X, int n)
def scalar_len(X, n):
    X[idx] = len(n)
