# pick : void (double* X, double at)
def pick(X, at):
    X[idx] = X[at]
