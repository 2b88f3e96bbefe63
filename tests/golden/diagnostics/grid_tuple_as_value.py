# k : void (int32* X)
def k(X):
    X[0] = cuda.grid(2)
    a, b = cuda.grid(3)
    c = cuda.grid(4)
