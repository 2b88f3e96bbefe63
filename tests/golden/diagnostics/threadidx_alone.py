# bare : void (int* X)
def bare(X):
    X[idx] = threadIdx
