# rotate : void (float* X)
def rotate(X):
    X[idx] = X[idx] * 1j
