# unclosed : void (float* X, float a)
def unclosed(X, a):
    X[idx] = (a * (X[idx] + 1.0)
    X[0] = a
