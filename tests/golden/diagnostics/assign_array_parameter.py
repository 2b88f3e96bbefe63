# rebind : void (float* X, float* Y)
def rebind(X, Y):
    X = Y
