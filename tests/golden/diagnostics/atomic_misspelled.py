# k : void (int32* X)
def k(X):
    cuda.atomic.and(X, 0, 1)
