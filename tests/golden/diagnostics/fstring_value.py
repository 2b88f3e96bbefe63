# label : void (int* X, int n)
def label(X, n):
    name = f"item {n}"
    X[idx] = n
