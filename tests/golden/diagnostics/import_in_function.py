# imports : void (float* X)
def imports(X):
    import math
    X[idx] = math.sqrt(X[idx])
