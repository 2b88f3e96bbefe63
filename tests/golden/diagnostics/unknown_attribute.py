# bad_dim : void (int* X)
def bad_dim(X):
    X[idx] = threadIdx.w
