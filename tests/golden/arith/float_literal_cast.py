# casts : void (int* X, double* D)
def casts(X, D):
    X[0] = int(16777217.0)
    D[0] = 0.1
    X[1] = bool(0.5)
