# sqrt : float (float v)
def sqrt(v):
    return v * v


# expf : float (float v)
def expf(v):
    return v + 1.0


# use_names : void (float* X)
def use_names(X):
    X[idx] = sqrt(X[idx]) + expf(X[idx])
