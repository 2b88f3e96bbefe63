# scale : void (float a, float* X)
def scale(a, X):
    X[idx] = (a * (X[idx] + 1.0)
    X[idx] += 1.0
