# ranges : void (int* X, int n)
def ranges(X, n):
    r = range(n)
    X[idx] = 0
