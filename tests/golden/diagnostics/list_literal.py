# weights : void (float* X)
def weights(X):
    w = [0.25, 0.5, 0.25]
    X[idx] = X[idx] * 2.0
