# scaled : void (float* X, float a)
def scaled(X, a: float):
    X[idx] = a
