# k : void (float* X)
def k(X):
    X[idx] = X[idx] & 1.0
    total = lenn(X)
    X[0] = total
