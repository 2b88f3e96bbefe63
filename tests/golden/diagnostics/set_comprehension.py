# distinct : void (int* X, int n)
def distinct(X, n):
    seen = {X[i] for i in range(n)}
    X[idx] = 0
