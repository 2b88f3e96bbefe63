# uses_lambda : void (float* X)
def uses_lambda(X):
    increment = lambda v: v + 1
    X[idx] = increment(1.0)
