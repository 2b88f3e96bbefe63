# table : void (int* X, int n)
def table(X, n):
    squares = {i: i * i for i in range(n)}
    X[idx] = 0
