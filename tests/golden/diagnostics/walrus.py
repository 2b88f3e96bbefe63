# walrus : void (int* X, int n)
def walrus(X, n):
    if (m := n * 2) > 4:
        X[idx] = 0
