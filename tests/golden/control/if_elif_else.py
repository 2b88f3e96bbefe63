# classify : void (int* X, float* V)
def classify(X, V):
    v = V[idx]
    if v < 0.0:
        X[idx] = -1
    elif v == 0.0:
        X[idx] = 0
    elif v < 1.0:
        X[idx] = 1
    else:
        X[idx] = 2
