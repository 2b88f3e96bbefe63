# mixed : void (float* X, int* I)
def mixed(X, I):
    v = I[idx]
    if v > 0:
        v = X[idx]
    I[idx] = v
