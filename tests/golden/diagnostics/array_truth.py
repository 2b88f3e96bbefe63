# truth : void (float* X)
def truth(X):
    if X:
        X[0] = 1.0
