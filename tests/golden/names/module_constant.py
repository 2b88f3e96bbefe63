SCALE = 2.0


# scaled : void (float* X)
def scaled(X):
    X[idx] = X[idx] * SCALE
