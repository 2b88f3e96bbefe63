# pick : void (float* X, bool first)
def pick(X, first):
    X[idx] = X[first]
